// Test databases, reused within a test process, on both engines.
//
// A new PGlite instance costs 0.3–0.6 s of CPU (the WebAssembly instance, the template's files
// unpacked into its memory file system, the server's start), and the suite asked for over a
// hundred of them: a seventh of its CPU. On PostgreSQL, CREATE DATABASE from the template and the
// DROP after it cost the server some 0.16 s of CPU a database. A closed test database is therefore
// reset to the template's exact state and handed to the next test of the same process instead: a
// few milliseconds. Only a database whose schema still matches the template's is reused (a test
// that created a table, changed a column or a setting has its database closed or dropped, as
// before), and the reset leaves what a new clone would have: the same tables, all empty but the
// migrations' own record, every sequence at its start, no session state (DISCARD ALL on PGlite's one
// session; on PostgreSQL the connections the database keeps for the next test are rolled back and
// discarded, and every other session of the database is ended). A closed database refuses further
// queries and its close waits for those already queued (src/lib/db, and the pool's share below), so
// no late query of one test reaches the next one's database.
import { after } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { LIST_COUNTS_AUDIT, type CountMismatch } from '../../src/lib/db/counts.ts';
import { createPglite, pgliteDatabase, postgresDatabase, postgresPool, type Database } from '../../src/lib/db/index.ts';

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
   where setdatabase in (0, (select oid from pg_database where datname = current_database()))
  union all select format('conf %s %s', name, setting) from pg_settings where source not in ('default', 'override', 'session', 'client')
  union all select format('mig %s', m) from schema_migrations m
) s`;

/**
 * The catalogs the fingerprint reads, each stamped with its row count and the newest transaction
 * that wrote one of its rows (`xmin`), and the settings the fingerprint reads. A schema change
 * writes a row of one of them (a new xmin, newer than every one in the template: transaction ids
 * only grow) or deletes one (a count goes down), so a stamp equal to the template's means the
 * fingerprint is too. It is the cheap first look: 15 ms on PGlite where the fingerprint takes 40
 * (the fingerprint deparses every constraint, index, trigger and function). A stamp that differs
 * (a temporary table, a catalog row frozen by a vacuum) is settled by the fingerprint, as before.
 */
const STAMPED = [
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_proc',
  'pg_trigger',
  'pg_type',
  'pg_namespace',
  'pg_extension',
  'pg_db_role_setting',
  'public.schema_migrations',
];
const CATALOG_STAMP = `
select md5(string_agg(x, E'\n' order by x)) as stamp from (
  ${STAMPED.map((t) => `select format('%s %s %s', '${t}', count(*), max(xmin::text::bigint)) as x from ${t}`).join('\n  union all ')}
  union all select format('conf %s %s', name, setting) from pg_settings where source not in ('default', 'override', 'session', 'client')
) s`;

/** What the pool needs of a session: rows of a statement, and a script of several. */
interface Session {
  rows<T>(text: string): Promise<T[]>;
  exec(text: string): Promise<unknown>;
}

interface TemplateState {
  fingerprint: string;
  stamp: string;
  /** Every table the migrations leave empty emptied, and each sequence back to its value. */
  reset: string;
}

/** Read from a new clone before any test touched it. */
async function templateState(s: Session): Promise<TemplateState> {
  const [{ fp }] = (await s.rows<{ fp: string }>(FINGERPRINT)) as [{ fp: string }];
  const [{ stamp }] = (await s.rows<{ stamp: string }>(CATALOG_STAMP)) as [{ stamp: string }];
  const tables: Array<{ t: string; n: number }> = [];
  for (const { t } of await s.rows<{ t: string }>(`select format('%I.%I', schemaname, relname) as t from pg_stat_user_tables order by 1`)) {
    tables.push({ t, n: (await s.rows<{ n: number }>(`select count(*)::int as n from ${t}`))[0]!.n });
  }
  const seeded = tables.filter((t) => t.n > 0).map((t) => t.t);
  // Tables with rows of their own (the migrations' record) are left as they are: the fingerprint
  // covers schema_migrations, and no other table has rows in the template.
  if (seeded.some((t) => t !== 'public.schema_migrations'))
    throw new Error(`the template has rows outside schema_migrations: ${seeded.join(', ')}`);
  const empty = tables.filter((t) => t.n === 0).map((t) => t.t);
  const sequences = (
    await s.rows<{ s: string; start: string; last_value: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as s, start_value::text as start, last_value::text from pg_sequences order by 1`,
    )
  )
    // An unused sequence is set back unused (setval, false), not restarted: ALTER SEQUENCE RESTART
    // gives it a new file, which rewrites its pg_class row and so its catalog stamp.
    .map((r) => `select setval('${r.s}', ${r.last_value ?? r.start}, ${r.last_value !== null});`);
  // DELETE, not TRUNCATE: the tables hold a test's few rows, and TRUNCATE makes new files for every
  // table and index (on PostgreSQL 0.17 s of the server's CPU a reset, DELETE 0.01 s). Triggers and
  // foreign keys are off for it (replica role), so the order does not matter and nothing is audited.
  const deletes = empty.map((t) => `delete from ${t};`);
  return {
    fingerprint: fp,
    stamp,
    reset: ['begin;', 'set local session_replication_role = replica;', ...deletes, ...sequences, 'commit;'].join('\n'),
  };
}

