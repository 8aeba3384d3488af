// The payment page's words and numbers: the dictionary the server put in the page's
// `<script type="application/json" id="page-text">` block, sentences with their placeholders
// filled in, and amounts and dates in the page's locale. Crypto amounts stay exact decimal strings:
// the integer part is grouped by Intl as a BigInt, the decimal separator is learnt from
// `formatToParts`, and the fraction digits are copied as they are. `applyText` switches the whole
// page to another language in place (the static texts carry `data-i18n*` attributes).
import type { Decimal } from '../../shared/exact-json.ts';

/** A language's words as the server sends them: in the page's data block, or from `GET /pay/{id}/i18n/{lang}`. */
export interface PageText {
  lang: string;
  locale: string;
  t: Record<string, string>;
}

/** The page's current words (replaced by a language switch). */
export let TEXT = JSON.parse(document.getElementById('page-text')?.textContent ?? 'null') as PageText;
let NUM = new Intl.NumberFormat(TEXT.locale);
let DEC = '.';
let DATES = new Intl.DateTimeFormat(TEXT.locale);

function useLocale(): void {
  NUM = new Intl.NumberFormat(TEXT.locale);
  DEC = NUM.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  DATES = new Intl.DateTimeFormat(TEXT.locale, { dateStyle: 'medium', timeStyle: 'short' });
}
useLocale();

/** The sentence for a key in the page's language, its {placeholders} filled from vars. */
export function t(key: string, vars?: Record<string, string | number | undefined>): string {
  const text = Object.hasOwn(TEXT.t, key) ? (TEXT.t[key] ?? key) : key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (vars[k] != null ? String(vars[k]) : m)) : text;
}

/**
 * An exact decimal string ('1234.5678') in the page's locale, never through a float and never
 * rounded: the integer part grouped, every fraction digit kept (the server sends no trailing zeros).
 */
export function decimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  return (m[1] ? '-' : '') + NUM.format(BigInt(m[2] ?? '')) + (m[3] ? DEC + m[3] : '');
}

/** A crypto amount and its symbol: '1,234.5 USDT' in English, '1.234,5 USDT' in German; the same for every amount on the page. */
export function coin(amount: string, symbol: string): string {
  return `${decimal(amount)} ${symbol}`;
}

/** A decimal string as atomic units (BigInt), for comparisons and progress without floats. */
export function atomic(text: string, decimals: number): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole + frac.padEnd(decimals, '0').slice(0, decimals));
}

/** A Decimal of the API (its exact JSON number, api.ts) as integer units and their places: `'-1.25'` → -125 and 2. */
function unitsOf(value: Decimal): { units: bigint; places: number } {
  const [whole = '0', frac = ''] = value.split('.');
  return { units: BigInt(whole + frac), places: frac.length };
}

/** The exact product of two of the API's decimals (an item's cost × its quantity), as a decimal string. */
export function times(a: Decimal, b: Decimal): string {
  const [x, y] = [unitsOf(a), unitsOf(b)];
  const places = x.places + y.places;
  const product = x.units * y.units;
  const digits = (product < 0n ? -product : product).toString().padStart(places + 1, '0');
  const sign = product < 0n ? '-' : '';
  return sign + (places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits);
}

/** A fiat amount in the locale's currency style; the decimal string itself goes to Intl, which formats it exactly. */
export function money(amount: string, code: string, maxFraction?: number): string {
  try {
    const opts: Intl.NumberFormatOptions = { style: 'currency', currency: code };
    if (maxFraction) opts.maximumFractionDigits = maxFraction;
    // Intl reads a decimal string exactly; its types only name numbers.
    return new Intl.NumberFormat(TEXT.locale, opts).format(amount as unknown as number);
  } catch {
    return `${decimal(amount)} ${code}`;
  }
}

/** A date and time in the locale, in the customer's own time zone. */
export function when(iso: string): string {
  return DATES.format(new Date(iso));
}

/** Names joined as the locale says "a, b or c". */
export function anyOf(names: string[]): string {
  return new Intl.ListFormat(TEXT.locale, { type: 'disjunction' }).format(names);
}

/** Puts the page in another language in place: the document's lang, its title and every static text. */
export function applyText(next: PageText): void {
  TEXT = next;
  useLocale();
  document.documentElement.lang = next.lang;
  document.title = t('title');
  for (const e of document.querySelectorAll<HTMLElement>('[data-i18n]')) e.textContent = t(e.dataset.i18n ?? '', { ...e.dataset });
  for (const e of document.querySelectorAll<HTMLElement>('[data-i18n-label]')) e.setAttribute('aria-label', t(e.dataset.i18nLabel ?? ''));
  for (const e of document.querySelectorAll<HTMLImageElement>('[data-i18n-alt]')) e.alt = t(e.dataset.i18nAlt ?? '');
}

/** Remembers the choice: in the address (a reload or a shared link keeps it) and in a cookie for the next visit. */
export function rememberLanguage(lang: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers the page serves.
  document.cookie = `pay_lang=${lang}; path=/pay; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(history.state, '', url.href);
}
