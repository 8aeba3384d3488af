import type { PaymentActions, PaymentSessionStatus } from '@medusajs/framework/types';
import type { InvoiceStatus } from './client';

/**
 * How each gateway invoice status reads in Medusa. Capture is automatic: money that reached the
 * invoice is the shop's, so a paid invoice is `captured` at once; nothing is ever `authorized`
 * and waiting. The cases, as the README explains them to a shop owner:
 *
 * - `created`, `processing` (seen, not final): pending, the order is not placed yet;
 * - `paid` (final money reached the amount, less the gateway's underpayment tolerance) and
 *   `overpaid`: captured for the cart total, the order is placed; an excess is the customer's to
 *   refund from the gateway;
 * - `partially_paid`: requires more, the customer can top up while the invoice is open;
 * - `expired`, `cancelled`: canceled, no order;
 * - `failed` (the only payments were dropped by the chain): error, no order;
 * - `suspended` (final money after the shop cancelled): error, no order; the shop refunds it from
 *   the gateway or sells by hand.
 * A late payment after expiry that reaches the amount turns the invoice `paid`, so it is captured
 * and places the order like any other.
 */
export function sessionStatus(status: InvoiceStatus): PaymentSessionStatus {
  switch (status) {
    case 'created':
    case 'processing':
      return 'pending' as PaymentSessionStatus;
    case 'paid':
    case 'overpaid':
      return 'captured' as PaymentSessionStatus;
    case 'partially_paid':
      return 'requires_more' as PaymentSessionStatus;
    case 'expired':
    case 'cancelled':
      return 'canceled' as PaymentSessionStatus;
    case 'failed':
    case 'suspended':
      return 'error' as PaymentSessionStatus;
    default:
      return unreachable(status);
  }
}

/** The webhook action of an invoice status: only `captured` makes Medusa place the order. */
export function webhookAction(status: InvoiceStatus): PaymentActions {
  switch (status) {
    case 'created':
    case 'processing':
      return 'pending';
    case 'paid':
    case 'overpaid':
      return 'captured';
    case 'partially_paid':
      return 'requires_more';
    case 'expired':
    case 'cancelled':
      return 'canceled';
    case 'failed':
    case 'suspended':
      return 'failed';
    default:
      return unreachable(status);
  }
}

function unreachable(status: never): never {
  throw new Error(`unknown invoice status: ${String(status)}`);
}
