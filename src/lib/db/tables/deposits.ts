/** Deposits: one address per top-up. */
import type { ColumnType } from 'kysely';
import type { Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a deposit, the API's enum (migration 0008's CHECK; the machine is in modules/deposits/status.ts). */
export const DEPOSIT_STATUSES = ['created', 'processing', 'completed', 'suspended', 'failed', 'expired', 'cancelled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface DepositsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  customer_id: string | null;
  webhook_url: string | null;
  currency_code: string;
  network: string;
  address: string;
  status: DepositStatus;
  network_fee: Numeric;
  min_amount: Numeric;
  commission_rate: Numeric;
  amount_paid: ColumnType<string, string | bigint | undefined, string | bigint>;
  fee_withheld: ColumnType<string, string | bigint | undefined, string | bigint>;
  commission: ColumnType<string, string | bigint | undefined, string | bigint>;
  net_credited: ColumnType<string, string | bigint | undefined, string | bigint>;
  usd_price: NullableNumeric;
  tx_hash: string | null;
  completed_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
