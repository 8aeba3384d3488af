// Exact decimals in the browser: amounts as decimal strings (the API's are Decimals, parsed from its
// JSON digit for digit by ui/shared/exact-json.ts) and bigint units, never a double in arithmetic
// (a double holds 0.1 as 0.1000000000000000055…, and 18-decimal amounts not at all).
import type { Decimal } from '../../shared/exact-json.ts';

export type { Decimal };

/** A decimal as the dashboard keeps it: an optional minus, digits, optionally a point and more digits. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `'12.5'` with 6 decimals → `12500000n` (`'-1.5'` → `-1500000n`); null when it is not a decimal or has more decimals. */
export function toUnits(decimal: string, decimals: number): bigint | null {
  const m = DECIMAL.exec(decimal);
  if (!m) return null;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return null;
  const units = BigInt(m[2] ?? '') * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  return m[1] ? -units : units;
}

/** `12500000n` with 6 decimals → `'12.5'` (no trailing zeros), a Decimal as the API writes one. */
export function fromUnits(units: bigint, decimals: number): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative && units !== 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}` as Decimal;
}

/** Decimals as units of one scale (the most places any of them has), so they add and compare exactly. */
function scaled(values: readonly Decimal[]): { units: bigint[]; places: number } {
  const places = values.reduce((most, v) => Math.max(most, decimalsOf(v)), 0);
  const units = values.map((v) => {
    const u = toUnits(v, places);
    if (u === null) throw new RangeError(`not a decimal: ${v}`);
    return u;
  });
  return { units, places };
}

const sum = (units: readonly bigint[]) => units.reduce((a, b) => a + b, 0n);

/**
 * What is left of the API's amounts: the sum of `add` less the sum of `subtract`, never below zero,
 * exactly (what may still be refunded, say: 0.3 − 0.1 is 0.2, not 0.19999999999999998).
 */
export function remaining(add: readonly Decimal[], subtract: readonly Decimal[] = []): Decimal {
  const { units, places } = scaled([...add, ...subtract]);
  const left = sum(units.slice(0, add.length)) - sum(units.slice(add.length));
  return fromUnits(left > 0n ? left : 0n, places);
}

/** The exact sum of amounts. */
export function total(values: readonly Decimal[]): Decimal {
  const { units, places } = scaled(values);
  return fromUnits(sum(units), places);
}

/** −1, 0 or 1 as `a` is below, equal to or above `b` (zero unless named; `'0.10'` equals `'0.1'`). */
export function compare(a: Decimal, b: Decimal = ZERO): -1 | 0 | 1 {
  const {
    units: [x = 0n, y = 0n],
  } = scaled([a, b]);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `part ÷ whole` to 1/10000, for drawing (a bar's height), worked out in integers; 0 when `whole` is not above zero. */
export function share(part: Decimal, whole: Decimal): number {
  const {
    units: [p = 0n, w = 0n],
  } = scaled([part, whole]);
  return w > 0n ? Number((p * 10_000n) / w) / 10_000 : 0;
}

/** `value × 10^by`, exactly: `movePoint('0.015', 2)` is `'1.5'` (a rate as a percentage), `movePoint('1.5', -2)` is `'0.015'`. */
export function movePoint(value: string, by: number): Decimal {
  const places = decimalsOf(value);
  const units = toUnits(value, places);
  if (units === null) throw new RangeError(`not a decimal: ${value}`);
  return places - by >= 0 ? fromUnits(units, places - by) : fromUnits(units * 10n ** BigInt(by - places), 0);
}

/** The amount zero. */
export const ZERO = '0' as Decimal;

/** The decimals of a decimal string (`'1.50'` → 2). */
export function decimalsOf(decimal: string): number {
  return DECIMAL.exec(decimal)?.[3]?.length ?? 0;
}

/**
 * `to ÷ from` of two decimals, to `significant` digits (rounded down): an exchange rate for people to
 * read, worked out in integers so no double rounds it. Null when `from` is zero.
 */
export function ratio(to: string, from: string, significant = 8): string | null {
  const places = Math.max(decimalsOf(to), decimalsOf(from));
  const num = toUnits(to, places);
  const den = toUnits(from, places);
  if (num === null || den === null || den === 0n) return null;
  // Enough decimal places for `significant` digits of the quotient, then the extra ones dropped.
  const whole = (num / den).toString();
  const decimals = Math.max(0, significant - (whole === '0' ? 0 : whole.length)) + (whole === '0' ? leadingZeros(num, den) : 0);
  return fromUnits((num * 10n ** BigInt(decimals)) / den, decimals);
}

/** How many zeros follow the point of a quotient below 1 before its first digit. */
function leadingZeros(num: bigint, den: bigint): number {
  let n = 0;
  for (let x = num * 10n; x < den && n < 40; x *= 10n) n++;
  return n;
}
