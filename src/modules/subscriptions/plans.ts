/** A merchant's plans: made, read, listed, renamed, turned off for new subscriptions. */
import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../lib/db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { PlanInterval } from '../../lib/db/schema.ts';
import { paged, type Page } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { MoneyPrecisionError, toJsonNumber, toUnits } from '../../lib/money.ts';
import { findFiat, knownFiat } from '../../lib/currencies/catalogue.ts';
import { audit } from '../audit/service.ts';
import { planRecord, type PlanRecord, type PlanRow } from './record.ts';

/** POST /plans as the route read it; the amount as written (exact decimal text where a double would not hold it). */
export interface CreatePlanInput {
  name: string;
  amount: number | string;
  fiatCurrencyCode: string;
  interval: PlanInterval;
  intervalCount?: number;
  trialDays?: number;
}

type Owner = Pick<ApiPrincipal, 'tenantId' | 'accountId'>;

function blank(field: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message: 'must not be blank' }] });
}

/** The price in the fiat's minor units: no more decimals than it has, at least its minimum invoice amount. */
function priceOf(amount: number | string, code: string): bigint {
  const fiat = findFiat(code);
  if (!fiat) throw new AppError('exceptions.plan.fiatCurrencyNotFound', { fiatCurrencyCode: code });
  let units: bigint;
  try {
    units = toUnits(amount, fiat.decimals);
  } catch (err) {
    if (err instanceof MoneyPrecisionError)
      throw new AppError('exceptions.plan.amountInvalidDecimalPlaces', { fiatCurrencyCode: fiat.code, decimals: fiat.decimals });
    throw err;
  }
  const minimum = toUnits(fiat.minInvoiceAmount, fiat.decimals);
  if (units < minimum)
    throw new AppError('exceptions.plan.amountBelowMinimum', {
      minInvoiceAmount: toJsonNumber(minimum, fiat.decimals),
      fiatCurrencyCode: fiat.code,
    });
  return units;
}

/** POST /plans: a new plan of the caller's account, open to subscriptions at once. */
export async function createPlan(ctx: AppContext, principal: ApiPrincipal, input: CreatePlanInput): Promise<PlanRecord> {
  if (input.name.trim() === '') throw blank('name');
  const amount = priceOf(input.amount, input.fiatCurrencyCode);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('subscription_plans')
      .values({
        id: randomUUID(),
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        name: input.name.trim(),
        amount_minor: amount,
        fiat_currency: knownFiat(input.fiatCurrencyCode).code,
        interval: input.interval,
        interval_count: input.intervalCount ?? 1,
        trial_days: input.trialDays ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      tenantId: principal.tenantId,
      principal,
      action: 'plan.created',
      targetType: 'plan',
      targetId: inserted.id,
      detail: { name: inserted.name },
    });
    return inserted;
  });
  return planRecord(row);
}

/** A plan of the caller's account; another account's or tenant's is the same 404 as none. */
export async function ownPlan(db: Executor, owner: Owner, id: string): Promise<PlanRow> {
  const row = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', owner.accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.plan.notFound');
  return row;
}

export async function getPlan(ctx: AppContext, principal: ApiPrincipal, id: string): Promise<PlanRecord> {
  return planRecord(await ownPlan(ctx.db, principal, id));
}

/** GET /plans: the account's plans, newest first, optionally only the active or inactive ones. */
export async function listPlans(
  ctx: AppContext,
  principal: ApiPrincipal,
  q: { page: number; limit: number; active?: boolean },
): Promise<Page<PlanRecord>> {
  const mine = <O>(query: SelectQueryBuilder<DB, 'subscription_plans', O>): SelectQueryBuilder<DB, 'subscription_plans', O> => {
    const own = query.where('account_id', '=', principal.accountId);
    return q.active === undefined ? own : own.where('active', '=', q.active);
  };
  return paged(
    q,
    () =>
      mine(ctx.db.selectFrom('subscription_plans'))
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) =>
      mine(ctx.db.selectFrom('subscription_plans').selectAll())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    planRecord,
  );
}

/** PATCH /plans/{id}: renames it or turns it off (or on again); subscriptions already made go on. */
export async function updatePlan(
  ctx: AppContext,
  principal: ApiPrincipal,
  id: string,
  input: { name?: string; active?: boolean },
): Promise<PlanRecord> {
  if (input.name !== undefined && input.name.trim() === '') throw blank('name');
  const row = await ctx.db.transaction().execute(async (trx) => {
    await ownPlan(trx, principal, id);
    const set = {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    const updated = await trx
      .updateTable('subscription_plans')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { tenantId: principal.tenantId, principal, action: 'plan.updated', targetType: 'plan', targetId: id, detail: set });
    return updated;
  });
  return planRecord(row);
}
