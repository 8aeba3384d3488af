// Exact JSON numbers in the browser. The API writes money as JSON numbers with every digit of the
// decimal (1.123456789012345678 ETH), which a plain JSON.parse rounds to a double. The browser
// scripts (dashboard, console, payment page, customer portal) read answers through `parseExactJson`,
// which keeps the numbers a rule picks as their decimal text: the JSON number's own source where the
// engine hands it to the reviver, else the text rewritten before parsing, with the same result.

declare const exact: unique symbol;

/**
 * A decimal the API wrote, digit for digit, as a string: `'0.123456789012345678'`, `'-2.5'`, `'25'`
 * (no exponent, no trailing zeros). Arithmetic on it goes through bigint units, never a double.
 */
export type Decimal = string & { readonly [exact]: true };

/** Whether the number at property `key` (its JSON text `source`) is kept as a Decimal. */
export type KeepExact = (key: string, source: string) => boolean;

const JSON_NUMBER = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Exponents beyond this are no amount: refused rather than spelled out in a megabyte of zeros. */
const MAX_EXPONENT = 1000;

/** A JSON number's text as a plain decimal: `1.50` → `1.5`, `-2.5e-8` → `-0.000000025`, `-0` → `0`. */
export function exactDecimal(source: string): Decimal {
  const m = JSON_NUMBER.exec(source);
  if (!m) throw new SyntaxError(`not a JSON number: ${source}`);
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const shift = Number(exp);
  if (Math.abs(shift) > MAX_EXPONENT) throw new RangeError(`exponent out of range: ${source}`);
  const digits = int + frac;
  const point = int.length + shift;
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fraction = (point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point)).replace(/0+$/, '');
  const text = `${whole.replace(/^0+(?=\d)/, '')}${fraction ? `.${fraction}` : ''}`;
  return (sign && text !== '0' ? `-${text}` : text) as Decimal;
}

/** A decimal string typed as one, after checking it is written as the API writes them. */
export function decimal(text: string): Decimal {
  if (exactDecimal(text) !== text) throw new RangeError(`not a plain decimal: ${text}`);
  return text as Decimal;
}

/** The engine's reviver hands each primitive's JSON text over (`context.source`), as Chromium does. */
const SOURCE_TEXT = (() => {
  let seen = false;
  JSON.parse('[1.0]', (_key, value: unknown, context?: { source?: string }) => {
    if (context?.source === '1.0') seen = true;
    return value;
  });
  return seen;
})();

/**
 * A reviver that turns the numbers `keep` picks into Decimals from their source text. Only an
 * object's properties are candidates (an array's items have no name), as in `quoteExactNumbers`.
 */
export function exactReviver(keep: KeepExact) {
  return function (this: unknown, key: string, value: unknown, context?: { source?: string }): unknown {
    if (typeof value !== 'number' || Array.isArray(this) || context?.source === undefined) return value;
    return keep(key, context.source) ? exactDecimal(context.source) : value;
  };
}

// A JSON string (taken whole, so nothing inside one is read as a number), then, when it is a key,
// its colon and a number value followed by what may follow a value.
const KEYED_NUMBER = /("(?:[^"\\]|\\.)*")(?:(\s*:\s*)(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}\]]))?/g;

/**
 * The JSON text with each property value `keep` picks written as a JSON string of its exact
 * decimal, for engines without the reviver's source text. Strings are matched whole from the left,
 * so the first quote outside one always opens the next: a key is a string followed by a colon.
 */
export function quoteExactNumbers(text: string, keep: KeepExact): string {
  return text.replace(KEYED_NUMBER, (whole, key: string, colon: string | undefined, source: string | undefined) => {
    if (colon === undefined || source === undefined || !keep(JSON.parse(key) as string, source)) return whole;
    return `${key}${colon}"${exactDecimal(source)}"`;
  });
}

/** JSON text parsed with the numbers `keep` picks as Decimals, every digit kept; the others as JSON.parse gives them. */
export function parseExactJson(text: string, keep: KeepExact): unknown {
  return SOURCE_TEXT ? JSON.parse(text, exactReviver(keep)) : JSON.parse(quoteExactNumbers(text, keep));
}

/** `parseExactJson`, or null when the text is not JSON (a proxy's error page, an empty body). */
export function parseExactJsonOrNull(text: string, keep: KeepExact): unknown {
  try {
    return parseExactJson(text, keep);
  } catch {
    return null;
  }
}

/**
 * For JSON no schema describes (an error's `extension`, an audit entry's detail): a number is kept
 * as a Decimal unless it is an integer a double holds exactly, so counts and indexes stay numbers
 * and no amount is rounded.
 */
export const unlessSafeInteger: KeepExact = (_key, source) => !/^-?\d+$/.test(source) || !Number.isSafeInteger(Number(source));

/**
 * The rule for the API's answers, from the names its OpenAPI document gives numbers (api-types.ts,
 * whose generator refuses a name that is both): a decimal's name keeps it as a Decimal, another
 * number's name keeps it a number, and a name the document never gives a number (JSON it leaves
 * open, as an error's extension) goes by `unlessSafeInteger`.
 */
export function byName(decimalFields: ReadonlySet<string>, numberFields: ReadonlySet<string>): KeepExact {
  return (key, source) => decimalFields.has(key) || (!numberFields.has(key) && unlessSafeInteger(key, source));
}
