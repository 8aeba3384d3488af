/**
 * A tenant's payout policy: an allowlist, a delay before a new address is usable, limits and when a
 * second person approves. Tightening applies at once; a loosening the tenant asks for waits out the
 * delay as a pending change its owners can cancel, so a stolen session cannot open the door and walk
 * through it at once. The operator's changes apply at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import { columnOfCents } from './usd.ts';
import {
  changeFromJson,
  changeJson,
  changeToJson,
  policyJson,
  policyOf,
  splitChange,
  type Policy,
  type PolicyChange,
} from './policy-values.ts';

export { LIMITS, policyOf, type Policy, type PolicyChange } from './policy-values.ts';

/** Stores the policy in force (its row created when missing). */
async function write(trx: Trx, tenantId: string, policy: Policy): Promise<void> {
  const values = {
    allowlist_only: policy.allowlistOnly,
    new_address_delay_hours: policy.newAddressDelayHours,
    max_per_withdrawal_usd: policy.maxPerWithdrawalUsd === null ? null : columnOfCents(policy.maxPerWithdrawalUsd),
    max_per_day_usd: policy.maxPerDayUsd === null ? null : columnOfCents(policy.maxPerDayUsd),
    max_per_day_per_key_usd: policy.maxPerDayPerKeyUsd === null ? null : columnOfCents(policy.maxPerDayPerKeyUsd),
    approval_above_usd: policy.approvalAboveUsd === null ? null : columnOfCents(policy.approvalAboveUsd),
    approval_for_api_keys: policy.approvalForApiKeys,
    updated_at: sql<Date>`now()`,
  };
  await trx
    .insertInto('payout_policies')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
}

/** The stored policy, locked for the transaction's change (the row is created first when missing). */
async function lockPolicy(trx: Trx, tenantId: string): Promise<Policy> {
  await trx
    .insertInto('payout_policies')
    .values({ tenant_id: tenantId })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  return policyOf(await trx.selectFrom('payout_policies').selectAll().where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst());
}

/** Applies the tenant's pending changes whose time has come, in order. */
async function applyDue(db: Db, tenantId: string): Promise<void> {
  const due = await db
    .selectFrom('payout_policy_changes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('applied_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('effective_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  if (!due) return;
  await db.transaction().execute(async (trx) => {
    const policy = await lockPolicy(trx, tenantId);
    const rows = await trx
      .selectFrom('payout_policy_changes')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('applied_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('effective_at', '<=', sql<Date>`now()`)
      .orderBy('effective_at')
      .orderBy('created_at')
      .execute();
    for (const row of rows) {
      Object.assign(policy, changeFromJson(row.changes));
      await trx.updateTable('payout_policy_changes').set({ applied_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
      await audit(trx, {
        tenantId,
        actor: { name: 'payout policy delay' },
        action: 'payoutPolicy.changeApplied',
        targetType: 'payoutPolicyChange',
        targetId: row.id,
        detail: row.changes,
      });
    }
    await write(trx, tenantId, policy);
    await announce(trx, tenantId);
  });
}

/** The policy in force for the tenant (pending changes that came due are applied first). */
export async function currentPolicy(db: Db, tenantId: string): Promise<Policy> {
  await applyDue(db, tenantId);
  return policyOf(await db.selectFrom('payout_policies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst());
}

/** The policy as the API shows it, with its pending changes. */
export async function policyView(db: Executor, tenantId: string) {
  const policy = policyOf(await db.selectFrom('payout_policies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst());
  const pending = await db
    .selectFrom('payout_policy_changes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('applied_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .orderBy('effective_at')
    .execute();
  return {
    ...policyJson(policy),
    pending: pending.map((p) => ({
      id: p.id,
      changes: changeJson(changeFromJson(p.changes)),
      requestedBy: p.requested_by,
      requestedAt: p.created_at.toISOString(),
      effectiveAt: p.effective_at.toISOString(),
    })),
  };
}

/** Tells the tenant's webhook the policy changed (a change applied, asked for or cancelled). */
async function announce(trx: Trx, tenantId: string): Promise<void> {
  await enqueue(trx, {
    tenantId,
    type: 'payoutPolicy.changed',
    aggregateType: 'payoutPolicy',
    aggregateId: tenantId,
    payload: await policyView(trx, tenantId),
  });
}

/**
 * The tenant's own change: tightening now, loosening after the delay in force (at once when it is
 * 0). Audited and announced.
 */
export async function changePolicy(db: Db, tenantId: string, change: PolicyChange, by: AuditBy, requestedBy: string) {
  await applyDue(db, tenantId);
  return db.transaction().execute(async (trx) => {
    const current = await lockPolicy(trx, tenantId);
    const { now, later } = splitChange(current, change);
    const delayed = Object.keys(later).length > 0 && current.newAddressDelayHours > 0;
    const applied = delayed ? now : { ...now, ...later };
    if (Object.keys(applied).length > 0) {
      await write(trx, tenantId, { ...current, ...applied });
      await audit(trx, {
        tenantId,
        ...by,
        action: 'payoutPolicy.changed',
        targetType: 'payoutPolicy',
        targetId: tenantId,
        detail: changeToJson(applied),
      });
    }
    if (delayed) {
      const id = randomUUID();
      await trx
        .insertInto('payout_policy_changes')
        .values({
          id,
          tenant_id: tenantId,
          changes: JSON.stringify(changeToJson(later)),
          requested_by: requestedBy,
          effective_at: sql<Date>`now() + make_interval(hours => ${current.newAddressDelayHours})`,
        })
        .execute();
      await audit(trx, {
        tenantId,
        ...by,
        action: 'payoutPolicy.changeRequested',
        targetType: 'payoutPolicyChange',
        targetId: id,
        detail: changeToJson(later),
      });
    }
    await announce(trx, tenantId);
    return policyView(trx, tenantId);
  });
}

/** The operator's change: every field at once. */
export async function setPolicy(db: Db, tenantId: string, change: PolicyChange, by: AuditBy) {
  return db.transaction().execute(async (trx) => {
    const current = await lockPolicy(trx, tenantId);
    await write(trx, tenantId, { ...current, ...change });
    await audit(trx, {
      tenantId,
      ...by,
      action: 'payoutPolicy.changed',
      targetType: 'payoutPolicy',
      targetId: tenantId,
      detail: changeToJson(change),
    });
    await announce(trx, tenantId);
    return policyView(trx, tenantId);
  });
}

/** Cancels a pending loosening of the tenant (404 when none is pending by that id). */
export async function cancelPolicyChange(db: Db, tenantId: string, id: string, by: AuditBy) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('payout_policy_changes')
      .set({ cancelled_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('applied_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('effective_at', '>', sql<Date>`now()`)
      .returning(['id', 'changes'])
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.payoutPolicy.changeNotFound');
    await audit(trx, {
      tenantId,
      ...by,
      action: 'payoutPolicy.changeCancelled',
      targetType: 'payoutPolicyChange',
      targetId: id,
      detail: row.changes,
    });
    await announce(trx, tenantId);
    return policyView(trx, tenantId);
  });
}
