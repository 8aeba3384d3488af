import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { nowPlus, type Db, type Trx } from '../../../lib/db/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { ApiPrincipal } from '../../../lib/http/security.ts';
import { Amount, toJsonNumber } from '../../../lib/money.ts';
import { knownCurrency } from '../../../lib/currencies/catalogue.ts';
import { merchantBalances } from '../../ledger/service.ts';
import { checkBatchItems, checkBatchTotal, type RowError } from '../../payouts/batch.ts';
import { currentPolicy } from '../../payouts/policy.ts';
import { feeTerms, quotedColumns, type FeeTerms } from '../quote.ts';
import { quoteRecord } from '../record.ts';
import { checkItems, screenedItems, usedOrderIds, without, type BatchItemInput, type CheckedItem } from './items.ts';
import { sumByCurrency, totalsJson, type CurrencyTotal } from './record.ts';

/** Most items one batch quote takes. */
export const MAX_BATCH_ITEMS = 1000;

/**
 * POST /withdrawal/batch/quote: every item checked as a quote of its own would be (refusals kept per
 * item: 400 batchInvalid, nothing quoted), the batch's total against the daily limits and the
 * balances, then one withdrawal quote per item under one batch quote, all expiring together.
 */
export async function quoteBatch(ctx: AppContext, principal: ApiPrincipal, inputs: BatchItemInput[]) {
  const { ok, errors } = checkItems(ctx.config, inputs);
  errors.push(...(await usedOrderIds(ctx.db, principal.accountId, ok)));
  errors.push(...(await screenedItems(ctx.config, without(ok, errors))));
  const items = without(ok, errors);
  const terms = await termsByCurrency(ctx, items);
  const policy = await currentPolicy(ctx.db, principal.tenantId);
  const payouts = items.map((i) => ({
    index: i.index,
    currency: i.currency,
    address: i.address,
    totalUnits: i.amount.units + terms(i.currency.code).fee.units,
    usdPrice: terms(i.currency.code).usdPrice,
  }));
  const checked = await checkBatchItems(ctx.db, principal.tenantId, policy, payouts);
  errors.push(...checked.errors);
  if (errors.length > 0) throw batchInvalid(errors);
  await checkBatchTotal(ctx.db, policy, { tenantId: principal.tenantId, keyId: principal.keyId }, checked.totalCents, null);
  const totals = sumByCurrency(
    items.map((i) => ({ currency_code: i.currency.code, amount: i.amount.units, fee: terms(i.currency.code).fee.units })),
  );
  await checkBalances(ctx.db, principal.accountId, totals);
  return insertBatchQuote(ctx, principal, items, terms, totals);
}

export function batchInvalid(errors: RowError[]): AppError {
  return new AppError('exceptions.withdrawal.batchInvalid', { errors: [...errors].sort((a, b) => a.index - b.index) });
}

/** The fee terms of each currency the items use, read once per currency. */
async function termsByCurrency(ctx: AppContext, items: CheckedItem[]): Promise<(code: string) => FeeTerms> {
  const out = new Map<string, FeeTerms>();
  for (const i of items) if (!out.has(i.currency.code)) out.set(i.currency.code, await feeTerms(ctx, i.currency));
  return (code) => {
    const terms = out.get(code);
    if (!terms) throw new Error(`no fee terms were read for ${code}`);
    return terms;
  };
}

/**
 * Each currency's balance covers the batch's total in it, now (400 insufficientBalance, naming the
 * first currency short); the commit checks again, since a quote reserves nothing.
 */
export async function checkBalances(db: Db, accountId: string, totals: CurrencyTotal[]): Promise<void> {
  const balances = await merchantBalances(db, accountId);
  for (const t of totals) {
    const currency = knownCurrency(t.currency);
    const have = Amount.of(currency, balances.find((b) => b.currency === t.currency)?.units ?? 0n);
    const needed = Amount.of(currency, t.amount + t.fee);
    if (have.compare(needed) >= 0) continue;
    throw new AppError(
      'exceptions.withdrawal.insufficientBalance',
      { cryptoCurrencyCode: t.currency, required: toJsonNumber(needed), available: toJsonNumber(have) },
      'The balance does not cover the batch total (amounts and network fees) in this currency',
    );
  }
}

/** Columns an item's quote takes over when its orderId was quoted before and never committed. */
const TAKEN_OVER = [
  'currency_code',
  'network',
  'address',
  'amount',
  'fee',
  'fee_native',
  'fee_native_currency',
  'usd_price',
  'convert_from',
  'convert_from_amount',
  'convert_to_amount',
  'convert_commission',
  'refund_invoice_id',
  'refund_deposit_id',
  'batch_quote_id',
  'batch_index',
  'expires_at',
  'updated_at',
] as const;

/** The batch quote and its items' quotes, in one transaction. */
async function insertBatchQuote(
  ctx: AppContext,
  principal: ApiPrincipal,
  items: CheckedItem[],
  terms: (code: string) => FeeTerms,
  totals: CurrencyTotal[],
) {
  const id = randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    const bq = await trx
      .insertInto('withdrawal_batch_quotes')
      .values({
        id,
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        item_count: items.length,
        expires_at: nowPlus(ctx.config.withdrawalQuoteTtlS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rows = await insertItemQuotes(trx, principal, items, terms, bq);
    // Every row of a batch quote has its index (written above).
    const indexOf = (r: (typeof rows)[number]) => r.batch_index ?? -1;
    rows.sort((a, b) => indexOf(a) - indexOf(b));
    return {
      batchQuoteId: id,
      items: rows.map((r) => ({ index: indexOf(r), ...quoteRecord(r) })),
      totals: totalsJson(totals),
      expiresAt: bq.expires_at.toISOString(),
    };
  });
}

/**
 * One withdrawal quote per item, under the batch quote `bq` and expiring with it. An orderId quoted
 * before and never committed is this batch's item now (as a quote asked again is re-priced); one
 * committed meanwhile is not taken, and refuses its item (400 batchInvalid).
 */
async function insertItemQuotes(
  trx: Trx,
  principal: ApiPrincipal,
  items: CheckedItem[],
  terms: (code: string) => FeeTerms,
  bq: { id: string; expires_at: Date; created_at: Date },
) {
  const values = items.map((i) => ({
    id: randomUUID(),
    tenant_id: principal.tenantId,
    account_id: principal.accountId,
    order_id: i.orderId ?? randomUUID(),
    ...quotedColumns(i.currency, i.address, i.amount, terms(i.currency.code)),
    convert_from: null,
    convert_from_amount: null,
    convert_to_amount: null,
    convert_commission: null,
    refund_invoice_id: null,
    refund_deposit_id: null,
    batch_quote_id: bq.id,
    batch_index: i.index,
    expires_at: bq.expires_at,
    updated_at: bq.created_at,
  }));
  const rows = await trx
    .insertInto('withdrawal_quotes')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'order_id'])
        .doUpdateSet(Object.fromEntries(TAKEN_OVER.map((c) => [c, sql.ref(`excluded.${c}`)])))
        .where('withdrawal_quotes.committed_at', 'is', null),
    )
    .returningAll()
    .execute();
  if (rows.length < values.length) {
    const got = new Set(rows.map((r) => r.order_id));
    const lost = values.filter((v) => !got.has(v.order_id));
    throw batchInvalid(
      lost.map((v) => ({
        index: v.batch_index,
        code: 'exceptions.withdrawal.orderIdAlreadyExists',
        message: 'A withdrawal was already committed for this orderId',
        extension: { orderId: v.order_id },
      })),
    );
  }
  return rows;
}