/** A test left list counts that differ from the rows they count (the audit). */
class CountAuditFailure extends Error {}

/**
 * Back to the template's state; false when the schema differs. Before the rows go, the lists'
 * counts are audited against `count(*)` of what the test left (lib/db/counts.ts): a difference
 * fails the test that closed the database.
 */
async function resetToTemplate(s: Session, state: TemplateState, reuse: boolean): Promise<boolean> {
  const unchanged =
    (await s.rows<{ stamp: string }>(CATALOG_STAMP))[0]?.stamp === state.stamp ||
    (await s.rows<{ fp: string }>(FINGERPRINT))[0]?.fp === state.fingerprint;
  if (!unchanged) return false;
  const mismatches = await s.rows<CountMismatch>(LIST_COUNTS_AUDIT);
  if (mismatches.length > 0) throw new CountAuditFailure(`list counts differ from the rows they count: ${JSON.stringify(mismatches)}`);
  if (!reuse) return false;
  await s.exec(state.reset);
  return true;
}

/** A reset's outcome: reused or not; an audit failure is thrown on, once the database is let go. */
const notReused = (err: unknown) => (err instanceof CountAuditFailure ? err : false);

const MAX_IDLE = 2;

/** PGlite instances reset to the template, ready for the next test of this process. */
const idlePglite: PGlite[] = [];
let pgliteTemplateState: Promise<TemplateState> | undefined;
const pgliteSession = (p: PGlite): Session => ({ rows: async (text) => (await p.query(text)).rows as never, exec: (text) => p.exec(text) });

async function releasePglite(p: PGlite): Promise<void> {
  if (!p.closed) {
    const reused = await (async () => {
      await p.exec('rollback');
      await p.exec('discard all');
      return resetToTemplate(pgliteSession(p), await pgliteTemplateState!, idlePglite.length < MAX_IDLE);
    })().catch(notReused);
    if (reused === true) {
      idlePglite.push(p);
      return;
    }
    await p.close();
    if (reused instanceof CountAuditFailure) throw reused;
  }
}

/**
 * A migrated PGlite in the template's state: an idle one of this process, else a new clone of
 * `dump`. Closing the database hands its instance back.
 */
export async function pooledPglite(dump: () => Promise<Blob>): Promise<Database> {
  let p = idlePglite.pop();
  if (!p) {
    const created = (p = await createPglite('memory://', { loadDataDir: await dump(), sharedBuffers: '16MB' }));
    pgliteTemplateState ??= templateState(pgliteSession(created));
    await pgliteTemplateState;
  }
  const instance = p;
  let released: Promise<void> | undefined;
  return pgliteDatabase(instance, () => (released ??= releasePglite(instance)));
}

/** A PostgreSQL test database: its URL, and how to drop it. */
interface Scratch {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A PostgreSQL test database and its connections, which outlive the tests that use it: a new
 * backend costs the server some 50–100 ms of CPU (its start, then the catalog entries of every
 * table it touches), and a test opening its own ten was most of the server's CPU in the suite.
 */
interface PooledScratch extends Scratch {
  pool: pg.Pool;
}

/** A connection's backend, read once per connection: the reset ends every other session of the database. */
const backendPids = new WeakMap<pg.PoolClient, number>();

/**
 * A test's share of its database's connections: Kysely's pool, whose end (the database's close)
 * waits for every connection it handed out, queued ones included, and then refuses more.
 */
class PoolShare implements PostgresPool {
  ended = false;
  #busy = 0;
  #drained: (() => void) | undefined;
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.ended) throw new Error('Cannot use a pool after calling end on the pool');
    this.#busy++;
    const client = await this.pool.connect().catch((err: unknown) => {
      this.#free();
      throw err;
    });
    let released = false;
    return {
      query: client.query.bind(client) as PostgresPoolClient['query'],
      release: () => {
        if (released) return;
        released = true;
        client.release();
        this.#free();
      },
    };
  }

  async end(): Promise<void> {
    this.ended = true;
    if (this.#busy > 0) await new Promise<void>((resolve) => (this.#drained = resolve));
  }

  #free(): void {
    if (--this.#busy === 0) this.#drained?.();
  }
}

