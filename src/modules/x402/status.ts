import { X402_STATUSES, type X402Status } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { X402_STATUSES, type X402Status };

/** An x402 settlement's statuses: broadcast, then mined with success or with a revert. */
export const x402Machine = statusMachine({
  object: 'x402Settlement',
  statuses: X402_STATUSES,
  transitions: {
    submitted: ['confirmed', 'failed'],
    confirmed: [],
    failed: [],
  },
});
