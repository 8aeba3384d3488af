/**
 * Exact list totals in constant time (migrations 0028 and 0030). The counted tables' triggers append
 * a delta, with its row's UTC day, to list_count_deltas in the transaction that inserts a row or
 * moves its status; a total is the sum of the scope's counts and its pending deltas
 * (`countedTotal`), a time range's the sum of the whole days it covers and the rows of its partial
 * days (`rangedTotal`), and the worker folds the deltas into list_counts and list_day_counts
 * (`foldCountDeltas`). `auditListCounts` checks every count, and every day's, against `count(*)`,
 * as the ledger audit checks balances against journal lines.
 */
import { createHash } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import type { Executor } from './index.ts';
import { pgInstant } from './search.ts';

/**
 * The counted kinds, each with its table, the column its lists are scoped by, its status
 * expression and the time its lists' ranges filter (its day's), as migrations 0028, 0030 and 0069's
 * triggers count them (rows with a null scope are not counted in
 * that kind; conversions have no status: each is booked complete).
 */
export const COUNTED = {
  invoices: { table: 'invoices', scope: 'account_id', status: 'status', at: 'created_at' },
  deposits: { table: 'deposits', scope: 'account_id', status: 'status', at: 'created_at' },
  withdrawals: { table: 'withdrawals', scope: 'account_id', status: 'status', at: 'created_at' },
  conversions: { table: 'conversions', scope: 'account_id', status: "'completed'", at: 'completed_at' },
  x402_settlements: { table: 'x402_settlements', scope: 'tenant_id', status: 'status', at: 'created_at' },
  // A tenant's settlements of one payer, of one payTo: scoped by `addressScope` (migration 0030).
  x402_settlements_of_payer: {
    table: 'x402_settlements',
    scope: "md5(tenant_id::text || ':' || payer)::uuid",
    status: 'status',
    at: 'created_at',
  },
  x402_settlements_of_pay_to: {
    table: 'x402_settlements',
    scope: "md5(tenant_id::text || ':' || pay_to)::uuid",
    status: 'status',
    at: 'created_at',
  },
  // A tenant's settlements on one network, scoped by `addressScope(tenant, network)` (migration 0069).
  x402_settlements_of_network: {
    table: 'x402_settlements',
    scope: "md5(tenant_id::text || ':' || network)::uuid",
    status: 'status',
    at: 'created_at',
  },
  webhook_deliveries: { table: 'webhook_deliveries', scope: 'tenant_id', status: 'status', at: 'created_at' },
  webhook_deliveries_of_account: { table: 'webhook_deliveries', scope: 'account_id', status: 'status', at: 'created_at' },
} as const;
export type CountedKind = keyof typeof COUNTED;

/**
 * The scope id under which a tenant's rows of one address are counted (the x402 settlements of a
 * payer or a payTo, or of a network): the md5 of `tenant:address` as a uuid, as migration 0030's
 * (and 0069's) triggers make it.
 */
