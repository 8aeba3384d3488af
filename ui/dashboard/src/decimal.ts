// Exact decimals in the browser: amounts as decimal strings and bigint units, never a double in
// arithmetic (a double holds 0.1 as 0.1000000000000000055…, and 18-decimal amounts not at all).

/** A non-negative decimal as the dashboard keeps it: digits, optionally a point and more digits. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** `'12.5'` with 6 decimals → `12500000n`; null when it is not a decimal or has more decimals. */
export function toUnits(decimal: string, decimals: number): bigint | null {
  const m = DECIMAL.exec(decimal);
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return null;
  return BigInt((m[1] ?? '')) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** `12500000n` with 6 decimals → `'12.5'` (no trailing zeros). */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * The decimal a JSON number of the API stands for: its shortest round-trip form, which is the
 * decimal the API wrote whenever a double can hold it, with `1e-7` spelled out as `0.0000001`.
 */
export function decimalOf(value: number): string {
  const text = String(Math.abs(value));
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  const plain = m ? shift((m[1] ?? ''), m[2] ?? '', Number(m[3])) : text;
  return value < 0 ? `-${plain}` : plain;
}

/** `d.ddd × 10^exp` as plain decimal digits. */
function shift(int: string, frac: string, exp: number): string {
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`.replace(/\.?0+$/, '');
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Enough places for every currency's amounts (ETH and BNB have 18). */
const SCALE = 18;

/**
 * What is left of JSON amounts: the sum of `add` less the sum of `subtract`, never below zero, as
 * an exact decimal (what may still be refunded, say: 0.3 − 0.1 is 0.2, not 0.19999999999999998).
 */
export function remaining(add: number[], subtract: number[] = []): string {
  const units = (values: number[]) => values.reduce((sum, v) => sum + (toUnits(decimalOf(Math.abs(v)), SCALE) ?? 0n) * (v < 0 ? -1n : 1n), 0n);
  const left = units(add) - units(subtract);
  return fromUnits(left > 0n ? left : 0n, SCALE);
}

/** The decimals of a decimal string (`'1.50'` → 2). */
export function decimalsOf(decimal: string): number {
  return DECIMAL.exec(decimal)?.[2]?.length ?? 0;
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
