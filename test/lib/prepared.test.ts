import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { prepared } from '../../src/lib/db/prepared.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

describeEngines('prepared statements', (engine) => {
  const database = useTestDatabase(engine);

  it('runs a marked statement with its values, the same answers as unmarked, any number of times', async () => {
    const { db } = database();
    for (let i = 0; i < 7; i++) {
      const plain = await sql<{ n: string; s: string }>`select ${String(i)}::int8 + 1 as n, ${`v${i}`}::text as s`.execute(db);
      const marked = await prepared(sql<{ n: string; s: string }>`select ${String(i)}::int8 + 1 as n, ${`v${i}`}::text as s`).execute(db);
      assert.deepEqual(marked.rows, plain.rows);
    }
    // An error in a marked statement is the statement's, and the next call works.
    await assert.rejects(prepared(sql`select 1 / ${0}::int`).execute(db), /division by zero/);
    assert.equal((await prepared(sql<{ n: number }>`select 1 / ${1}::int as n`).execute(db)).rows[0]!.n, 1);
  });

  if (engine === 'postgres') {
    it('is parsed once per connection on PostgreSQL: the connection holds it by name afterwards', async () => {
      const { db } = database();
      await db.connection().execute(async (conn) => {
        for (let i = 0; i < 3; i++) await prepared(sql`select ${i}::int as n, 'prepared-test' as tag`).execute(conn);
        const held = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where statement like '%prepared-test%' and statement not like '%pg_prepared_statements%'`.execute(conn);
        assert.equal(held.rows.length, 1, 'one named statement for the three calls');
        assert.match(held.rows[0]!.name, /^cg_[0-9a-f]{24}$/);
        await sql`select 'unmarked-test' as tag`.execute(conn);
        const unmarked = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements where statement like '%unmarked-%' and statement not like '%pg_prepared_statements%'`.execute(conn);
        assert.equal(unmarked.rows[0]!.n, '0', 'an unmarked statement is not kept');
      });
    });
  }
});
