/**
 * Four eyes: a withdrawal committed into `awaitingApproval` is paid only once a second person of
 * the tenant (owner or finance, signed in, never its committer) and, above the installation's
 * threshold, an operator have approved it; one rejection, or its approval time running out,
 * cancels it and gives the held funds back. Each step is one transaction with its audit entry, and
 * the status moves (with their webhook events) through the machine.
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Executor, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import { refund } from './cancel.ts';
import { changeStatus, type ApprovalView, type WithdrawalRow } from './record.ts';

/** Who decides: a tenant's user (its session) or an operator (session or token). */
export interface Approver {
  level: 'tenant' | 'operator';
  /** The tenant a tenant user acts in (its withdrawals only); null for an operator. */
  tenantId: string | null;
  userId: string | null;
  actor: string;
  by: AuditBy;
}

/** The approvals a withdrawal got, oldest first. */
export async function approvalsOf(db: Executor, withdrawalId: string): Promise<ApprovalView[]> {
  const rows = await db
    .selectFrom('withdrawal_approvals')
    .select(['level', 'actor', 'created_at'])
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ level: r.level, by: r.actor, at: r.created_at.toISOString() }));
}

/** The approvals of several withdrawals (a list's page), each's oldest first. */
export async function approvalsOfMany(db: Executor, withdrawalIds: string[]): Promise<Map<string, ApprovalView[]>> {
  const out = new Map<string, ApprovalView[]>(withdrawalIds.map((id) => [id, []]));
  if (withdrawalIds.length === 0) return out;
  const rows = await db
    .selectFrom('withdrawal_approvals')
    .select(['withdrawal_id', 'level', 'actor', 'created_at'])
    .where('withdrawal_id', 'in', withdrawalIds)
    .orderBy('created_at')
    .execute();
  for (const r of rows) out.get(r.withdrawal_id)?.push({ level: r.level, by: r.actor, at: r.created_at.toISOString() });
  return out;
}

/** The withdrawal locked, the approver's own tenant's, awaiting approval at the approver's level. */
async function awaiting(trx: Trx, id: string, who: Approver): Promise<WithdrawalRow> {
  let q = trx.selectFrom('withdrawals').selectAll().where('id', '=', id);
  if (who.tenantId !== null) q = q.where('tenant_id', '=', who.tenantId);
  const w = await q.forUpdate().executeTakeFirst();
  if (!w) throw new AppError('exceptions.withdrawal.notFound');
  const needed = who.level === 'tenant' ? w.tenant_approval_required : w.operator_approval_required;
  if (w.status !== 'awaitingApproval' || !needed) throw new AppError('exceptions.withdrawal.notAwaitingApproval', { status: w.status });
  return w;
}

/** Approves at the approver's level; the last approval needed makes it `created`, to be paid. */
export async function approveWithdrawal(
  ctx: AppContext,
  id: string,
  who: Approver,
): Promise<{ row: WithdrawalRow; approvals: ApprovalView[] }> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const w = await awaiting(trx, id, who);
      if (who.userId !== null && who.userId === w.committed_by_user_id) throw new AppError('exceptions.withdrawal.selfApproval');
      await trx
        .insertInto('withdrawal_approvals')
        .values({ id: randomUUID(), withdrawal_id: w.id, level: who.level, user_id: who.userId, actor: who.actor })
        .execute();
      await audit(trx, {
        tenantId: w.tenant_id,
        ...who.by,
        action: 'withdrawal.approved',
        targetType: 'withdrawal',
        targetId: w.id,
        detail: { level: who.level },
      });
      const approvals = await approvalsOf(trx, w.id);
      const done =
        (!w.tenant_approval_required || approvals.some((a) => a.level === 'tenant')) &&
        (!w.operator_approval_required || approvals.some((a) => a.level === 'operator'));
      return { row: done ? await changeStatus(trx, w, 'created') : w, approvals };
    });
  } catch (err) {
    // This level approved already (by anyone), or this person approved at the other level.
    if (isUniqueViolation(err)) throw new AppError('exceptions.withdrawal.alreadyApproved');
    throw err;
  }
}

/** Rejects it: cancelled, the held funds given back. */
export async function rejectWithdrawal(ctx: AppContext, id: string, who: Approver, reason?: string): Promise<WithdrawalRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const w = await awaiting(trx, id, who);
    const cancelled = await changeStatus(trx, w, 'cancelled');
    await refund(trx, w, 'withdrawal.rejected', false);
    await audit(trx, {
      tenantId: w.tenant_id,
      ...who.by,
      action: 'withdrawal.rejected',
      targetType: 'withdrawal',
      targetId: w.id,
      detail: { level: who.level, ...(reason ? { reason } : {}) },
    });
    return cancelled;
  });
}

/** Cancels withdrawals whose approval time ran out (WITHDRAWAL_APPROVAL_TTL_H), giving the funds back. */
export async function expireApprovals(ctx: AppContext, limit = 100): Promise<number> {
  const due = await ctx.db
    .selectFrom('withdrawals')
    .select('id')
    .where('status', '=', 'awaitingApproval')
    .where('approval_expires_at', '<=', sql<Date>`now()`)
    .limit(limit)
    .execute();
  let n = 0;
  for (const { id } of due) {
    n += await ctx.db.transaction().execute(async (trx) => {
      const w = await trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'awaitingApproval')
        .forUpdate()
        .executeTakeFirst();
      if (!w) return 0;
      await changeStatus(trx, w, 'cancelled');
      await refund(trx, w, 'withdrawal.approvalExpired', false);
      await audit(trx, {
        tenantId: w.tenant_id,
        actor: { name: 'approval time limit' },
        action: 'withdrawal.approvalExpired',
        targetType: 'withdrawal',
        targetId: w.id,
      });
      return 1;
    });
  }
  return n;
}
