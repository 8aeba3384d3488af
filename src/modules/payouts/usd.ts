/** US dollar limits as whole cents: read from the API's decimals, compared with what a payout is worth. */
import { AppError } from '../../lib/errors.ts';
import { jsonDecimal, numberToDecimalString, parseRatio, type JsonDecimal } from '../../lib/money.ts';

/** A limit as a request gives it (at most 2 decimals, up to a trillion dollars), in cents; else a 400 naming the field. */
export function centsOfInput(field: string, value: number | string): bigint {
  const text = typeof value === 'number' ? numberToDecimalString(value) : value;
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m)
    throw new AppError('exceptions.validation.failed', {
      fields: [{ location: 'body', field, message: 'must be a US dollar amount of at least 0 with at most 2 decimals' }],
    });
  return BigInt((m[1] ?? '') + (m[2] ?? '').padEnd(2, '0'));
}

/** A NUMERIC(20,2) column's text in cents. */
export function centsOfColumn(value: string): bigint {
  const [whole = '', frac = ''] = value.split('.');
  return BigInt(whole + frac.padEnd(2, '0').slice(0, 2));
}

/** Cents as the column stores them (`12.30`). */
export function columnOfCents(cents: bigint): string {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** Cents as the API writes them: an exact JSON number. */
export function jsonOfCents(cents: bigint): JsonDecimal {
  return jsonDecimal(columnOfCents(cents));
}

/** What `units` atomic units of a currency of `decimals` are worth at `usdPrice` per whole unit, rounded up to the cent. */
export function usdCents(units: bigint, decimals: number, usdPrice: string): bigint {
  const price = parseRatio(usdPrice);
  const num = units * price.num * 100n;
  const den = price.den * 10n ** BigInt(decimals);
  return (num + den - 1n) / den;
}
