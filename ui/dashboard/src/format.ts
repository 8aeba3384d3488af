// Formatting at the edge: the API's amounts arrive as Decimals (exact JSON numbers kept as their
// text, api.ts) and times as ISO strings. Numbers are written the way the page's locale reads them
// (locale.ts), the same way amount fields parse.
import type { Decimal } from './decimal.ts';
import { LOCALE } from './locale.ts';

// 18: the most decimals any currency has (ETH, BNB). Exact to the digit the API sent, no padding.
const crypto = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 18 });
const signed = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 18, signDisplay: 'exceptZero' });
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const when = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * `12.5 USDT_TRC20` (`12,5 USDT_TRC20` in German); a dash when there is none. Every digit the
 * amount has, and no more: a wallet's 18 decimals are shown when the amount has them, never
 * rounded to fewer, and 12.5 is not padded to 12.500000. A decimal string is formatted exactly.
 */
export function amount(value: Decimal | string | null | undefined, code?: string | null): string {
  if (value === null || value === undefined) return '—';
  const text = exactly(crypto, value);
  return code ? `${text} ${code}` : text;
}

/** A decimal string formatted digit for digit: Intl reads one exactly (a number it would first make a double); its types name only numbers. */
function exactly(format: Intl.NumberFormat, value: string): string {
  return format.format(value as unknown as number);
}

/** A difference, its sign always said: `+1 USDT_TRC20`, `-59.5 USDC_ERC20`, `0 ETH`; exact as `amount`. */
export function signedAmount(value: Decimal | string | null | undefined, code?: string | null): string {
  if (value === null || value === undefined) return '—';
  const text = exactly(signed, value);
  return code ? `${text} ${code}` : text;
}

/** A count or a block height with the locale's digit groups: `1,234,567` (`1.234.567` in German); a dash when unknown. */
export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : whole.format(value);
}

/** `$1,234.56`, from a Decimal of dollars. */
export function usd(value: Decimal | null | undefined): string {
  return value === null || value === undefined ? '—' : exactly(dollars, value);
}

/** A fiat amount in its own currency: `25.00 EUR`. */
export function fiat(value: Decimal, code: string): string {
  try {
    return exactly(new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code }), value);
  } catch {
    return `${value} ${code}`;
  }
}

/** A moment as people read it, in their time zone. */
export function dateTime(iso: string | null | undefined): string {
  return iso ? when.format(new Date(iso)) : '—';
}

/** `Mar 4` for a `YYYY-MM-DD` day (UTC, as the API counts days). */
export function shortDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}

/** `created` → `Created`, `partially_paid` → `Partially paid`, `awaitingApproval` → `Awaiting approval`. */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first characters of a long id or hash, for tables. */
export function short(id: string | null | undefined, length = 10): string {
  if (!id) return '—';
  return id.length > length + 2 ? `${id.slice(0, length)}…` : id;
}

/**
 * How a withdrawal is named everywhere (heading, lists, links, refunds): its id's first characters,
 * one name for one withdrawal. Its order id is a fact of its own (a dashboard withdrawal's is random).
 */
export function withdrawalName(id: string): string {
  return `Withdrawal ${short(id, 8)}`;
}

/** How a withdrawal batch is named everywhere (heading, lists, links): its id's first characters. */
export function batchName(id: string): string {
  return `Batch ${short(id, 8)}`;
}

/** `m:ss` for a countdown. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Today as `YYYY-MM-DD` (the date inputs' value), shifted by some days. */
export function isoDay(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
