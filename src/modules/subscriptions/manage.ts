/** Subscriptions through the API: made (with a trial, or billed at once), read, listed, changed, cancelled. */
import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../lib/db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { SubscriptionStatus } from '../../lib/db/schema.ts';
import { paged, type Page } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { audit } from '../audit/service.ts';
import { ownCustomer } from './customers.ts';
import { cancelUnpaidFrom } from './invoices.ts';
import { clockOf, issuePeriod, periodEnd } from './periods.ts';
import { ownPlan } from './plans.ts';
import { portalToken, portalUrl } from './portal-link.ts';
import {
  loadKnownSubscription,
  periodRecord,
  periodSelect,
  subscriptionRecord,
  subscriptionSelect,
  type PeriodRecord,
  type SubscriptionRecord,
  type SubscriptionView,
} from './record.ts';
import { changeSubscriptionStatus, subscriptionMachine } from './status.ts';

type Owner = Pick<ApiPrincipal, 'tenantId' | 'accountId'>;

/** The record with a fresh link to the customer's portal. */
async function withPortal(ctx: AppContext, view: SubscriptionView): Promise<SubscriptionRecord> {
  return subscriptionRecord(view, portalUrl(ctx, (await portalToken(ctx, view.customer_id)).token));
}

/**
 * POST /subscriptions: the customer's subscription to an active plan of the same account. With a
 * trial it starts trialing until the trial ends; without, it starts active in its first period,
 * whose invoice is issued in the same transaction (due at once, with the grace period to pay).
 */
export async function createSubscription(
  ctx: AppContext,
  principal: ApiPrincipal,
  input: { planId: string; customerId: string; cancelAtPeriodEnd?: boolean },
): Promise<SubscriptionRecord> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const plan = await ownPlan(trx, principal, input.planId);
    if (!plan.active) throw new AppError('exceptions.plan.inactive', { planId: plan.id });
    const customer = await ownCustomer(trx, principal, input.customerId);
    const at = clockOf(ctx);
    const trialDays = plan.trial_days;
    const trial = trialDays !== null;
    const end = trialDays !== null ? new Date(at.getTime() + trialDays * 86_400_000) : periodEnd(at, plan.interval, plan.interval_count);
    const id = randomUUID();
    await trx
      .insertInto('subscriptions')
      .values({
        id,
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        customer_id: customer.id,
        plan_id: plan.id,
        status: trial ? 'trialing' : 'active',
        period_number: trial ? 0 : 1,
        current_period_start: at,
        current_period_end: end,
        trial_end: trial ? end : null,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        created_at: at,
        updated_at: at,
      })
      .execute();
    if (!trial)
      await issuePeriod(ctx, trx, {
        sub: { id, tenant_id: principal.tenantId, account_id: principal.accountId },
        plan,
        customer,
        number: 1,
        start: at,
      });
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: 'subscription.created',
      targetType: 'subscription',
      targetId: id,
      detail: { planId: plan.id, customerId: customer.id },
    });
    return await loadKnownSubscription(trx, id);
  });
  return withPortal(ctx, view);
}

/** A subscription of the caller's account; another account's or tenant's is the same 404 as none. */
export async function ownSubscription(db: Executor, owner: Owner, id: string, lock = false): Promise<SubscriptionView> {
  if (lock)
    await db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', id)
      .where('account_id', '=', owner.accountId)
      .forUpdate()
      .executeTakeFirst();
  const view = await subscriptionSelect(db)
    .where('subscriptions.id', '=', id)
    .where('subscriptions.account_id', '=', owner.accountId)
    .executeTakeFirst();
  if (!view) throw new AppError('exceptions.subscription.notFound');
  return view;
}

export async function getSubscription(ctx: AppContext, principal: ApiPrincipal, id: string): Promise<SubscriptionRecord> {
  return withPortal(ctx, await ownSubscription(ctx.db, principal, id));
}

