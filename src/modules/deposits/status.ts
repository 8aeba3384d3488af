import { DEPOSIT_STATUSES, type DepositStatus } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { DEPOSIT_STATUSES, type DepositStatus };

/** A deposit's statuses and the moves between them; `moveStatus` refuses any other. */
export const depositMachine = statusMachine({
  object: 'deposit',
  statuses: DEPOSIT_STATUSES,
  transitions: {
    created: ['processing', 'expired', 'cancelled'],
    // Back to created (or expired) when the only payment seen is dropped by the chain.
    processing: ['completed', 'failed', 'created', 'expired'],
    completed: [],
    // A payment after expiry, cancellation or a refused small payment is still recorded and credited.
    expired: ['processing'],
    failed: ['processing'],
    cancelled: ['processing'],
    suspended: [],
  },
});
