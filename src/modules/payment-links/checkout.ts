/**
 * A customer pays through a link: what they entered is checked against the link's terms, then one
 * transaction takes a use of the link (a conditional UPDATE: of two customers racing for its last
 * use, the second finds none left) and writes the invoice through the API's own creation path, so
 * its ledger entries, events, webhooks and mails are those of any invoice.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { unreachable } from '../../lib/state-machine.ts';
import { MoneyPrecisionError, formatUnits, toJsonNumber, toUnits } from '../../lib/money.ts';
import { knownFiat, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { draftInvoice, insertInvoice } from '../invoices/create.ts';
import { rememberCustomerLanguage } from '../invoices/select.ts';
import { MAX_FIAT_AMOUNT } from '../invoices/create.ts';
import { linkSelect, type Availability, type LinkView } from './record.ts';

/** What the customer sent from the link's page, as typed. */
export interface CheckoutInput {
  amount?: string;
  quantity?: string;
  email?: string;
}

/** The link behind a public page's slug, or undefined. */
export async function linkBySlug(db: Executor, slug: string): Promise<LinkView | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(slug)) return undefined;
  return linkSelect(db).where('slug', '=', slug).executeTakeFirst();
}

/** Why a link that is not open refuses a payment; null when it is open. */
export function refusalOf(availability: Availability): AppError | null {
  switch (availability) {
    case 'open':
      return null;
    case 'disabled':
      return new AppError('exceptions.paymentLink.disabled');
    case 'expired':
      return new AppError('exceptions.paymentLink.expired');
    case 'usedUp':
      return new AppError('exceptions.paymentLink.usedUp');
    default:
      return unreachable(availability);
  }
}

function badField(field: string, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message }] });
}

/** The bounds of an amount the customer enters: the link's, else the fiat's minimum and the gateway's cap. */
export function amountBounds(link: LinkView, fiat: FiatDef): { min: bigint; max: bigint } {
  return {
    min: link.min_amount_minor !== null ? BigInt(link.min_amount_minor) : toUnits(fiat.minInvoiceAmount, fiat.decimals),
    max: link.max_amount_minor !== null ? BigInt(link.max_amount_minor) : BigInt(MAX_FIAT_AMOUNT) * 10n ** BigInt(fiat.decimals),
  };
}

/** The amount the customer typed (`12`, `12.50`, `12,50`) in minor units, within the link's bounds. */
function enteredAmount(link: LinkView, fiat: FiatDef, text: string | undefined): bigint {
  const typed = (text ?? '').trim().replace(',', '.');
  if (!/^\d{1,15}(\.\d{1,20})?$/.test(typed)) throw badField('amount', 'enter an amount such as 25 or 25.50');
  let units: bigint;
  try {
    units = toUnits(typed, fiat.decimals);
  } catch (err) {
    if (err instanceof MoneyPrecisionError)
      throw new AppError('exceptions.invoice.amountInvalidDecimalPlaces', { fiatCurrencyCode: fiat.code, decimals: fiat.decimals });
    throw err;
  }
  const { min, max } = amountBounds(link, fiat);
  if (units < min || units > max) {
    throw new AppError('exceptions.paymentLink.amountOutOfRange', {
      minAmount: toJsonNumber(min, fiat.decimals),
      maxAmount: toJsonNumber(max, fiat.decimals),
      fiatCurrencyCode: fiat.code,
    });
  }
  return units;
}

/** How many the customer takes: 1 unless the link lets them choose, then 1 to its maxQuantity. */
function chosenQuantity(link: LinkView, text: string | undefined): number {
  const typed = (text ?? '').trim();
  if (typed === '' && link.max_quantity === null) return 1;
  const n = /^\d{1,4}$/.test(typed) ? Number(typed) : 0;
  if (n < 1 || n > (link.max_quantity ?? 1))
    throw new AppError('exceptions.paymentLink.quantityOutOfRange', { maxQuantity: link.max_quantity ?? 1 });
  return n;
}

/** The customer's address for their mails, when given: one plausible address, or the field's error. */
function emailOf(text: string | undefined): string | undefined {
  const email = (text ?? '').trim();
  if (email === '') return undefined;
  if (email.length > 254 || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email))
    throw badField('email', 'enter an email address such as name@example.com');
  return email;
}

/**
 * Takes one use of the link if it has one (open, unexpired, under maxUses, by the database's clock):
 * the invoice's number among the link's, or undefined when none was left.
 */
async function takeUse(trx: Trx, linkId: string): Promise<number | undefined> {
  const row = await trx
    .updateTable('payment_links')
    .set({ uses: sql<number>`uses + 1`, invoices_made: sql<number>`invoices_made + 1` })
    .where('id', '=', linkId)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning('invoices_made')
    .executeTakeFirst();
  return row?.invoices_made;
}

/** A request's invoice while it still holds the link's use (open, part paid or paid): the customer goes back to it. */
export async function liveRequestInvoice(db: Executor, link: LinkView): Promise<string | undefined> {
  if (link.kind !== 'request' || link.request_invoice_id === null) return undefined;
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('id', '=', link.request_invoice_id)
    .where('status', 'not in', ['expired', 'cancelled', 'failed'])
    .executeTakeFirst();
  return row?.id;
}

/**
 * The customer's payment through the link: the id of the invoice to pay on the payment page. A
 * request's customer is sent back to its invoice while it holds the use; otherwise a new invoice.
 */
export async function checkout(ctx: AppContext, link: LinkView, input: CheckoutInput, lang: string): Promise<string> {
  if (!link.active) throw new AppError('exceptions.paymentLink.disabled');
  const again = await liveRequestInvoice(ctx.db, link);
  if (again) return again;
  const refused = refusalOf(link.availability);
  if (refused) throw refused;
  const fiat = knownFiat(link.fiat_currency);
  const unit = link.amount_minor !== null ? BigInt(link.amount_minor) : enteredAmount(link, fiat, input.amount);
  const quantity = chosenQuantity(link, input.quantity);
  const customerEmail = emailOf(input.email);
  const cost = formatUnits(unit, fiat.decimals);
  const draft = await draftInvoice(
    ctx,
    { tenantId: link.tenant_id, accountId: link.account_id },
    {
      fiatCurrencyCode: fiat.code,
      orderId: '',
      items: [{ name: link.title, quantity, cost: Number(cost) }],
      ...(link.description ? { description: link.description } : {}),
      ...(link.success_url ? { successUrl: link.success_url } : {}),
      ...(customerEmail ? { customerEmail } : {}),
      // A request stays open as long as the installation lets an invoice.
      ...(link.kind === 'request' ? { expiresInMinutes: ctx.config.invoiceMaxExpiryMin } : {}),
    },
    { items: [{ quantity: String(quantity), cost }] },
    link.id,
  );
  return ctx.db.transaction().execute(async (trx) => {
    const n = await takeUse(trx, link.id);
    if (n === undefined) {
      const now = await linkSelect(trx).where('id', '=', link.id).executeTakeFirstOrThrow();
      // A request's customer who lost the race to open it goes to the invoice the winner opened.
      const opened = await liveRequestInvoice(trx, now);
      if (opened) return opened;
      throw refusalOf(now.availability) ?? new AppError('exceptions.paymentLink.usedUp');
    }
    const invoice = await insertInvoice(ctx, trx, { ...draft, values: { ...draft.values, order_id: `link-${link.id}-${n}` } });
    await rememberCustomerLanguage(trx, invoice.id, lang);
    if (link.kind === 'request')
      await trx.updateTable('payment_links').set({ request_invoice_id: invoice.id }).where('id', '=', link.id).execute();
    return invoice.id;
  });
}
