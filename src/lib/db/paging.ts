import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** A page of a list, as every list endpoint answers it: `{ total, page, limit, hasMore, data }`. */
export interface Page<T> {
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
  data: T[];
}

/**
 * Runs a list's count and its page of rows together and shapes the answer. `rows` gets the offset
 * of the page (`(page − 1) × limit`).
 */
export async function paged<R, T>(
  q: { page: number; limit: number },
  count: () => Promise<{ total: string | number | bigint }>,
  rows: (offset: number, limit: number) => Promise<R[]>,
  map: (row: R) => T,
): Promise<Page<T>> {
  const [{ total }, page] = await Promise.all([count(), rows((q.page - 1) * q.limit, q.limit)]);
  const n = Number(total);
  return { total: n, page: q.page, limit: q.limit, hasMore: q.page * q.limit < n, data: page.map(map) };
}

/**
 * A page whose rows carry the list's exact total (a `total` column: a scalar subquery counting the
 * whole filtered list, computed once per statement), so the page and its total are one round trip
 * and one snapshot. A page past the end has no row to carry it: only then is `count` asked, and an
 * empty first page means an empty list. (A subquery's count reads as nullable to Kysely; it never is.)
 */
export async function pagedWithTotal<R extends { total: string | number | bigint | null }, T>(
  q: { page: number; limit: number },
  rows: (offset: number, limit: number) => Promise<R[]>,
  count: () => Promise<string | number | bigint | null>,
  map: (row: R) => T,
): Promise<Page<T>> {
  const offset = (q.page - 1) * q.limit;
  const page = await rows(offset, q.limit);
  const first = page[0];
  const n = Number(first ? first.total : offset === 0 ? 0 : await count());
  return { total: n, page: q.page, limit: q.limit, hasMore: q.page * q.limit < n, data: page.map(map) };
}

/**
 * The right side of `key = any(array(ids))`: a later page's keys, found by walking the list's index
 * alone (`ids`: its filtered, ordered `limit … offset …` query of the key), as one array computed
 * once. Then only the page's rows are read, by their key. `key in (ids)` lets the planner join the
 * ids as a semi-join and, expecting the page near the top, run the ids query again for every row
 * above the page (a nested loop: quadratic in the depth), or read and hash the whole filtered list;
 * an array is an initplan, evaluated once whatever the statistics or the plan cache.
 */
export function pageKeys<T>(ids: Expression<unknown>): RawBuilder<T> {
  return sql<T>`any(array(${ids}))`;
}

/**
 * The rows of a page: the first `limit` of the filtered list `base` for the first page (its index
 * walk stops there), those whose `key` is one of `keys` (`pageKeys`) for a later one. `keys` is the
 * list's filtered, ordered `limit … offset …` query of `key`, which its index answers alone. A later
 * page has no LIMIT of its own (its keys are at most `limit`): with one, a plan made without the
 * values (a prepared statement's generic plan) walked the list's index from the top, reading every
 * row above the page to find its keys, instead of reading them by key and sorting them.
 */
export function byKeys<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  key: string,
  offset: number,
  limit: number,
  keys: Expression<unknown>,
): SelectQueryBuilder<DB, TB, O> {
  return offset === 0 ? base.limit(limit) : base.where(sql.ref(key), '=', pageKeys(keys));
}
