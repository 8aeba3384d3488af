import { WITHDRAWAL_BATCH_STATUSES, type WithdrawalBatchStatus, type WithdrawalStatus } from '../../../lib/db/schema.ts';
import { statusMachine } from '../../../lib/state-machine.ts';

export { WITHDRAWAL_BATCH_STATUSES, type WithdrawalBatchStatus };

/**
 * A batch's statuses and the moves between them; `moveStatus` refuses any other. A batch never
 * moves by itself: its status is what its items' statuses add up to (`batchStatusFor`), written
 * whenever one of them moves.
 */
export const withdrawalBatchMachine = statusMachine({
  object: 'withdrawalBatch',
  statuses: WITHDRAWAL_BATCH_STATUSES,
  transitions: {
    // Approved → created; every item rejected or its approval time run out → cancelled.
    awaitingApproval: ['created', 'cancelled'],
    // An item signed (or refused before signing) → processing; every item cancelled → cancelled;
    // the created items cancelled by the operator while others still await approval → awaitingApproval.
    created: ['processing', 'failed', 'cancelled', 'awaitingApproval'],
    processing: ['completed', 'partiallyFailed', 'failed'],
    completed: [],
    partiallyFailed: [],
    failed: [],
    cancelled: [],
  },
});

/** How many of a batch's items are in each withdrawal status. */
export type ItemCounts = Partial<Record<WithdrawalStatus, number>>;

/**
 * The status a batch's items add up to: once every item is final, completed (all paid), cancelled
 * (all called back before signing), failed (none paid) or partiallyFailed; before that, processing
 * as soon as one item left the queue, else created, else (all still waiting) awaitingApproval.
 */
export function batchStatusFor(counts: ItemCounts): WithdrawalBatchStatus {
  const n = (s: WithdrawalStatus) => counts[s] ?? 0;
  const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const final = n('completed') + n('failed') + n('cancelled');
  if (total > 0 && final === total) {
    if (n('completed') === total) return 'completed';
    if (n('cancelled') === total) return 'cancelled';
    return n('completed') === 0 ? 'failed' : 'partiallyFailed';
  }
  if (n('processing') + n('completed') + n('failed') > 0) return 'processing';
  if (n('created') > 0) return 'created';
  return 'awaitingApproval';
}
