/**
 * Copies a gateway database into another, exactly: every row of every table, values carried in
 * their PostgreSQL text form (as pg_dump does), sequences set where the source's stood (and never
 * below the highest id), all in one transaction on the target, which must have the same schema and
 * no rows. Before it commits, every table's rows are compared with the source's by count and
 * checksum, and the caller's check runs (the ledger audit); any difference rolls the whole copy back.
 * `npm run move-to-postgres` moves a trial from the embedded database to PostgreSQL with it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  applyTextSettings,
  columnsOf,
  foreignKeysOf,
  quoteIdent,
  sequencesOf,
  tableChecksum,
  tablesOf,
  type AnyDb,
  type Column,
  type ForeignKey,
} from './catalog.ts';

/**
 * Bookkeeping of the migrations themselves: each database keeps its own. The lists' counts are
 * not copied either: the counted tables' triggers count their rows again as they arrive.
 */
const NOT_COPIED = new Set(['schema_migrations', 'list_counts', 'list_day_counts', 'list_count_deltas']);
const BATCH = 2000;

export class CopyRefusedError extends Error {}

export interface CopyReport {
  tables: Array<{ table: string; rows: number }>;
  sequences: number;
}

export async function copyDatabase<S, T>(
  source: Kysely<S>,
  target: Kysely<T>,
  check?: (trx: Transaction<T>) => Promise<void>,
): Promise<CopyReport> {
  const tables = (await sameTables(source, target)).filter((t) => !NOT_COPIED.has(t));
  await applyTextSettings(source);
  const expected = new Map<string, { rows: number; md5: string }>();
  for (const t of tables) expected.set(t, await tableChecksum(source, t));
  return target.transaction().execute(async (trx) => {
    await applyTextSettings(trx, true);
    await refuseRows(trx, tables);
    const keys = (await foreignKeysOf(trx)).filter((k) => !k.deferred);
    // Rows arrive table by table, and some tables refer to each other (invoices and their quotes):
    // foreign keys are checked once every row is in, then put back as they were.
    await setDeferrable(trx, keys, true);
    await sql`set constraints all deferred`.execute(trx);
    const report: CopyReport = { tables: [], sequences: 0 };
    for (const t of tables) report.tables.push({ table: t, rows: await copyTable(source, trx, t) });
    report.sequences = await copySequences(source, trx);
    await sql`set constraints all immediate`.execute(trx);
    await setDeferrable(trx, keys, false);
    for (const t of tables) {
      const got = await tableChecksum(trx, t);
      const want = expected.get(t) ?? { rows: -1, md5: '' };
      if (got.rows !== want.rows || got.md5 !== want.md5) {
        throw new Error(`table ${t} differs after the copy (${got.rows} rows, source ${want.rows}); nothing was copied`);
      }
    }
    await check?.(trx);
    return report;
  });
}

/** The tables of both, which must be the same (same migrations applied). */
async function sameTables(source: AnyDb, target: AnyDb): Promise<string[]> {
  const [a, b] = [await tablesOf(source), await tablesOf(target)];
  const onlySource = a.filter((t) => !b.includes(t));
  const onlyTarget = b.filter((t) => !a.includes(t));
  if (onlySource.length || onlyTarget.length) {
    throw new CopyRefusedError(
      `the two schemas differ (only in the source: ${onlySource.join(', ') || 'none'}; only in the target: ${onlyTarget.join(', ') || 'none'})`,
    );
  }
  const versions = async (db: AnyDb) =>
    (await sql<{ v: number }>`select version as v from schema_migrations order by version`.execute(db)).rows
      .map((r) => Number(r.v))
      .join(',');
  if ((await versions(source)) !== (await versions(target)))
    throw new CopyRefusedError('the two databases have different migrations applied');
  return a;
}

