/** Mails as durable jobs (migration 0059). */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a mail (migration 0059's CHECK lists the same; the machine is in modules/email/status.ts). */
export const EMAIL_JOB_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailJobStatus = (typeof EMAIL_JOB_STATUSES)[number];

export interface EmailJobsTable {
  id: string;
  tenant_id: string;
  /** What caused it: `event:<outbox id>`, `delivery:<webhook delivery id>`. */
  source: string;
  kind: string;
  recipient: string;
  status: Generated<EmailJobStatus>;
  subject: string;
  text_body: string;
  html_body: string;
  /** The sender's display name (the merchant's brand on customers' mails); null: EMAIL_FROM's own. */
  from_name: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: NullableTimestamp;
  lease_owner: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}
