// Test databases are reused within a process (test/helpers/db-pool.ts): what a test gets must be
// indistinguishable from a new clone of the template, on both engines.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { describeEngines, freshDatabase } from '../helpers/harness.ts';
import type { Database } from '../../src/lib/db/index.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';

const tableCounts = async (db: Awaited<ReturnType<typeof freshDatabase>>['db']) => {
  const tables = (await sql<{ t: string }>`select relname as t from pg_stat_user_tables order by 1`.execute(db)).rows.map((r) => r.t);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db)).rows[0]!.n;
  return counts;
};

/** The same database: PGlite's instance, or PostgreSQL's database. */
const identity = (d: Database) => d.pglite ?? d.url;

/** Whether the database is gone: PGlite's instance closed, PostgreSQL's database dropped. */
async function gone(d: Database): Promise<boolean> {
  if (d.pglite) return d.pglite.closed;
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return (await c.query('select 1 from pg_database where datname = $1', [new URL(d.url!).pathname.slice(1)])).rowCount === 0;
  } finally {
    await c.end();
  }
}

describeEngines('reused test databases', (engine) => {
  it('a closed database comes back to the next test exactly as a new clone of the template', async () => {
    const first = await freshDatabase(engine);
    const clean = await tableCounts(first.db);
    const firstEvent = (await sql<{ id: string }>`select nextval('outbox_events_id_seq')::text as id`.execute(first.db)).rows[0]!.id;
    await sql`select setval('outbox_events_id_seq', 1, false)`.execute(first.db);
    // A test's rows, sequences, settings, locks and temporary tables.
    await createTenant(first.db, 'Pool tenant');
    await sql`select nextval('outbox_events_id_seq')`.execute(first.db);
    await sql`set statement_timeout = '1234s'`.execute(first.db);
    await sql`select pg_advisory_lock(4242)`.execute(first.db);
    await sql`create temporary table scratch (x int)`.execute(first.db);
    assert.notDeepEqual(await tableCounts(first.db), clean);
    const instance = identity(first);
    await first.close();

    const second = await freshDatabase(engine);
    try {
      assert.equal(identity(second), instance, 'the database is reused');
      assert.deepEqual(await tableCounts(second.db), clean, 'every table as in the template');
      assert.equal(
        (await sql<{ id: string }>`select nextval('outbox_events_id_seq')::text as id`.execute(second.db)).rows[0]!.id,
        firstEvent,
        'sequences restart',
      );
      assert.equal((await sql<{ s: string }>`select current_setting('statement_timeout') as s`.execute(second.db)).rows[0]!.s, '0');
      assert.equal(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(
            second.db,
          )
        ).rows[0]!.n,
        0,
      );
      assert.equal(
        (await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'scratch'`.execute(second.db)).rows[0]!.n,
        0,
      );
    } finally {
      await second.close();
    }
  });

  it('the connections a test used come back to the next one with none of its session state', async () => {
    const first = await freshDatabase(engine);
    const tenant = await createTenant(first.db, 'Session tenant');
    // One session left with everything a session can hold: settings, a LISTEN, a prepared
    // statement, an advisory lock, a temporary table, an open cursor, and a transaction still open
    // with a row it wrote and a row it locked.
    const dirtyPid = await first.db.connection().execute(async (c) => {
      await sql`set statement_timeout = '1234s'`.execute(c);
      await sql`set default_transaction_isolation = 'serializable'`.execute(c);
      await sql`listen pool_probe`.execute(c);
      await sql`prepare pool_probe as select 1`.execute(c);
      await sql`select pg_advisory_lock(4243)`.execute(c);
      await sql`create temporary table session_scratch (x int)`.execute(c);
      await sql`declare pool_cursor cursor with hold for select 1`.execute(c);
      await sql`begin`.execute(c);
      await sql`insert into schema_migrations (version, name) values (9998, 'uncommitted')`.execute(c);
      await sql`select 1 from tenants where id = ${tenant.id} for update`.execute(c);
      return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(c)).rows[0]?.pid;
    });
    await first.close();

    const second = await freshDatabase(engine);
    try {
      // Every connection the pool hands out at once (the one that was left dirty among them).
      let arrived = 0;
      let all!: () => void;
      const together = new Promise<void>((resolve) => (all = resolve));
      const width = engine === 'postgres' ? 4 : 1;
      const sessions = await Promise.all(
        Array.from({ length: width }, () =>
          second.db.connection().execute(async (c) => {
            if (++arrived === width) all();
            await together;
            const q = async (text: string) => (await sql<{ v: string }>`${sql.raw(text)}`.execute(c)).rows[0]?.v;
            return {
              pid: Number(await q('select pg_backend_pid()::text as v')),
              timeout: await q(`select current_setting('statement_timeout') as v`),
              isolation: await q(`select current_setting('default_transaction_isolation') as v`),
              listening: await q('select count(*)::text as v from pg_listening_channels()'),
              prepared: await q('select count(*)::text as v from pg_prepared_statements'),
              cursors: await q('select count(*)::text as v from pg_cursors'),
              temporary: await q(`select count(*)::text as v from pg_class where relname = 'session_scratch'`),
              locks: await q(
                `select count(*)::text as v from pg_locks where locktype in ('advisory', 'transactionid') and pid <> pg_backend_pid()
                 and pid in (select pid from pg_stat_activity where datname = current_database())`,
              ),
              uncommitted: await q('select count(*)::text as v from schema_migrations where version = 9998'),
            };
          }),
        ),
      );
      if (engine === 'postgres')
        assert.ok(
          sessions.some((s) => s.pid === Number(dirtyPid)),
          'the connection is reused, not opened anew',
        );
      for (const s of sessions) {
        assert.deepEqual(
          { ...s, pid: undefined },
          {
            pid: undefined,
            timeout: '0',
            isolation: 'read committed',
            listening: '0',
            prepared: '0',
            cursors: '0',
            temporary: '0',
            locks: '0',
            uncommitted: '0',
          },
        );
      }
    } finally {
      await second.close();
    }
  });

  it('a database whose schema a test changed is closed, not reused', async () => {
    // A change that only deletes catalog rows, or only rewrites one, is seen as well as a new table.
    const cases = [
      { change: sql`drop index withdrawals_account_address`, reused: false },
      { change: sql`alter table audit_log alter column actor set default 'probe'`, reused: false },
      {
        change: sql`create or replace function withdrawals_count_rows() returns trigger language plpgsql as $$ begin return null; end $$`,
        reused: false,
      },
      { change: sql`comment on table audit_log is 'probe'`, reused: true }, // not part of the schema compared
    ];
    for (const { change, reused } of cases) {
      const db = await freshDatabase(engine);
      await change.execute(db.db);
      await db.close();
      assert.equal(await gone(db), !reused, change.compile(db.db).sql);
    }
    const changed = await freshDatabase(engine);
    await sql`create table pool_probe (k text primary key)`.execute(changed.db);
    const instance = identity(changed);
    await changed.close();
    assert.equal(await gone(changed), true);

    const next = await freshDatabase(engine);
    try {
      assert.notEqual(identity(next), instance);
      assert.equal(
        (await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'pool_probe'`.execute(next.db)).rows[0]!.n,
        0,
      );
    } finally {
      await next.close();
    }
  });

  it('a closed database refuses queries, even one that never ran a query, and they never reach it once reused', async () => {
    const unused = await freshDatabase(engine);
    await unused.close();
    await assert.rejects(sql`insert into schema_migrations (version, name) values (9999, 'late')`.execute(unused.db));
    const next = await freshDatabase(engine);
    try {
      assert.equal(identity(next), identity(unused), 'the database went back to the pool');
      assert.equal(
        (await sql<{ n: number }>`select count(*)::int as n from schema_migrations where version = 9999`.execute(next.db)).rows[0]!.n,
        0,
      );
    } finally {
      await next.close();
    }
  });
});
