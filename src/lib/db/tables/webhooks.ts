/** Webhook deliveries and every attempt. */
import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a webhook delivery (migration 0010's CHECK lists the same; the machine is in modules/webhooks/status.ts). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<string>;
  tenant_id: string;
  event_id: string;
  event_type: string;
  aggregate_key: string;
  /** The account of the event's object (migration 0024); null for tenant-wide objects (x402, test events). */
  account_id: Generated<string | null>;
  url: string;
  origin: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: NullableTimestamp;
  lease_owner: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  retry_from: Timestamp;
  updated_at: Timestamp;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}

/** A webhook delivery as stored. */
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  attempted_at: Timestamp;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_body: string | null;
  /** The exact body signed and sent (migration 0050); null for attempts made before it was kept. */
  request_body: Generated<string | null>;
  outcome: 'delivered' | 'retried' | 'failed';
}
