import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { StoredInvoiceItem } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { MoneyPrecisionError, numberToDecimalString, parseRatio, toUnits, toJsonNumber } from '../../lib/money.ts';
import { findFiat, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { commissionRateSql, isCustomerBlocked } from '../tenants/service.ts';

import { recordOf, type InvoiceRecord } from './record.ts';

export interface InvoiceItemInput {
  name: string;
  quantity: number;
  cost: number;
}

export interface CreateInvoiceInput {
  amount?: number;
  items?: InvoiceItemInput[];
  fiatCurrencyCode: string;
  orderId: string;
  description?: string;
  webhookUrl?: string;
  returnUrl?: string;
  successUrl?: string;
  failedUrl?: string;
  expiresInMinutes?: number;
  customerId?: string;
  customPayload?: string;
  number?: string;
}

/**
 * Largest fiat amount of an invoice in whole units, for `amount`, each item's cost, each item's
 * cost × quantity and their sum alike: far beyond any real order, and small enough that every
 * amount stays exact as a JSON number.
 */
export const MAX_FIAT_AMOUNT = 1_000_000_000_000;

function itemsField(field: string, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message }] });
}

/**
 * Refuses items whose cost × quantity, or whose sum, exceeds MAX_FIAT_AMOUNT: the same bound as
 * `amount`, compared exactly on the decimal values sent (whatever the fiat's minor units, and
 * whether or not a positive `amount` wins over the items).
 */
function assertItemsWithinCap(items: readonly InvoiceItemInput[]): void {
  const cap = BigInt(MAX_FIAT_AMOUNT);
  let num = 0n;
  let den = 1n;
  items.forEach((item, i) => {
    const cost = parseRatio(numberToDecimalString(item.cost));
    const qty = parseRatio(numberToDecimalString(item.quantity));
    const lineNum = cost.num * qty.num;
    const lineDen = cost.den * qty.den;
    if (lineNum > cap * lineDen) throw itemsField(`items.${i}`, `cost × quantity must not exceed ${MAX_FIAT_AMOUNT}`);
    // Denominators are powers of ten: the larger one is a multiple of the smaller.
    const common = den > lineDen ? den : lineDen;
    num = num * (common / den) + lineNum * (common / lineDen);
    den = common;
  });
  if (num > cap * den) throw itemsField('items', `the sum of cost × quantity must not exceed ${MAX_FIAT_AMOUNT}`);
}

/**
 * The fiat total in the currency's minor units: `amount` when positive (it wins even if items are
 * sent), else the sum of quantity × cost over the items, which must come out in whole minor units.
 * Items are held to the same cap as `amount` either way.
 */
export function invoiceTotal(input: Pick<CreateInvoiceInput, 'amount' | 'items'>, fiat: FiatDef): bigint {
  const precision = () =>
    new AppError('exceptions.invoice.amountInvalidDecimalPlaces', { fiatCurrencyCode: fiat.code, decimals: fiat.decimals });
  try {
    if (input.items) assertItemsWithinCap(input.items);
    if (input.amount !== undefined && input.amount > 0) return toUnits(input.amount, fiat.decimals);
    if (!input.items || input.items.length === 0) throw new AppError('exceptions.invoice.amountOrItemsRequired');
    let num = 0n;
    let den = 1n;
    for (const item of input.items) {
      const cost = toUnits(item.cost, fiat.decimals);
      const qty = parseRatio(numberToDecimalString(item.quantity));
      // Σ cost × qty.num / qty.den over a common power-of-ten denominator.
      const common = den > qty.den ? den : qty.den;
      num = num * (common / den) + cost * qty.num * (common / qty.den);
      den = common;
    }
    if (num % den !== 0n) throw precision();
    return num / den;
  } catch (err) {
    if (err instanceof MoneyPrecisionError) throw precision();
    throw err;
  }
}

/** POST /invoice. */
export async function createInvoice(ctx: AppContext, principal: ApiPrincipal, input: CreateInvoiceInput): Promise<InvoiceRecord> {
  const { db, config } = ctx;
  const fiat = findFiat(input.fiatCurrencyCode);
  if (!fiat) throw new AppError('exceptions.invoice.fiatCurrencyNotFound', { fiatCurrencyCode: input.fiatCurrencyCode });
  const total = invoiceTotal(input, fiat);
  const minimum = toUnits(fiat.minInvoiceAmount, fiat.decimals);
  if (total < minimum) {
    throw new AppError('exceptions.invoice.amountBelowMinimum', { minInvoiceAmount: toJsonNumber(minimum, fiat.decimals), fiatCurrencyCode: fiat.code });
  }
  if (input.customerId !== undefined && (await isCustomerBlocked(db, principal.tenantId, input.customerId))) {
    throw new AppError('exceptions.invoice.customerBlocked');
  }
  const minutes = Math.min(input.expiresInMinutes ?? config.invoiceExpiryMin, config.invoiceMaxExpiryMin);
  const items: StoredInvoiceItem[] = (input.items ?? []).map((i) => ({
    name: i.name,
    quantity: numberToDecimalString(i.quantity),
    cost: numberToDecimalString(i.cost),
  }));
  const id = randomUUID();
  const row = await db
    .insertInto('invoices')
    .values({
      id,
      tenant_id: principal.tenantId,
      account_id: principal.accountId,
      order_id: input.orderId,
      amount_minor: total,
      fiat_currency: fiat.code,
      items: JSON.stringify(items),
      description: input.description ?? null,
      number: input.number ?? null,
      customer_id: input.customerId ?? null,
      custom_payload: input.customPayload ?? null,
      webhook_url: input.webhookUrl ?? null,
      return_url: input.returnUrl ?? null,
      success_url: input.successUrl ?? null,
      failed_url: input.failedUrl ?? null,
      source: 'api',
      status: 'created',
      commission_rate: commissionRateSql(principal.tenantId, config.depositCommission),
      // Whole seconds: what the merchant is told is what the expiry job compares.
      expires_at: sql<Date>`date_trunc('second', now()) + make_interval(mins => ${minutes})`,
    })
    // A used orderId (also one taken by a concurrent create) inserts nothing: 409.
    .onConflict((oc) => oc.columns(['tenant_id', 'order_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    // The orderId is unique per tenant, but the id is named only to a key of the invoice's own account.
    const taken = await db.selectFrom('invoices').select('id').where('account_id', '=', principal.accountId).where('order_id', '=', input.orderId).executeTakeFirst();
    throw new AppError('exceptions.invoice.orderIdAlreadyExists', taken ? { id: taken.id } : undefined);
  }
  return recordOf(ctx, { row, quote: null });
}

