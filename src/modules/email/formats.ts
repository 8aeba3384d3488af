/** Money and times in a customer's mail, written for people in their locale from exact decimal text. */
import { findCurrency } from '../../lib/currencies/catalogue.ts';

/** A fiat amount in the locale's currency style; the decimal text goes to Intl, which formats it exactly. */
export function fiat(locale: string, amount: string, code: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount as unknown as number);
  } catch {
    return `${amount} ${code}`;
  }
}

/** A crypto amount with every decimal it has, and its symbol. */
export function crypto(locale: string, amount: string, code: string): string {
  const c = findCurrency(code);
  if (!c) return `${amount} ${code}`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: c.decimals }).format(amount as unknown as number)} ${c.symbol}`;
}

/** A moment: its date and time in UTC, said so. */
export const date = (locale: string, iso: string) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

/** A calendar day in UTC, as a period's bounds are (every customer sees the same day). */
export const day = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