/** GET /subscriptions: the account's subscriptions, newest first, optionally of one status or customer. */
export async function listSubscriptions(
  ctx: AppContext,
  principal: ApiPrincipal,
  q: { page: number; limit: number; status?: SubscriptionStatus; customerId?: string },
): Promise<Page<SubscriptionRecord>> {
  const mine = <O>(query: SelectQueryBuilder<DB, 'subscriptions', O>): SelectQueryBuilder<DB, 'subscriptions', O> => {
    let own = query.where('subscriptions.account_id', '=', principal.accountId);
    if (q.status !== undefined) own = own.where('subscriptions.status', '=', q.status);
    return q.customerId === undefined ? own : own.where('subscriptions.customer_id', '=', q.customerId);
  };
  return paged(
    q,
    () =>
      mine(ctx.db.selectFrom('subscriptions'))
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) =>
      mine(subscriptionSelect(ctx.db))
        .orderBy('subscriptions.created_at', 'desc')
        .orderBy('subscriptions.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    (view) => subscriptionRecord(view),
  );
}

/** GET /subscriptions/{id}/periods: the subscription's billed periods with their invoices, newest first. */
export async function listPeriods(
  ctx: AppContext,
  principal: ApiPrincipal,
  id: string,
  q: { page: number; limit: number },
): Promise<Page<PeriodRecord>> {
  const sub = await ownSubscription(ctx.db, principal, id);
  return paged(
    q,
    () =>
      ctx.db
        .selectFrom('subscription_periods')
        .where('subscription_id', '=', sub.id)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) =>
      periodSelect(ctx.db).where('p.subscription_id', '=', sub.id).orderBy('p.period_number', 'desc').offset(offset).limit(limit).execute(),
    (row) => periodRecord(ctx.config.publicBaseUrl, row),
  );
}

/**
 * Sets or clears cancellation at the period's end, in the caller's transaction with the row locked.
 * Setting it cancels the next period's invoice if one was issued and no money reached it.
 */
export async function setCancelAtPeriodEnd(ctx: AppContext, trx: Trx, view: SubscriptionView, cancel: boolean): Promise<SubscriptionView> {
  if (subscriptionMachine.isFinal(view.status)) throw new AppError('exceptions.subscription.cannotUpdate', { currentStatus: view.status });
  if (view.cancel_at_period_end === cancel) return view;
  await trx
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: cancel, updated_at: sql<Date>`now()` })
    .where('id', '=', view.id)
    .execute();
  if (cancel) await cancelUnpaidFrom(ctx, trx, view.id, view.period_number + 1);
  return await loadKnownSubscription(trx, view.id);
}

/** Cancels now: final at once, every unpaid period's invoice with no money on it cancelled. */
export async function cancelNow(ctx: AppContext, trx: Trx, view: SubscriptionView): Promise<SubscriptionView> {
  const at = clockOf(ctx);
  const moved = await changeSubscriptionStatus(
    trx,
    view,
    'cancelled',
    { cancelled_at: at, ended_at: at },
    'exceptions.subscription.cannotCancel',
  );
  await cancelUnpaidFrom(ctx, trx, view.id, view.period_number);
  return moved;
}

/** PATCH /subscriptions/{id}. */
export async function updateSubscription(
  ctx: AppContext,
  principal: ApiPrincipal,
  id: string,
  input: { cancelAtPeriodEnd: boolean },
): Promise<SubscriptionRecord> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const updated = await setCancelAtPeriodEnd(ctx, trx, await ownSubscription(trx, principal, id, true), input.cancelAtPeriodEnd);
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: 'subscription.updated',
      targetType: 'subscription',
      targetId: id,
      detail: input,
    });
    return updated;
  });
  return withPortal(ctx, view);
}

/** POST /subscriptions/{id}/cancel: now, or at the period's end. */
export async function cancelSubscription(
  ctx: AppContext,
  principal: ApiPrincipal,
  id: string,
  atPeriodEnd: boolean,
): Promise<SubscriptionRecord> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const current = await ownSubscription(trx, principal, id, true);
    if (subscriptionMachine.isFinal(current.status))
      throw new AppError('exceptions.subscription.cannotCancel', { currentStatus: current.status });
    const done = atPeriodEnd ? await setCancelAtPeriodEnd(ctx, trx, current, true) : await cancelNow(ctx, trx, current);
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: 'subscription.cancelled',
      targetType: 'subscription',
      targetId: id,
      detail: { atPeriodEnd },
    });
    return done;
  });
  return withPortal(ctx, view);
}
