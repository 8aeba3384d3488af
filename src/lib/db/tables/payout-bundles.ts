/** Bitcoin payout bundles: one transaction paying several withdrawals (migration 0066). */
import type { Generated } from 'kysely';
import type { NullableNumeric, NullableTimestamp } from './columns.ts';
import type { WithdrawalTransactionsTable } from './withdrawals.ts';

/** Statuses of a bundle (migration 0066's CHECK; the machine is in modules/withdrawals/bundle/status.ts). */
export const PAYOUT_BUNDLE_STATUSES = ['processing', 'completed', 'failed'] as const;
export type PayoutBundleStatus = (typeof PAYOUT_BUNDLE_STATUSES)[number];

export interface PayoutBundlesTable {
  id: string;
  network: string;
  currency_code: string;
  status: PayoutBundleStatus;
  /** How many withdrawals it pays: one output each. */
  item_count: number;
  sender: string | null;
  /** The candidate it stands on now (its newest, or the one in a block). */
  tx_hash: string;
  signed_tx: string;
  /** What the network took for the whole transaction, booked (split over its withdrawals) when it completes. */
  network_cost: NullableNumeric;
  network_cost_currency: string | null;
  fee_capped_at: NullableTimestamp;
  fee_capped_detail: string | null;
  failure_reason: string | null;
  broadcast_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One signed transaction of a bundle, kept before it is broadcast (withdrawal_transactions' columns). */
export type PayoutBundleTransactionsTable = Omit<WithdrawalTransactionsTable, 'withdrawal_id'> & { payout_bundle_id: string };