export function addressScope(tenantId: string, address: string): string {
  const h = createHash('md5').update(`${tenantId}:${address}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

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
 * Folds up to `limit` pending deltas, oldest first, into list_counts and list_day_counts in one
 * statement (the deltas deleted and their sums added together, so a total read at any moment counts
 * each delta once); returns how many it folded. Deltas another folder holds are skipped, and the
 * counts are updated in key order, so two folders at once neither wait on nor deadlock with each other.
 */
export async function foldCountDeltas(db: Executor, limit = 5000): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    with moved as (
      delete from list_count_deltas
      where id in (select id from list_count_deltas order by id limit ${limit} for update skip locked)
      returning kind, scope_id, status, day, delta
    ), added as (
      insert into list_counts as c (kind, scope_id, status, n)
      select kind, scope_id, status, sum(delta) from moved group by kind, scope_id, status order by kind, scope_id, status
      on conflict (kind, scope_id, status) do update set n = c.n + excluded.n
    ), by_day as (
      insert into list_day_counts as d (kind, scope_id, status, day, n)
      select kind, scope_id, status, day, sum(delta) from moved where day is not null
      group by kind, scope_id, status, day order by kind, scope_id, status, day
      on conflict (kind, scope_id, status, day) do update set n = d.n + excluded.n
    )
    select count(*)::text as folded from moved having count(*) > 0`.execute(db);
  // No row when nothing was folded: the embedded database's change signal (lib/db/pglite-dialect.ts)
  // then hears no write, and an idle gateway's jobs are not woken by a fold that did nothing.
  return Number(rows[0]?.folded ?? 0);
}

/** A time range as the lists filter it (lib/db/search.ts `inRange`): from `from` (inclusive) to `before`. */
export interface CountedRange {
  from?: Date;
  before?: Date;
  /** `before` itself is in the range. */
  inclusive: boolean;
}

const DAY_MS = 86_400_000;
/** A UTC day as PostgreSQL reads it (`pgInstant`'s date part). */
const dayOf = (ms: number) => pgInstant(new Date(ms)).slice(0, -14);

/**
 * The day counts of one scope (and status), from `first` (inclusive) to `end` (exclusive) when
 * given, and the pending deltas of those days: rows of (day, n) whose sums by day are the exact
 * counts, read in the statement's snapshot.
 */
function byDay(db: Executor, kind: CountedKind, scopeId: string, status: string | undefined, first?: string, end?: string) {
  let counts = db.selectFrom('list_day_counts').select(['day', 'n']).where('kind', '=', kind).where('scope_id', '=', scopeId);
  let deltas = db
    .selectFrom('list_count_deltas')
    .select([sql<string>`day`.as('day'), 'delta as n'])
    .where('kind', '=', kind)
    .where('scope_id', '=', scopeId)
    .where('day', 'is not', null);
  if (status !== undefined) {
    counts = counts.where('status', '=', status);
    deltas = deltas.where('status', '=', status);
  }
  if (first !== undefined) {
    counts = counts.where('day', '>=', first);
    deltas = deltas.where('day', '>=', first);
  }
  if (end !== undefined) {
    counts = counts.where('day', '<', end);
    deltas = deltas.where('day', '<', end);
  }
  return counts.unionAll(deltas);
}

/**
 * The exact number of `kind` rows of one scope (and status) whose time falls in `range`, as a
 * one-row query selecting `total` (text), usable as a scalar subquery. The whole UTC days the range
 * covers are summed from list_day_counts and the pending deltas; the rows of its partial first and
 * last days are counted by `countRows` (the list's own filtered count, given the part of the range
 * to count) along the list's index. So it reads the range's days and at most two days' rows,
 * whatever the history; a range holding no whole day (at most two days' rows) is counted along the
 * index alone.
 */
export function rangedTotal(
  db: Executor,
  kind: CountedKind,
  scopeId: string,
  status: string | undefined,
  range: CountedRange,
  countRows: (part: CountedRange) => Expression<{ total: string }>,
) {
  if (range.from === undefined && range.before === undefined) return countedTotal(db, kind, scopeId, status);
  // The whole days: [first, end), as UTC dates.
  const first = range.from === undefined ? undefined : Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS;
  const end = range.before === undefined ? undefined : Math.floor(range.before.getTime() / DAY_MS) * DAY_MS;
  if (first !== undefined && end !== undefined && first >= end) {
    return db.selectNoFrom(sql<string>`coalesce((${countRows(range)}), 0)::text`.as('total'));
  }
  const parts = [];
  if (range.from !== undefined && first !== undefined && first > range.from.getTime())
    parts.push(countRows({ from: range.from, before: new Date(first), inclusive: false }));
  if (range.before !== undefined && end !== undefined && (end < range.before.getTime() || range.inclusive))
    parts.push(countRows({ from: new Date(end), before: range.before, inclusive: range.inclusive }));
  const dated = byDay(
    db,
    kind,
    scopeId,
    status,
    first === undefined ? undefined : dayOf(first),
    end === undefined ? undefined : dayOf(end),
  );
  const whole = db.selectFrom(dated.as('c')).select(sql<string>`coalesce(sum(c.n), 0)`.as('n'));
  const sum = sql.join([sql`(${whole})`, ...parts.map((p) => sql`coalesce((${p}), 0)`)], sql` + `);
  return db.selectNoFrom(sql<string>`(${sum})::text`.as('total'));
}

/** From this many rows down, a page starts from its day (`pageAnchor`) instead of walking every row above it. */
export const DEEP_PAGE = 2000;

/**
 * `pageAnchor` for the page `offset` rows down a list, when it is that deep (`DEEP_PAGE`) and the
 * list has neither a search nor a time range; undefined otherwise (the page then walks from the top).
 */
export function deepPageAnchor(
  db: Executor,
  kind: CountedKind,
  scopeId: string,
  q: { status?: string; search?: string; from?: unknown; to?: unknown },
  offset: number,
) {
  if (offset < DEEP_PAGE || q.search || q.from !== undefined || q.to !== undefined) return undefined;
  return pageAnchor(db, kind, scopeId, q.status, offset);
}

/**
 * Where the page `offset` rows down a list lies, newest first by a NOT NULL time column, found from
 * the day counts instead of a walk of every row above it: two scalar subqueries, `before` (the end
 * of the day holding the list's row number `offset`, exclusive) and `skip` (the rows of that day and
 * the days before it to pass over: `offset` less the rows of every newer day). The page is then the
 * list's rows before `before`, offset by `skip`: it walks one day's rows, whatever the depth. Sums
 * every day of the scope (and status) with its pending deltas in the statement's snapshot, so it is
 * exact with the page it places; for lists with no time range (a range's partial days are not in
 * the day counts as such). Both are null when the list is empty (the page then has no row).
 */
function pageAnchor(db: Executor, kind: CountedKind, scopeId: string, status: string | undefined, offset: number) {
  const days = db
    .selectFrom(byDay(db, kind, scopeId, status).as('c'))
    .select(['c.day', sql<string>`sum(c.n)`.as('n')])
    .groupBy('c.day');
  const ranked = db.selectFrom(days.as('d')).select(['d.day', sql<string>`sum(d.n) over (order by d.day desc) - d.n`.as('newer')]);
  const day = db
    .selectFrom(ranked.as('r'))
    .where(sql<string>`r.newer`, '<=', sql<string>`${offset}::bigint`)
    .orderBy('r.day', 'asc')
    .limit(1);
  return {
    before: day.select(sql<Date>`((r.day + 1)::timestamp at time zone 'UTC')`.as('before')),
    skip: day.select(sql<number>`(${offset}::bigint - r.newer)::bigint`.as('skip')),
  };
}

/** A count that differs from the rows it counts (`day` null: the count of all days). */
export interface CountMismatch {
  kind: string;
  scopeId: string;
  status: string;
  day: string | null;
  counted: string;
  actual: string;
}

function audited(byDay: boolean): string {
  // The count of all days stands under a day no row has ('infinity'), so that rows join on plain
  // equality (a hash join; \`is not distinct from\` made it a nested loop: seconds over 50,000 rows).
  const day = byDay ? 'day' : "'infinity'::date";
  const actual = Object.entries(COUNTED).map(([kind, c]) => {
    const rowDay = byDay ? `(${c.at} at time zone 'UTC')::date` : "'infinity'::date";
    const where = byDay ? `${c.scope} is not null and ${c.at} is not null` : `${c.scope} is not null`;
    return `select '${kind}'::text as kind, ${c.scope} as scope_id, (${c.status})::text as status, ${rowDay} as day, count(*) as n from ${c.table} where ${where} group by 2, 3, 4`;
  });
  return `
    with counted as (
      select kind, scope_id, status, day, sum(n) as n
      from (select kind, scope_id, status, ${day} as day, n from ${byDay ? 'list_day_counts' : 'list_counts'}
            union all select kind, scope_id, status, ${day}, delta from list_count_deltas${byDay ? ' where day is not null' : ''}) x
      group by 1, 2, 3, 4
    ), actual as (
      ${actual.join('\n      union all ')}
    )
    select coalesce(a.kind, c.kind) as kind, coalesce(a.scope_id, c.scope_id)::text as "scopeId", coalesce(a.status, c.status) as status,
      to_char(nullif(coalesce(a.day, c.day), 'infinity'), 'YYYY-MM-DD') as day, coalesce(c.n, 0)::text as counted, coalesce(a.n, 0)::text as actual
    from actual a full join counted c on a.kind = c.kind and a.scope_id = c.scope_id and a.status = c.status and a.day = c.day
    where coalesce(c.n, 0) <> coalesce(a.n, 0)`;
}

/**
 * The audit as one statement of plain text (no parameters): every (kind, scope, status) whose count
 * and pending deltas differ from `count(*)` of its rows (`day` null), and every day of one whose day
 * count does, as `CountMismatch` rows.
 */
export const LIST_COUNTS_AUDIT = `select * from (${audited(false)}) counts union all select * from (${audited(true)}) days order by 1, 2, 3, 4 nulls first`;

/** Every count that differs from the rows it counts; none when all hold. */
export async function auditListCounts(db: Executor): Promise<CountMismatch[]> {
  return (await sql.raw<CountMismatch>(LIST_COUNTS_AUDIT).execute(db)).rows;
}
