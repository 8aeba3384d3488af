import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { WITHDRAWAL_STATUSES, type WithdrawalStatus };

/** A withdrawal's statuses and the moves between them; `moveStatus` refuses any other. */
export const withdrawalMachine = statusMachine({
  object: 'withdrawal',
  statuses: WITHDRAWAL_STATUSES,
  transitions: {
    // Approved by the second person(s) → created; rejected or expired → cancelled (funds given back).
    awaitingApproval: ['created', 'cancelled'],
    // Signed and broadcast → processing; refused before signing → failed; operator → cancelled.
    created: ['processing', 'failed', 'cancelled'],
    processing: ['completed', 'failed'],
    completed: [],
    failed: [],
    cancelled: [],
  },
});
