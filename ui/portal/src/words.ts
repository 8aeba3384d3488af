// The portal's words and formats: its sentences from the page's dictionary (the server's
// `page-text` block, read by the payment page's own text module), prices with their interval in
// the page's locale, and dates as UTC calendar days (a period's bounds are UTC instants, so every
// customer sees the same day).
import { TEXT, money as pageMoney, t } from '../../pay/src/text.ts';
import type { Decimal } from '../../shared/exact-json.ts';
import type { Invoice, Subscription } from './api.ts';

export { t };

const DATES = new Intl.DateTimeFormat(TEXT.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as the portal writes it: 29 November 2026 in en-GB, 29. November 2026 in German. */
export const day = (iso: string): string => DATES.format(new Date(iso));

/** An amount in its currency, in the page's locale, every digit the API wrote (display only: nothing is computed with it). */
export const money = (amount: Decimal, currency: string): string => pageMoney(amount, currency);

/** A plan's price: $10.00 per month, $25.00 every 3 months. */
export function price(s: Subscription): string {
  const amount = money(s.amount, s.fiatCurrencyCode);
  const unit = s.interval === 'week' || s.interval === 'year' ? s.interval : 'month';
  return s.intervalCount === 1 ? t(`portal.per.${unit}`, { amount }) : t(`portal.every.${unit}`, { amount, count: s.intervalCount });
}

/** A subscription's status in words. */
export function subscriptionStatus(s: Subscription): string {
  const date = day(s.currentPeriodEnd);
  switch (s.status) {
    case 'trialing':
      return s.cancelAtPeriodEnd ? t('portal.status.trialEnds', { date }) : t('portal.status.trialing');
    case 'active':
      return s.cancelAtPeriodEnd ? t('portal.status.activeEnds', { date }) : t('portal.status.active');
    case 'pastDue':
    case 'cancelled':
    case 'expired':
      return t(`portal.status.${s.status}`);
  }
}

/** Whether a subscription still runs (and may be cancelled). */
export const running = (s: Subscription): boolean => s.status === 'trialing' || s.status === 'active' || s.status === 'pastDue';

/** When the next invoice comes: at the end of the current period, unless the subscription ends there. */
export function nextInvoice(s: Subscription): string {
  if (!running(s)) return t('portal.next.none');
  return s.cancelAtPeriodEnd ? t('portal.next.ends', { date: day(s.currentPeriodEnd) }) : day(s.currentPeriodEnd);
}

/** An invoice may still be paid on its payment page. */
export const payable = (i: Invoice): boolean => !i.paid && (i.invoiceStatus === 'created' || i.invoiceStatus === 'partially_paid');

/** An invoice's state in words, and the badge's class. */
export function invoiceStatus(i: Invoice): [string, string] {
  if (i.paid) return [t(i.paidBy === 'credit' ? 'portal.invoice.credit' : 'portal.invoice.paid'), 'paid'];
  switch (i.invoiceStatus) {
    case 'created':
    case 'partially_paid':
      return [t(`portal.invoice.${i.invoiceStatus}`), 'open'];
    case 'processing':
      return [t('portal.invoice.processing'), 'processing'];
    case 'expired':
    case 'cancelled':
      return [t(`portal.invoice.${i.invoiceStatus}`), 'ended'];
    default:
      return [t('portal.invoice.unpaid'), 'open'];
  }
}
