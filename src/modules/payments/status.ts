import { PAYMENT_STATUSES, type PaymentStatus } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { PAYMENT_STATUSES, type PaymentStatus };

/** An observed payment's statuses: seen in the mempool or a block, final, or dropped by the chain. */
export const paymentMachine = statusMachine({
  object: 'payment',
  statuses: PAYMENT_STATUSES,
  transitions: {
    seen: ['confirmed', 'orphaned'],
    confirmed: [],
    // A dropped transaction can come back (re-broadcast, or the reorg undone).
    orphaned: ['seen', 'confirmed'],
  },
});
