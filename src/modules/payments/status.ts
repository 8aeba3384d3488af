import {
  HELD_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  UNLISTED_TOKEN_STATUSES,
  type HeldPaymentStatus,
  type PaymentStatus,
  type UnlistedTokenStatus,
} from '../../lib/db/schema.ts';
import type { Selectable } from 'kysely';
import type { Trx } from '../../lib/db/index.ts';
import type { PaymentsTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus, statusMachine } from '../../lib/state-machine.ts';

type Payment = Selectable<PaymentsTable>;

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

export { UNLISTED_TOKEN_STATUSES, type UnlistedTokenStatus };

/**
 * A token outside the catalogue that arrived at one of our addresses: held (never credited) until
 * the operator asks it moved out (to the hot wallet or an address of theirs) or dismisses it (a
 * spam airdrop); a move that could not be made goes back to held.
 */
export const unlistedTokenMachine = statusMachine({
  object: 'unlistedToken',
  statuses: UNLISTED_TOKEN_STATUSES,
  transitions: {
    // moved straight from held: the operator moved it by hand, with their own wallet.
    held: ['moving', 'moved', 'dismissed'],
    moving: ['moved', 'held'],
    moved: [],
    dismissed: ['held'],
  },
});

export { HELD_PAYMENT_STATUSES, type HeldPaymentStatus };

/**
 * A payment incoming screening held: the operator releases it (credited as it would have been) or
 * refunds it (a payout to an address they name). A refund whose payout failed or was cancelled
 * gives the money back to the hold, so the payment is held again.
 */
export const heldPaymentMachine = statusMachine({
  object: 'heldPayment',
  statuses: HELD_PAYMENT_STATUSES,
  transitions: {
    held: ['released', 'refunded'],
    released: [],
    refunded: ['held'],
  },
});

/**
 * A seen payment whose transaction the chain dropped (reorg, double spend) becomes orphaned; null
 * when it is no longer `seen` (it confirmed meanwhile, or another round got there first).
 */
export async function orphanPayment(trx: Trx, p: Payment): Promise<Payment | null> {
  if (p.status !== 'seen') return null;
  try {
    return await moveStatus(trx, paymentMachine, 'payments', p, 'orphaned', {
      set: { block_height: null, block_hash: null, confirmations: 0 },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'exceptions.status.conflict') return null;
    throw err;
  }
}
