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
  const n = Number(page.length > 0 ? page[0]!.total : offset === 0 ? 0 : await count());
  return { total: n, page: q.page, limit: q.limit, hasMore: q.page * q.limit < n, data: page.map(map) };
}
