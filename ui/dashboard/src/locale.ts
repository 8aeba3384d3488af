// Numbers as the person at the page writes them: the browser's language decides the decimal and
// group separators (49,90 in German, French and Russian; 49.90 in English), for reading amount
// fields and for showing amounts alike. The dashboard speaks English; the numbers follow the browser.

/** The browser's languages (none where there is no browser: the unit tests name their locale). */
declare const navigator: { languages?: readonly string[]; language?: string } | undefined;
const browser = typeof navigator === 'undefined' ? undefined : navigator;

/** The page's locale: the browser's first language (what Intl uses by default, named once here). */
export const LOCALE: string = supported(browser?.languages?.[0] ?? browser?.language);

function supported(tag: string | undefined): string {
  try {
    return tag && Intl.NumberFormat.supportedLocalesOf([tag]).length ? tag : 'en';
  } catch {
    return 'en';
  }
}

/** The symbols a locale writes numbers with. */
export interface NumberSymbols {
  decimal: string;
  group: string;
  /** The locale's digits 0 to 9 (Arabic-Indic ones in some locales). */
  digits: string[];
}

/** The locale's decimal and group separators and digits, as Intl writes 1234567.8 and 0 to 9. */
export function numberSymbols(locale = LOCALE): NumberSymbols {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.8);
  const digits = Array.from({ length: 10 }, (_, i) => new Intl.NumberFormat(locale, { useGrouping: false }).format(i));
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    digits,
  };
}

/** What an amount field holds: an exact decimal (`'49.9'`), or why it cannot be read. */
export type ParsedAmount = { ok: true; value: string } | { ok: false; message: string };

const SPACES = /[\s\u00a0\u202f\u2009]/g;

/** Whether a group separator is a kind of space (fr, ru, pl…) or an apostrophe (de-CH). */
function normalGroup(group: string): string {
  if (/^[\s\u00a0\u202f\u2009]$/.test(group)) return ' ';
  if (/^['\u2019]$/.test(group)) return "'";
  return group;
}

/**
 * An amount as typed, read by the locale's separators into an exact decimal string (never through
 * a double). Refused, with a sentence saying how to write it: anything but digits and the locale's
 * separators, two decimal separators, group separators where the locale puts none (so `49.90` in
 * German and `49,90` in English, which mean another number there, are refused, not misread), and
 * more decimals than `decimals`. A point is read as the decimal separator in locales that use it
 * for nothing else (French, Russian: their groups are spaces).
 */
export function parseAmount(text: string, decimals: number, locale = LOCALE): ParsedAmount {
  const symbols = numberSymbols(locale);
  const group = normalGroup(symbols.group);
  let s = toAsciiDigits(text.trim(), symbols.digits)
    .replace(SPACES, ' ')
    .replace(/\u2019/g, "'");
  if (!s) return { ok: false, message: 'Enter an amount.' };
  const example = exampleAmount(locale);
  if (s.startsWith('-')) return { ok: false, message: 'Enter an amount above zero.' };
  let decimal = symbols.decimal;
  // A point in a locale whose decimal is a comma and whose groups are spaces or apostrophes.
  if (decimal !== '.' && group !== '.' && !s.includes(decimal) && s.split('.').length === 2) decimal = '.';
  const [int = '', frac, extra] = s.split(decimal);
  if (extra !== undefined) return { ok: false, message: `Write one decimal separator, as in ${example}.` };
  const misplaced = `Write the decimals after ${separatorName(symbols.decimal)}, as in ${example}.`;
  if (frac !== undefined && !/^\d*$/.test(frac))
    return { ok: false, message: /[.,]/.test(frac) ? misplaced : `Write the amount with digits, as in ${example}.` };
  const digits = int.includes(group) ? ungroup(int, group, locale) : int;
  if (digits === null || !/^\d*$/.test(digits) || (digits === '' && !frac)) {
    return { ok: false, message: /^[\d.,' ]+$/.test(int) ? misplaced : `Write the amount with digits, as in ${example}.` };
  }
  const whole = digits.replace(/^0+(?=\d)/, '') || '0';
  if ((frac ?? '').length > decimals) {
    return { ok: false, message: decimals === 0 ? 'Enter a whole amount, without decimals.' : `Use at most ${decimals} decimal places.` };
  }
  if (/^0*$/.test(whole + (frac ?? ''))) return { ok: false, message: 'Enter an amount above zero.' };
  s = frac ? `${whole}.${frac}` : whole;
  return { ok: true, value: s };
}

/** The integer part without its group separators, when they stand where the locale puts them; else null. */
function ungroup(int: string, group: string, locale: string): string | null {
  const digits = int.split(group).join('');
  if (!/^\d+$/.test(digits)) return null;
  const symbols = numberSymbols(locale);
  // `always` also groups 1234 in locales that leave four digits alone (es, pl): either form is read.
  for (const useGrouping of ['always', true]) {
    const parts = new Intl.NumberFormat(locale, { useGrouping } as Intl.NumberFormatOptions).formatToParts(BigInt(digits));
    const written = parts
      .map((p) => (p.type === 'group' ? group : p.type === 'integer' ? toAsciiDigits(p.value, symbols.digits) : ''))
      .join('');
    if (written === int) return digits;
  }
  return null;
}

/** How a sentence names a decimal separator. */
function separatorName(symbol: string): string {
  return symbol === ',' ? 'a comma' : symbol === '.' ? 'a point' : `“${symbol}”`;
}

/** Digits of the locale (١٢٣) as ASCII ones. */
function toAsciiDigits(text: string, digits: string[]): string {
  return digits[0] === '0' ? text : [...text].map((c) => (digits.includes(c) ? String(digits.indexOf(c)) : c)).join('');
}

/** `49,90` / `49.90`: how the locale writes a price, for hints and messages. */
export function exampleAmount(locale = LOCALE): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(49.9);
}

/**
 * An exact decimal (`'1234.5'`) as the locale writes it into a field: its decimal separator, no
 * group separators (the value is for editing, not reading).
 */
export function inputAmount(decimal: string, locale = LOCALE): string {
  const symbols = numberSymbols(locale);
  const localDigits = (s: string) => (symbols.digits[0] === '0' ? s : s.replace(/\d/g, (d) => symbols.digits[Number(d)] ?? d));
  return localDigits(decimal).replace('.', symbols.decimal);
}
