/**
 * What a database copy needs to know of a schema, read from the PostgreSQL catalog (the same on
 * PGlite and PostgreSQL): its tables, their columns, foreign keys and sequences, and a checksum of
 * a table's rows.
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import { onlyRow } from './expressions.ts';

/** A database (or transaction) of any schema: the catalog is read with raw SQL alone. */
export type AnyDb = QueryExecutorProvider;

export interface Column {
  name: string;
  /** As format_type writes it, e.g. `numeric(78,0)`, `timestamp with time zone`. */
  type: string;
  /** `a`: GENERATED ALWAYS AS IDENTITY (written with OVERRIDING SYSTEM VALUE). */
  identity: string;
  /** `s`: a generated column, computed again by the target, never written. */
  generated: string;
}

/**
 * Session settings under which every type's text form is the same on both engines: values travel
 * as text (their own input and output functions, as pg_dump's COPY does), and checksums compare text.
 */
export const TEXT_SETTINGS = [
  `set timezone = 'UTC'`,
  `set datestyle = 'ISO, YMD'`,
  `set intervalstyle = 'postgres'`,
  `set extra_float_digits = 1`,
  `set bytea_output = 'hex'`,
];

export async function applyTextSettings(db: AnyDb, local = false): Promise<void> {
  for (const s of TEXT_SETTINGS) await sql.raw(local ? s.replace(/^set /, 'set local ') : s).execute(db);
}

/** The ordinary tables of the public schema, by name. */
export async function tablesOf(db: AnyDb): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return rows.rows.map((r) => r.name);
}

export async function columnsOf(db: AnyDb, table: string): Promise<Column[]> {
  const rows = await sql<{ name: string; type: string; identity: string; generated: string }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
           a.attidentity::text as identity, a.attgenerated::text as generated
    from pg_attribute a
    where a.attrelid = ${`public.${quoteIdent(table)}`}::regclass and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return rows.rows;
}

export interface ForeignKey {
  table: string;
  name: string;
  deferrable: boolean;
  deferred: boolean;
}

export async function foreignKeysOf(db: AnyDb): Promise<ForeignKey[]> {
  const rows = await sql<ForeignKey>`
    select cl.relname as "table", co.conname as name, co.condeferrable as deferrable, co.condeferred as deferred
    from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
    where co.contype = 'f' and n.nspname = 'public' order by cl.relname, co.conname`.execute(db);
  return rows.rows;
}

export interface Sequence {
  name: string;
  /** Null until the sequence was first used. */
  lastValue: string | null;
  /** The column it numbers (serial, bigserial, identity), if any. */
  table: string | null;
  column: string | null;
}

export async function sequencesOf(db: AnyDb): Promise<Sequence[]> {
  const rows = await sql<{ name: string; last_value: string | null; table: string | null; column: string | null }>`
    select s.sequencename as name, s.last_value::text as last_value, t.relname as "table", a.attname as "column"
    from pg_sequences s
    join pg_class sc on sc.relname = s.sequencename and sc.relkind = 'S'
    join pg_namespace sn on sn.oid = sc.relnamespace and sn.nspname = s.schemaname
    left join pg_depend d on d.objid = sc.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where s.schemaname = 'public' order by s.sequencename`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, lastValue: r.last_value, table: r.table, column: r.column }));
}

/** Row count and an order-independent checksum of every row's text form (under TEXT_SETTINGS). */
export async function tableChecksum(db: AnyDb, table: string): Promise<{ rows: number; md5: string }> {
  const r = await sql<{ n: string; h: string }>`
    select count(*)::text as n, coalesce(md5(string_agg(md5(cg_row::text), '' order by md5(cg_row::text))), '') as h
    from ${sql.table(table)} as cg_row`.execute(db);
  const { n, h } = onlyRow(r);
  return { rows: Number(n), md5: h };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
