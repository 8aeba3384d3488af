import type { Selectable } from 'kysely';
import type { X402SettlementsTable } from '../../lib/db/schema.ts';

export type SettlementRow = Selectable<X402SettlementsTable>;

/** The spec's x402 settlement record. */
export function settlementRecord(r: SettlementRow) {
  return {
    id: r.id,
    status: r.status,
    network: r.network,
    asset: r.asset,
    amount: r.amount,
    payer: r.payer,
    payTo: r.pay_to,
    transaction: r.transaction,
    errorReason: r.error_reason,
    createdAt: r.created_at.toISOString(),
    confirmedAt: r.confirmed_at ? r.confirmed_at.toISOString() : null,
  };
}
