import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { StoredInvoiceItem } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { MoneyPrecisionError, decimalText, parseRatio, toUnits, toJsonNumber } from '../../lib/money.ts';
import { findFiat, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { isCustomerBlocked } from '../tenants/service.ts';
import { catalogueOf } from '../deposits/create.ts';

import { recordOf, type InvoiceRecord, type InvoiceRow } from './record.ts';

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
  /** Where the gateway mails the customer about this invoice (when mail is on). */
  customerEmail?: string;
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
function assertItemsWithinCap(items: NonNullable<InvoiceMoney['items']>): void {
  const cap = BigInt(MAX_FIAT_AMOUNT);
  let num = 0n;
  let den = 1n;
  items.forEach((item, i) => {
    const cost = parseRatio(decimalText(item.cost));
    const qty = parseRatio(decimalText(item.quantity));
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
 * The money of an invoice request as the client wrote it: each field the number as parsed, or its
 * exact decimal text where a double could not hold it (lib/http/json-body.ts exactNumber).
 */
export interface InvoiceMoney {
  amount?: number | string;
  items?: ReadonlyArray<{ name?: string; quantity: number | string; cost: number | string }>;
}

/**
 * The fiat total in the currency's minor units: `amount` when positive (it wins even if items are
 * sent), else the sum of quantity × cost over the items, which must come out in whole minor units.
 * Items are held to the same cap as `amount` either way.
 */
export function invoiceTotal(input: InvoiceMoney, fiat: FiatDef): bigint {
  const precision = () =>
    new AppError('exceptions.invoice.amountInvalidDecimalPlaces', { fiatCurrencyCode: fiat.code, decimals: fiat.decimals });
  try {
    if (input.items) assertItemsWithinCap(input.items);
    if (input.amount !== undefined && Number(input.amount) > 0) return toUnits(input.amount, fiat.decimals);
    if (!input.items || input.items.length === 0) throw new AppError('exceptions.invoice.amountOrItemsRequired');
    let num = 0n;
    let den = 1n;
    for (const item of input.items) {
      const cost = toUnits(item.cost, fiat.decimals);
      const qty = parseRatio(decimalText(item.quantity));
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

/** Who an invoice is made for: the account it belongs to, in its tenant. */
export type InvoiceOwner = Pick<ApiPrincipal, 'tenantId' | 'accountId'>;

/** A new invoice checked and priced but not written yet: the row's values and its lifetime. */
export interface InvoiceDraft {
  values: ReturnType<typeof invoiceValues>;
  minutes: number;
}

/**
 * Checks and prices a new invoice without writing anything: its fiat, total, the fiat's minimum,
 * and the tenant's commission rate (its override, else the default), fixed now. `paymentLinkId`
 * names the link it is made through (never from a request body: a link's own flow sets it).
 */
export async function draftInvoice(
  ctx: AppContext,
  owner: InvoiceOwner,
  input: CreateInvoiceInput,
  money: InvoiceMoney = input,
  paymentLinkId: string | null = null,
): Promise<InvoiceDraft> {
  const fiat = findFiat(input.fiatCurrencyCode);
  if (!fiat) throw new AppError('exceptions.invoice.fiatCurrencyNotFound', { fiatCurrencyCode: input.fiatCurrencyCode });
  const total = invoiceTotal(money, fiat);
  const minimum = toUnits(fiat.minInvoiceAmount, fiat.decimals);
  if (total < minimum) {
    throw new AppError('exceptions.invoice.amountBelowMinimum', {
      minInvoiceAmount: toJsonNumber(minimum, fiat.decimals),
      fiatCurrencyCode: fiat.code,
    });
  }
  // Cached until a tenant notice.
  return priced(ctx, owner, input, money, fiat, total, await catalogueOf(ctx).commissionOf(owner.tenantId), paymentLinkId);
}

/**
 * draftInvoice for a caller inside a transaction (subscription billing): the tenant's commission
 * rate is read on that transaction, since on the embedded database, one connection, a read through
 * the app's pool would wait for the transaction forever.
 */
export async function draftInvoiceIn(
  trx: Executor,
  ctx: AppContext,
  owner: InvoiceOwner,
  input: CreateInvoiceInput,
  money: InvoiceMoney,
): Promise<InvoiceDraft> {
  const fiat = findFiat(input.fiatCurrencyCode);
  if (!fiat) throw new AppError('exceptions.invoice.fiatCurrencyNotFound', { fiatCurrencyCode: input.fiatCurrencyCode });
  const tenant = await trx.selectFrom('tenants').select('deposit_commission').where('id', '=', owner.tenantId).executeTakeFirst();
  return priced(
    ctx,
    owner,
    input,
    money,
    fiat,
    invoiceTotal(money, fiat),
    tenant?.deposit_commission ?? ctx.config.depositCommission,
    null,
  );
}

function priced(
  ctx: AppContext,
  owner: InvoiceOwner,
  input: CreateInvoiceInput,
  money: InvoiceMoney,
  fiat: FiatDef,
  total: bigint,
  commission: string,
  paymentLinkId: string | null,
): InvoiceDraft {
  const minutes = Math.min(input.expiresInMinutes ?? ctx.config.invoiceExpiryMin, ctx.config.invoiceMaxExpiryMin);
  return { values: invoiceValues(owner, input, money, fiat, total, commission, paymentLinkId), minutes };
}

/** POST /invoice: a draft written at once. */
export async function createInvoice(
  ctx: AppContext,
  principal: InvoiceOwner,
  input: CreateInvoiceInput,
  money: InvoiceMoney = input,
): Promise<InvoiceRecord> {
  return insertInvoice(ctx, ctx.db, await draftInvoice(ctx, principal, input, money));
}

/**
 * Writes a draft in one statement, on `db` (a payment link writes it in the transaction that takes
 * the link's use): the insert also checks that the customer is not blocked (`where not exists`)
 * and skips a used orderId (`on conflict do nothing`, also one taken by a concurrent create). Only
 * when nothing was inserted is a second query needed, to tell which. It reads back only what the
 * database sets (its clock): the rest of the record is what was sent.
 */
export async function insertInvoice(ctx: AppContext, db: Executor, { values, minutes }: InvoiceDraft): Promise<InvoiceRecord> {
  const customerId = values.customer_id;
  const notBlocked =
    customerId === null
      ? sql``
      : sql`where not exists (select 1 from blocked_customers where tenant_id = ${values.tenant_id} and customer_id = ${customerId})`;
  const stored = { ...values, items: JSON.stringify(values.items) };
  // A plain statement: building it with Kysely's query builder cost more CPU than running it.
  const { rows } = await sql<Pick<InvoiceRow, 'created_at' | 'updated_at' | 'expires_at'>>`
    insert into invoices (${sql.join(Object.keys(stored).map((c) => sql.id(c)))}, expires_at)
    select ${sql.join(Object.values(stored))},
      -- Whole seconds: what the merchant is told is what the expiry job compares.
      date_trunc('second', now()) + make_interval(mins => ${minutes})
    ${notBlocked}
    on conflict (tenant_id, order_id) do nothing
    returning created_at, updated_at, expires_at`.execute(db);
  const times = rows[0];
  if (times) return recordOf(ctx, { row: { ...values, ...NEW_INVOICE, ...times }, quote: null });
  if (customerId !== null && (await isCustomerBlocked(db, values.tenant_id, customerId))) {
    throw new AppError('exceptions.invoice.customerBlocked');
  }
  // The orderId is unique per tenant, but the id is named only to a key of the invoice's own account.
  const taken = await db
    .selectFrom('invoices')
    .select('id')
    .where('tenant_id', '=', values.tenant_id)
    .where('order_id', '=', values.order_id)
    .where('account_id', '=', values.account_id)
    .executeTakeFirst();
  throw new AppError('exceptions.invoice.orderIdAlreadyExists', taken ? { id: taken.id } : undefined);
}

/** The columns of a new invoice that keep their defaults (migrations/0009_invoices.sql). */
const NEW_INVOICE = {
  quote_id: null,
  amount_paid: '0',
  fee_withheld: '0',
  commission: '0',
  net_credited: '0',
  tx_hash: null,
  late_payment: null,
  paid_at: null,
  cancelled_at: null,
  customer_language: null,
} as const;

/** The values a new invoice is inserted with, as its row reads them back (but the timestamps). */
function invoiceValues(
  owner: InvoiceOwner,
  input: CreateInvoiceInput,
  money: InvoiceMoney,
  fiat: FiatDef,
  total: bigint,
  commission: string,
  paymentLinkId: string | null,
) {
  // Quantities and costs as the merchant wrote them (the total was summed from these texts).
  const items: StoredInvoiceItem[] = (input.items ?? []).map((i, n) => ({
    name: i.name,
    quantity: decimalText(money.items?.[n]?.quantity ?? i.quantity),
    cost: decimalText(money.items?.[n]?.cost ?? i.cost),
  }));
  return {
    id: randomUUID(),
    tenant_id: owner.tenantId,
    account_id: owner.accountId,
    order_id: input.orderId,
    amount_minor: total.toString(),
    fiat_currency: fiat.code,
    items,
    description: input.description ?? null,
    number: input.number ?? null,
    customer_id: input.customerId ?? null,
    customer_email: input.customerEmail?.trim() ?? null,
    custom_payload: input.customPayload ?? null,
    webhook_url: input.webhookUrl ?? null,
    return_url: input.returnUrl ?? null,
    success_url: input.successUrl ?? null,
    failed_url: input.failedUrl ?? null,
    source: 'api',
    status: 'created' as const,
    commission_rate: commission,
    payment_link_id: paymentLinkId,
  };
}
