import type { PaymentProviderContext } from '@medusajs/framework/types';
import { itemsFor } from './amounts';
import type { GatewayInvoice } from './client';
import type { Decimal } from './decimal';
import type { CryptogateOptions } from './options';

/** What the provider keeps in the payment session's and the payment's `data`. */
export interface SessionData extends Record<string, unknown> {
  /** The gateway invoice of this session. */
  invoice_id: string;
  /** The hosted payment page: where the storefront sends the customer. */
  payment_url: string;
  /** The invoice's status when Medusa last asked. */
  invoice_status: string;
  /** The invoice's order id on the gateway: the cart id when the storefront gave it. */
  order_id?: string;
}

const ID = /^[A-Za-z0-9_:.-]{1,200}$/;

function text(v: unknown, max: number): string | undefined {
  return typeof v === 'string' && v !== '' && v.length <= max ? v : undefined;
}

function url(v: unknown): string | undefined {
  const s = text(v, 512);
  return s && /^https?:\/\//.test(s) ? s : undefined;
}

/**
 * The invoice for a new session. Amount and currency are Medusa's; the storefront's `data` may add
 * the cart id (the invoice's order id), the cart's lines, a refund address and return links. The
 * session id rides in `customPayload`, which the gateway echoes on its webhooks.
 */
export function invoiceInput(
  options: CryptogateOptions,
  given: Record<string, unknown>,
  context: PaymentProviderContext | undefined,
  amount: Decimal,
  currencyCode: string,
): Record<string, unknown> {
  const sessionId = text(given.session_id, 200);
  const cartId = typeof given.cart_id === 'string' && ID.test(given.cart_id) ? given.cart_id : undefined;
  const orderId = cartId ?? sessionId ?? context?.idempotency_key;
  if (!orderId) throw new Error('cryptogate: no cart or session id to name the invoice by');
  const customer = context?.customer;
  const body: Record<string, unknown> = {
    amount,
    fiatCurrencyCode: currencyCode.toUpperCase(),
    orderId,
    description: cartId ? `Cart ${cartId}` : undefined,
    items: itemsFor(given.items, amount),
    customPayload: JSON.stringify({ session_id: sessionId ?? null }),
    webhookUrl: options.webhookUrl,
    successUrl: url(given.success_url) ?? options.successUrl,
    returnUrl: url(given.return_url) ?? options.returnUrl,
    expiresInMinutes: options.expiresInMinutes,
    customerId: text(customer?.id, 52),
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

/** The session data Medusa stores: what the storefront gave, and the invoice's id, page and status. */
export function sessionData(given: Record<string, unknown>, invoice: GatewayInvoice): SessionData {
  return {
    ...given,
    invoice_id: invoice.id,
    payment_url: invoice.paymentPageUrl,
    invoice_status: invoice.status,
    order_id: invoice.orderId,
  };
}

/** The Medusa payment session an invoice belongs to, from the payload the provider gave it. */
export function sessionOf(invoice: GatewayInvoice): string | null {
  if (!invoice.customPayload) return null;
  try {
    const p = JSON.parse(invoice.customPayload) as { session_id?: unknown };
    return typeof p.session_id === 'string' && p.session_id !== '' ? p.session_id : null;
  } catch {
    return null;
  }
}
