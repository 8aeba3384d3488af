/**
 * What a customer does in their portal, named by a verified link: read their subscriptions and
 * their periods' invoices, change their email and its language, cancel a subscription (now or at the period's end).
 * Only the link's customer's own objects are reachable; anything else is a 404.
 */
import type { AppContext } from '../../context.ts';
import { enqueue, notice } from '../../lib/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import { knownFiat } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import type { Language } from '../pay/i18n/index.ts';
import { updateCustomerRow } from './customers.ts';
import { cancelNow, setCancelAtPeriodEnd } from './manage.ts';
import {
  customerRecord,
  periodRecord,
  periodSelect,
  subscriptionSelect,
  subscriptionRecord,
  type CustomerRow,
  type PeriodRecord,
} from './record.ts';

/** Mails the customer their portal link (a mail-only notice). */
export async function sendPortalLink(ctx: AppContext, customer: CustomerRow, url: string, expiresAt: Date): Promise<void> {
  await ctx.db.transaction().execute((trx) =>
    enqueue(
      trx,
      notice(customer.tenant_id, 'customer.portalLink', customer.id, {
        customerId: customer.id,
        customerEmail: customer.email,
        customerName: customer.name,
        customerLanguage: customer.language,
        url,
        expiresAt: expiresAt.toISOString(),
      }),
    ),
  );
}

async function customerOf(ctx: AppContext, customerId: string): Promise<CustomerRow> {
  const row = await ctx.db.selectFrom('subscription_customers').selectAll().where('id', '=', customerId).executeTakeFirst();
  if (!row) throw new AppError('exceptions.customer.notFound');
  return row;
}

export async function portalCustomer(ctx: AppContext, customerId: string) {
  return customerRecord(await customerOf(ctx, customerId));
}

/** The customer's subscriptions with their plans' names and prices, newest first. */
export async function portalSubscriptions(ctx: AppContext, customerId: string) {
  const views = await subscriptionSelect(ctx.db)
    .where('subscriptions.customer_id', '=', customerId)
    .orderBy('subscriptions.created_at', 'desc')
    .orderBy('subscriptions.id', 'desc')
    .limit(100)
    .execute();
  const plans = views.length
    ? await ctx.db
        .selectFrom('subscription_plans')
        .selectAll()
        .where('id', 'in', [...new Set(views.map((v) => v.plan_id))])
        .execute()
    : [];
  const byId = new Map(plans.map((p) => [p.id, p]));
  return views.flatMap((v) => {
    const plan = byId.get(v.plan_id);
    if (!plan) return []; // plans are never deleted
    const fiat = knownFiat(plan.fiat_currency);
    return {
      ...subscriptionRecord(v),
      planName: plan.name,
      amount: toJsonNumber(BigInt(plan.amount_minor), fiat.decimals),
      fiatCurrencyCode: fiat.code,
      interval: plan.interval,
      intervalCount: plan.interval_count,
    };
  });
}

/** The invoices of the customer's billed periods, newest first (periods paid from credit have none). */
export async function portalInvoices(ctx: AppContext, customerId: string): Promise<PeriodRecord[]> {
  const rows = await periodSelect(ctx.db).where('s.customer_id', '=', customerId).orderBy('p.starts_at', 'desc').limit(100).execute();
  return rows.map((r) => periodRecord(ctx.config.publicBaseUrl, r));
}

/** The customer changes their email, and the language of their mails if they name one. */
export async function portalUpdateCustomer(ctx: AppContext, customerId: string, change: { email: string; language?: Language }) {
  await customerOf(ctx, customerId);
  return customerRecord(await updateCustomerRow(ctx.db, customerId, change));
}

/** The customer cancels one of their subscriptions, now or at the period's end. */
export async function portalCancel(ctx: AppContext, customerId: string, subscriptionId: string, atPeriodEnd: boolean) {
  const view = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', subscriptionId)
      .where('customer_id', '=', customerId)
      .forUpdate()
      .executeTakeFirst();
    const current = await subscriptionSelect(trx)
      .where('subscriptions.id', '=', subscriptionId)
      .where('subscriptions.customer_id', '=', customerId)
      .executeTakeFirst();
    if (!current) throw new AppError('exceptions.subscription.notFound');
    if (atPeriodEnd) {
      if (current.status === 'cancelled' || current.status === 'expired')
        throw new AppError('exceptions.subscription.cannotCancel', { currentStatus: current.status });
      return setCancelAtPeriodEnd(ctx, trx, current, true);
    }
    return cancelNow(ctx, trx, current);
  });
  return subscriptionRecord(view);
}
