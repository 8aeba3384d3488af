// The embedded database runs parameterised statements as named prepared statements
// (src/lib/db/pglite-statements.ts): the same answers as PGlite's own query, each text parsed once,
// and a statement the session lost or whose result changed prepared again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { PgliteStatements } from '../../src/lib/db/pglite-statements.ts';
import { createPglite } from '../../src/lib/db/index.ts';

describe('prepared statements on the embedded database [pglite]', () => {
  let pg: PGlite;
  before(async () => {
    pg = await createPglite('memory://', {});
    await pg.exec(`create table kinds (id uuid primary key, name text unique, amount numeric, big int8, small int4, flag bool,
      at timestamptz, day date, doc jsonb, raw bytea, tags text[], missing text)`);
  });
  after(async () => {
    await pg?.close();
  });

  /** The statements of ours the session holds. */
  const held = async () => (await pg.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where name like 'cg\\_%' order by name`)).rows;

  it('answers as PGlite’s query does, for every kind of value, in and out', async () => {
    const s = new PgliteStatements(pg);
    const values = ['5b0f8f3e-7f57-4d0e-9a55-4d2c8a0a3e11', 'first', '12345678901234567890.123456789', '9007199254740993', 42, true,
      new Date('2026-11-27T10:11:12.345Z'), '2026-11-27', { a: [1, 'two', null], b: { c: true } }, new Uint8Array([0, 1, 254, 255]), ['x', 'y "quoted"', 'z,comma'], null];
    const insert = 'insert into kinds (id, name, amount, big, small, flag, at, day, doc, raw, tags, missing) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *';
    const inserted = await s.run(insert, values, false);
    assert.equal(inserted.affectedRows, 1);
    const select = 'select * from kinds where id = $1 and amount > $2 and flag = $3';
    const ours = await s.run(select, [values[0], '1', true], false);
    const theirs = await pg.query(select, [values[0], '1', true]);
    assert.deepEqual(ours.rows, theirs.rows);
    assert.deepEqual(ours.fields, theirs.fields);
    assert.deepEqual(inserted.rows, theirs.rows);
    const row = ours.rows[0] as Record<string, unknown>;
    assert.equal(row.amount, '12345678901234567890.123456789', 'numeric stays an exact string');
    assert.equal(row.big, '9007199254740993', 'int8 stays an exact string');
    assert.deepEqual(row.at, values[6]);
    assert.deepEqual(row.doc, values[8]);
    assert.deepEqual(row.tags, values[10]);
    assert.equal(row.missing, null);
    // An update reports the rows it changed; a select that finds nothing, none.
    assert.equal((await s.run('update kinds set small = small + $1 where id = $2', [1, values[0]], false)).affectedRows, 1);
    assert.deepEqual((await s.run(select, ['00000000-0000-0000-0000-000000000000', '1', true], false)).rows, []);
  });

  it('parses each text once: later calls bind the statement the session holds', async () => {
    const s = new PgliteStatements(pg);
    const text = "select $1::int + 1 as n, 'parsed-once' as tag";
    for (let i = 0; i < 8; i++) assert.equal((await s.run(text, [i], false)).rows[0]!.n, i + 1);
    assert.equal((await held()).filter((h) => h.statement === text).length, 1);
  });

  it('keeps its errors as PostgreSQL gave them, and a text that failed to parse is not kept', async () => {
    const s = new PgliteStatements(pg);
    await assert.rejects(s.run('insert into kinds (id, name) values ($1, $2)', ['5b0f8f3e-7f57-4d0e-9a55-4d2c8a0a3e12', 'first'], false), (err: { code?: string; constraint?: string }) => {
      assert.equal(err.code, '23505');
      assert.equal(err.constraint, 'kinds_name_key');
      return true;
    });
    await assert.rejects(s.run('selec $1', [1], false), (err: { code?: string }) => err.code === '42601');
    await assert.rejects(s.run('select 1 / $1::int', [0], false), /division by zero/);
    assert.equal((await s.run('select 1 / $1::int as n', [1], false)).rows[0]!.n, 1);
  });

  it('prepares again a statement the session lost, or whose rows changed shape; inside a transaction the caller gets the error', async () => {
    const s = new PgliteStatements(pg);
    const text = 'select * from kinds where name = $1';
    assert.equal((await s.run(text, ['first'], false)).fields.length, 12);
    await pg.exec('discard all'); // what a test database's reset does
    assert.equal((await s.run(text, ['first'], false)).rows.length, 1);
    await pg.exec('alter table kinds add column extra int default 7');
    const widened = await s.run(text, ['first'], false);
    assert.equal(widened.fields.length, 13);
    assert.equal((widened.rows[0] as { extra: number }).extra, 7);
    await pg.exec('discard all');
    await pg.exec('begin');
    await assert.rejects(s.run(text, ['first'], true), (err: { code?: string }) => err.code === '26000');
    await pg.exec('rollback');
    assert.equal((await s.run(text, ['first'], false)).rows.length, 1);
  });

  it('holds at most its limit of statements, closing the least recently used', async () => {
    await pg.exec('deallocate all');
    const s = new PgliteStatements(pg, 3);
    const texts = Array.from({ length: 6 }, (_, i) => `select $1::int * ${i + 2} as n`);
    for (const [i, text] of texts.entries()) assert.equal((await s.run(text, [10], false)).rows[0]!.n, 10 * (i + 2));
    // The evicted ones are closed with the next new statement.
    await s.run(texts[0]!, [1], false);
    assert.ok((await held()).length <= 3, JSON.stringify(await held()));
    assert.equal((await s.run(texts[5]!, [3], false)).rows[0]!.n, 21);
  });
});
