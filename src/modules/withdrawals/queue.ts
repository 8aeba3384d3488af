import { sql, type Selectable } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { Executor } from '../../lib/db/index.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';
import type { WithdrawalStatus, WithdrawalsTable } from '../../lib/db/schema.ts';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';
import { ApiNetworkSchema } from '../../lib/currencies/schemas.ts';
import { knownCurrency } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { withdrawalMachine } from './status.ts';
import { WaitingReasonSchema, WaitingSchema, waitingOf, waitingText } from './waiting.ts';
import { approvalsOfMany } from './approvals.ts';
import type { ApprovalView } from './record.ts';

/**
 * The operator's queues of withdrawals and the status each holds: waiting (created: not signed yet,
 * with the reason the last round found, waiting.ts), processing (signed, not yet final), failed,
 * and awaitingApproval (held until the tenant's second person and, above the installation's
 * threshold, an operator approve).
 */
export const WITHDRAWAL_QUEUES = {
  waiting: 'created',
  processing: 'processing',
  failed: 'failed',
  awaitingApproval: 'awaitingApproval',
} as const satisfies Record<string, WithdrawalStatus>;
export type WithdrawalQueue = keyof typeof WITHDRAWAL_QUEUES;
/** What the queue shows when none is named: the work of paying (approvals are their own queue, and index). */
const PAYING: WithdrawalStatus[] = ['created', 'processing', 'failed'];
export const WithdrawalQueueSchema = Type.Union(
  Object.keys(WITHDRAWAL_QUEUES).map((q) => Type.Literal(q as WithdrawalQueue)),
  {
    description:
      'waiting: created, not yet signed (each says why: waitingReason); awaitingApproval: held for approval (each says whose: approval); absent: waiting, processing and failed',
  },
);

const ApprovalLevel = Type.Union([Type.Literal('tenant'), Type.Literal('operator')]);

/** Where a withdrawal awaiting approval stands: whose approval it needs, who gave theirs, who committed it. */
export const QueuedApprovalSchema = Type.Object({
  levels: Type.Array(ApprovalLevel, { description: 'Whose approval it needs: the tenant’s second person, an operator' }),
  approvals: Type.Array(Type.Object({ level: ApprovalLevel, by: Type.String(), at: DateTime })),
  committedBy: Nullable(Type.String({ description: 'Who committed it (an email, or an API key’s prefix)' })),
  expiresAt: Nullable(DateTime),
});

/** One withdrawal of a queue, as the operator sees it. */
export const QueuedWithdrawalSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  tenantId: Type.String({ format: 'uuid' }),
  tenantName: Type.String(),
  accountId: Type.String({ format: 'uuid' }),
  cryptoCurrencyCode: Type.String(),
  network: ApiNetworkSchema,
  amount: Money('What reaches the destination'),
  fee: Money('The fee the merchant pays, in the withdrawal currency'),
  address: Type.String(),
  status: withdrawalMachine.schema,
  txHash: Nullable(Type.String()),
  createdAt: DateTime,
  ageSeconds: Type.Number({ description: 'Since it was committed' }),
  reason: Nullable(
    Type.String({
      description:
        'failed: why; processing: why its replacement waits above the fee ceiling; created: why it is not signed yet, in a sentence; else null',
    }),
  ),
  waitingReason: Nullable(WaitingReasonSchema),
  waiting: Nullable(WaitingSchema),
  approval: Type.Optional(Nullable(QueuedApprovalSchema)),
});

type QueueRow = Selectable<WithdrawalsTable> & { tenant_name: string; age: string };

function queuedApproval(w: QueueRow, approvals: ApprovalView[]) {
  if (w.status !== 'awaitingApproval') return null;
  return {
    levels: [...(w.tenant_approval_required ? ['tenant' as const] : []), ...(w.operator_approval_required ? ['operator' as const] : [])],
    approvals,
    committedBy: w.committed_by,
    expiresAt: w.approval_expires_at?.toISOString() ?? null,
  };
}

function queuedWithdrawal(w: QueueRow, approvals: ApprovalView[] = []) {
  const currency = knownCurrency(w.currency_code);
  return {
    id: w.id,
    tenantId: w.tenant_id,
    tenantName: w.tenant_name,
    accountId: w.account_id,
    cryptoCurrencyCode: currency.code,
    network: currency.network,
    amount: toJsonNumber(BigInt(w.amount), currency.decimals),
    fee: toJsonNumber(BigInt(w.fee), currency.decimals),
    address: w.address,
    status: w.status,
    txHash: w.tx_hash,
    createdAt: w.created_at.toISOString(),
    ageSeconds: Math.max(0, Number(w.age)),
    reason: w.status === 'failed' ? w.failure_reason : w.status === 'processing' ? w.fee_capped_detail : waitingText(w),
    waitingReason: waitingOf(w)?.reason ?? null,
    waiting: waitingOf(w),
    approval: queuedApproval(w, approvals),
  };
}

/**
 * Withdrawals of one queue (none: waiting, processing and failed) of every tenant or one: the open ones oldest first
 * (the longest waiting on top), the failed ones newest first.
 */
export async function withdrawalQueue(db: Executor, q: { page: number; limit: number; status?: WithdrawalQueue; tenantId?: string }) {
  // The statuses as literals: the queues' partial indexes (migration 0038) serve a plan made without parameter values too.
  const statuses = q.status ? [WITHDRAWAL_QUEUES[q.status]] : PAYING;
  let base = db.selectFrom('withdrawals as w').where(
    'w.status',
    'in',
    statuses.map((s) => sql.lit(s)),
  );
  if (q.tenantId) base = base.where('w.tenant_id', '=', q.tenantId);
  const order = q.status === 'failed' ? 'desc' : 'asc';
  const page = await paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) =>
      // A later page's ids along the queues' index alone (migration 0038), then just their rows.
      byKeys(
        base,
        'w.id',
        offset,
        limit,
        base.select('w.id').orderBy('w.created_at', order).orderBy('w.id', order).limit(limit).offset(offset),
      )
        .innerJoin('tenants as t', 't.id', 'w.tenant_id')
        .selectAll('w')
        .select(['t.name as tenant_name', sql<string>`extract(epoch from now() - w.created_at)`.as('age')])
        .orderBy('w.created_at', order)
        .orderBy('w.id', order)
        .execute(),
    (w) => w,
  );
  const approvals = await approvalsOfMany(
    db,
    page.data.filter((w) => w.status === 'awaitingApproval').map((w) => w.id),
  );
  return { ...page, data: page.data.map((w) => queuedWithdrawal(w, approvals.get(w.id))) };
}
