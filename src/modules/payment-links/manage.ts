/** A merchant's payment links: made, read, listed, turned off and on again (the API and the dashboard). */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../lib/db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import { paged, type Page } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { isHttpUrl } from '../../lib/http/urls.ts';
import { MoneyPrecisionError, toJsonNumber, toUnits } from '../../lib/money.ts';
import { findFiat, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { audit } from '../audit/service.ts';
import { MAX_FIAT_AMOUNT } from '../invoices/create.ts';
import { linkRecord, linkSelect, type LinkView, type PaymentLinkRecord } from './record.ts';

/** POST /payment-links as the route read it; the money as written (an exact decimal text where a double would not hold it). */
export interface CreateLinkInput {
  title: string;
  fiatCurrencyCode: string;
  kind?: 'payment' | 'request';
  amount?: number | string;
  minAmount?: number | string;
  maxAmount?: number | string;
  maxQuantity?: number;
  description?: string;
  maxUses?: number;
  expiresAt?: string;
  successUrl?: string;
}

function badField(field: string, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message }] });
}

/** An amount of the body in the fiat's minor units, at least the fiat's minimum invoice amount. */
function minorOf(fiat: FiatDef, field: string, value: number | string | undefined): bigint | null {
  if (value === undefined) return null;
  let units: bigint;
  try {
    units = toUnits(value, fiat.decimals);
  } catch (err) {
    if (err instanceof MoneyPrecisionError)
      throw new AppError('exceptions.invoice.amountInvalidDecimalPlaces', { field, fiatCurrencyCode: fiat.code, decimals: fiat.decimals });
    throw err;
  }
  const minimum = toUnits(fiat.minInvoiceAmount, fiat.decimals);
  if (units < minimum)
    throw new AppError('exceptions.invoice.amountBelowMinimum', {
      field,
      minInvoiceAmount: toJsonNumber(minimum, fiat.decimals),
      fiatCurrencyCode: fiat.code,
    });
  return units;
}

/** The link's money and terms, checked: one way to price it, bounds in order, a request's fixed total. */
function termsOf(input: CreateLinkInput, fiat: FiatDef) {
  const kind = input.kind ?? 'payment';
  if (input.title.trim() === '') throw badField('title', 'must not be blank');
  const fixed = input.amount !== undefined;
  if (fixed && (input.minAmount !== undefined || input.maxAmount !== undefined))
    throw new AppError('exceptions.paymentLink.amountSpecificationInvalid');
  if (!fixed && (kind === 'request' || input.maxQuantity !== undefined))
    throw new AppError('exceptions.paymentLink.amountSpecificationInvalid');
  if (kind === 'request' && input.maxQuantity !== undefined) throw badField('maxQuantity', 'a request has one total: no quantity');
  if (kind === 'request' && input.maxUses !== undefined && input.maxUses !== 1)
    throw badField('maxUses', 'a request is paid once: maxUses is 1');
  const amount = minorOf(fiat, 'amount', input.amount);
  const min = minorOf(fiat, 'minAmount', input.minAmount);
  const max = minorOf(fiat, 'maxAmount', input.maxAmount);
  if (min !== null && max !== null && min > max) throw badField('maxAmount', 'must not be below minAmount');
  const cap = BigInt(MAX_FIAT_AMOUNT) * 10n ** BigInt(fiat.decimals);
  if (amount !== null && input.maxQuantity !== undefined && amount * BigInt(input.maxQuantity) > cap) {
    throw badField('maxQuantity', `amount × maxQuantity must not exceed ${MAX_FIAT_AMOUNT}`);
  }
  if (input.expiresAt !== undefined && !(Date.parse(input.expiresAt) > Date.now())) throw badField('expiresAt', 'must be in the future');
  if (input.successUrl !== undefined && !isHttpUrl(input.successUrl)) throw badField('successUrl', 'must be an http or https URL');
  return { kind, amount, min, max, maxUses: kind === 'request' ? 1 : (input.maxUses ?? null) };
}

/** POST /payment-links: a new link of the caller's account, open at once, with its audit entry. */
export async function createLink(ctx: AppContext, principal: ApiPrincipal, input: CreateLinkInput): Promise<PaymentLinkRecord> {
  const fiat = findFiat(input.fiatCurrencyCode);
  if (!fiat) throw new AppError('exceptions.invoice.fiatCurrencyNotFound', { fiatCurrencyCode: input.fiatCurrencyCode });
  const terms = termsOf(input, fiat);
  const view = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('payment_links')
      .values({
        id: randomUUID(),
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        // 128 random bits: the page's address cannot be guessed from another link's.
        slug: randomBytes(16).toString('base64url'),
        kind: terms.kind,
        title: input.title.trim(),
        description: input.description?.trim() || null,
        fiat_currency: fiat.code,
        amount_minor: terms.amount,
        min_amount_minor: terms.min,
        max_amount_minor: terms.max,
        max_quantity: input.maxQuantity ?? null,
        max_uses: terms.maxUses,
        expires_at: input.expiresAt ?? null,
        success_url: input.successUrl ?? null,
        request_invoice_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: 'paymentLink.created',
      targetType: 'paymentLink',
      targetId: row.id,
      detail: { title: input.title, kind: terms.kind },
    });
    return await linkSelect(trx).where('id', '=', row.id).executeTakeFirstOrThrow();
  });
  return linkRecord(view, ctx.config.publicBaseUrl);
}

/** A link of the caller's account; another account's or tenant's is the same 404 as none. */
async function ownLink(db: Executor, principal: ApiPrincipal, id: string): Promise<LinkView> {
  const view = await linkSelect(db).where('id', '=', id).where('account_id', '=', principal.accountId).executeTakeFirst();
  if (!view) throw new AppError('exceptions.paymentLink.notFound');
  return view;
}

/** GET /payment-links/{id}. */
export async function getLink(ctx: AppContext, principal: ApiPrincipal, id: string): Promise<PaymentLinkRecord> {
  return linkRecord(await ownLink(ctx.db, principal, id), ctx.config.publicBaseUrl);
}

/** GET /payment-links: the account's links, newest first, optionally only the active or inactive ones. */
export async function listLinks(
  ctx: AppContext,
  principal: ApiPrincipal,
  q: { page: number; limit: number; active?: boolean },
): Promise<Page<PaymentLinkRecord>> {
  const mine = <O>(query: SelectQueryBuilder<DB, 'payment_links', O>): SelectQueryBuilder<DB, 'payment_links', O> => {
    const own = query.where('payment_links.account_id', '=', principal.accountId);
    return q.active === undefined ? own : own.where('payment_links.active', '=', q.active);
  };
  return paged(
    q,
    () =>
      mine(ctx.db.selectFrom('payment_links'))
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) =>
      mine(linkSelect(ctx.db))
        .orderBy('payment_links.created_at', 'desc')
        .orderBy('payment_links.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    (view) => linkRecord(view, ctx.config.publicBaseUrl),
  );
}

/** PATCH /payment-links/{id}: turns the link off or on again (a change only when it differs), audited. */
export async function setLinkActive(ctx: AppContext, principal: ApiPrincipal, id: string, active: boolean): Promise<PaymentLinkRecord> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const current = await ownLink(trx, principal, id);
    if (current.active === active) return current;
    await trx.updateTable('payment_links').set({ active, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: active ? 'paymentLink.enabled' : 'paymentLink.disabled',
      targetType: 'paymentLink',
      targetId: id,
      detail: { title: current.title },
    });
    return await linkSelect(trx).where('id', '=', id).executeTakeFirstOrThrow();
  });
  return linkRecord(view, ctx.config.publicBaseUrl);
}
