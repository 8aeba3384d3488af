// Formatting at the edge: the API sends amounts as JSON numbers and times as ISO strings.

const crypto = new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 });
const dollars = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `12.5 USDT_TRC20`; a dash when there is none. */
export function amount(value: number | null | undefined, code?: string | null): string {
  if (value === null || value === undefined) return '—';
  return code ? `${crypto.format(value)} ${code}` : crypto.format(value);
}

/** `$1,234.56`. */
export function usd(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : dollars.format(value);
}

/** A fiat amount in its own currency: `25.00 EUR`. */
export function fiat(value: number, code: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(value);
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

/** `created` → `Created`, `partially_paid` → `Partially paid`. */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first characters of a long id or hash, for tables. */
export function short(id: string | null | undefined, length = 10): string {
  if (!id) return '—';
  return id.length > length + 2 ? `${id.slice(0, length)}…` : id;
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
