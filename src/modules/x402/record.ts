import type { Selectable } from 'kysely';
import type { X402SettlementsTable, X402Status } from '../../lib/db/schema.ts';
import type { Db } from '../../lib/db/index.ts';
import { countedTotal } from '../../lib/db/counts.ts';
import { paged } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';

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

/** Filters of the settlement list (all optional). */
export interface SettlementQuery {
  page: number;
  limit: number;
  status?: X402Status;
  from?: string;
  to?: string;
  payer?: string;
  payTo?: string;
  transaction?: string;
}

/** GET /x402/settlements: the tenant's settlements, newest first, filtered. */
export async function listSettlements(db: Db, tenantId: string, q: SettlementQuery) {
  let base = db.selectFrom('x402_settlements').where('tenant_id', '=', tenantId);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.from) base = base.where('created_at', '>=', new Date(q.from));
  if (q.to) base = base.where('created_at', '<=', new Date(q.to));
  if (q.payer) base = base.where('payer', '=', q.payer.toLowerCase());
  if (q.payTo) base = base.where('pay_to', '=', q.payTo.toLowerCase());
  if (q.transaction) base = base.where('transaction', '=', q.transaction.toLowerCase());
  // Filtered by status alone (or not at all), the total is the tenant's maintained count (lib/db/counts.ts).
  const filtered = [q.from, q.to, q.payer, q.payTo, q.transaction].some((f) => f !== undefined);
  return paged(
    q,
    () => (filtered ? base.select((eb) => eb.fn.countAll<string>().as('total')) : countedTotal(db, 'x402_settlements', tenantId, q.status)).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page finds its ids along the index alone, then reads only those rows.
      const ids = base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
      return (offset === 0 ? base : base.where('id', 'in', ids)).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    settlementRecord,
  );
}

/** One settlement of the tenant; another tenant's is the same 404 as a missing one. */
export async function getSettlement(db: Db, tenantId: string, id: string): Promise<SettlementRow> {
  const row = await db.selectFrom('x402_settlements').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) throw new AppError('exceptions.x402.settlementNotFound');
  return row;
}
