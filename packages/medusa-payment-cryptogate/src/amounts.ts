import { type Decimal, decimalsOf, fromUnits, toUnits } from './decimal';
import type { GatewayInvoice, InvoiceItem } from './client';

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A Medusa amount (`BigNumberInput`: a number, a string, a `BigNumber` or its raw `{ value }`) as
 * exact decimal text. Medusa's amounts are in the currency's main unit (25.5 is $25.50).
 */
export function decimalOf(input: unknown): Decimal {
  let text: string | undefined;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else if (input && typeof input === 'object') {
    const o = input as { raw?: { value?: unknown }; value?: unknown; bigNumber?: { toFixed(): string } };
    if (o.bigNumber && typeof o.bigNumber.toFixed === 'function') text = o.bigNumber.toFixed();
    else if (o.raw && (typeof o.raw.value === 'string' || typeof o.raw.value === 'number')) text = String(o.raw.value);
    else if (typeof o.value === 'string' || typeof o.value === 'number') text = String(o.value);
  }
  if (text === undefined || !DECIMAL.test(text)) throw new Error(`not an amount: ${JSON.stringify(input)}`);
  return text;
}

/**
 * The storefront's lines for the payment page, kept only when they add up to the amount exactly;
 * Medusa's total is what the customer pays, the lines only show what it is for.
 */
export function itemsFor(raw: unknown, amount: Decimal): InvoiceItem[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 100) return undefined;
  const items: InvoiceItem[] = [];
  for (const r of raw) {
    const o = (r ?? {}) as { name?: unknown; quantity?: unknown; cost?: unknown };
    if (typeof o.name !== 'string' || o.name === '' || o.name.length > 256) return undefined;
    if (typeof o.quantity !== 'number' || !Number.isInteger(o.quantity) || o.quantity < 1) return undefined;
    const cost = typeof o.cost === 'number' || typeof o.cost === 'string' ? String(o.cost) : '';
    if (!DECIMAL.test(cost)) return undefined;
    items.push({ name: o.name, quantity: o.quantity, cost });
  }
  const scale = Math.max(decimalsOf(amount), ...items.map((i) => decimalsOf(i.cost)));
  const sum = items.reduce((s, i) => s + toUnits(i.cost, scale) * BigInt(i.quantity), 0n);
  return sum === toUnits(amount, scale) ? items : undefined;
}

/**
 * The crypto amount that gives back `fiat` of the invoice: the share `fiat / invoice amount` of
 * what the customer was charged at the locked rate (the expected amount less the network fee the
 * gateway added on top), rounded down to the coin's decimals, and never more than the invoice
 * still holds (received less its live refunds).
 */
export function refundCrypto(invoice: GatewayInvoice, fiat: Decimal, coinDecimals: number): Decimal {
  const expected = invoice.cryptoAmountExpected;
  if (!expected) throw new Error(`invoice ${invoice.id} has no crypto amount: it was never paid`);
  const fee = invoice.settlement?.networkFeeAmount ?? '0';
  const priced = toUnits(expected, coinDecimals) - toUnits(fee, coinDecimals);
  const fiatScale = Math.max(decimalsOf(fiat), decimalsOf(invoice.amount));
  const total = toUnits(invoice.amount, fiatScale);
  if (total <= 0n) throw new Error(`invoice ${invoice.id} has no amount`);
  const share = (priced * toUnits(fiat, fiatScale)) / total;
  const received = toUnits(invoice.cryptoAmountReceived ?? '0', coinDecimals);
  const refunded = toUnits(invoice.amountRefunded ?? '0', coinDecimals);
  const left = received - refunded;
  return fromUnits(share < left ? share : left, coinDecimals);
}
