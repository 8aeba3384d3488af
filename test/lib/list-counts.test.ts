// a list's exact total comes from counts the counted tables' triggers keep in the writing
// transaction (lib/db/counts.ts, migration 0028), and its later pages from a walk of the index.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { addressScope, auditListCounts, DEEP_PAGE, foldCountDeltas } from '../../src/lib/db/counts.ts';
import { inRange } from '../../src/lib/db/search.ts';
import { timeRange } from '../../src/lib/http/list-filters.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { seedCopies } from '../helpers/plans.ts';

describeEngines('exact list totals from maintained counts', (engine) => {
  const app = useTestApp(engine);

  it('totals stay exact through creates, status moves, a rollback, a bulk statement and folds; the audit finds a wrong count', async () => {
    const t = app();
    const { key, accountId } = await t.tenant(['*']);
    const total = async (query = '') => {
      const r = await t.call('GET', `/v1/invoice/list?limit=5${query}`, { key });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.total as number;
    };
    const ids: string[] = [];
    // Created at once, through several connections where the engine has them.
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const r = await t.call('POST', '/v1/invoice', { key, body: { amount: 10 + i, fiatCurrencyCode: 'USD', orderId: `count-${i}` } });
        assert.equal(r.status, 201, JSON.stringify(r.body));
        ids.push(r.body.data.id);
      }),
    );
    for (const id of ids.slice(0, 3)) assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id } })).status, 200);
    assert.equal(await total(), 12);
    assert.equal(await total('&status=cancelled'), 3);
    assert.equal(await total('&status=created'), 9);
    assert.equal(await total('&status=paid'), 0);

    // A rolled back insert leaves no count behind.
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into invoices select (jsonb_populate_record(null::invoices, to_jsonb(i) || jsonb_build_object('id', gen_random_uuid(), 'order_id', 'rolled-back'))).* from invoices i where id = ${ids[5]}::uuid`.execute(
          trx,
        );
        throw new Error('roll back');
      })
      .catch((err: Error) => assert.equal(err.message, 'roll back'));
    assert.equal(await total(), 12);

    // Forty rows in one statement: counted once, as one delta.
    const before = Number((await sql<{ n: string }>`select count(*)::text as n from list_count_deltas`.execute(t.ctx.db)).rows[0]!.n);
    await sql`insert into invoices
      select r.* from invoices x, generate_series(1, 40) g,
        lateral jsonb_populate_record(null::invoices, to_jsonb(x) || jsonb_build_object('id', gen_random_uuid(), 'order_id', 'bulk-' || g, 'created_at', now() - g * interval '1 minute')) r
      where x.id = ${ids[6]}::uuid`.execute(t.ctx.db);
    const after = Number((await sql<{ n: string }>`select count(*)::text as n from list_count_deltas`.execute(t.ctx.db)).rows[0]!.n);
    // One delta for the statement per day its rows fall on (UTC): two when the run is just past midnight.
    const days = Number(
      (
        await sql<{
          n: string;
        }>`select count(distinct (created_at at time zone 'UTC')::date)::text as n from invoices where order_id like 'bulk-%'`.execute(
          t.ctx.db,
        )
      ).rows[0]!.n,
    );
    assert.equal(after - before, days, 'one delta for the statement (per day)');
    assert.equal(await total(), 52);
    assert.equal(await total('&status=created'), 49);
    assert.deepEqual(await auditListCounts(t.ctx.db), []);

    // Folded: the deltas are gone, the totals the same.
    assert.ok((await foldCountDeltas(t.ctx.db, 7)) === 7, 'a batch folds at most its limit');
    while ((await foldCountDeltas(t.ctx.db)) > 0);
    assert.equal(Number((await sql<{ n: string }>`select count(*)::text as n from list_count_deltas`.execute(t.ctx.db)).rows[0]!.n), 0);
    assert.equal(await total(), 52);
    assert.equal(await total('&status=cancelled'), 3);
    assert.deepEqual(await auditListCounts(t.ctx.db), []);

    // The total is the count, not a count of the rows: a wrong count shows, and the audit names it.
    await sql`update list_counts set n = n + 1 where kind = 'invoices' and scope_id = ${accountId}::uuid and status = 'cancelled'`.execute(
      t.ctx.db,
    );
    assert.equal(await total(), 53);
    assert.deepEqual(await auditListCounts(t.ctx.db), [
      { kind: 'invoices', scopeId: accountId, status: 'cancelled', day: null, counted: '4', actual: '3' },
    ]);
    await sql`update list_counts set n = n - 1 where kind = 'invoices' and scope_id = ${accountId}::uuid and status = 'cancelled'`.execute(
      t.ctx.db,
    );

    // A time range or a search counts the rows it matches.
    assert.equal(await total(`&search=count-4`), 1);
    // The 12 made through the API; the bulk rows are a minute old or more.
    assert.equal(await total(`&from=${encodeURIComponent(new Date(Date.now() - 50_000).toISOString())}`), 12);
  });

  it('writers and two folders at once: every create and cancel counted once, no deadlock', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    let writing = true;
    const folded: number[] = [];
    // Two folders taking small batches the whole time the writers run (on PostgreSQL each on its own connection).
    const folder = async () => {
      while (writing) {
        folded.push(await foldCountDeltas(t.ctx.db, 3));
        // PGlite answers without I/O: a loop of nothing but its queries would never let the writers' turn come.
        await new Promise((r) => setTimeout(r, 1));
      }
    };
    const folders = [folder(), folder()];
    try {
      await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const r = await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: `race-${i}` } });
          assert.equal(r.status, 201, JSON.stringify(r.body));
          if (i % 3 === 0) assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id: r.body.data.id } })).status, 200);
        }),
      );
    } finally {
      writing = false;
      await Promise.all(folders);
    }
    assert.ok(
      folded.some((n) => n > 0),
      'the folders folded while the writers wrote',
    );
    assert.deepEqual(await auditListCounts(t.ctx.db), []);
    const list = (q: string) => t.call('GET', `/v1/invoice/list?limit=1${q}`, { key });
    assert.equal((await list('')).body.total, 30);
    assert.equal((await list('&status=cancelled')).body.total, 10);
    assert.equal((await list('&status=created')).body.total, 20);
  });

  // The embedded database's change signal (PostgreSQL's notices come from its own triggers, not from the statements).
  if (engine === 'pglite') {
    it("a fold with nothing to fold is no write: an idle embedded gateway's jobs are not woken by it", async () => {
      const t = app();
      while ((await foldCountDeltas(t.ctx.db)) > 0);
      const heard: boolean[] = [];
      const off = t.ctx.database.writes!.on((changed) => heard.push(changed('list_count_deltas')));
      try {
        assert.equal(await foldCountDeltas(t.ctx.db), 0);
        await new Promise((r) => setImmediate(r));
        assert.deepEqual(heard, [], 'no change told for an empty fold');
        const { key } = await t.tenant(['*']);
        assert.equal(
          (await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'wakes' } })).status,
          201,
        );
        heard.length = 0;
        assert.ok((await foldCountDeltas(t.ctx.db)) > 0);
        await new Promise((r) => setImmediate(r));
        assert.deepEqual(heard, [true], 'a fold that folded is told');
      } finally {
        off();
      }
    });
  }

  it("a time range's total is its whole days' counts and its partial days' rows: exact at every boundary, before and after a fold", async () => {
    const t = app();
    const { key, accountId } = await t.tenant(['*']);
    const db = t.ctx.db;
    await refreshFees(db, defaultOracles(db, t.ctx.config));
    const first = await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'days-0' } });
    const deposit = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'days-0' } });
    assert.deepEqual([first.status, deposit.status], [201, 201]);
    // 40 more of each over 12 days before today's midnight (UTC), to the millisecond, one of them at a midnight exactly.
    const midnight = `(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
    const at = `case when g = 10 then ${midnight} - interval '3 days' else ${midnight} - g * interval '7 hours 13 minutes 0.25 seconds' end`;
    await seedCopies(db, 'invoices', first.body.data.id, 40, { order_id: `'days-' || g`, created_at: at }, { vacuum: false });
    await seedCopies(db, 'deposits', deposit.body.data.id, 40, { order_id: `'days-' || g`, created_at: at }, { vacuum: false });
    const cancelled = (
      await sql<{
        id: string;
      }>`select id from invoices where account_id = ${accountId}::uuid and order_id in ('days-3', 'days-10', 'days-22')`.execute(db)
    ).rows;
    for (const { id } of cancelled) assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id } })).status, 200);

    const times = (
      await sql<{ at: Date }>`select created_at as at from invoices where account_id = ${accountId}::uuid order by created_at`.execute(db)
    ).rows.map((r) => r.at);
    const day = (d: Date, plus = 0) => new Date(d.getTime() + plus * 86_400_000).toISOString().slice(0, 10);
    const exact = times[30]!; // at a midnight: 3 days before today's
    assert.equal(exact.toISOString().slice(11), '00:00:00.000Z');
    const ranges: Array<{ from?: string; to?: string; status?: string }> = [
      { from: times[5]!.toISOString() },
      { to: times[33]!.toISOString() },
      { to: day(times[20]!) },
      { from: day(times[3]!), to: day(times[35]!) },
      { from: times[4]!.toISOString(), to: times[36]!.toISOString() },
      { from: exact.toISOString() },
      { to: exact.toISOString() },
      { from: exact.toISOString(), to: exact.toISOString() },
      { to: day(exact, -1) },
      { from: day(exact), to: day(exact) },
      { from: times[12]!.toISOString(), to: times[14]!.toISOString() },
      { from: times[10]!.toISOString(), status: 'cancelled' },
      { to: exact.toISOString(), status: 'cancelled' },
      { from: times[2]!.toISOString(), to: times[38]!.toISOString(), status: 'created' },
      { from: '2001-01-01', to: '2001-01-02' },
      // The widest the API takes: its whole days end in year 10000.
      { from: '0001-01-01', to: '9999-12-31' },
      { from: '9999-12-31T23:59:59.999Z' },
    ];
    const check = async (when: string) => {
      for (const r of ranges) {
        const w = timeRange(r);
        for (const list of ['invoice', 'deposit'] as const) {
          const table = list === 'invoice' ? 'invoices' : 'deposits';
          const status = list === 'invoice' && r.status ? sql`and status = ${r.status}` : sql``;
          const expected = (
            await sql<{
              n: string;
            }>`select count(*)::text as n from ${sql.table(table)} where account_id = ${accountId}::uuid and ${inRange('created_at', w)} ${status}`.execute(
              db,
            )
          ).rows[0]!.n;
          const query = new URLSearchParams({
            limit: '1',
            ...(r.from && { from: r.from }),
            ...(r.to && { to: r.to }),
            ...(list === 'invoice' && r.status && { status: r.status }),
          });
          const res = await t.call('GET', `/v1/${list}/list?${query}`, { key });
          assert.equal(res.status, 200, JSON.stringify(res.body));
          assert.equal(res.body.total, Number(expected), `${when}: ${list} ${query}`);
        }
      }
    };
    await check('with pending deltas');
    while ((await foldCountDeltas(db)) > 0);
    assert.equal((await sql<{ n: string }>`select count(*)::text as n from list_count_deltas`.execute(db)).rows[0]!.n, '0');
    await check('folded');
    assert.deepEqual(await auditListCounts(db), []);

    // The whole days come from the counts: one day's count made wrong shows in a range covering it,
    // not in one that only touches that day's rows, and the audit names the day.
    const wrongDay = day(exact, -2);
    await sql`update list_day_counts set n = n + 1 where kind = 'invoices' and scope_id = ${accountId}::uuid and day = ${wrongDay}::date and status = 'created'`.execute(
      db,
    );
    const total = async (q: string) => (await t.call('GET', `/v1/invoice/list?limit=1&${q}`, { key })).body.total as number;
    const covering = await total(`from=${day(exact, -3)}&to=${day(exact, -1)}`);
    const truth = Number(
      (
        await sql<{
          n: string;
        }>`select count(*)::text as n from invoices where account_id = ${accountId}::uuid and created_at >= ${`${day(exact, -3)}T00:00:00Z`}::timestamptz and created_at < ${`${day(exact)}T00:00:00Z`}::timestamptz`.execute(
          db,
        )
      ).rows[0]!.n,
    );
    assert.equal(covering, truth + 1);
    assert.equal(
      await total(`from=${day(exact)}`),
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*)::text as n from invoices where account_id = ${accountId}::uuid and created_at >= ${exact}`.execute(db)
        ).rows[0]!.n,
      ),
    );
    const mismatches = await auditListCounts(db);
    assert.deepEqual(
      mismatches.map((m) => [m.kind, m.status, m.day, Number(m.counted) - Number(m.actual)]),
      [['invoices', 'created', wrongDay, 1]],
    );
    await sql`update list_day_counts set n = n - 1 where kind = 'invoices' and scope_id = ${accountId}::uuid and day = ${wrongDay}::date and status = 'created'`.execute(
      db,
    );
  });

  it("x402 settlements by payer and by payTo: each address's total from its own counts, with a status and a time range", async () => {
    const t = app();
    const { key, tenantId } = await t.tenant(['*']);
    const db = t.ctx.db;
    const first = crypto.randomUUID();
    const addr = (n: number) => '0x' + n.toString(16).padStart(40, '0');
    await sql`insert into x402_settlements (id, tenant_id, network, asset, payer, pay_to, nonce, amount, status, transaction)
      values (${first}, ${tenantId}, 'eip155:84532', ${addr(0x11)}, ${addr(1)}, ${addr(0x100)}, '0x0', 1000, 'confirmed', '')`.execute(db);
    // 60 more: payers 1-4, payTo 0x100 or 0x101, spread over 6 days; some submitted, some failed.
    await seedCopies(
      db,
      'x402_settlements',
      first,
      60,
      {
        nonce: `'0x' || to_hex(g)`,
        payer: `'0x' || lpad(to_hex(1 + g % 4), 40, '0')`,
        pay_to: `'0x' || lpad(to_hex(256 + (g % 3) / 2), 40, '0')`,
        status: `case when g % 5 = 0 then 'failed' when g % 7 = 0 then 'submitted' else 'confirmed' end`,
        created_at: `now() - g * interval '2 hours 20 minutes'`,
      },
      { vacuum: false },
    );
    // A move of status and one of payer: each address's counts follow.
    await sql`update x402_settlements set status = 'confirmed' where tenant_id = ${tenantId}::uuid and nonce = '0x7'`.execute(db);
    await sql`update x402_settlements set payer = ${addr(9)} where tenant_id = ${tenantId}::uuid and nonce = '0x8'`.execute(db);
    const midday = new Date(Date.now() - 3.5 * 86_400_000).toISOString();
    const queries: Array<Record<string, string>> = [
      { from: '0001-01-01T00:00:00Z', to: '9999-12-31T23:59:59Z' },
      { from: '9999-12-31T23:59:59Z' },
    ];
    for (const who of <Array<Record<string, string>>>[
      { payer: addr(1) },
      { payer: addr(2).toUpperCase().replace('0X', '0x') },
      { payer: addr(9) },
      { payTo: addr(0x100) },
      { payTo: addr(0x101) },
      { payer: addr(3), payTo: addr(0x100) },
    ]) {
      queries.push(who, { ...who, status: 'failed' }, { ...who, from: midday }, { ...who, to: midday, status: 'confirmed' });
    }
    const check = async (when: string) => {
      for (const q of queries) {
        const payer = q.payer ? sql`and payer = ${q.payer.toLowerCase()}` : sql``;
        const payTo = q.payTo ? sql`and pay_to = ${q.payTo.toLowerCase()}` : sql``;
        const status = q.status ? sql`and status = ${q.status}` : sql``;
        const from = q.from ? sql`and created_at >= ${q.from}::timestamptz` : sql``;
        const to = q.to ? sql`and created_at <= ${q.to}::timestamptz` : sql``;
        const expected = (
          await sql<{
            n: string;
          }>`select count(*)::text as n from x402_settlements where tenant_id = ${tenantId}::uuid ${payer} ${payTo} ${status} ${from} ${to}`.execute(
            db,
          )
        ).rows[0]!.n;
        const res = await t.call('GET', `/v1/x402/settlements?limit=1&${new URLSearchParams(q)}`, { key });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.total, Number(expected), `${when}: ${new URLSearchParams(q)}`);
      }
    };
    await check('with pending deltas');
    while ((await foldCountDeltas(db)) > 0);
    await check('folded');
    assert.deepEqual(await auditListCounts(db), []);
    // The payer's total is its count: made wrong, it shows, and the audit names it.
    await sql`update list_counts set n = n + 1 where kind = 'x402_settlements_of_payer' and scope_id = ${addressScope(tenantId, addr(2))}::uuid and status = 'confirmed'`.execute(
      db,
    );
    assert.equal(
      (await t.call('GET', `/v1/x402/settlements?limit=1&payer=${addr(2)}&status=confirmed`, { key })).body.total,
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*)::text as n from x402_settlements where tenant_id = ${tenantId}::uuid and payer = ${addr(2)} and status = 'confirmed'`.execute(
            db,
          )
        ).rows[0]!.n,
      ) + 1,
    );
    assert.deepEqual(
      (await auditListCounts(db)).map((m) => [m.kind, m.scopeId, m.status, m.day]),
      [['x402_settlements_of_payer', addressScope(tenantId, addr(2)), 'confirmed', null]],
    );
    await sql`update list_counts set n = n - 1 where kind = 'x402_settlements_of_payer' and scope_id = ${addressScope(tenantId, addr(2))}::uuid and status = 'confirmed'`.execute(
      db,
    );
  });

  it('a page far down starts at its day from the day counts: every page past 2,000 rows holds what the plain ordered query gives it', async () => {
    const t = app();
    const { key, accountId } = await t.tenant(['*']);
    const db = t.ctx.db;
    await refreshFees(db, defaultOracles(db, t.ctx.config));
    const first = await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'deep-0' } });
    const deposit = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'deep-0' } });
    assert.deepEqual([first.status, deposit.status], [201, 201]);
    assert.ok(DEEP_PAGE <= 2000);
    // 3,199 more over 11 days back from today's midnight (UTC): three rows to each time (the id breaks
    // the tie), a time every 15 minutes, so some rows fall on a midnight exactly; every fourth expired.
    // Then vacuumed and analyzed, as autovacuum (or the embedded database's maintenance job) leaves them.
    const midnight = `(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
    const history = { order_id: `'deep-' || g`, created_at: `${midnight} - (g / 3) * interval '15 minutes'` };
    await seedCopies(db, 'invoices', first.body.data.id, 3199, {
      ...history,
      status: `case when g % 4 = 0 then 'expired' else x.status end`,
    });
    await seedCopies(db, 'deposits', deposit.body.data.id, 2199, history);
    const expected = async (table: string, status?: string) =>
      (
        await sql<{
          id: string;
        }>`select id from ${sql.table(table)} where account_id = ${accountId}::uuid ${status ? sql`and status = ${status}` : sql``}
          order by created_at desc, id desc`.execute(db)
      ).rows.map((r) => r.id);
    const check = async (when: string) => {
      for (const [list, table, status] of [
        ['invoice', 'invoices', undefined],
        ['invoice', 'invoices', 'created'],
        ['deposit', 'deposits', undefined],
      ] as const) {
        const all = await expected(table, status);
        assert.ok(all.length > 2100);
        // 77 a page: page starts fall on both sides of day boundaries (288 rows a day); the first page past the end is empty.
        for (const limit of [77]) {
          for (let page = Math.floor(DEEP_PAGE / limit); (page - 1) * limit <= all.length; page++) {
            const res = await t.call('GET', `/v1/${list}/list?limit=${limit}&page=${page}${status ? `&status=${status}` : ''}`, { key });
            assert.equal(res.status, 200, JSON.stringify(res.body));
            assert.deepEqual(
              res.body.data.map((r: { id: string }) => r.id),
              all.slice((page - 1) * limit, page * limit),
              `${when}: ${list} ${status ?? ''} page ${page} of ${limit}`,
            );
            assert.equal(res.body.total, all.length);
          }
        }
      }
    };
    await check('with pending deltas');
    while ((await foldCountDeltas(db)) > 0);
    await check('folded');
  });

  it('every page of a long list holds the rows the plain ordered query gives it, for invoices and deposits', async () => {
    const t = app();
    const { key, accountId } = await t.tenant(['*']);
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'pages-0' } });
    assert.equal(invoice.status, 201);
    // 45 more at distinct times, and 5 sharing one time (the id breaks the tie).
    await sql`insert into invoices
      select r.* from invoices x, generate_series(1, 50) g,
        lateral jsonb_populate_record(null::invoices, to_jsonb(x) || jsonb_build_object('id', gen_random_uuid(), 'order_id', 'pages-' || g,
          'created_at', now() - least(g, 46) * interval '1 second')) r
      where x.id = ${invoice.body.data.id}::uuid`.execute(t.ctx.db);
    const expected = (
      await sql<{ id: string }>`select id from invoices where account_id = ${accountId}::uuid order by created_at desc, id desc`.execute(
        t.ctx.db,
      )
    ).rows.map((r) => r.id);
    assert.equal(expected.length, 51);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await t.call('GET', `/v1/invoice/list?limit=15&page=${page}`, { key });
      assert.equal(r.status, 200);
      assert.equal(r.body.total, 51);
      assert.equal(r.body.hasMore, page < 4);
      seen.push(...r.body.data.map((i: { id: string }) => i.id));
    }
    assert.deepEqual(seen, expected);
    const past = await t.call('GET', '/v1/invoice/list?limit=15&page=5', { key });
    assert.deepEqual([past.body.total, past.body.data.length, past.body.hasMore], [51, 0, false]);

    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    for (let i = 0; i < 7; i++)
      assert.equal(
        (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `dep-${i}` } })).status,
        201,
      );
    const deposits = (
      await sql<{ id: string }>`select id from deposits where account_id = ${accountId}::uuid order by created_at desc, id desc`.execute(
        t.ctx.db,
      )
    ).rows.map((r) => r.id);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await t.call('GET', `/v1/deposit/list?limit=3&page=${page}`, { key });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.total, 7);
      pages.push(...r.body.data.map((d: { id: string }) => d.id));
    }
    assert.deepEqual(pages, deposits);
  });
});
