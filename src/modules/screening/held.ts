/**
 * The operator's review queue of payments incoming screening held: each with its payment, who paid
 * it, what flagged it, and the refund payout once there is one.
 */
import { Type } from '@sinclair/typebox';
import type { Executor } from '../../lib/db/index.ts';
import type { HeldPaymentStatus } from '../../lib/db/schema.ts';
import { pageKeys, paged } from '../../lib/db/paging.ts';
import { knownCurrency } from '../../lib/currencies/catalogue.ts';
import { ApiNetworkSchema, CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { DateTime, Money, Nullable, Uuid } from '../../lib/http/schemas.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { heldPaymentMachine, paymentMachine } from '../payments/status.ts';
import { WITHDRAWAL_STATUSES } from '../../lib/db/schema.ts';

/** One held payment as the operator sees it. */
export const HeldPaymentSchema = Type.Object(
  {
    id: Uuid,
    status: heldPaymentMachine.schema,
    tenantId: Uuid,
    tenantName: Type.String(),
    ownerType: Type.Union([Type.Literal('invoice'), Type.Literal('deposit')], { description: 'What the address was handed out for' }),
    ownerId: Uuid,
    network: ApiNetworkSchema,
    cryptoCurrencyCode: CryptoCodeSchema,
    amount: Money('Amount received, in whole units of the currency'),
    address: Type.String({ description: 'Our address it paid' }),
    transactionHash: Type.String(),
    outputIndex: Type.Integer(),
    paymentStatus: paymentMachine.schema,
    confirmations: Type.Integer({ minimum: 0 }),
    senders: Type.Array(Type.String(), { description: 'Who paid it, as the chain names them' }),
    flaggedSender: Type.String({ description: 'The sender screening did not allow' }),
    decision: Type.String({ description: 'deny or review' }),
    source: Type.String({
      description: 'What decided: denylist, provider, or failClosed (the provider did not answer and SCREENING_FAIL is closed)',
    }),
    reason: Nullable(Type.String()),
    refundAddress: Nullable(Type.String()),
    refundWithdrawalId: Nullable(Uuid),
    refundStatus: Nullable(
      Type.Union(
        WITHDRAWAL_STATUSES.map((s) => Type.Literal(s)),
        { description: "The refund payout's status (failed or cancelled: the payment is held again)" },
      ),
    ),
    decidedBy: Nullable(Type.String({ description: 'The operator who released or refunded it' })),
    heldAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'HeldPayment' },
);

function listed(db: Executor) {
  return db
    .selectFrom('held_payments as h')
    .innerJoin('payments as p', 'p.id', 'h.id')
    .innerJoin('tenants as t', 't.id', 'h.tenant_id')
    .leftJoin('withdrawals as w', 'w.id', 'h.refund_withdrawal_id')
    .selectAll('h')
    .select([
      't.name as tenant_name',
      'p.purpose',
      'p.owner_id',
      'p.network',
      'p.currency_code',
      'p.amount',
      'p.address',
      'p.tx_hash',
      'p.output_index',
    ])
    .select(['p.status as payment_status', 'p.confirmations', 'p.senders', 'w.status as refund_status']);
}

type Listed = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;

/** One held payment in the API's words. */
export function heldView(r: Listed) {
  const currency = knownCurrency(r.currency_code);
  return {
    id: r.id,
    status: r.status,
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    ownerType: r.purpose as 'invoice' | 'deposit',
    ownerId: r.owner_id,
    network: currency.network,
    cryptoCurrencyCode: currency.code,
    amount: toJsonNumber(BigInt(r.amount), currency.decimals),
    address: r.address,
    transactionHash: r.tx_hash,
    outputIndex: r.output_index,
    paymentStatus: r.payment_status,
    confirmations: r.confirmations,
    senders: r.senders ?? [],
    flaggedSender: r.sender,
    decision: r.decision,
    source: r.source,
    reason: r.reason,
    refundAddress: r.refund_address,
    refundWithdrawalId: r.refund_withdrawal_id,
    refundStatus: r.refund_status,
    decidedBy: r.decided_by,
    heldAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** One held payment, its view (in the caller's transaction after a change). */
export async function loadHeldView(db: Executor, id: string) {
  return heldView(await listed(db).where('h.id', '=', id).executeTakeFirstOrThrow());
}

/** Held payments, newest first, of every tenant or one, in one status or all. */
export function listHeld(db: Executor, q: { page: number; limit: number; status?: HeldPaymentStatus; tenantId?: string }) {
  let base = db.selectFrom('held_payments as h');
  if (q.status) base = base.where('h.status', '=', q.status);
  if (q.tenantId) base = base.where('h.tenant_id', '=', q.tenantId);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // The page's ids along the index of the order (it carries the filters' columns), then just their rows.
      const ids = base.select('h.id').orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(limit).offset(offset);
      return listed(db).where('h.id', '=', pageKeys<string>(ids)).orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').execute();
    },
    heldView,
  );
}
