// The test databases on PGlite are reused within a process (test/helpers/pglite-pool.ts): what a
// test gets must be indistinguishable from a new clone of the template.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { freshDatabase } from '../helpers/harness.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';

const tableCounts = async (db: Awaited<ReturnType<typeof freshDatabase>>['db']) => {
  const tables = (await sql<{ t: string }>`select relname as t from pg_stat_user_tables order by 1`.execute(db)).rows.map((r) => r.t);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db)).rows[0]!.n;
  return counts;
};

describe('test databases on PGlite', () => {
  it('a closed database comes back to the next test exactly as a new clone of the template', async () => {
    const first = await freshDatabase('pglite');
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
    const instance = first.pglite;
    await first.close();

    const second = await freshDatabase('pglite');
    try {
      assert.equal(second.pglite, instance, 'the instance is reused');
      assert.deepEqual(await tableCounts(second.db), clean, 'every table as in the template');
      assert.equal((await sql<{ id: string }>`select nextval('outbox_events_id_seq')::text as id`.execute(second.db)).rows[0]!.id, firstEvent, 'sequences restart');
      assert.equal((await sql<{ s: string }>`select current_setting('statement_timeout') as s`.execute(second.db)).rows[0]!.s, '0');
      assert.equal((await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory'`.execute(second.db)).rows[0]!.n, 0);
      assert.equal((await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'scratch'`.execute(second.db)).rows[0]!.n, 0);
    } finally {
      await second.close();
    }
  });

  it('a database whose schema a test changed is closed, not reused', async () => {
    const changed = await freshDatabase('pglite');
    await sql`create table pool_probe (k text primary key)`.execute(changed.db);
    const instance = changed.pglite!;
    await changed.close();
    assert.equal(instance.closed, true);

    const next = await freshDatabase('pglite');
    try {
      assert.notEqual(next.pglite, instance);
      assert.equal((await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'pool_probe'`.execute(next.db)).rows[0]!.n, 0);
    } finally {
      await next.close();
    }
  });

  it('a closed database refuses queries, even one that never ran a query, and they never reach the reused instance', async () => {
    const unused = await freshDatabase('pglite');
    await unused.close();
    await assert.rejects(sql`insert into schema_migrations (version, name) values (9999, 'late')`.execute(unused.db), /PGlite is closed/);
    const next = await freshDatabase('pglite');
    try {
      assert.equal(next.pglite, unused.pglite, 'the instance went back to the pool');
      assert.equal((await sql<{ n: number }>`select count(*)::int as n from schema_migrations where version = 9999`.execute(next.db)).rows[0]!.n, 0);
    } finally {
      await next.close();
    }
  });
});
