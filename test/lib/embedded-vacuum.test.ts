// PGlite has no autovacuum daemon: the worker's embedded-autovacuum job analyzes and vacuums the
// tables that changed, by autovacuum's own thresholds (modules/system/embedded-vacuum.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { embeddedVacuumRound } from '../../src/modules/system/embedded-vacuum.ts';
import { systemJobs } from '../../src/modules/system/jobs.ts';
import type { AppContext } from '../../src/context.ts';
import type { JobEnv } from '../../src/lib/jobs.ts';
import { useTestApp } from '../helpers/harness.ts';
import { seedCopies } from '../helpers/plans.ts';

describe('the embedded database vacuums and analyzes what changed', () => {
  const app = useTestApp('pglite');

  it('a grown table is analyzed and vacuumed, one table a round, then nothing is due', async () => {
    const t = app();
    const db = t.ctx.db;
    const flush = () => sql`select pg_stat_force_next_flush()`.execute(db);
    await flush();
    while (await embeddedVacuumRound(db));
    const { key } = await t.tenant(['*']);
    const first = await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'grown-0' } });
    assert.equal(first.status, 201);
    await seedCopies(
      db,
      'invoices',
      first.body.data.id,
      3000,
      { order_id: `'grown-' || g`, created_at: `now() - g * interval '1 minute'` },
      { vacuum: false },
    );
    const stats = async () =>
      (
        await sql<{
          reltuples: number;
          relallvisible: number;
          analyzed: boolean;
          vacuumed: boolean;
        }>`select c.reltuples::float8 as reltuples, c.relallvisible,
            s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed
          from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'invoices'`.execute(db)
      ).rows[0]!;
    const before = await stats();
    assert.ok(before.reltuples < 3001 && before.relallvisible === 0, JSON.stringify(before));

    await flush();
    const done: string[] = [];
    for (let round = await embeddedVacuumRound(db); round; round = await embeddedVacuumRound(db)) {
      assert.ok(!done.includes(round.table), `${round.table} again`);
      done.push(round.table);
      if (round.table === 'invoices') assert.equal(round.vacuumed, true, 'inserted rows past 1,000 + 20 %: vacuumed, not only analyzed');
    }
    assert.ok(done.includes('invoices'), `rounds: ${done.join(', ')}`);
    const after = await stats();
    assert.equal(after.reltuples, 3001, "the planner's row count is the table's");
    assert.ok(after.relallvisible > 0 && after.analyzed && after.vacuumed, JSON.stringify(after));
    // A few changes are below the thresholds: nothing is due.
    await sql`update invoices set order_id = order_id || '-x' where order_id in ('grown-1', 'grown-2')`.execute(db);
    await flush();
    assert.equal(await embeddedVacuumRound(db), null);
  });

  it('the worker runs it on the embedded database only', () => {
    const names = (engine: 'pglite' | 'postgres') =>
      systemJobs({ ctx: { ...app().ctx, database: { ...app().ctx.database, engine } } } as unknown as JobEnv<AppContext>).map(
        (j) => j.name,
      );
    assert.ok(names('pglite').includes('embedded-autovacuum'));
    assert.ok(!names('postgres').includes('embedded-autovacuum'));
  });
});
