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
