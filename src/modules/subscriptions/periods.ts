/**
 * A subscription's periods: their bounds (calendar arithmetic in UTC) and the issuing of one
 * period's invoice. A period's row is inserted first, keyed by (subscription, number): of two
 * workers that bill the same period only one inserts it, and only that one writes its invoice.
 */
import type { AppContext } from '../../context.ts';
import type { Trx } from '../../lib/db/index.ts';
import type { PlanInterval } from '../../lib/db/schema.ts';
import { enqueue, notice } from '../../lib/outbox.ts';
import { formatUnits } from '../../lib/money.ts';
import { knownFiat } from '../../lib/currencies/catalogue.ts';
import { draftInvoiceIn, insertInvoice } from '../invoices/create.ts';
import { rememberCustomerLanguage } from '../invoices/select.ts';
import { payFromCredit } from './credit.ts';
import type { CustomerRow, PlanRow, SubscriptionRow } from './record.ts';

const HOUR = 3_600_000;

/** The time subscription billing reads: the context's clock, else the system's. */
export function clockOf(ctx: AppContext): Date {
  return ctx.clock?.() ?? new Date();
}

export const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR);

/**
 * The end of a period that starts at `start`: `count` weeks, months or years later. A month
 * later than the 31st is the last day of a shorter month (31 January + 1 month = 28 or 29 February).
 */
export function periodEnd(start: Date, interval: PlanInterval, count: number): Date {
  if (interval === 'week') return new Date(start.getTime() + count * 7 * 24 * HOUR);
  const months = interval === 'month' ? count : count * 12;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/** When dunning of a period due at `due` ends and its subscription expires. */
export function dunningEnd(ctx: AppContext, due: Date): Date {
  const s = ctx.config.subscriptions;
  return hoursAfter(due, s.graceHours + Math.max(s.reminders, 1) * s.reminderIntervalHours);
}

/** What one period bills: the plan's price, of the subscription's customer. */
export interface PeriodBill {
  sub: Pick<SubscriptionRow, 'id' | 'tenant_id' | 'account_id'>;
  plan: PlanRow;
  customer: CustomerRow;
  number: number;
  start: Date;
}

/**
 * Bills period `number` (starting at `start`, due then): its row, then prepaid credit if it covers
 * the price, else an invoice of the subscription's account mailed to the customer. False when the
 * period was billed before (by this worker or another).
 */
export async function issuePeriod(ctx: AppContext, trx: Trx, bill: PeriodBill): Promise<boolean> {
  const { sub, plan, customer, number, start } = bill;
  const end = periodEnd(start, plan.interval, plan.interval_count);
  const inserted = await trx
    .insertInto('subscription_periods')
    .values({
      subscription_id: sub.id,
      period_number: number,
      starts_at: start,
      ends_at: end,
      amount_minor: plan.amount_minor,
      fiat_currency: plan.fiat_currency,
      invoice_id: null,
      paid_by: null,
      paid_at: null,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'period_number']).doNothing())
    .returning('period_number')
    .executeTakeFirst();
  if (!inserted) return false;
  if (
    await payFromCredit(ctx, trx, {
      subscriptionId: sub.id,
      tenantId: sub.tenant_id,
      accountId: sub.account_id,
      customerId: customer.id,
      number,
      amountMinor: plan.amount_minor,
      fiatCurrency: plan.fiat_currency,
    })
  )
    return true;
  const invoice = await periodInvoice(ctx, trx, bill, end);
  await trx
    .updateTable('subscription_periods')
    .set({ invoice_id: invoice.id })
    .where('subscription_id', '=', sub.id)
    .where('period_number', '=', number)
    .execute();
  await enqueue(
    trx,
    notice(sub.tenant_id, 'subscription.invoiceIssued', sub.id, {
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      customerEmail: customer.email,
      customerName: customer.name,
      customerLanguage: customer.language,
      planName: plan.name,
      amount: invoice.amount,
      fiatCurrencyCode: plan.fiat_currency,
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      dueAt: start.toISOString(),
      paymentPageUrl: invoice.paymentPageUrl,
    }),
  );
  return true;
}

/** The period's invoice, payable until its dunning ends (within the installation's longest invoice). */
async function periodInvoice(ctx: AppContext, trx: Trx, bill: PeriodBill, end: Date) {
  const { sub, plan, customer, number, start } = bill;
  const fiat = knownFiat(plan.fiat_currency);
  const price = formatUnits(BigInt(plan.amount_minor), fiat.decimals);
  const minutes = Math.ceil((dunningEnd(ctx, start).getTime() - clockOf(ctx).getTime()) / 60_000);
  const item = {
    name: `${plan.name}, ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`,
    quantity: 1,
    cost: Number(price),
  };
  const draft = await draftInvoiceIn(
    trx,
    ctx,
    { tenantId: sub.tenant_id, accountId: sub.account_id },
    {
      fiatCurrencyCode: fiat.code,
      orderId: `subscription-${sub.id}-${number}`,
      items: [item],
      customerEmail: customer.email,
      expiresInMinutes: Math.max(15, minutes),
    },
    { amount: price, items: [{ quantity: '1', cost: price }] },
  );
  const invoice = await insertInvoice(ctx, trx, draft);
  // The customer's language is the invoice's until they pick another on its page: its receipt speaks it.
  if (customer.language) await rememberCustomerLanguage(trx, invoice.id, customer.language);
  return invoice;
}