/** The target must hold no rows at all: the copy adds to nothing and overwrites nothing. */
async function refuseRows(trx: AnyDb, tables: string[]): Promise<void> {
  const filled: string[] = [];
  for (const t of tables) {
    // No one writes meanwhile: the copy then commits into exactly what was checked.
    await sql`lock table ${sql.table(t)} in access exclusive mode`.execute(trx);
    const any = await sql`select 1 from ${sql.table(t)} limit 1`.execute(trx);
    if (any.rows.length) filled.push(t);
  }
  if (filled.length) {
    throw new CopyRefusedError(
      `the target database is not empty (rows in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''})`,
    );
  }
}

async function setDeferrable(trx: AnyDb, keys: ForeignKey[], deferred: boolean): Promise<void> {
  for (const k of keys) {
    const mode = deferred ? 'deferrable initially deferred' : k.deferrable ? 'deferrable initially immediate' : 'not deferrable';
    await sql.raw(`alter table ${quoteIdent(k.table)} alter constraint ${quoteIdent(k.name)} ${mode}`).execute(trx);
  }
}

/** One table, through a cursor on the source and batches of rows as text arrays on the target. */
async function copyTable<S>(source: Kysely<S>, trx: AnyDb, table: string): Promise<number> {
  const columns = (await columnsOf(trx, table)).filter((c) => c.generated === '');
  const sourceColumns = (await columnsOf(source, table)).filter((c) => c.generated === '');
  const shape = (cs: Column[]) => cs.map((c) => `${c.name} ${c.type}`).join(', ');
  if (shape(columns) !== shape(sourceColumns)) {
    throw new CopyRefusedError(`table ${table} has other columns in the two databases (${shape(sourceColumns)} / ${shape(columns)})`);
  }
  if (columns.length === 0) return 0;
  const select = sql.raw(
    `select ${columns.map((c, i) => `${quoteIdent(c.name)}::text as c${i}`).join(', ')} from public.${quoteIdent(table)}`,
  );
  const insert = insertStatement(table, columns);
  let copied = 0;
  await source.transaction().execute(async (strx) => {
    await sql`declare copy_rows no scroll cursor for ${select}`.execute(strx);
    for (;;) {
      const batch = await sql<Record<string, string | null>>`${sql.raw(`fetch ${BATCH} from copy_rows`)}`.execute(strx);
      if (batch.rows.length === 0) break;
      const arrays = columns.map((_, i) => batch.rows.map((r) => r[`c${i}`] ?? null));
      await sql`${insert}(${sql.join(arrays.map((a) => sql`${a}::text[]`))}) as u(${sql.raw(columns.map((_, i) => `c${i}`).join(', '))})`.execute(
        trx,
      );
      copied += batch.rows.length;
    }
    await sql`close copy_rows`.execute(strx);
  });
  return copied;
}

/** `insert into t (a, b) select u.c0::type, u.c1::type from unnest` (the arrays and alias follow). */
function insertStatement(table: string, columns: Column[]) {
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const overriding = columns.some((c) => c.identity === 'a') ? ' overriding system value' : '';
  const values = columns.map((c, i) => `u.c${i}::${c.type}`).join(', ');
  return sql.raw(`insert into public.${quoteIdent(table)} (${names})${overriding} select ${values} from unnest`);
}

/** Every sequence where the source's stood, and past the highest value of the column it numbers. */
async function copySequences(source: AnyDb, trx: AnyDb): Promise<number> {
  const targetSequences = new Map((await sequencesOf(trx)).map((s) => [s.name, s]));
  let set = 0;
  for (const s of await sequencesOf(source)) {
    const t = targetSequences.get(s.name);
    if (!t) throw new CopyRefusedError(`sequence ${s.name} is missing in the target`);
    let value = s.lastValue === null ? null : BigInt(s.lastValue);
    if (t.table && t.column) {
      const max = await sql<{ m: string | null }>`select max(${sql.ref(t.column)})::text as m from ${sql.table(t.table)}`.execute(trx);
      const m = max.rows[0]?.m;
      if (m !== null && m !== undefined && (value === null || BigInt(m) > value)) value = BigInt(m);
    }
    if (value === null) continue;
    await sql`select setval(${`public.${quoteIdent(s.name)}`}::regclass, ${value.toString()}::bigint, true)`.execute(trx);
    set++;
  }
  return set;
}
