import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { describeEngines, freshDatabase, startTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const USDT = 'USDT_TRC20';

/**
 * Commits of one account sent at once, through two gateway instances (lib/db/account-queue.ts: each
 * in its own SERIALIZABLE transaction, queued on the account's advisory lock). Each must get exactly
 * its own answer, and the account's money must come out as if they had committed one by one. On
 * PostgreSQL, instance B is a second pool (another gateway instance); on PGlite it shares the one
 * database.
 */
describeEngines('concurrent commits of one account', (engine) => {
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
    const tenant = await fundedAccount(a, { amount });
    assert.equal(await balance(tenant.accountId, USDT), BigInt(amount) * 1_000_000n);
    return tenant;
  }
  const balance = async (accountId: string, code: string) =>
    (await merchantBalances(a.ctx.db, accountId)).find((x) => x.currency === code)?.units ?? 0n;
  /** A withdrawal quote of `amount` USDT (the network fee adds 1). */
  const quote = async (key: string, amount: number): Promise<string> => {
    const res = await a.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: USDT, address: TRON_TO, amount, orderId: `g-${++seq}` },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.quoteId;
  };
  const commit = (t: TestApp, key: string, quoteId: string) => t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId } });
  const withdrawalsOf = async (accountId: string) =>
    (await a.ctx.db.selectFrom('withdrawals').select(['id', 'quote_id']).where('account_id', '=', accountId).execute()).length;

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

  it('two batches the balance covers only one of, each committed twice through both instances beside a single: one batch whole, the other refused whole', async () => {
    const { key, accountId } = await funded(100);
    const batchQuote = async (amounts: number[]): Promise<string> => {
      const items = amounts.map((amount) => ({ cryptoCurrencyCode: USDT, address: TRON_TO, amount, orderId: `g-${++seq}` }));
      const res = await a.call('POST', '/v1/withdrawal/batch/quote', { key, body: { items } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.batchQuoteId;
    };
    // 61 and 41 with the fees: either fits beside the single's 6, not both.
    const big = await batchQuote([30, 29]);
    const small = await batchQuote([20, 19]);
    const single = await quote(key, 5);
    const commitBatch = (t: TestApp, batchQuoteId: string) =>
      t.call('POST', '/v1/withdrawal/batch/commit', { key, body: { batchQuoteId } });
    const [big1, small1, one, big2, small2] = await Promise.all([
      commitBatch(a, big),
      commitBatch(b, small),
      commit(a, key, single),
      commitBatch(b, big),
      commitBatch(a, small),
    ]);
    assert.equal(one.status, 201, JSON.stringify(one.body));
    const bigWon = [big1, big2].some((r) => r.status === 201);
    const [won, lost] = bigWon
      ? [
          [big1, big2],
          [small1, small2],
        ]
      : [
          [small1, small2],
          [big1, big2],
        ];
    assert.deepEqual(won.map((r) => r.status).sort(), [201, 400], JSON.stringify([big1, small1, big2, small2].map((r) => r.body)));
    assert.equal(won.find((r) => r.status === 400)!.body.code, 'exceptions.withdrawal.quoteAlreadyCommitted');
    for (const r of lost)
      assert.deepEqual([r.status, r.body.code], [400, 'exceptions.withdrawal.insufficientBalance'], JSON.stringify(r.body));
    const batches = await a.ctx.db.selectFrom('withdrawal_batches').select('id').where('account_id', '=', accountId).execute();
    assert.deepEqual(
      batches.map((x) => x.id),
      [won.find((r) => r.status === 201)!.body.data.id],
    );
    const items = await a.ctx.db
      .selectFrom('withdrawals')
      .select('batch_id')
      .where('account_id', '=', accountId)
      .where('batch_id', 'is not', null)
      .execute();
    assert.equal(items.length, 2, "the winning batch's two items and none of the other");
    assert.equal(await balance(accountId, USDT), bigWon ? 33_000_000n : 53_000_000n, '100 less the single and the one batch');
    assert.deepEqual(await auditLedger(a.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('conversions and withdrawals of one account commit together; a conversion short of balance fails alone', async () => {
    const { key, accountId } = await funded(100);
    const convert = async (fromAmount: number) => {
      const res = await a.call('POST', '/v1/converting/quote', {
        key,
        body: { fromCryptoCurrencyCode: USDT, toCryptoCurrencyCode: 'USDC_ERC20', fromAmount },
      });
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
