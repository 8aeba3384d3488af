/**
 * The billing round: each open subscription with something due is locked (`FOR UPDATE SKIP
 * LOCKED`: a subscription another worker holds is left to it) and brought up to the clock in one
 * transaction: invoices paid since, the next period billed ahead of its start, the period advanced
 * at its end, dunning of an unpaid one, and a cancellation at the period's end.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Trx } from '../../lib/db/index.ts';
import { payFromCredit } from './credit.ts';
import { dun } from './dunning.ts';
import { cancelMoneyless, cancelUnpaidFrom, notePaidInvoices } from './invoices.ts';
import { clockOf, hoursAfter, issuePeriod } from './periods.ts';
import { loadKnownSubscription, type CustomerRow, type PlanRow, type SubscriptionView } from './record.ts';
import { OPEN_STATUSES, changeSubscriptionStatus, subscriptionMachine } from './status.ts';

/** One round: the subscriptions billed (at most `limit`). */
export async function billingRound(ctx: AppContext, limit = 100): Promise<number> {
  const at = clockOf(ctx);
  const ids = await dueSubscriptions(ctx, at, limit);
  let billed = 0;
  for (const id of ids) if (await ctx.db.transaction().execute((trx) => billOne(ctx, trx, id, at))) billed++;
  return billed;
}

/**
 * Open subscriptions with something to do: their period ends within the invoice lead time, they
 * are pastDue, or their current period is unpaid (its invoice may have been paid, or its grace run out).
 */
async function dueSubscriptions(ctx: AppContext, at: Date, limit: number): Promise<string[]> {
  const horizon = hoursAfter(at, ctx.config.subscriptions.invoiceLeadHours);
  const rows = await ctx.db
    .selectFrom('subscriptions as s')
    .select('s.id')
    .where('s.status', 'in', [...OPEN_STATUSES])
    .where((eb) =>
      eb.or([
        eb('s.current_period_end', '<=', horizon),
        eb('s.status', '=', 'pastDue'),
        eb.exists(
          eb
            .selectFrom('subscription_periods as p')
            .select('p.period_number')
            .whereRef('p.subscription_id', '=', 's.id')
            .whereRef('p.period_number', '=', 's.period_number')
            .where('p.paid_at', 'is', null),
        ),
      ]),
    )
    .orderBy('s.current_period_end')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Brings one subscription up to `at`; false when another worker holds it or it has ended. */
async function billOne(ctx: AppContext, trx: Trx, id: string, at: Date): Promise<boolean> {
  const locked = await trx
    .selectFrom('subscriptions')
    .select(['id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!locked || subscriptionMachine.isFinal(locked.status)) return false;
  const row = await loadKnownSubscription(trx, id);
  const plan = await trx.selectFrom('subscription_plans').selectAll().where('id', '=', row.plan_id).executeTakeFirstOrThrow();
  const customer = await trx.selectFrom('subscription_customers').selectAll().where('id', '=', row.customer_id).executeTakeFirstOrThrow();
  await notePaidInvoices(ctx, trx, id);
  if (row.cancel_at_period_end && at >= row.current_period_end) {
    await cancelUnpaidFrom(ctx, trx, id, row.period_number + 1);
    await changeSubscriptionStatus(trx, row, 'cancelled', { cancelled_at: row.cancelled_at ?? at, ended_at: at });
    return true;
  }
  let current = row;
  if (!(await currentPaid(ctx, trx, current))) {
    await dun(ctx, trx, current, plan, customer, at);
    return true;
  }
  // Paid in full: a pastDue one, or one whose trial ended before its first period was paid, is active again.
  if (current.status === 'pastDue' || (current.status === 'trialing' && current.period_number > 0))
    current = await changeSubscriptionStatus(trx, current, 'active', { reminders_sent: 0, last_reminder_at: null });
  await renew(ctx, trx, current, plan, customer, at);
  return true;
}

/**
 * Whether the current period is paid: a trial always is; an unpaid one is paid from the
 * customer's credit here when it covers the price (its invoice, if no money reached it, cancelled).
 */
async function currentPaid(ctx: AppContext, trx: Trx, row: SubscriptionView): Promise<boolean> {
  if (row.period_number === 0) return true;
  const period = await trx
    .selectFrom('subscription_periods')
    .select(['paid_at', 'invoice_id', 'amount_minor', 'fiat_currency'])
    .where('subscription_id', '=', row.id)
    .where('period_number', '=', row.period_number)
    .executeTakeFirstOrThrow();
  if (period.paid_at !== null) return true;
  const invoice = period.invoice_id
    ? await trx.selectFrom('invoices').select('status').where('id', '=', period.invoice_id).executeTakeFirst()
    : undefined;
  if (invoice && invoice.status !== 'created' && invoice.status !== 'expired') return false;
  const charge = {
    subscriptionId: row.id,
    tenantId: row.tenant_id,
    accountId: row.account_id,
    customerId: row.customer_id,
    number: row.period_number,
    amountMinor: period.amount_minor,
    fiatCurrency: period.fiat_currency,
  };
  if (!(await payFromCredit(ctx, trx, charge))) return false;
  await cancelMoneyless(ctx, trx, period.invoice_id);
  return true;
}

/** A paid-up subscription: its next period billed within the lead time, and entered at the current one's end. */
async function renew(ctx: AppContext, trx: Trx, row: SubscriptionView, plan: PlanRow, customer: CustomerRow, at: Date): Promise<void> {
  const next = row.period_number + 1;
  const end = row.current_period_end;
  if (!row.cancel_at_period_end && at >= hoursAfter(end, -ctx.config.subscriptions.invoiceLeadHours)) {
    await issuePeriod(ctx, trx, { sub: row, plan, customer, number: next, start: end });
  }
  if (at < end) return;
  const period = await trx
    .selectFrom('subscription_periods')
    .selectAll()
    .where('subscription_id', '=', row.id)
    .where('period_number', '=', next)
    .executeTakeFirst();
  if (!period) return;
  const set = {
    period_number: next,
    current_period_start: period.starts_at,
    current_period_end: period.ends_at,
    reminders_sent: 0,
    last_reminder_at: null,
  };
  if (period.paid_at !== null && row.status === 'trialing') {
    await changeSubscriptionStatus(trx, row, 'active', set);
    return;
  }
  await trx
    .updateTable('subscriptions')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .execute();
}
