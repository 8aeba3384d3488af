/**
 * Exact list totals in constant time (migration 0028). The counted tables' triggers append a delta
 * to list_count_deltas in the transaction that inserts a row or moves its status; a total is the
 * sum of the scope's counts and its pending deltas (`countedTotal`), and the worker folds the
 * deltas into list_counts (`foldCountDeltas`). `auditListCounts` checks every count against
 * `count(*)`, as the ledger audit checks balances against journal lines.
 */
import { sql } from 'kysely';
import type { Executor } from './index.ts';

/**
 * The counted kinds, each with its table, the column its lists are scoped by and its status
 * expression, as migration 0028's triggers count them (rows with a null scope are not counted in
 * that kind; conversions have no status: each is booked complete).
 */
export const COUNTED = {
  invoices: { table: 'invoices', scope: 'account_id', status: 'status' },
  deposits: { table: 'deposits', scope: 'account_id', status: 'status' },
  withdrawals: { table: 'withdrawals', scope: 'account_id', status: 'status' },
  conversions: { table: 'conversions', scope: 'account_id', status: "'completed'" },
  x402_settlements: { table: 'x402_settlements', scope: 'tenant_id', status: 'status' },
  webhook_deliveries: { table: 'webhook_deliveries', scope: 'tenant_id', status: 'status' },
  webhook_deliveries_of_account: { table: 'webhook_deliveries', scope: 'account_id', status: 'status' },
} as const;
export type CountedKind = keyof typeof COUNTED;

/**
 * The exact number of `kind` rows of one scope (of every scope when none is given; of one status
 * when given), as a one-row query
 * selecting `total` (text): its count rows and its pending deltas, a few index entries whatever the
 * history. Usable as a scalar subquery, so a page and its total can be one statement.
 */
export function countedTotal(db: Executor, kind: CountedKind, scopeId: string | undefined, status?: string) {
  let counts = db.selectFrom('list_counts').select('n').where('kind', '=', kind);
  let deltas = db.selectFrom('list_count_deltas').select('delta as n').where('kind', '=', kind);
  // No scope: every scope's (the operator's view of all tenants), a row per tenant and status.
  if (scopeId !== undefined) {
    counts = counts.where('scope_id', '=', scopeId);
    deltas = deltas.where('scope_id', '=', scopeId);
  }
  if (status !== undefined) {
    counts = counts.where('status', '=', status);
    deltas = deltas.where('status', '=', status);
  }
  return db.selectFrom(counts.unionAll(deltas).as('c')).select(sql<string>`coalesce(sum(c.n), 0)::text`.as('total'));
}

/**
 * Folds up to `limit` pending deltas, oldest first, into list_counts in one statement (the deltas
 * deleted and their sums added together, so a total read at any moment counts each delta once);
 * returns how many it folded. Deltas another folder holds are skipped, and the counts are updated
 * in key order, so two folders at once neither wait on nor deadlock with each other.
 */
export async function foldCountDeltas(db: Executor, limit = 5000): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    with moved as (
      delete from list_count_deltas
      where id in (select id from list_count_deltas order by id limit ${limit} for update skip locked)
      returning kind, scope_id, status, delta
    ), added as (
      insert into list_counts as c (kind, scope_id, status, n)
      select kind, scope_id, status, sum(delta) from moved group by kind, scope_id, status order by kind, scope_id, status
      on conflict (kind, scope_id, status) do update set n = c.n + excluded.n
    )
    select count(*)::text as folded from moved having count(*) > 0`.execute(db);
  // No row when nothing was folded: the embedded database's change signal (lib/db/pglite-dialect.ts)
  // then hears no write, and an idle gateway's jobs are not woken by a fold that did nothing.
  return Number(rows[0]?.folded ?? 0);
}

/** A count that differs from the rows it counts. */
export interface CountMismatch {
  kind: string;
  scopeId: string;
  status: string;
  counted: string;
  actual: string;
}

/**
 * The audit as one statement of plain text (no parameters): every (kind, scope, status) whose count
 * and pending deltas differ from `count(*)` of its rows, as `CountMismatch` rows.
 */
export const LIST_COUNTS_AUDIT = `
  with counted as (
    select kind, scope_id, status, sum(n) as n
    from (select kind, scope_id, status, n from list_counts union all select kind, scope_id, status, delta from list_count_deltas) x
    group by 1, 2, 3
  ), actual as (
    ${Object.entries(COUNTED)
      .map(([kind, c]) => `select '${kind}'::text as kind, ${c.scope} as scope_id, (${c.status})::text as status, count(*) as n from ${c.table} where ${c.scope} is not null group by 2, 3`)
      .join('\n    union all ')}
  )
  select coalesce(a.kind, c.kind) as kind, coalesce(a.scope_id, c.scope_id)::text as "scopeId", coalesce(a.status, c.status) as status,
    coalesce(c.n, 0)::text as counted, coalesce(a.n, 0)::text as actual
  from actual a full join counted c on a.kind = c.kind and a.scope_id = c.scope_id and a.status = c.status
  where coalesce(c.n, 0) <> coalesce(a.n, 0)
  order by 1, 2, 3`;

/** Every count that differs from the rows it counts; none when all hold. */
export async function auditListCounts(db: Executor): Promise<CountMismatch[]> {
  return (await sql.raw<CountMismatch>(LIST_COUNTS_AUDIT).execute(db)).rows;
}
