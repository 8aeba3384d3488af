import { sql, type RawBuilder } from 'kysely';

/**
 * Typed SQL for the timestamps the database writes itself, so updates that set them type-check
 * against the table (no `as never`): the clock is the database's, the same on every instance.
 */
export function now(): RawBuilder<Date> {
  return sql<Date>`now()`;
}

/** `now()` plus a number of seconds (or, with `unit`, minutes). */
export function nowPlus(amount: number, unit: 'secs' | 'mins' = 'secs'): RawBuilder<Date> {
  return unit === 'secs' ? sql<Date>`now() + make_interval(secs => ${amount})` : sql<Date>`now() + make_interval(mins => ${amount})`;
}

/** The first of `column` and now(): sets a timestamp once and keeps it on later writes. */
export function nowOnce(column: string): RawBuilder<Date> {
  return sql<Date>`coalesce(${sql.ref(column)}, now())`;
}

/** The one row of a statement that always returns one (an aggregate, `select … as x`, an insert's `returning`). */
export function onlyRow<R>(result: { rows: R[] }): R {
  const row = result.rows[0];
  if (row === undefined) throw new Error('a statement that returns one row returned none');
  return row;
}
