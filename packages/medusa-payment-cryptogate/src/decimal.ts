/**
 * Exact decimals. The gateway writes money as JSON numbers with every digit (18 decimals for ETH),
 * which `JSON.parse` would round to a double, so its answers are read with every number kept as its
 * text, and amounts are compared and scaled as bigints of a fixed number of decimals.
 */

/** A decimal amount as text: `"25"`, `"0.000000000000000001"`. */
export type Decimal = string;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** JSON text with every number literal turned into a string of its exact digits. */
export function quoteNumbers(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j] as string)) j++;
      out += `"${text.slice(i, j)}"`;
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Parses a gateway answer, numbers kept exact as strings. */
export function parseExact(text: string): unknown {
  return JSON.parse(quoteNumbers(text));
}

/** A decimal to be written into JSON as a bare number, every digit kept. */
export class RawDecimal {
  constructor(readonly text: Decimal) {
    if (!DECIMAL.test(text)) throw new Error(`not a decimal amount: ${text}`);
  }
}

/** JSON text of `body`, each `RawDecimal` in it written as a number with its exact digits. */
export function stringifyExact(body: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (!(v instanceof RawDecimal)) return v;
    marks.push(v.text);
    return `@@raw${marks.length - 1}@@`;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => marks[Number(i)] as string);
}

/** `value` in units of 10^-scale, rounded toward zero when it has more decimals. */
export function toUnits(value: Decimal, scale: number): bigint {
  if (!DECIMAL.test(value)) throw new Error(`not a decimal amount: ${value}`);
  const negative = value.startsWith('-');
  const [whole, frac = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(whole + frac.slice(0, scale).padEnd(scale, '0'));
  return negative ? -units : units;
}

/** Units of 10^-scale as decimal text without trailing zeros. */
export function fromUnits(units: bigint, scale: number): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** The number of decimals written in `value`. */
export function decimalsOf(value: Decimal): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Whether two decimal texts are the same amount (`"25"` and `"25.00"`). */
export function sameAmount(a: Decimal, b: Decimal): boolean {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  return toUnits(a, scale) === toUnits(b, scale);
}
