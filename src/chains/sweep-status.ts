import { SWEEP_TX_STATUSES, type SweepTxStatus } from '../lib/db/schema.ts';
import { statusMachine } from '../lib/state-machine.ts';

export { SWEEP_TX_STATUSES, type SweepTxStatus };

/**
 * A stored sweep transaction's statuses: signed (stored, then broadcast, maybe again), then settled
 * once for good: in an irreversible block and successful (confirmed) or not (failed), or past its
 * expiration in no block (expired). A settled one never moves again; the next step is a new row.
 */
export const sweepTxMachine = statusMachine({
  object: 'sweep transaction',
  statuses: SWEEP_TX_STATUSES,
  transitions: {
    signed: ['confirmed', 'failed', 'expired'],
    confirmed: [],
    failed: [],
    expired: [],
  },
});
