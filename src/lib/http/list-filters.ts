import { Type } from '@sinclair/typebox';
import { AppError } from '../errors.ts';

const DAY_MS = 86_400_000;

/** A `from`/`to` query parameter: a day (`2024-05-01`, whole day in UTC) or an ISO 8601 date-time. */
export const DateParam = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })], {
  description: 'A day (YYYY-MM-DD, UTC; as `to` the whole day is included) or an ISO 8601 date-time',
});

/** `from` and `to` query parameters of a list filtered by creation time. */
export const DateRangeQuery = {
  from: Type.Optional({ ...DateParam, description: 'Created at or after this day or instant' }),
  to: Type.Optional({ ...DateParam, description: 'Created at or before this day (inclusive) or instant' }),
};

/** `search`, `from` and `to` of the invoice, deposit, withdrawal and conversion lists. */
export const ListSearchQuery = {
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Exact id, orderId, address or transaction hash (hex in any letter case)',
    }),
  ),
  ...DateRangeQuery,
};

/** A time range as SQL compares it: `from <= t`, and `t < before` or `t <= before` (`inclusive`). */
export interface TimeRange {
  from?: Date;
  before?: Date;
  inclusive: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// The instants both engines store and compare: PostgreSQL has no year 0 (`0000-01-01` is refused
// by the server, a 500 once), and a year past 9999 is written with a sign that neither reads back.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function parse(field: 'from' | 'to', value: string): Date {
  const at = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime())) throw badRange(field, 'must be a date or an ISO 8601 date-time');
  if (at.getTime() < EARLIEST || at.getTime() > LATEST) throw badRange(field, 'must lie between 0001-01-01 and 9999-12-31 (UTC)');
  return at;
}

function badRange(field: string, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'querystring', field, message }] });
}

/** The range of `from`/`to` (each optional): a day given as `to` ends at the next midnight (exclusive). */
export function timeRange(q: { from?: string; to?: string }): TimeRange {
  const range: TimeRange = { inclusive: false };
  if (q.from !== undefined) range.from = parse('from', q.from);
  if (q.to !== undefined) {
    const to = parse('to', q.to);
    const day = DAY.test(q.to);
    // The last day there is ends at its last millisecond (the next midnight is out of range).
    const last = day && to.getTime() + DAY_MS > LATEST;
    range.before = last ? new Date(LATEST) : day ? new Date(to.getTime() + DAY_MS) : to;
    range.inclusive = !day || last;
  }
  return range;
}

/**
 * A bounded range for exports: both ends default (to: now, from: `defaultDays` before it), `from`
 * not after `to`, and at most `maxDays` days long; else 400 validation.failed.
 */
export function boundedRange(q: { from?: string; to?: string }, maxDays: number, defaultDays = 30): Required<TimeRange> {
  const r = timeRange(q);
  const before = r.before ?? new Date();
  const inclusive = r.before ? r.inclusive : true;
  const from = r.from ?? new Date(Math.max(EARLIEST, before.getTime() - defaultDays * DAY_MS));
  if (from.getTime() > before.getTime() || (from.getTime() === before.getTime() && !inclusive))
    throw badRange('from', 'must not be after to');
  if (before.getTime() - from.getTime() > maxDays * DAY_MS) throw badRange('to', `the range must not exceed ${maxDays} days`);
  return { from, before, inclusive };
}
