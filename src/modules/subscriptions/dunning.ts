/**
 * An unpaid period: nothing happens until its grace period is over; then the subscription goes
 * pastDue and the customer is reminded, at most SUBSCRIPTION_REMINDERS times, spaced by
 * SUBSCRIPTION_REMINDER_INTERVAL_HOURS; once dunning is over it expires and the period's invoice,
 * if no money reached it, is cancelled. Paying in full brings it back to active (billing.ts).
 */
import type { AppContext } from '../../context.ts';
import type { Trx } from '../../lib/db/index.ts';
import { notice, enqueue } from '../../lib/outbox.ts';
import { formatUnits } from '../../lib/money.ts';
import { knownFiat } from '../../lib/currencies/catalogue.ts';
import { cancelUnpaidFrom } from './invoices.ts';
import { dunningEnd, hoursAfter } from './periods.ts';
import { loadKnownSubscription, type CustomerRow, type PlanRow, type SubscriptionView } from './record.ts';
import { changeSubscriptionStatus } from './status.ts';

/** A subscription whose current period is unpaid, one round on. */
export async function dun(
  ctx: AppContext,
  trx: Trx,
  row: SubscriptionView,
  plan: PlanRow,
  customer: CustomerRow,
  at: Date,
): Promise<SubscriptionView> {
  const s = ctx.config.subscriptions;
  const due = row.current_period_start;
  if (row.status !== 'pastDue') {
    if (at < hoursAfter(due, s.graceHours)) return row;
    const first = s.reminders > 0 ? { reminders_sent: 1, last_reminder_at: at } : {};
    const moved = await changeSubscriptionStatus(trx, row, 'pastDue', first);
    if (s.reminders > 0) await remind(ctx, trx, moved, plan, customer, 1);
    return moved;
  }
  if (at >= dunningEnd(ctx, due)) {
    await cancelUnpaidFrom(ctx, trx, row.id, row.period_number);
    return changeSubscriptionStatus(trx, row, 'expired', { ended_at: at });
  }
  const last = row.last_reminder_at;
  if (row.reminders_sent >= s.reminders || (last && at < hoursAfter(last, s.reminderIntervalHours))) return row;
  const n = row.reminders_sent + 1;
  await trx.updateTable('subscriptions').set({ reminders_sent: n, last_reminder_at: at }).where('id', '=', row.id).execute();
  const updated = await loadKnownSubscription(trx, row.id);
  await remind(ctx, trx, updated, plan, customer, n);
  return updated;
}

/** Payment reminder `n` to the customer, a mail-only notice written in the round's transaction. */
async function remind(ctx: AppContext, trx: Trx, row: SubscriptionView, plan: PlanRow, customer: CustomerRow, n: number): Promise<void> {
  const period = await trx
    .selectFrom('subscription_periods')
    .select(['invoice_id', 'amount_minor', 'fiat_currency'])
    .where('subscription_id', '=', row.id)
    .where('period_number', '=', row.period_number)
    .executeTakeFirst();
  const fiat = knownFiat(plan.fiat_currency);
  await enqueue(
    trx,
    notice(row.tenant_id, 'subscription.paymentReminder', row.id, {
      subscriptionId: row.id,
      invoiceId: period?.invoice_id ?? null,
      customerEmail: customer.email,
      customerName: customer.name,
      customerLanguage: customer.language,
      planName: plan.name,
      amount: formatUnits(BigInt(period?.amount_minor ?? plan.amount_minor), fiat.decimals),
      fiatCurrencyCode: fiat.code,
      dueAt: row.current_period_start.toISOString(),
      endsAt: dunningEnd(ctx, row.current_period_start).toISOString(),
      reminder: n,
      reminders: ctx.config.subscriptions.reminders,
      paymentPageUrl: period?.invoice_id ? `${ctx.config.publicBaseUrl}/pay/${period.invoice_id}` : null,
    }),
  );
}
