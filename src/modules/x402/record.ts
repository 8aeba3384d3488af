import type { Selectable } from 'kysely';
import type { X402SettlementsTable, X402Status } from '../../lib/db/schema.ts';
import type { Db } from '../../lib/db/index.ts';
import { rangedTotal } from '../../lib/db/counts.ts';
import { inRange } from '../../lib/db/search.ts';
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
  let mine = db.selectFrom('x402_settlements').where('tenant_id', '=', tenantId);
  if (q.status) mine = mine.where('status', '=', q.status);
  if (q.payer) mine = mine.where('payer', '=', q.payer.toLowerCase());
  if (q.payTo) mine = mine.where('pay_to', '=', q.payTo.toLowerCase());
  if (q.transaction) mine = mine.where('transaction', '=', q.transaction.toLowerCase());
  // `to` is an instant, in the range.
  const within = { from: q.from ? new Date(q.from) : undefined, before: q.to ? new Date(q.to) : undefined, inclusive: true };
  const base = mine.where(inRange('created_at', within));
  const count = (b: typeof base) => b.select((eb) => eb.fn.countAll<string>().as('total'));
  // Filtered by status and time (or not at all), the total is the tenant's maintained counts
  // (lib/db/counts.ts); by an address or a transaction, a count of that address's rows along its index.
  const filtered = [q.payer, q.payTo, q.transaction].some((f) => f !== undefined);
  return paged(
    q,
    () => (filtered ? count(base) : rangedTotal(db, 'x402_settlements', tenantId, q.status, within, (part) => count(mine.where(inRange('created_at', part))))).executeTakeFirstOrThrow(),
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
