// Migrations that rework stored data, checked on a database holding rows written before them: one
// database migrated in steps, each test writing the old way and then applying the next step.
//  - 0016 moves invoice totals from numeric(30, 8) to the fiat's minor units: invoices written
//    before it come out with the same total.
//  - 0030 counts each list by UTC day: the rows already there, and the deltas still pending (which
//    carry no day), end up in the day counts and the totals exactly.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { auditListCounts, foldCountDeltas } from '../../src/lib/db/counts.ts';
import { loadMigrations, migrate } from '../../src/lib/db/migrate.ts';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';

let database: Database;
const all = loadMigrations();
const tenant = randomUUID();
const account = randomUUID();

before(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
after(() => database.close());

const insertInvoice = (orderId: string, fiat: string, amount: string, createdAt = 'now()') =>
  sql`insert into invoices (id, tenant_id, account_id, order_id, amount, fiat_currency, items, source, status, commission_rate, expires_at, created_at)
    values (${randomUUID()}, ${tenant}, ${account}, ${orderId}, ${amount}, ${fiat}, '[]', 'api', 'created', 0, now(), ${sql.raw(createdAt)})`.execute(
    database.db,
  );

it('migration 0016 turns stored fiat totals into exact minor units', async () => {
  await migrate(
    database.db,
    all.filter((m) => m.version < 16),
  );
  await sql`insert into tenants (id, name, webhook_secret) values (${tenant}, 't', 's')`.execute(database.db);
  await sql`insert into accounts (id, tenant_id, name) values (${account}, ${tenant}, 'a')`.execute(database.db);
  const old = [
    ['USD', '12.34', 1234n],
    ['JPY', '1500', 1500n],
    ['EUR', '99999999.99', 9_999_999_999n],
  ] as const;
  for (const [fiat, amount] of old) await insertInvoice(fiat, fiat, amount, "now() - interval '3 days'");
  await migrate(
    database.db,
    all.filter((m) => m.version < 30),
  );
  const rows = await database.db.selectFrom('invoices').select(['order_id', 'amount_minor']).execute();
  assert.deepEqual(
    Object.fromEntries(rows.map((r) => [r.order_id, BigInt(r.amount_minor)])),
    Object.fromEntries(old.map(([fiat, , minor]) => [fiat, minor])),
  );
});

/** A copy of the invoice 'USD' with another orderId and time (the columns as they are now). */
const copyInvoice = (orderId: string, createdAt: string) =>
  sql`insert into invoices select (jsonb_populate_record(null::invoices, to_jsonb(i)
    || jsonb_build_object('id', gen_random_uuid(), 'order_id', ${orderId}::text, 'created_at', ${sql.raw(createdAt)}))).* from invoices i where order_id = 'USD'`.execute(
    database.db,
  );

it('migration 0030 counts the rows already there by day, and the deltas still pending', async () => {
  // Two days' rows counted by 0028's triggers, their deltas not folded; one of them cancelled.
  await copyInvoice('day-1', "now() - interval '1 day'");
  await copyInvoice('day-2', "now() - interval '2 days'");
  await sql`update invoices set status = 'cancelled' where order_id = 'day-1'`.execute(database.db);
  const pending = await sql<{ n: string }>`select count(*)::text as n from list_count_deltas`.execute(database.db);
  assert.ok(Number(pending.rows[0]!.n) > 0, 'deltas pending before 0030');
  await migrate(database.db, all);

  const byDay = async () =>
    (
      await sql<{ day: string; status: string; n: string }>`select to_char(day, 'YYYY-MM-DD') as day, status, sum(n)::text as n from (
        select day, status, n from list_day_counts where kind = 'invoices' and scope_id = ${account}::uuid
        union all select day, status, delta from list_count_deltas where kind = 'invoices' and scope_id = ${account}::uuid and day is not null) x
      group by 1, 2 having sum(n) <> 0 order by 1, 2`.execute(database.db)
    ).rows;
  const expected = (
    await sql<{
      day: string;
      status: string;
      n: string;
    }>`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, status, count(*)::text as n
      from invoices where account_id = ${account}::uuid group by 1, 2 order by 1, 2`.execute(database.db)
  ).rows;
  assert.equal(
    expected.reduce((s, r) => s + Number(r.n), 0),
    5,
  );
  assert.deepEqual(await byDay(), expected);
  assert.deepEqual(await auditListCounts(database.db), []);

  // New rows and moves after it carry their day, and fold into both counts.
  await copyInvoice('today', 'now()');
  await sql`update invoices set status = 'cancelled' where order_id = 'day-2'`.execute(database.db);
  while ((await foldCountDeltas(database.db)) > 0);
  assert.deepEqual(await auditListCounts(database.db), []);
  assert.equal(
    (await byDay()).reduce((s, r) => s + Number(r.n), 0),
    6,
  );
});
