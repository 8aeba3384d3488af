import type { Selectable } from 'kysely';
import type { X402SettlementsTable, X402Status } from '../../lib/db/schema.ts';
import type { Db } from '../../lib/db/index.ts';
import { addressScope, rangedTotal } from '../../lib/db/counts.ts';
import { inRange } from '../../lib/db/search.ts';
import { timeRange } from '../../lib/http/list-filters.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';

export type SettlementRow = Selectable<X402SettlementsTable>;

/** The API's x402 settlement record. */
export function settlementRecord(r: SettlementRow) {
  return {
    id: r.id,
    status: r.status,
    network: r.network,
    scheme: r.scheme,
    asset: r.asset,
    amount: r.amount,
    cap: r.cap,
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
  // `to` is an instant, in the range; an instant out of the engines' range is a 400 (timeRange).
  const within = timeRange(q);
  const base = mine.where(inRange('created_at', within));
  const count = (b: typeof base) => b.select((eb) => eb.fn.countAll<string>().as('total'));
  // Filtered by status and time, and by a payer or a payTo (or not at all), the total is the
  // tenant's maintained counts, of that address if one is named (lib/db/counts.ts); by a transaction
  // (one row) or by both addresses, a count of the rows that match, along an index.
  const ranged = (kind: 'x402_settlements' | 'x402_settlements_of_payer' | 'x402_settlements_of_pay_to', scope: string) =>
    rangedTotal(db, kind, scope, q.status, within, (part) => count(mine.where(inRange('created_at', part))));
  const total = () =>
    q.transaction !== undefined || (q.payer !== undefined && q.payTo !== undefined)
      ? count(base)
      : q.payer !== undefined
        ? ranged('x402_settlements_of_payer', addressScope(tenantId, q.payer.toLowerCase()))
        : q.payTo !== undefined
          ? ranged('x402_settlements_of_pay_to', addressScope(tenantId, q.payTo.toLowerCase()))
          : ranged('x402_settlements', tenantId);
  return paged(
    q,
    () => total().executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page finds its ids along the index alone, then reads only those rows.
      const ids = base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
      return byKeys(base, 'id', offset, limit, ids).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
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
