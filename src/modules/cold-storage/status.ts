import { COLD_TRANSFER_STATUSES, type ColdTransferStatus } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { COLD_TRANSFER_STATUSES, type ColdTransferStatus };

/**
 * A move to cold storage: created `processing` (signed and stored before it is broadcast), then
 * `completed` once final on chain, or `failed` when the network refused it or it reverted (the
 * booking from hot to cold is undone). Nothing else moves it; `moveStatus` refuses any other move.
 */
export const coldTransferMachine = statusMachine({
  object: 'coldTransfer',
  statuses: COLD_TRANSFER_STATUSES,
  transitions: {
    processing: ['completed', 'failed'],
    completed: [],
    failed: [],
  },
});
