import { CompiledQuery, Kysely, PostgresDialect, sql, type Kysely as K } from 'kysely';
import { PGliteDialect } from '../../src/lib/db/pglite-dialect.ts';
import { postgresPool, type Database } from '../../src/lib/db/index.ts';
import type { DB } from '../../src/lib/db/schema.ts';

/**
 * The same database as `database`, through a Kysely that records every statement the app runs (its
 * text and parameters, as sent), for the plans tests to EXPLAIN them afterwards. On PGlite it is a
 * second driver of the same instance: use it alone (its queue does not order another's statements).
 */
export function recordingDatabase(database: Database): { database: Database; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  if (database.pglite) {
    const db = new Kysely<DB>({
      dialect: new PGliteDialect(database.pglite, database.writes),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    return { database: { ...database, db, close: async () => db.destroy() }, statements };
  }
  if (!database.url) throw new Error('a PostgreSQL database is needed');
  // The gateway's own pool, which survives a connection ended under it: the database's reset for
  // the next test ends every session still open on it, this pool's closing ones included.
  const pool = postgresPool(database.url, { max: 4 });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return { database: { ...database, db, close: async () => db.destroy() }, statements };
}

/**
 * Adds `count` copies of one row of `table` (the one whose id is `id`), in one statement, then
 * vacuums and analyzes the table (unless `vacuum` is false): each copy has a fresh id and, for each
 * column `overrides` names, the value of its SQL expression for copy `g` (`first`, default 1, and on;
 * the original row is `x`); every other column is copied as it is. The columns are
 * named one by one: a round trip of each row through jsonb (to_jsonb, jsonb_populate_record) cost the
 * server twice the CPU (the plans test's eight tables of 50,000 rows: 30-35 → 16 s of PostgreSQL's CPU).
 */
export async function seedCopies(
  db: K<DB>,
  table: string,
  id: string,
  count: number,
  overrides: Record<string, string>,
  opts: { first?: number; vacuum?: boolean } = {},
): Promise<void> {
  const first = opts.first ?? 1;
  const { rows: columns } = await sql<{ name: string }>`select attname as name from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`.execute(db);
  const values = { id: 'gen_random_uuid()', ...overrides };
  const unknown = Object.keys(overrides).filter((name) => !columns.some((c) => c.name === name));
  if (unknown.length) throw new Error(`${table} has no column ${unknown.join(', ')}`);
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const exprs = columns.map((c) => values[c.name as keyof typeof values] ?? `x."${c.name}"`).join(', ');
  await sql`insert into ${sql.table(table)} (${sql.raw(names)})
    select ${sql.raw(exprs)} from ${sql.table(table)} x, generate_series(${first}::int, ${first + count - 1}::int) g where x.id::text = ${id}`.execute(
    db,
  );
  // Vacuumed as autovacuum leaves a table that grew: its pages all-visible, so an index can answer alone.
  if (opts.vacuum ?? true) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The relations of `tables` that the statement's plan reads with a sequential scan (EXPLAIN with its own parameters). */
export async function seqScans(db: K<DB>, statement: CompiledQuery, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
  );
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && tables.includes(node['Relation Name']))
      found.push(node['Relation Name']);
    node.Plans?.forEach(walk);
  };
  for (const { Plan } of rows[0]!['QUERY PLAN']) walk(Plan);
  return found;
}

/**
 * Whether a statement reads (a SELECT, locking or not, or a WITH that writes nothing): the ones the
 * plans test EXPLAINs. A write finds its rows through such a read first (a cancel locks its invoice
 * with SELECT … FOR UPDATE), so the lookups of writes are checked too.
 */
export function isRead(statement: CompiledQuery): boolean {
  const text = statement.sql.replace(/\bfor (no key )?update\b/gi, '');
  return /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);
}

interface AnalyzedNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: AnalyzedNode[];
}

/** A statement's parameter as an SQL literal, for EXECUTE of a prepared statement (whose parameter types PREPARE inferred). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `'{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

let prepared = 0;

/**
 * How many rows the statement's plan reads from `table` itself, not from its indexes: every scan of
 * the table's heap (sequential, by index, by bitmap) counts the rows it returned and those its
 * filters removed, in every loop. An index-only scan reads the index alone and counts none (whether
 * it must look at a heap page to see a row is visible is vacuum's matter, not the statement's). Runs
 * the statement (EXPLAIN ANALYZE) with its own parameters; `generic`: as a prepared statement under
 * its generic plan, planned knowing no parameter's value, as PGlite (which prepares every statement)
 * runs it after five runs when that plan looks no dearer. Also `scanned`, the rows every scan of
 * the table went through, index-only ones included (each as often as it was run again), and the
 * plan, in short, for a message.
 */
export async function tableRowsRead(
  db: K<DB>,
  statement: CompiledQuery,
  table: string,
  generic: boolean,
): Promise<{ rows: number; scanned: number; plan: string }> {
  const explain = 'explain (analyze, format json)';
  const out = await db.connection().execute(async (c) => {
    if (!generic)
      return c.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`${explain} ${statement.sql}`, [...statement.parameters]));
    const name = `rows_read_${++prepared}`;
    await c.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'));
    try {
      await c.executeQuery(CompiledQuery.raw(`prepare ${name} as ${statement.sql}`));
      const args = statement.parameters.length ? `(${statement.parameters.map(literal).join(', ')})` : '';
      return await c.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`${explain} execute ${name}${args}`));
    } finally {
      await c.executeQuery(CompiledQuery.raw(`deallocate ${name}`));
      await c.executeQuery(CompiledQuery.raw('reset plan_cache_mode'));
    }
  });
  const cell = out.rows[0]!['QUERY PLAN'];
  const Plan = ((typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: AnalyzedNode }>)[0]!.Plan;
  let rows = 0;
  let scanned = 0;
  const lines: string[] = [];
  const walk = (node: AnalyzedNode, depth: number) => {
    const loops = node['Actual Loops'] ?? 1;
    const all =
      node['Relation Name'] === table
        ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops + (node['Rows Removed by Index Recheck'] ?? 0)
        : 0;
    const read = node['Node Type'] === 'Index Only Scan' ? 0 : all;
    rows += read;
    scanned += all;
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}` : '';
    lines.push(
      `${'  '.repeat(depth)}${node['Node Type']}${on} (rows ${node['Actual Rows']} × ${loops}${read ? `; ${read} read from ${table}` : ''})`,
    );
    node.Plans?.forEach((p) => walk(p, depth + 1));
  };
  walk(Plan, 0);
  return { rows: Math.round(rows), scanned: Math.round(scanned), plan: lines.join('\n') };
}
