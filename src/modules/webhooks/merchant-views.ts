import { Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { WebhookAttemptsTable } from '../../lib/db/schema.ts';
import { DateTime, Nullable } from '../../lib/http/schemas.ts';
import type { DeliveryRow } from './deliveries.ts';
import { webhookDeliveryMachine } from './status.ts';

const DELIVERY_FIELDS = {
  id: Type.String({ description: 'Also the x-webhook-id header of every attempt' }),
  event: Type.String({ description: 'invoice.statusChanged, deposit.statusChanged, …, webhook.test' }),
  objectType: Type.String({ description: 'What the event is about: invoice, deposit, withdrawal, x402, conversion, webhook' }),
  objectId: Type.String(),
  url: Type.String(),
  status: webhookDeliveryMachine.schema,
  /** When a pending delivery is attempted next (a retry once it has been attempted); null once finished. */
  nextAttemptAt: Nullable(DateTime),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: DateTime,
  deliveredAt: Nullable(DateTime),
  failedAt: Nullable(DateTime),
};

/** A delivery in the merchant's log. */
export const MerchantDeliveryView = Type.Object(
  { ...DELIVERY_FIELDS, attempts: Type.Integer({ description: 'Attempts made so far' }) },
  { title: 'WebhookDelivery' },
);

/** One attempt of a delivery, as the receiver answered it (or why it could not). */
const AttemptView = Type.Object({
  n: Type.Integer({ description: 'Attempt number, from 1 (the x-webhook-attempt header)' }),
  at: DateTime,
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  durationMs: Type.Integer(),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retried'), Type.Literal('failed')]),
  responseBody: Nullable(Type.String({ description: 'First 4 KiB of the answer' })),
  requestBody: Nullable(
    Type.String({
      description: 'The exact body signed and sent (its HMAC is the x-webhook-signature); null for attempts older than this record',
    }),
  ),
});

/** A delivery with every attempt, oldest first. */
export const MerchantDeliveryDetail = Type.Object(
  { ...DELIVERY_FIELDS, attempts: Type.Array(AttemptView) },
  { title: 'WebhookDeliveryDetail' },
);

/** The fields of a delivery both views share. */
function deliveryFields(d: DeliveryRow) {
  const split = d.aggregate_key.indexOf(':');
  return {
    id: d.id,
    event: d.event_type,
    objectType: d.aggregate_key.slice(0, split),
    objectId: d.aggregate_key.slice(split + 1),
    url: d.url,
    status: d.status,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
    lastStatusCode: d.last_status_code,
    lastError: d.last_error,
    createdAt: d.created_at.toISOString(),
    deliveredAt: d.delivered_at?.toISOString() ?? null,
    failedAt: d.failed_at?.toISOString() ?? null,
  };
}

export function merchantDeliveryView(d: DeliveryRow) {
  return { ...deliveryFields(d), attempts: d.attempts };
}

export function merchantDeliveryDetail(d: DeliveryRow, attempts: Array<Selectable<WebhookAttemptsTable>>) {
  return {
    ...deliveryFields(d),
    attempts: attempts.map((a) => ({
      n: a.attempt,
      at: a.attempted_at.toISOString(),
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.latency_ms,
      outcome: a.outcome,
      responseBody: a.response_body,
      requestBody: a.request_body,
    })),
  };
}
