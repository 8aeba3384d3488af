import { sql, type Selectable } from 'kysely';
import { rangedTotal } from '../../lib/db/counts.ts';
import type { ListFilters } from '../../lib/db/lookup.ts';
import { inRange, searchUuid } from '../../lib/db/search.ts';
import { timeRange } from '../../lib/http/list-filters.ts';
import type { Executor } from '../../lib/db/index.ts';
import { byKeys, paged, type Page } from '../../lib/db/paging.ts';
import type { ConversionQuotesTable, ConversionsTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { cryptoAmount } from '../../lib/currencies/catalogue.ts';
import type { ConversionPrice } from './pricing.ts';

export type ConversionQuoteRow = Selectable<ConversionQuotesTable>;
export type ConversionRow = Selectable<ConversionsTable>;

/** A quote's or conversion's money as `Amount`s: what leaves, what arrives, the commission inside the first. */
export function conversionMoney(r: Pick<ConversionRow, 'from_currency' | 'to_currency' | 'from_amount' | 'to_amount' | 'commission'>) {
  return {
    fromAmount: cryptoAmount(r.from_currency, r.from_amount),
    toAmount: cryptoAmount(r.to_currency, r.to_amount),
    commission: cryptoAmount(r.from_currency, r.commission),
  };
}

/** A price as POST /converting/preview answers it. */
export function priceRecord(p: Pick<ConversionPrice, 'fromAmount' | 'toAmount' | 'commission'>) {
  return {
    fromCryptoCurrencyCode: p.fromAmount.currency.code,
    toCryptoCurrencyCode: p.toAmount.currency.code,
    fromAmount: toJsonNumber(p.fromAmount),
    toAmount: toJsonNumber(p.toAmount),
    commission: toJsonNumber(p.commission),
  };
}

/** A quote as POST /converting/quote answers it. */
export function conversionQuoteRecord(q: ConversionQuoteRow) {
  return { quoteId: q.id, ...priceRecord(conversionMoney(q)), expiresAt: q.expires_at.toISOString() };
}

/** A committed conversion (commit, list and retrieve); `quoteId` is null for a withdrawal's auto-convert. */
export function conversionRecord(c: ConversionRow) {
  return { id: c.id, quoteId: c.quote_id, ...priceRecord(conversionMoney(c)), completedAt: c.completed_at.toISOString() };
}

/** GET /converting?id=: one conversion of the account; another account's is the same 404 as none. */
export async function findConversion(db: Executor, accountId: string, id: string): Promise<ConversionRow> {
  const row = await db.selectFrom('conversions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('exceptions.converting.notFound');
  return row;
}

/**
 * GET /converting/list: the account's conversions, newest first; `search` is an exact id or quote
 * id, `from`/`to` bound the time it was booked (completedAt).
 */
export function listConversions(
  db: Executor,
  accountId: string,
  q: { page: number; limit: number } & ListFilters,
): Promise<Page<ReturnType<typeof conversionRecord>>> {
  const within = timeRange(q);
  let mine = db.selectFrom('conversions').where('account_id', '=', accountId);
  if (q.search !== undefined) {
    const id = searchUuid(q.search);
    // Not a uuid: nothing can match (and the cast must not fail).
    mine = id ? mine.where((eb) => eb.or([eb('id', '=', id), eb('quote_id', '=', id)])) : mine.where(sql<boolean>`false`);
  }
  const base = mine.where(inRange('completed_at', within));
  const count = (b: typeof base) => b.select((eb) => eb.fn.countAll<string>().as('total'));
  // Unfiltered or by time, the total is the account's maintained counts (lib/db/counts.ts), not a count of its history.
  return paged(
    q,
    () =>
      (q.search !== undefined
        ? count(base)
        : rangedTotal(db, 'conversions', accountId, undefined, within, (part) => count(mine.where(inRange('completed_at', part))))
      ).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page finds its ids along the index alone, then reads only those rows.
      const ids = base.select('id').orderBy('completed_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
      return byKeys(base, 'id', offset, limit, ids).selectAll().orderBy('completed_at', 'desc').orderBy('id', 'desc').execute();
    },
    conversionRecord,
  );
}
