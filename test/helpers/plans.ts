import { CompiledQuery, Kysely, PostgresDialect, sql, type Kysely as K } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/lib/db/index.ts';
import type { DB } from '../../src/lib/db/schema.ts';

/**
 * The same PostgreSQL database as `database`, through a Kysely that records every statement the
 * app runs (its text and parameters, as sent), for the plans test to EXPLAIN them afterwards.
 */
export function recordingDatabase(database: Database): { database: Database; statements: CompiledQuery[] } {
  if (!database.url) throw new Error('a PostgreSQL database is needed');
  const statements: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
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
    select ${sql.raw(exprs)} from ${sql.table(table)} x, generate_series(${first}::int, ${first + count - 1}::int) g where x.id::text = ${id}`.execute(db);
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
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]));
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && tables.includes(node['Relation Name'])) found.push(node['Relation Name']);
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
