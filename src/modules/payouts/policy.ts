/**
 * A tenant's payout policy: an allowlist, a delay before a new address is usable, limits and when a
 * second person approves. Tightening applies at once; a loosening the tenant asks for waits out the
 * delay as a pending change its owners can cancel, so a stolen session cannot open the door and walk
 * through it at once. The operator's changes apply at once.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import type { PayoutPoliciesTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import type { JsonDecimal } from '../../lib/money.ts';
import { centsOfColumn, columnOfCents, jsonOfCents } from './usd.ts';

/** The policy in force; limits in US cents, null for none. */
export interface Policy {
  allowlistOnly: boolean;
  newAddressDelayHours: number;
  maxPerWithdrawalUsd: bigint | null;
  maxPerDayUsd: bigint | null;
  /** The same rolling 24 hours for what each API key commits on its own. */
  maxPerDayPerKeyUsd: bigint | null;
  approvalAboveUsd: bigint | null;
  approvalForApiKeys: boolean;
}

/** A change a request asks for: only the fields it names. */
export type PolicyChange = Partial<Policy>;

/** No row: behaviour as without governance (no allowlist, no limits, no approvals). */
export const DEFAULT_POLICY: Policy = {
  allowlistOnly: false,
  newAddressDelayHours: 24,
  maxPerWithdrawalUsd: null,
  maxPerDayUsd: null,
  maxPerDayPerKeyUsd: null,
  approvalAboveUsd: null,
  approvalForApiKeys: false,
};

/** The policy's limits in US dollars (null: none). */
export const LIMITS = ['maxPerWithdrawalUsd', 'maxPerDayUsd', 'maxPerDayPerKeyUsd', 'approvalAboveUsd'] as const;

export function policyOf(row: Selectable<PayoutPoliciesTable> | undefined): Policy {
  if (!row) return { ...DEFAULT_POLICY };
  const cents = (v: string | null) => (v === null ? null : centsOfColumn(v));
  return {
    allowlistOnly: row.allowlist_only,
    newAddressDelayHours: row.new_address_delay_hours,
    maxPerWithdrawalUsd: cents(row.max_per_withdrawal_usd),
    maxPerDayUsd: cents(row.max_per_day_usd),
    maxPerDayPerKeyUsd: cents(row.max_per_day_per_key_usd),
    approvalAboveUsd: cents(row.approval_above_usd),
    approvalForApiKeys: row.approval_for_api_keys,
  };
}

/** Whether setting `field` to `value` opens the door wider than `current` (a limit raised or cleared, a check switched off, a shorter delay). */
function loosens(current: Policy, field: keyof Policy, value: Policy[keyof Policy]): boolean {
  if (field === 'allowlistOnly' || field === 'approvalForApiKeys') return current[field] && value === false;
  if (field === 'newAddressDelayHours') return (value as number) < current.newAddressDelayHours;
  const now = current[field];
  return now !== null && (value === null || (value as bigint) > now);
}

/** Splits a change into what applies now and what must wait. */
export function splitChange(current: Policy, change: PolicyChange): { now: PolicyChange; later: PolicyChange } {
  const now: PolicyChange = {};
  const later: PolicyChange = {};
  for (const [field, value] of Object.entries(change) as [keyof Policy, Policy[keyof Policy]][]) {
    if (value === undefined || value === current[field]) continue;
    Object.assign(loosens(current, field, value) ? later : now, { [field]: value });
  }
  return { now, later };
}

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
  await trx.insertInto('payout_policies').values({ tenant_id: tenantId, ...values }).onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
}

/** The stored policy, locked for the transaction's change (the row is created first when missing). */
async function lockPolicy(trx: Trx, tenantId: string): Promise<Policy> {
  await trx.insertInto('payout_policies').values({ tenant_id: tenantId }).onConflict((oc) => oc.column('tenant_id').doNothing()).execute();
  return policyOf(await trx.selectFrom('payout_policies').selectAll().where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst());
}

