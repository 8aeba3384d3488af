import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { loadMigrations, migrate } from '../../src/lib/db/migrate.ts';
import { describeEngines, freshDatabase } from '../helpers/harness.ts';

describeEngines('migrations', (engine) => {
  it('are applied once: a second run, also concurrent ones, applies nothing', async () => {
    const database = await freshDatabase(engine);
    try {
      const versions = loadMigrations().map((m) => m.version);
      const applied = await sql<{ version: number }>`select version from schema_migrations order by version`.execute(database.db);
      assert.deepEqual(
        applied.rows.map((r) => Number(r.version)),
        versions,
      );
      const again = await Promise.all([migrate(database.db), migrate(database.db)]);
      assert.deepEqual(again, [[], []]);
    } finally {
      await database.close();
    }
  });

  it('keep money in NUMERIC columns, never floating point', async () => {
    const database = await freshDatabase(engine);
    try {
      const floats = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('real', 'double precision')`.execute(database.db);
      assert.deepEqual(floats.rows, []);
      const fee = await sql<{ data_type: string; numeric_scale: number }>`
        select data_type, numeric_scale from information_schema.columns
        where table_name = 'network_fee_quotes' and column_name = 'amount'`.execute(database.db);
      assert.equal(fee.rows[0]!.data_type, 'numeric');
      assert.equal(Number(fee.rows[0]!.numeric_scale), 0);
    } finally {
      await database.close();
    }
  });
});
