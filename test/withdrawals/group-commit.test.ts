import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { sql, type QueryResult } from 'kysely';
import { createWatchers } from '../../src/modules/payments/watcher.ts';
import { findCurrency, networkOf } from '../../src/lib/currencies/catalogue.ts';
import { serializableInAccountQueue, serializableStatementInAccountQueue } from '../../src/lib/db/account-queue.ts';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { AppError } from '../../src/lib/errors.ts';
import { DepositService } from '../../src/modules/deposits/service.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, freshDatabase, startTestApp, type TestApp } from '../helpers/harness.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const USDT = 'USDT_TRC20';

/**
 * Group commit (lib/db/account-queue.ts, lib/db/account-batch.ts): the commits of one account that
 * arrive while one runs share one lock and one SERIALIZABLE transaction, each in a savepoint of its
 * own. Each must still get exactly its own answer, and the account's money must come out as if they
 * had committed one by one. On PostgreSQL, instance B is a second pool (another gateway instance);
 * on PGlite it shares the one database.
 */
describeEngines('group commit of one account', (engine) => {
  let database: Database;
  let second: Database | undefined;
  let a: TestApp;
  let b: TestApp;
  let seq = 0;
  before(async () => {
    database = await freshDatabase(engine);
    a = await startTestApp(engine, { database });
    if (engine === 'postgres') {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
    }
    b = await startTestApp(engine, { database: second ?? database });
  });
  after(async () => {
    await a.close();
    await b.close();
    await second?.close();
    await database.close();
  });

  /** A tenant whose account holds `amount` of USDT_TRC20 (credited through a real sandbox deposit). */
  async function funded(amount: number) {
    await refreshRates(a.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB']);
    const tenant = await a.tenant(['*']);
    await a.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0 });
    await a.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: USDT, amount: 1 });
    await refreshFees(a.ctx.db, defaultOracles(a.ctx.db, a.ctx.config));
    const d = (await a.call('POST', '/v1/deposit', { key: tenant.key, body: { cryptoCurrencyCode: USDT, orderId: `fund-${++seq}` } })).body.data;
    await a.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: USDT, to: d.address, amount: amount + 1 });
    await a.admin('POST', '/admin/sandbox/mine', { network: networkOf(findCurrency(USDT)!).api, blocks: 5 });
    for (const w of createWatchers(a.ctx.config, a.ctx.db, new DepositService(a.ctx))) await w.round();
    assert.equal(await balance(tenant.accountId, USDT), BigInt(amount) * 1_000_000n);
    return tenant;
  }
  const balance = async (accountId: string, code: string) => (await merchantBalances(a.ctx.db, accountId)).find((x) => x.currency === code)?.units ?? 0n;
  /** A withdrawal quote of `amount` USDT (the network fee adds 1). */
  const quote = async (key: string, amount: number): Promise<string> => {
    const res = await a.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: USDT, address: TRON_TO, amount, orderId: `g-${++seq}` } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.quoteId;
  };
  const commit = (t: TestApp, key: string, quoteId: string) => t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId } });
  const withdrawalsOf = async (accountId: string) => (await a.ctx.db.selectFrom('withdrawals').select(['id', 'quote_id']).where('account_id', '=', accountId).execute()).length;

  it('runs work submitted together in one transaction, each piece answered alone: a failing piece is undone, the others kept', async () => {
    const db = a.ctx.db;
    await sql`create table batch_probe (k text primary key)`.execute(db);
    const account = randomUUID();
    const write = (k: string) => serializableInAccountQueue(db, account, async (trx) => {
      await sql`insert into batch_probe (k) values (${k})`.execute(trx);
      return (await sql<{ x: string }>`select txid_current()::text as x`.execute(trx)).rows[0]!.x;
    });
    const refused = serializableInAccountQueue(db, account, async (trx) => {
      await sql`insert into batch_probe (k) values ('refused')`.execute(trx);
      throw new AppError('exceptions.withdrawal.insufficientBalance');
    });
    // Submitted in one turn of the event loop: one batch, whatever else runs.
    const results = await Promise.allSettled([write('a'), refused, write('b'), write('a'), write('c')]);
    const [first, second_, third, duplicate, fifth] = results;
    assert.equal(first.status, 'fulfilled');
    assert.equal(second_.status, 'rejected');
    assert.equal((second_ as PromiseRejectedResult).reason.code, 'exceptions.withdrawal.insufficientBalance');
    assert.equal(duplicate.status, 'rejected', 'a duplicate key fails that piece alone');
    assert.equal((duplicate as PromiseRejectedResult).reason.code, '23505');
    const txids = [first, third, fifth].map((r) => (r as PromiseFulfilledResult<string>).value);
    assert.deepEqual(new Set(txids).size, 1, 'one transaction for the batch');
    const rows = (await sql<{ k: string }>`select k from batch_probe order by k`.execute(db)).rows.map((r) => r.k);
    assert.deepEqual(rows, ['a', 'b', 'c']);

    // More than a batch takes (32) runs in more than one transaction; every piece is answered.
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => write(`m-${i}`)));
    assert.ok(new Set(many).size >= 2);
    assert.equal((await sql<{ n: string }>`select count(*)::text as n from batch_probe`.execute(db)).rows[0]!.n, '43');
  });

  it('statements submitted together go out as one transaction (pipelined on PostgreSQL), each answered alone: a failing one is undone, the others kept', async () => {
    const db = a.ctx.db;
    await sql`create table statement_probe (k text primary key, n int not null check (n >= 0))`.execute(db);
    const account = randomUUID();
    const write = (k: string, n = 1) =>
      serializableStatementInAccountQueue(db, account, sql<{ x: string }>`insert into statement_probe (k, n) values (${k}, ${n}) returning txid_current()::text as x`);
    // All succeed: one transaction, every answer its own row.
    const together = await Promise.all(['a', 'b', 'c'].map((k) => write(k)));
    assert.equal(new Set(together.map((r) => r.rows[0]!.x)).size, 1, 'one transaction for the batch');
    // A duplicate key and a failed check among them fail alone; the statements around them stay.
    const results = await Promise.allSettled([write('d'), write('a'), write('e'), write('f', -1), write('g')]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    assert.equal((results[1] as PromiseRejectedResult).reason.code, '23505');
    assert.equal((results[3] as PromiseRejectedResult).reason.code, '23514');
    const kept = [results[0], results[2], results[4]].map((r) => (r as PromiseFulfilledResult<QueryResult<{ x: string }>>).value.rows[0]!.x);
    assert.equal(new Set(kept).size, 1, 'the others committed together');
    const rows = (await sql<{ k: string }>`select k from statement_probe order by k`.execute(db)).rows.map((r) => r.k);
    assert.deepEqual(rows, ['a', 'b', 'c', 'd', 'e', 'g']);
    // Statements and other work of one account share the queue, in the order submitted.
    const mixed = await Promise.all([write('h'), serializableInAccountQueue(db, account, async (trx) => (await sql<{ n: string }>`select count(*)::text as n from statement_probe`.execute(trx)).rows[0]!.n), write('i')]);
    assert.equal(mixed[1], '7');
    assert.equal((await sql<{ n: string }>`select count(*)::text as n from statement_probe`.execute(db)).rows[0]!.n, '8');
  });

  if (engine === 'postgres') {
    it("back-to-back batches of an account keep its lock on one connection, then let it go; another instance's batch waits for it", async () => {
      const db = a.ctx.db;
      const account = randomUUID();
      const whose = (trx: Parameters<Parameters<typeof serializableInAccountQueue>[2]>[0]) =>
        sql<{ pid: number; tx: string }>`select pg_backend_pid() as pid, txid_current()::text as tx`.execute(trx).then((r) => r.rows[0]!);
      // 100 at once: four batches (32 at most each), run one after the other on the connection that holds the lock.
      const ran = await Promise.all(Array.from({ length: 100 }, () => serializableInAccountQueue(db, account, whose)));
      assert.ok(new Set(ran.map((r) => r.tx)).size >= 4);
      assert.equal(new Set(ran.map((r) => r.pid)).size, 1, 'one connection, one lock, for the batches in a row');
      // Let go by the end of the turn: instance B's batch takes it.
      await new Promise((r) => setImmediate(r));
      const locks = async () =>
        Number((await sql<{ n: string }>`select count(*)::text as n from pg_locks where locktype = 'advisory' and granted and objid = hashtext(${account})::oid`.execute(db)).rows[0]!.n);
      // The unlock is a statement of its own, sent once the turn ends: looked at until it has run (a lock never let go fails).
      const released = async () => {
        for (let i = 0; i < 200 && (await locks()) > 0; i++) await new Promise((r) => setTimeout(r, 10));
        return locks();
      };
      assert.equal(await released(), 0);
      const other = await serializableInAccountQueue(second!.db, account, whose);
      assert.notEqual(other.pid, ran[0]!.pid);
      // While A holds it across its batches, B's batch waits, then runs after them.
      const order: string[] = [];
      const burst = Promise.all(Array.from({ length: 70 }, (_, i) => serializableInAccountQueue(db, account, async (trx) => (await whose(trx), order.push(`a${i}`)))));
      await new Promise((r) => setTimeout(r, 1));
      const waiting = serializableInAccountQueue(second!.db, account, async (trx) => (await whose(trx), order.push('b')));
      await Promise.all([burst, waiting]);
      assert.equal(order.length, 71);
      await new Promise((r) => setImmediate(r));
      assert.equal(await released(), 0);
    });
  }

  it('a burst on one balance commits exactly the affordable ones; the balance never goes negative and the ledger balances', async () => {
    const { key, accountId } = await funded(80);
    const quotes = [];
    for (let i = 0; i < 20; i++) quotes.push(await quote(key, 10)); // 11 each with the fee: 7 fit in 80
    const results = await Promise.all(quotes.map((q, i) => commit(i % 2 ? b : a, key, q)));
    const ok = results.filter((r) => r.status === 201);
    assert.equal(ok.length, 7, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 400).map((r) => r.body)));
    assert.ok(results.filter((r) => r.status !== 201).every((r) => r.body.code === 'exceptions.withdrawal.insufficientBalance'));
    assert.equal(await balance(accountId, USDT), 3_000_000n);
    assert.equal(await withdrawalsOf(accountId), 7);

    // Mixed amounts: whichever commit first, no refused quote was affordable when refused.
    const mixed = await funded(50);
    const amounts = [10, 5, 20, 5, 10, 6, 5, 20, 8, 5, 10, 5];
    const ids = [];
    for (const x of amounts) ids.push(await quote(mixed.key, x));
    const answers = await Promise.all(ids.map((q, i) => commit(i % 3 ? a : b, mixed.key, q)));
    const totals = amounts.map((x) => BigInt(x + 1) * 1_000_000n);
    const spent = answers.reduce((s, r, i) => (r.status === 201 ? s + totals[i]! : s), 0n);
    const left = await balance(mixed.accountId, USDT);
    assert.equal(left, 50_000_000n - spent);
    assert.ok(left >= 0n);
    answers.forEach((r, i) => {
      if (r.status === 201) return;
      assert.equal(r.body.code, 'exceptions.withdrawal.insufficientBalance');
      assert.ok(left < totals[i]!, `quote ${i} (${totals[i]}) was refused with ${left} left`);
    });
    assert.equal(await withdrawalsOf(mixed.accountId), answers.filter((r) => r.status === 201).length);
    assert.deepEqual(await auditLedger(a.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a quote already committed, or committed twice in one burst, is refused alone while the others commit', async () => {
    const { key, accountId } = await funded(100);
    const done = await quote(key, 5);
    const first = await commit(a, key, done);
    assert.equal(first.status, 201);
    const [q1, q2, q3, twice] = [await quote(key, 5), await quote(key, 5), await quote(key, 5), await quote(key, 5)];
    const burst = [done, q1, twice, q2, done, twice, q3];
    const results = await Promise.all(burst.map((q, i) => commit(i % 2 ? b : a, key, q)));
    const refused = (i: number) => {
      assert.equal(results[i]!.status, 400, JSON.stringify(results[i]!.body));
      assert.equal(results[i]!.body.code, 'exceptions.withdrawal.quoteAlreadyCommitted');
    };
    refused(0);
    refused(4);
    for (const i of [1, 3, 6]) assert.equal(results[i]!.status, 201, JSON.stringify(results[i]!.body));
    assert.deepEqual([results[2]!.status, results[5]!.status].sort(), [201, 400], 'one quote committed twice at once: once');
    refused(results[2]!.status === 400 ? 2 : 5);
    const rows = await a.ctx.db.selectFrom('withdrawals').select(['id', 'quote_id']).where('account_id', '=', accountId).execute();
    assert.equal(rows.length, 5);
    assert.equal(rows.find((r) => r.quote_id === done)!.id, first.body.data.id);
    assert.equal(await balance(accountId, USDT), 70_000_000n); // 5 × (5 + 1) out of 100
    assert.deepEqual(await auditLedger(a.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('conversions and withdrawals of one account commit together; a conversion short of balance fails alone', async () => {
    const { key, accountId } = await funded(100);
    const convert = async (fromAmount: number) => {
      const res = await a.call('POST', '/v1/converting/quote', { key, body: { fromCryptoCurrencyCode: USDT, toCryptoCurrencyCode: 'USDC_ERC20', fromAmount } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.quoteId as string;
    };
    const conversions = [await convert(10.5), await convert(1000), await convert(10.5), await convert(10.5)];
    const withdrawals = [await quote(key, 10), await quote(key, 10), await quote(key, 10), await quote(key, 10)];
    const calls = conversions.flatMap((c, i) => [
      (i % 2 ? b : a).call('POST', '/v1/converting/commit', { key, body: { quoteId: c } }),
      commit(i % 2 ? a : b, key, withdrawals[i]!),
    ]);
    const results = await Promise.all(calls);
    const statuses = results.map((r) => r.status);
    assert.deepEqual(statuses, [201, 201, 400, 201, 201, 201, 201, 201], JSON.stringify(results.map((r) => r.body)));
    assert.equal(results[2]!.body.code, 'exceptions.converting.insufficientBalance');
    // 3 conversions of 10.5 and 4 withdrawals of 11 out of 100; each conversion gives 10 USDC.
    assert.equal(await balance(accountId, USDT), 24_500_000n);
    assert.equal(await balance(accountId, 'USDC_ERC20'), 30_000_000n);
    assert.deepEqual(await auditLedger(a.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
