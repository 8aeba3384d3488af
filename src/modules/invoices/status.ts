import { INVOICE_STATUSES, type InvoiceStatus } from '../../lib/db/schema.ts';
import { mulRatio, parseRatio } from '../../lib/money.ts';
import { statusMachine, unreachable } from '../../lib/state-machine.ts';

export { INVOICE_STATUSES, type InvoiceStatus };

/**
 * An invoice's statuses and the moves between them. The status itself is computed from the money
 * (`statusFor`); this table says which of its answers may follow which, so a wrong computation or a
 * stale read fails loudly instead of rewriting history (a paid invoice never goes back).
 */
export const invoiceMachine = statusMachine({
  object: 'invoice',
  statuses: INVOICE_STATUSES,
  transitions: {
    created: ['processing', 'paid', 'overpaid', 'partially_paid', 'expired', 'failed', 'cancelled'],
    // Back to created while open when the only payment seen was dropped; failed once closed.
    processing: ['created', 'paid', 'overpaid', 'partially_paid', 'failed', 'cancelled'],
    partially_paid: ['processing', 'paid', 'overpaid'],
    paid: ['overpaid'],
    overpaid: [],
    // Money after expiry still counts (latePayment: after_expiry).
    expired: ['processing', 'paid', 'overpaid', 'partially_paid', 'failed', 'cancelled'],
    failed: ['processing', 'paid', 'overpaid', 'partially_paid', 'cancelled'],
    // Final money after cancellation suspends the invoice: credited, the merchant must act.
    cancelled: ['suspended'],
    suspended: [],
  },
});

/**
 * An invoice's status follows from its money, never from a counter kept on the side: the sums of
 * the payments to its address (confirmed and still unconfirmed), against what was asked.
 */
export interface InvoiceSums {
  /** What the customer must send, in the chosen currency's atomic units (0 while none is chosen). */
  expected: bigint;
  /** Confirmed (final) payments. */
  confirmed: bigint;
  /** Seen, not final yet. */
  pending: bigint;
  /** Whether any payment was ever seen, even one the chain later dropped. */
  everSeen: boolean;
  /** The payment window has closed (expiresAt is past). */
  closed: boolean;
}

/** Statuses where the customer may still pay or pick a currency. */
export const PAYABLE_STATUSES: readonly InvoiceStatus[] = ['created', 'processing', 'partially_paid'];

/**
 * The least the customer may send and still have paid: the expected amount less the operator's
 * underpayment tolerance (a share of it, rounded down, so the tolerance never grows past its rate).
 */
export function paidThreshold(expected: bigint, tolerance: string): bigint {
  return expected - mulRatio(expected, parseRatio(tolerance), 'down');
}

/**
 * The status an invoice must have given its payments. `current` matters only for the states that
 * money cannot leave: a cancelled invoice that still receives a final payment is `suspended`
 * (credited, and the merchant must refund or deliver), and a suspended one stays so.
 *
 * - nothing received: `created` while open, `expired` once closed; `failed` once closed when the
 *   only payments seen were dropped by the chain (double spend, reorg);
 * - something seen but not final, and not enough final yet: `processing`;
 * - final payments reach the threshold: `paid`, or `overpaid` beyond the expected amount;
 * - final payments below the threshold and nothing pending: `partially_paid` (still payable while
 *   open; final once closed).
 */
export function statusFor(current: InvoiceStatus, sums: InvoiceSums, tolerance: string): InvoiceStatus {
  if (current === 'suspended') return 'suspended';
  if (current === 'cancelled') return sums.confirmed > 0n ? 'suspended' : 'cancelled';
  if (sums.expected > 0n && sums.confirmed >= paidThreshold(sums.expected, tolerance)) {
    return sums.confirmed > sums.expected ? 'overpaid' : 'paid';
  }
  if (sums.pending > 0n) return 'processing';
  if (sums.confirmed > 0n) return 'partially_paid';
  if (!sums.closed) return 'created';
  return sums.everSeen ? 'failed' : 'expired';
}

/** Where the payment page sends the customer back to, by status (spec: Return URL use). */
export function outcomeKind(status: InvoiceStatus): 'success' | 'failed' | 'return' | null {
  switch (status) {
    case 'paid':
    case 'overpaid':
      return 'success';
    case 'failed':
    case 'suspended':
    case 'partially_paid':
      return 'failed';
    case 'cancelled':
    case 'expired':
      return 'return';
    case 'created':
    case 'processing':
      return null;
    default:
      return unreachable(status);
  }
}
