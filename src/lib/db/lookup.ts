import { sql, type Kysely, type Selectable } from 'kysely';
import { AppError, type ErrorCode } from '../errors.ts';
import { deepPageAnchor, rangedTotal } from './counts.ts';
import { now } from './expressions.ts';
import type { Db, Executor, Trx } from './index.ts';
import { byKeys, paged, type Page } from './paging.ts';
import type { DB } from './schema.ts';
import { inRange, searchForms, searchUuid } from './search.ts';
import { timeRange } from '../http/list-filters.ts';

/** The merchant objects addressed by `id` or by the merchant's own `orderId`, within one account. */
export type AccountTable = 'invoices' | 'deposits' | 'withdrawals';
type Row<T extends AccountTable> = Selectable<DB[T]>;

// Kysely cannot resolve column names over a generic table name; these helpers touch only the
// columns every AccountTable has (id, account_id, order_id, status, created_at, expires_at), and
// their signatures carry the row types.
type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** How a lookup by id or orderId fails: the route's own codes. */
export interface LookupErrors {
  /** Neither id nor orderId was given. */
  required: ErrorCode;
  notFound: ErrorCode;
}

/**
 * One object of the caller's account by `id` (wins when both are given) or `orderId`; another
 * account's object is the same 404 as a missing one. `lock` takes the row lock for a change.
 */
export async function findByIdOrOrderId<T extends AccountTable>(
  db: Executor,
  table: T,
  accountId: string,
  q: { id?: string; orderId?: string },
  errors: LookupErrors,
  lock = false,
): Promise<Row<T>> {
  let query = (db as unknown as Loose)
    .selectFrom(table as string)
    .selectAll()
    .where('account_id', '=', accountId);
  if (q.id) query = query.where('id', '=', q.id);
  else if (q.orderId !== undefined) query = query.where('order_id', '=', q.orderId);
  else throw new AppError(errors.required);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new AppError(errors.notFound);
  return row as Row<T>;
}

/** A list's optional filters beside its page: one status, a search text, a creation time range. */
export interface ListFilters {
  status?: string;
  /** Exact id, orderId, address or transaction hash (hex in any case). */
  search?: string;
  from?: string;
  to?: string;
}

/**
 * The ids of the account's objects whose id, orderId, address or transaction hash is exactly
 * `text`: one index lookup each (deposits and withdrawals have every one of these columns).
 */
function searchIds(db: Loose, table: string, accountId: string, text: string) {
  const mine = () => db.selectFrom(table).select('id').where('account_id', '=', accountId);
  const forms = searchForms(text);
  const id = searchUuid(text);
  const q = mine()
    .where('order_id', '=', text)
    .unionAll(mine().where('address', 'in', forms))
    .unionAll(mine().where('tx_hash', 'in', forms));
  return id ? q.unionAll(mine().where('id', '=', id)) : q;
}

/**
 * A list endpoint's page of one account's objects, newest first, filtered (status, search, dates).
 * Filtered by status and time (or not at all) its total is the account's maintained counts (counts.ts);
 * a page past the first finds its ids along the index alone and reads only those rows.
 */
export async function listByAccount<T extends 'deposits' | 'withdrawals', R>(
  db: Executor,
  table: T,
  accountId: string,
  q: { page: number; limit: number } & ListFilters,
  map: (row: Row<T>) => R,
): Promise<Page<R>> {
  const loose = db as unknown as Loose;
  const within = timeRange(q);
  let mine = loose.selectFrom(table as string).where('account_id', '=', accountId);
  if (q.status) mine = mine.where('status', '=', q.status);
  if (q.search) mine = mine.where('id', 'in', searchIds(loose, table, accountId, q.search));
  const base = mine.where(inRange('created_at', within));
  const count = (b: typeof base) => b.select((eb) => eb.fn.countAll<string>().as('total'));
  return paged(
    q,
    () =>
      (q.search !== undefined
        ? count(base)
        : rangedTotal(db, table, accountId, q.status, within, (part) => count(mine.where(inRange('created_at', part))))
      ).executeTakeFirstOrThrow() as Promise<{ total: string }>,
    (offset, limit) => {
      const newest = <Q extends typeof base>(b: Q) => b.orderBy('created_at', 'desc').orderBy('id', 'desc');
      // Far down an unranged list, the walk starts at the day the page is in (counts.ts deepPageAnchor).
      const anchor = deepPageAnchor(db, table, accountId, q, offset);
      const walk = anchor ? base.where('created_at', '<', anchor.before) : base;
      const ids = newest(walk.select('id'))
        .limit(limit)
        .offset(anchor ? anchor.skip : offset);
      return newest(byKeys(base, 'id', offset, limit, ids).selectAll()).execute() as Promise<Row<T>[]>;
    },
    map,
  );
}

/** What an expiry round did, and when the next one has work. */
export interface ExpiryRound {
  /** Rows expired by this round. */
  expired: number;
  /**
   * Milliseconds until the earliest `expires_at` still open (at most 0: one is due already, left
   * by the limit or held by another instance), or null when no row is open.
   */
  nextDueMs: number | null;
}

/**
 * An expiry job's round: claims up to `limit` rows of `table` still in `status` whose `expires_at`
 * has passed, skipping rows another instance holds, and hands each to `expire` in one transaction.
 * It first asks when the earliest open row falls due (one step of the partial expiry index), so a
 * round with nothing due opens no transaction, and the job can sleep until then (lib/jobs.ts).
 */
export async function expireDue<T extends 'invoices' | 'deposits'>(
  db: Db,
  table: T,
  status: DB[T]['status'],
  expire: (trx: Trx, row: Row<T>) => Promise<unknown>,
  limit = 500,
): Promise<ExpiryRound> {
  const first = await nextExpiry(db, table, status);
  if (first === null || first > 0) return { expired: 0, nextDueMs: first };
  return db.transaction().execute(async (trx) => {
    const due = (await (trx as unknown as Loose)
      .selectFrom(table as string)
      .selectAll()
      .where('status', '=', status)
      .where('expires_at', '<=', now())
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute()) as Row<T>[];
    for (const row of due) await expire(trx, row);
    return { expired: due.length, nextDueMs: await nextExpiry(trx, table, status) };
  });
}

/** Milliseconds from now() until the earliest `expires_at` of `table`'s rows in `status`; null if none. */
async function nextExpiry(db: Executor, table: 'invoices' | 'deposits', status: string): Promise<number | null> {
  const row = await (db as unknown as Loose)
    .selectFrom(table)
    .select(sql<number | null>`(extract(epoch from min(expires_at) - now()) * 1000)::float8`.as('ms'))
    .where('status', '=', status)
    .executeTakeFirst();
  return row?.ms == null ? null : Number(row.ms);
}
