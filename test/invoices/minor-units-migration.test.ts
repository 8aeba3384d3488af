// Migration 0016 moves invoice totals from numeric(30, 8) to the fiat's minor units. Invoices
// written before it must come out with the same total: checked by migrating to 0015, writing rows
// the old way (0-, 2-decimal fiats), then applying the rest.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { loadMigrations, migrate } from '../../src/lib/db/migrate.ts';
import { openDatabase } from '../../src/lib/db/index.ts';

it('migration 0016 turns stored fiat totals into exact minor units', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const all = loadMigrations();
    await migrate(database.db, all.filter((m) => m.version < 16));
    const tenant = randomUUID();
    const account = randomUUID();
    await sql`insert into tenants (id, name, webhook_secret) values (${tenant}, 't', 's')`.execute(database.db);
    await sql`insert into accounts (id, tenant_id, name) values (${account}, ${tenant}, 'a')`.execute(database.db);
    const old = [
      ['USD', '12.34', 1234n],
      ['JPY', '1500', 1500n],
      ['EUR', '99999999.99', 9_999_999_999n],
    ] as const;
    for (const [fiat, amount] of old) {
      await sql`insert into invoices (id, tenant_id, account_id, order_id, amount, fiat_currency, items, source, status, commission_rate, expires_at)
        values (${randomUUID()}, ${tenant}, ${account}, ${fiat}, ${amount}, ${fiat}, '[]', 'api', 'created', 0, now())`.execute(database.db);
    }
    await migrate(database.db, all);
    const rows = await database.db.selectFrom('invoices').select(['order_id', 'amount_minor']).execute();
    assert.deepEqual(
      Object.fromEntries(rows.map((r) => [r.order_id, BigInt(r.amount_minor)])),
      Object.fromEntries(old.map(([fiat, , minor]) => [fiat, minor])),
    );
  } finally {
    await database.close();
  }
});
