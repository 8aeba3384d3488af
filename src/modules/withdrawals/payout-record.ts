import { Type } from '@sinclair/typebox';
import type { Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { Money, Nullable } from '../../lib/http/schemas.ts';
import { toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { WithdrawalRecordSchema } from './schemas.ts';
import { withdrawalMoney, withdrawalRecord, type WithdrawalRow } from './record.ts';
import { WaitingSchema, waitingOf } from './waiting.ts';

/** One transaction signed for a payout, as the operator sees it. */
const PayoutTransactionSchema = Type.Object({
  seq: Type.Integer({ description: '0 for the first signing, then each replacement' }),
  txHash: Type.String(),
  /** Why it replaced the one before. */
  reason: Nullable(Type.Union([Type.Literal('stuck'), Type.Literal('underpriced'), Type.Literal('expired')])),
  broadcastAt: Nullable(Type.String({ format: 'date-time' })),
  broadcastHeight: Nullable(Type.Integer()),
  rejectedAt: Nullable(Type.String({ format: 'date-time', description: 'Refused for good by the network; the ones before it stand' })),
  terms: Nullable(
    Type.Object({}, { additionalProperties: true, description: 'Nonce and fees (EVM), inputs and fee rate (Bitcoin), expiration (Tron)' }),
  ),
});

/** The withdrawal record plus how it was paid: the operator's view. */
export const PayoutDetailSchema = Type.Composite([
  WithdrawalRecordSchema,
  Type.Object({
    payout: Type.Object({
      sender: Nullable(Type.String({ description: 'The hot wallet that signed it' })),
      nonce: Nullable(Type.Integer({ description: 'EVM: the nonce all its transactions share' })),
      bundleId: Nullable(
        Type.String({
          format: 'uuid',
          description: "Bitcoin: the bundle whose one transaction pays it with others; its transactions are the bundle's",
        }),
      ),
      feeCharged: Money('The fee the merchant paid, fixed at commit, in the withdrawal currency'),
      networkCost: Nullable(
        Money(
          "What the network took, booked at completion (the house gains or loses the difference); a bundle's withdrawal, its share of the bundle's fee",
        ),
      ),
      networkCostCurrency: Nullable(Type.String()),
      feeCappedAt: Nullable(Type.String({ format: 'date-time', description: 'Since when its replacement waits above the fee ceiling' })),
      feeCappedDetail: Nullable(Type.String()),
      failureReason: Nullable(Type.String()),
      waiting: Nullable(WaitingSchema),
      transactions: Type.Array(PayoutTransactionSchema),
    }),
  }),
]);

/** GET /admin/withdrawals/{id}: any tenant's withdrawal with its transactions and costs. */
export async function payoutDetail(db: Executor, id: string) {
  const w = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!w) throw new AppError('exceptions.withdrawal.notFound');
  // Every candidate, those the network refused for good included (they show `rejectedAt`); a
  // bundle's withdrawal shows the bundle's.
  const shown = w.bundle_id
    ? await db.selectFrom('payout_bundle_transactions').selectAll().where('payout_bundle_id', '=', w.bundle_id).orderBy('seq').execute()
    : await db.selectFrom('withdrawal_transactions').selectAll().where('withdrawal_id', '=', id).orderBy('seq').execute();
  return {
    ...withdrawalRecord(w),
    payout: {
      sender: w.sender,
      nonce: w.nonce,
      bundleId: w.bundle_id,
      feeCharged: toJsonNumber(withdrawalMoney(w).fee),
      ...networkCost(w),
      feeCappedAt: w.fee_capped_at?.toISOString() ?? null,
      feeCappedDetail: w.fee_capped_detail,
      failureReason: w.failure_reason,
      waiting: waitingOf(w),
      transactions: shown.map((c) => ({
        seq: c.seq,
        txHash: c.tx_hash,
        reason: c.reason,
        broadcastAt: c.broadcast_at?.toISOString() ?? null,
        broadcastHeight: c.broadcast_height,
        rejectedAt: c.rejected_at?.toISOString() ?? null,
        terms: (c.terms ?? null) as Record<string, unknown> | null,
      })),
    },
  };
}

function networkCost(w: WithdrawalRow): { networkCost: JsonDecimal | null; networkCostCurrency: string | null } {
  const native = w.network_cost_currency ? findCurrency(w.network_cost_currency) : undefined;
  if (w.network_cost === null || !native) return { networkCost: null, networkCostCurrency: null };
  return { networkCost: toJsonNumber(w.network_cost, native.decimals), networkCostCurrency: native.code };
}
