// The portal's words and formats: statuses in plain English, prices with their interval, dates in UTC
// (a period's bounds are UTC instants, so every customer sees the same calendar day).
import type { Invoice, Subscription } from './api.ts';

const DATES = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as the portal writes it: 29 November 2026. */
export const day = (iso: string): string => DATES.format(new Date(iso));

/** An amount in its currency: $10.00 (display only: nothing is computed with it). */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A plan's price: $10.00 per month, $25.00 every 3 months. */
export function price(s: Subscription): string {
  const each = s.intervalCount === 1 ? `per ${s.interval}` : `every ${s.intervalCount} ${s.interval}s`;
  return `${money(s.amount, s.fiatCurrencyCode)} ${each}`;
}

/** A subscription's status in words. */
export function subscriptionStatus(s: Subscription): string {
  switch (s.status) {
    case 'trialing':
      return s.cancelAtPeriodEnd ? `On trial, ends ${day(s.currentPeriodEnd)}` : 'On trial';
    case 'active':
      return s.cancelAtPeriodEnd ? `Active, ends ${day(s.currentPeriodEnd)}` : 'Active';
    case 'pastDue':
      return 'Payment overdue';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Ended: not paid';
  }
}

/** Whether a subscription still runs (and may be cancelled). */
export const running = (s: Subscription): boolean => s.status === 'trialing' || s.status === 'active' || s.status === 'pastDue';

/** When the next invoice comes: at the end of the current period, unless the subscription ends there. */
export function nextInvoice(s: Subscription): string {
  if (!running(s)) return 'None';
  return s.cancelAtPeriodEnd ? `None: ends ${day(s.currentPeriodEnd)}` : day(s.currentPeriodEnd);
}

/** An invoice may still be paid on its payment page. */
export const payable = (i: Invoice): boolean => !i.paid && (i.invoiceStatus === 'created' || i.invoiceStatus === 'partially_paid');

/** An invoice's state in words, and the badge's class. */
export function invoiceStatus(i: Invoice): [string, string] {
  if (i.paid) return [i.paidBy === 'credit' ? 'Paid from credit' : 'Paid', 'paid'];
  switch (i.invoiceStatus) {
    case 'created':
      return ['Awaiting payment', 'open'];
    case 'partially_paid':
      return ['Partly paid', 'open'];
    case 'processing':
      return ['Payment being confirmed', 'processing'];
    case 'expired':
      return ['Expired', 'ended'];
    case 'cancelled':
      return ['Cancelled', 'ended'];
    default:
      return ['Not paid', 'open'];
  }
}
