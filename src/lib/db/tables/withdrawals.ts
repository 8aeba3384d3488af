/** Withdrawal quotes, withdrawals and the conversions that fund them. */
import type { ColumnType } from 'kysely';
import type { Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a withdrawal, the spec's enum (migration 0011's CHECK; the machine is in modules/withdrawals/status.ts). */
export const WITHDRAWAL_STATUSES = ['created', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface WithdrawalQuotesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  fee_native: Numeric;
  fee_native_currency: string;
  usd_price: Numeric;
  convert_from: string | null;
  convert_from_amount: NullableNumeric;
  convert_to_amount: NullableNumeric;
  convert_commission: NullableNumeric;
  expires_at: Timestamp;
  committed_at: NullableTimestamp;
  withdrawal_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConversionsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  from_currency: string;
  to_currency: string;
  from_amount: Numeric;
  to_amount: Numeric;
  commission: Numeric;
  created_at: Timestamp;
}

export interface WithdrawalsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  quote_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  usd_price: Numeric;
  status: WithdrawalStatus;
  convert_id: string | null;
  custom_data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  webhook_url: string | null;
  source: string;
  tx_hash: string | null;
  signed_tx: string | null;
  failure_reason: string | null;
  broadcast_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
