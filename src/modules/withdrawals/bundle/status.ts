import { PAYOUT_BUNDLE_STATUSES, type PayoutBundleStatus } from '../../../lib/db/schema.ts';
import { statusMachine } from '../../../lib/state-machine.ts';

export { PAYOUT_BUNDLE_STATUSES, type PayoutBundleStatus };

/**
 * A Bitcoin payout bundle: created `processing` (signed and stored with its withdrawals claimed,
 * before it is broadcast), then `completed` once a candidate is final on chain, or `failed` when
 * the network refused it for good (its withdrawals are refunded). Its withdrawals move with it.
 */
export const payoutBundleMachine = statusMachine({
  object: 'payoutBundle',
  statuses: PAYOUT_BUNDLE_STATUSES,
  transitions: {
    processing: ['completed', 'failed'],
    completed: [],
    failed: [],
  },
});