/** A change as JSON (cents as decimal strings) and back. */
function changeToJson(change: PolicyChange): Record<string, unknown> {
  const out: Record<string, unknown> = { ...change };
  for (const f of LIMITS) {
    const cents = change[f];
    if (cents !== undefined) out[f] = cents === null ? null : columnOfCents(cents);
  }
  return out;
}
function changeFromJson(json: Record<string, unknown>): PolicyChange {
  const out = { ...json } as PolicyChange & Record<string, unknown>;
  for (const f of LIMITS) if (json[f] !== undefined) out[f] = json[f] === null ? null : centsOfColumn(String(json[f]));
  return out;
}

/** Applies the tenant's pending changes whose time has come, in order. */
async function applyDue(db: Db, tenantId: string): Promise<void> {
  const due = await db.selectFrom('payout_policy_changes').select('id').where('tenant_id', '=', tenantId).where('applied_at', 'is', null).where('cancelled_at', 'is', null).where('effective_at', '<=', sql<Date>`now()`).executeTakeFirst();
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
      await audit(trx, { tenantId, actor: { name: 'payout policy delay' }, action: 'payoutPolicy.changeApplied', targetType: 'payoutPolicyChange', targetId: row.id, detail: row.changes });
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
    pending: pending.map((p) => ({ id: p.id, changes: changeJson(changeFromJson(p.changes)), requestedBy: p.requested_by, requestedAt: p.created_at.toISOString(), effectiveAt: p.effective_at.toISOString() })),
  };
}

/** The policy as the API writes it: limits as exact JSON numbers of dollars. */
export interface PolicyJson {
  allowlistOnly: boolean;
  newAddressDelayHours: number;
  maxPerWithdrawalUsd: JsonDecimal | null;
  maxPerDayUsd: JsonDecimal | null;
  maxPerDayPerKeyUsd: JsonDecimal | null;
  approvalAboveUsd: JsonDecimal | null;
  approvalForApiKeys: boolean;
}

/** A change (only its fields) as the API writes it. */
function changeJson(change: PolicyChange): Partial<PolicyJson> {
  const out: Partial<PolicyJson> = {};
  for (const [k, v] of Object.entries(change) as [keyof Policy, Policy[keyof Policy] | undefined][]) {
    if (v === undefined) continue;
    Object.assign(out, { [k]: (LIMITS as readonly string[]).includes(k) && v !== null ? jsonOfCents(v as bigint) : v });
  }
  return out;
}

function policyJson(policy: Policy): PolicyJson {
  return changeJson(policy) as PolicyJson;
}

/** Tells the tenant's webhook the policy changed (a change applied, asked for or cancelled). */
async function announce(trx: Trx, tenantId: string): Promise<void> {
  await enqueue(trx, { tenantId, type: 'payoutPolicy.changed', aggregateType: 'payoutPolicy', aggregateId: tenantId, payload: await policyView(trx, tenantId) });
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
      await audit(trx, { tenantId, ...by, action: 'payoutPolicy.changed', targetType: 'payoutPolicy', targetId: tenantId, detail: changeToJson(applied) });
    }
    if (delayed) {
      const id = randomUUID();
      await trx
        .insertInto('payout_policy_changes')
        .values({ id, tenant_id: tenantId, changes: JSON.stringify(changeToJson(later)), requested_by: requestedBy, effective_at: sql<Date>`now() + make_interval(hours => ${current.newAddressDelayHours})` })
        .execute();
      await audit(trx, { tenantId, ...by, action: 'payoutPolicy.changeRequested', targetType: 'payoutPolicyChange', targetId: id, detail: changeToJson(later) });
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
    await audit(trx, { tenantId, ...by, action: 'payoutPolicy.changed', targetType: 'payoutPolicy', targetId: tenantId, detail: changeToJson(change) });
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
    await audit(trx, { tenantId, ...by, action: 'payoutPolicy.changeCancelled', targetType: 'payoutPolicyChange', targetId: id, detail: row.changes });
    await announce(trx, tenantId);
    return policyView(trx, tenantId);
  });
}
