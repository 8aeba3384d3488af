/** Bitcoin payout bundles: one transaction paying several withdrawals (migration 0066). */
import type { Generated } from 'kysely';
import type { SignedPayoutColumns, WithdrawalTransactionsTable } from './withdrawals.ts';

/** Statuses of a bundle (migration 0066's CHECK; the machine is in modules/withdrawals/bundle/status.ts). */
export const PAYOUT_BUNDLE_STATUSES = ['processing', 'completed', 'failed'] as const;
export type PayoutBundleStatus = (typeof PAYOUT_BUNDLE_STATUSES)[number];

export interface PayoutBundlesTable extends SignedPayoutColumns {
  id: string;
  network: string;
  currency_code: string;
  status: PayoutBundleStatus;
  /** How many withdrawals it pays: one output each. */
  item_count: number;
  sender: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One signed transaction of a bundle, kept before it is broadcast (withdrawal_transactions' columns). */
export type PayoutBundleTransactionsTable = Omit<WithdrawalTransactionsTable, 'withdrawal_id'> & { payout_bundle_id: string };
