import { sql, type Selectable } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { Executor } from '../../lib/db/index.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';
import type { WithdrawalStatus, WithdrawalsTable } from '../../lib/db/schema.ts';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';
import { ApiNetworkSchema } from '../../lib/currencies/schemas.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { withdrawalMachine } from './status.ts';
import { WaitingReasonSchema, WaitingSchema, waitingOf, waitingText } from './waiting.ts';

/**
 * The operator's queues of withdrawals and the status each holds: waiting (created: not signed yet,
 * with the reason the last round found, waiting.ts), processing (signed, not yet final), failed.
 */
export const WITHDRAWAL_QUEUES = { waiting: 'created', processing: 'processing', failed: 'failed' } as const satisfies Record<string, WithdrawalStatus>;
export type WithdrawalQueue = keyof typeof WITHDRAWAL_QUEUES;
export const WithdrawalQueueSchema = Type.Union(
  Object.keys(WITHDRAWAL_QUEUES).map((q) => Type.Literal(q as WithdrawalQueue)),
  { description: 'waiting: created, not yet signed (each says why: waitingReason); absent: all three' },
);

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
    Type.String({ description: 'failed: why; processing: why its replacement waits above the fee ceiling; created: why it is not signed yet, in a sentence; else null' }),
  ),
  waitingReason: Nullable(WaitingReasonSchema),
  waiting: Nullable(WaitingSchema),
});

type QueueRow = Selectable<WithdrawalsTable> & { tenant_name: string; age: string };

function queuedWithdrawal(w: QueueRow) {
  const currency = findCurrency(w.currency_code)!;
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
  };
}

/**
 * Withdrawals of one queue (none: all three) of every tenant or one: the open ones oldest first
 * (the longest waiting on top), the failed ones newest first.
 */
export async function withdrawalQueue(db: Executor, q: { page: number; limit: number; status?: WithdrawalQueue; tenantId?: string }) {
  // The statuses as literals: the queues' partial indexes (migration 0038) serve a plan made without parameter values too.
  const statuses = q.status ? [WITHDRAWAL_QUEUES[q.status]] : Object.values(WITHDRAWAL_QUEUES);
  let base = db.selectFrom('withdrawals as w').where('w.status', 'in', statuses.map((s) => sql.lit(s)));
  if (q.tenantId) base = base.where('w.tenant_id', '=', q.tenantId);
  const order = q.status === 'failed' ? 'desc' : 'asc';
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) =>
      // A later page's ids along the queues' index alone (migration 0038), then just their rows.
      byKeys(base, 'w.id', offset, limit, base.select('w.id').orderBy('w.created_at', order).orderBy('w.id', order).limit(limit).offset(offset))
        .innerJoin('tenants as t', 't.id', 'w.tenant_id')
        .selectAll('w')
        .select(['t.name as tenant_name', sql<string>`extract(epoch from now() - w.created_at)`.as('age')])
        .orderBy('w.created_at', order)
        .orderBy('w.id', order)
        .execute(),
    queuedWithdrawal,
  );
}
