/** Batch payouts: a batch quote over ordinary withdrawal quotes, and the batch its commit makes. */
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a withdrawal batch (migration 0064's CHECK; the machine is in modules/withdrawals/batch/status.ts). */
export const WITHDRAWAL_BATCH_STATUSES = [
  'awaitingApproval',
  'created',
  'processing',
  'completed',
  'partiallyFailed',
  'failed',
  'cancelled',
] as const;
export type WithdrawalBatchStatus = (typeof WITHDRAWAL_BATCH_STATUSES)[number];

export interface WithdrawalBatchQuotesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  item_count: number;
  expires_at: Timestamp;
  committed_at: NullableTimestamp;
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export interface WithdrawalBatchesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  quote_id: string;
  status: WithdrawalBatchStatus;
  item_count: number;
  webhook_url: string | null;
  committed_by: string | null;
  committed_by_key_id: string | null;
  committed_by_user_id: string | null;
  completed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}
