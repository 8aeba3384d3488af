/** Payout governance: the address book, the policy and its pending loosenings (migrations 0052, 0057). */
import type { ColumnType, Generated } from 'kysely';
import type { NullableNumeric, NullableTimestamp, Timestamp } from './columns.ts';

export interface PayoutAddressesTable {
  id: string;
  tenant_id: string;
  currency_code: string;
  network: string;
  address: string;
  address_key: string;
  label: string | null;
  created_by: string;
  created_at: Generated<Date>;
  active_at: Timestamp;
  removed_at: NullableTimestamp;
}

export interface PayoutPoliciesTable {
  tenant_id: string;
  allowlist_only: Generated<boolean>;
  new_address_delay_hours: Generated<number>;
  max_per_withdrawal_usd: NullableNumeric;
  max_per_day_usd: NullableNumeric;
  approval_above_usd: NullableNumeric;
  approval_for_api_keys: Generated<boolean>;
  /** What the withdrawals one API key committed in a rolling 24 hours may take out (migration 0057). */
  max_per_day_per_key_usd: NullableNumeric;
  updated_at: Generated<Date>;
}

export interface PayoutPolicyChangesTable {
  id: string;
  tenant_id: string;
  changes: ColumnType<Record<string, unknown>, string, string>;
  requested_by: string;
  created_at: Generated<Date>;
  effective_at: Timestamp;
  applied_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
}
