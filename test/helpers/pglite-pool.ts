// Test databases on PGlite, reused within a test process.
//
// A new PGlite instance costs 0.3–0.6 s of CPU (the WebAssembly instance, the template's files
// unpacked into its memory file system, the server's start), and the suite asked for over a
// hundred of them: a seventh of its CPU. A closed test database is therefore reset to the
// template's exact state and handed to the next test of the same process instead: a few
// milliseconds. Only an instance whose schema still matches the template's is reused (a test that
// created a table, changed a column or a setting has its instance closed, as before), and the reset
// leaves what a new clone would have: the same tables, all empty but the migrations' own record,
// every sequence at its start, no session state (DISCARD ALL: prepared statements, temporary
// tables, advisory locks, LISTEN, settings). The database's close waits for the queries already
// queued and refuses new ones, so no late query of one test reaches the next one's database.
import { after } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, pgliteDatabase, type Database } from '../../src/lib/db/index.ts';

/** Everything a test can change in the schema, as one digest: relations, columns, constraints, code, settings. */
const FINGERPRINT = `
select md5(string_agg(x, E'\\n' order by x)) as fp from (
  select format('rel %s.%s %s %s', n.nspname, c.relname, c.relkind, c.relpersistence) as x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%temp%' and n.nspname <> 'pg_toast'
  union all
  select format('col %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
  union all select format('con %s %s', conrelid::regclass, pg_get_constraintdef(oid)) from pg_constraint where connamespace = 'public'::regnamespace
  union all select format('idx %s', pg_get_indexdef(indexrelid)) from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace = 'public'::regnamespace
  union all select format('fn %s %s', oid::regprocedure, md5(prosrc)) from pg_proc where pronamespace = 'public'::regnamespace
  union all select format('trg %s', pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
  union all select format('type %s', oid::regtype) from pg_type where typnamespace = 'public'::regnamespace
  union all select format('ns %s', nspname) from pg_namespace where nspname not like 'pg\\_%temp%'
  union all select format('ext %s %s', extname, extversion) from pg_extension
  union all select format('set %s %s', setrole, setconfig) from pg_db_role_setting
  union all select format('role %s %s', rolname, rolsuper) from pg_roles
  union all select format('conf %s %s', name, setting) from pg_settings where source not in ('default', 'override', 'session', 'client')
  union all select format('mig %s', m) from schema_migrations m
) s`;

interface TemplateState {
  fingerprint: string;
  /** TRUNCATE of every table the migrations leave empty. */
  truncate: string;
  /** Each sequence back to the template's value. */
  sequences: string;
}

let template: Promise<TemplateState> | undefined;

/** Read from a new clone before any test touched it. */
async function templateState(pg: PGlite): Promise<TemplateState> {
  const fingerprint = (await pg.query<{ fp: string }>(FINGERPRINT)).rows[0]!.fp;
  const tables = (
    await pg.query<{ t: string }>(
      `select format('%I.%I', schemaname, relname) as t from pg_stat_user_tables s
        where not exists (select 1 from pg_inherits i where i.inhrelid = s.relid) order by 1`,
    )
  ).rows.map((r) => r.t);
  const seeded = new Set<string>();
  for (const t of tables) if ((await pg.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0]!.n > 0) seeded.add(t);
  const empty = tables.filter((t) => !seeded.has(t));
  // Tables with rows of their own (the migrations' record) are left as they are: the fingerprint
  // covers schema_migrations, and no test writes another seeded table.
  if ([...seeded].some((t) => t !== 'public.schema_migrations')) throw new Error(`the template has rows outside schema_migrations: ${[...seeded].join(', ')}`);
  const sequences = (
    await pg.query<{ s: string; last_value: string | null; is_called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as s, last_value::text, last_value is not null as is_called from pg_sequences order by 1`,
    )
  ).rows
    .map((r) => (r.last_value === null ? `alter sequence ${r.s} restart;` : `select setval('${r.s}', ${r.last_value}, true);`))
    .join('\n');
  return { fingerprint, truncate: empty.length ? `truncate table ${empty.join(', ')} restart identity cascade;` : '', sequences };
}

/** Instances reset to the template, ready for the next test of this process. */
const idle: PGlite[] = [];
const MAX_IDLE = 2;
// An open instance keeps its process alive: the idle ones close once the process's tests are done
// (a hook of the root test, as this module is first imported at a file's top level).
after(async () => {
  await Promise.all(idle.splice(0).map((pg) => pg.close().catch(() => {})));
});

/** Back to the template's state; false when the schema differs (the instance is then closed). */
async function resetToTemplate(pg: PGlite, state: TemplateState): Promise<boolean> {
  await pg.exec('rollback');
  await pg.exec('discard all');
  if ((await pg.query<{ fp: string }>(FINGERPRINT)).rows[0]!.fp !== state.fingerprint) return false;
  await pg.exec(`${state.truncate}\n${state.sequences}`);
  return true;
}

async function release(pg: PGlite): Promise<void> {
  if (!pg.closed && idle.length < MAX_IDLE) {
    const reused = await resetToTemplate(pg, await template!).catch(() => false);
    if (reused) {
      idle.push(pg);
      return;
    }
  }
  if (!pg.closed) await pg.close();
}

/**
 * A migrated PGlite in the template's state: an idle one of this process, else a new clone of
 * `dump`. Closing the database hands its instance back.
 */
export async function pooledPglite(dump: () => Promise<Blob>): Promise<Database> {
  let pg = idle.pop();
  if (!pg) {
    pg = await createPglite('memory://', { loadDataDir: await dump(), sharedBuffers: '16MB' });
    template ??= templateState(pg);
    await template;
  }
  const instance = pg;
  let released: Promise<void> | undefined;
  return pgliteDatabase(instance, () => (released ??= release(instance)));
}
