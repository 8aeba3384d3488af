import { sql, type Selectable } from 'kysely';
import type { X402SettlementsTable, X402Status } from '../../lib/db/schema.ts';
import type { Db } from '../../lib/db/index.ts';
import { addressScope, rangedTotal } from '../../lib/db/counts.ts';
import { inRange } from '../../lib/db/search.ts';
import { timeRange } from '../../lib/http/list-filters.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import { addressKey, knownAsset, knownNetwork } from './known.ts';
import type { SettleResult, X402Reason } from './reasons.ts';

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

/**
 * The record as the merchant API answers it: the event's record, the fee payer's cost, and what
 * the gateway knows of the network and token (null where it knows nothing), so a reader can show
 * the atomic amounts in the token's and the coin's own units.
 */
export function settlementView(r: SettlementRow) {
  const network = knownNetwork(r.network);
  const asset = knownAsset(r.network, r.asset);
  return {
    ...settlementRecord(r),
    gasCost: r.gas_cost,
    networkName: network?.name ?? null,
    catalogueNetwork: network?.catalogueNetwork ?? null,
    assetSymbol: asset?.symbol ?? null,
    assetDecimals: asset?.decimals ?? null,
    gasSymbol: network?.coin.symbol ?? null,
    gasDecimals: network?.coin.decimals ?? null,
  };
}

/** A settle's answer as its settlement's row stands: settled, failed with its reason, or still pending (with its transaction). */
export function settleAnswer(row: SettlementRow, payer: string, network: string): SettleResult {
  const base = { payer, network, amount: row.amount, transaction: row.transaction };
  if (row.status === 'confirmed') return { success: true, ...base };
  if (row.status === 'failed')
    return { success: false, errorReason: (row.error_reason as X402Reason) ?? 'invalid_transaction_state', ...base };
  return { success: false, errorReason: 'settlement_pending', ...base };
}

/** Filters of the settlement list (all optional). */
export interface SettlementQuery {
  page: number;
  limit: number;
  status?: X402Status;
  network?: string;
  from?: string;
  to?: string;
  payer?: string;
  payTo?: string;
  transaction?: string;
}

/** GET /x402/settlements: the tenant's settlements, newest first, filtered. */
export async function listSettlements(db: Db, tenantId: string, q: SettlementQuery) {
  // Addresses and hashes as stored: EVM hex lowercased, base58 (Solana) as given (known.ts).
  const payer = q.payer === undefined ? undefined : addressKey(q.payer);
  const payTo = q.payTo === undefined ? undefined : addressKey(q.payTo);
  let mine = db.selectFrom('x402_settlements').where('tenant_id', '=', tenantId);
  if (q.status) mine = mine.where('status', '=', q.status);
  if (q.network) mine = mine.where('network', '=', q.network);
  if (payer !== undefined) mine = mine.where('payer', '=', payer);
  if (payTo !== undefined) mine = mine.where('pay_to', '=', payTo);
  if (q.transaction) mine = mine.where('transaction', '=', addressKey(q.transaction));
  // `to` is an instant, in the range; an instant out of the engines' range is a 400 (timeRange).
  const within = timeRange(q);
  const base = mine.where(inRange('created_at', within));
  const count = (b: typeof base) => b.select((eb) => eb.fn.countAll<string>().as('total'));
  // Filtered by status and time, and by one of payer, payTo or network (or none), the total is the
  // tenant's maintained counts, of that address or network if one is named (lib/db/counts.ts); by a
  // transaction (one row) or by two of them, a count of the rows that match, along an index.
  type Kind = 'x402_settlements' | 'x402_settlements_of_payer' | 'x402_settlements_of_pay_to' | 'x402_settlements_of_network';
  const ranged = (kind: Kind, scope: string) =>
    rangedTotal(db, kind, scope, q.status, within, (part) => count(mine.where(inRange('created_at', part))));
  const named = [
    payer === undefined ? null : (['x402_settlements_of_payer', payer] as const),
    payTo === undefined ? null : (['x402_settlements_of_pay_to', payTo] as const),
    q.network === undefined ? null : (['x402_settlements_of_network', q.network] as const),
  ].filter((n) => n !== null);
  const [one] = named;
  const total = () =>
    q.transaction !== undefined || named.length > 1
      ? count(base)
      : one
        ? ranged(one[0], addressScope(tenantId, one[1]))
        : ranged('x402_settlements', tenantId);
  return paged(
    q,
    () => total().executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page finds its ids along the index alone, then reads only those rows.
      const ids = base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
      return byKeys(base, 'id', offset, limit, ids).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },
    settlementView,
  );
}

/** One settlement of the tenant; another tenant's is the same 404 as a missing one. */
export async function getSettlement(db: Db, tenantId: string, id: string): Promise<SettlementRow> {
  const row = await db.selectFrom('x402_settlements').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) throw new AppError('exceptions.x402.settlementNotFound');
  return row;
}

/**
 * The networks the tenant has settlements on, in order: one probe of the tenant's network index
 * per network (a loose index scan), however many settlements each holds.
 */
export async function settledNetworks(db: Db, tenantId: string): Promise<string[]> {
  const { rows } = await sql<{ network: string }>`
    with recursive nets (network) as (
      (select network from x402_settlements where tenant_id = ${tenantId}::uuid order by network limit 1)
      union all
      select (select s.network from x402_settlements s where s.tenant_id = ${tenantId}::uuid and s.network > n.network order by s.network limit 1)
      from nets n where n.network is not null
    )
    select network from nets where network is not null`.execute(db);
  return rows.map((r) => r.network);
}