/** PostgreSQL databases reset to the template, ready for the next test of this process. */
const idlePostgres: PooledScratch[] = [];
let postgresTemplateState: Promise<TemplateState> | undefined;
/** Connections an idle database keeps (a few tests open ten; most use one to three). */
const IDLE_CONNECTIONS = 4;

/** Runs `work` on a connection of its own to `url`, closed after. */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}
const clientSession = (c: pg.ClientBase): Session => ({ rows: async (text) => (await c.query(text)).rows, exec: (text) => c.query(text) });

/**
 * A connection back in the state of a new one: its transaction (and the row locks in it) rolled
 * back, then DISCARD ALL: settings, prepared statements, LISTENs, advisory locks, temporary tables
 * and cursors go. False when it cannot be (a broken connection), which is then closed.
 */
async function cleanSession(client: pg.PoolClient): Promise<boolean> {
  try {
    await client.query('discard all').catch(async () => {
      // Inside a transaction, or an aborted one: DISCARD ALL runs only outside.
      await client.query('rollback');
      await client.query('discard all');
    });
    if (!backendPids.has(client))
      backendPids.set(client, (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? -1);
    return true;
  } catch {
    client.release(true);
    return false;
  }
}

/**
 * Every connection of the pool, each cleaned (`cleanSession`); none is in use, as the test's share
 * has ended. The caller releases them.
 */
async function cleanConnections(pool: pg.Pool): Promise<pg.PoolClient[]> {
  const clients: pg.PoolClient[] = [];
  for (let n = pool.idleCount; n > 0; n--) {
    const client = await pool.connect();
    if (await cleanSession(client)) clients.push(client);
  }
  if (clients.length === 0) {
    const client = await pool.connect();
    if (await cleanSession(client)) clients.push(client);
  }
  return clients;
}

async function releasePostgres(scratch: PooledScratch): Promise<void> {
  const reused = await (async () => {
    const clients = await cleanConnections(scratch.pool);
    try {
      const c = clients[0];
      if (!c) return false;
      // Sessions a test left open of its own (a listener, a client, a gateway's) end here, and
      // their locks with them.
      const pids = clients.map((k) => backendPids.get(k) ?? -1);
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> all($1::int[])', [
        pids,
      ]);
      return await resetToTemplate(clientSession(c), await postgresTemplateState!, idlePostgres.length < MAX_IDLE);
    } finally {
      // A few stay open for the next test; the rest close (a test may have opened ten).
      clients.forEach((k, i) => k.release(i >= IDLE_CONNECTIONS));
    }
  })().catch(notReused);
  if (reused === true) {
    idlePostgres.push(scratch);
    return;
  }
  await scratch.pool.end().catch(() => {});
  await scratch.drop();
  if (reused instanceof CountAuditFailure) throw reused;
}

/**
 * A migrated PostgreSQL database in the template's state: an idle one of this process, with the
 * connections it kept, else one `create` makes. Closing the database hands it back.
 */
export async function pooledPostgres(create: () => Promise<Scratch>): Promise<Database> {
  let scratch = idlePostgres.pop();
  if (!scratch) {
    const made = await create();
    // A test may queue hundreds of transactions on its ten connections (the allocation test's 200),
    // and three test processes share two cores: a turn of the pool can take longer than the
    // gateway's 5 s there without anything being wrong, so a test's statement waits up to 30 s.
    const pool = postgresPool(made.url, { max: 10, connectTimeoutMs: 30_000 });
    scratch = { ...made, pool };
    postgresTemplateState ??= (async () => {
      const c = await pool.connect();
      try {
        return await templateState(clientSession(c));
      } finally {
        c.release();
      }
    })();
    await postgresTemplateState;
  }
  const owned = scratch;
  const database = postgresDatabase(new PoolShare(owned.pool), owned.url);
  let released: Promise<void> | undefined;
  return {
    ...database,
    close: () =>
      (released ??= (async () => {
        await database.close();
        await releasePostgres(owned);
      })()),
  };
}

// An open instance keeps its process alive, and an idle PostgreSQL database would outlive it: both
// go once the process's tests are done (a hook of the root test, as this module is first imported
// at a file's top level).
after(async () => {
  await Promise.all([
    ...idlePglite.splice(0).map((p) => p.close().catch(() => {})),
    ...idlePostgres.splice(0).map(async (d) => {
      await d.pool.end().catch(() => {});
      await d.drop().catch(() => {});
    }),
  ]);
});
