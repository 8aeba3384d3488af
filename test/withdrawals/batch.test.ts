/**
 * Batch payouts: a batch quote checks every item as a quote of its own would (refusals named by
 * index, nothing quoted), its commit holds the whole total or nothing and makes one withdrawal per
 * item, each paid through the ordinary payout path, and the batch follows its items to its end.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { chainAdapters } from '../../src/chains/registry.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { batchStatusFor } from '../../src/modules/withdrawals/batch/status.ts';
import { dispatchEvents } from '../../src/modules/webhooks/deliveries.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const HOOK = 'https://merchant.example.com/batches';

const usdt = (amount: number, orderId?: string) => ({
  cryptoCurrencyCode: 'USDT_TRC20',
  address: TRON_TO,
  amount,
  ...(orderId ? { orderId } : {}),
});

it('a batch is what its items add up to', () => {
  assert.equal(batchStatusFor({ awaitingApproval: 3 }), 'awaitingApproval');
  assert.equal(batchStatusFor({ awaitingApproval: 1, created: 2 }), 'created');
  assert.equal(batchStatusFor({ created: 2, processing: 1 }), 'processing');
  assert.equal(batchStatusFor({ completed: 2, failed: 1 }), 'partiallyFailed');
  assert.equal(batchStatusFor({ completed: 1, cancelled: 1 }), 'partiallyFailed');
  assert.equal(batchStatusFor({ failed: 1, cancelled: 2 }), 'failed');
  assert.equal(batchStatusFor({ cancelled: 3 }), 'cancelled');
  assert.equal(batchStatusFor({ completed: 3 }), 'completed');
});

describeEngines('withdrawal batches', (engine) => {
  const app = useTestApp(engine);

  /** A tenant holding 100 USDT_TRC20 (fee 1) and 1 ETH (fee 0.001). */
  async function funded(t: TestApp) {
    const tenant = await fundedAccount(t, { code: 'USDT_TRC20', amount: 100, fee: 1 });
    await fundedAccount(t, { code: 'ETH', amount: 1, fee: 0.001, tenant, rates: null });
    return tenant;
  }
  const balance = async (t: TestApp, accountId: string, code: string) =>
    (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === code)?.units ?? 0n;
  const quote = (t: TestApp, key: string, items: unknown[]) => t.call('POST', '/v1/withdrawal/batch/quote', { key, body: { items } });
  const commit = (t: TestApp, key: string, batchQuoteId: string, webhookUrl?: string) =>
    t.call('POST', '/v1/withdrawal/batch/commit', { key, body: { batchQuoteId, ...(webhookUrl ? { webhookUrl } : {}) } });

  it('refuses bad rows each with its index and code and quotes nothing; a good list is quoted with each fee and the totals per currency', async () => {
    const t = app();
    const { key, accountId } = await funded(t);
    const single = (await t.call('POST', '/v1/withdrawal/quote', { key, body: usdt(6, 'taken') })).body.data;
    assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: single.quoteId } })).status, 201);
    const bad = await quote(t, key, [
      usdt(10, 'b-0'),
      { ...usdt(10), cryptoCurrencyCode: 'DOGE' },
      { ...usdt(10), address: EVM_TO },
      usdt(4.99),
      usdt(10.0000001),
      usdt(10, 'b-0'),
      usdt(10, 'taken'),
      usdt(-1),
      usdt(10),
    ]);
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.code, 'exceptions.withdrawal.batchInvalid');
    assert.deepEqual(
      bad.body.extension.errors.map((e: any) => [e.index, e.code]),
      [
        [1, 'exceptions.withdrawal.currencyNotFound'],
        [2, 'exceptions.withdrawal.invalidAddress'],
        [3, 'exceptions.withdrawal.amountBelowMinimum'],
        [4, 'exceptions.withdrawal.amountInvalidDecimalPlaces'],
        [5, 'exceptions.withdrawal.orderIdAlreadyExists'],
        [6, 'exceptions.withdrawal.orderIdAlreadyExists'],
        [7, 'exceptions.withdrawal.amountBelowMinimum'],
      ],
    );
    assert.equal(bad.body.extension.errors[2].extension.minWithdrawalAmount, 5);
    const quoted = await t.ctx.db.selectFrom('withdrawal_quotes').select('order_id').where('account_id', '=', accountId).execute();
    assert.deepEqual(
      quoted.map((q) => q.order_id),
      ['taken'],
      'nothing of the batch was quoted',
    );
    assert.equal((await quote(t, key, [])).body.code, 'exceptions.validation.failed');
    assert.equal(
      (
        await quote(
          t,
          key,
          Array.from({ length: 1001 }, () => usdt(5)),
        )
      ).body.code,
      'exceptions.validation.failed',
    );

    const ok = await quote(t, key, [usdt(10, 'b-0'), { cryptoCurrencyCode: 'ETH', address: EVM_TO, amount: 0.1 }, usdt(20)]);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const q = ok.body.data;
    assert.deepEqual(
      q.items.map((i: any) => [i.index, i.cryptoCurrencyCode, i.amount, i.fee.feeInCryptoCurrencyCode, i.totalDeduction, i.expiresAt]),
      [
        [0, 'USDT_TRC20', 10, 1, 11, q.expiresAt],
        [1, 'ETH', 0.1, 0.001, 0.101, q.expiresAt],
        [2, 'USDT_TRC20', 20, 1, 21, q.expiresAt],
      ],
    );
    assert.equal(q.items[0].orderId, 'b-0');
    assert.deepEqual(q.totals, [
      { cryptoCurrencyCode: 'ETH', items: 1, amount: 0.1, fee: 0.001, totalDeduction: 0.101 },
      { cryptoCurrencyCode: 'USDT_TRC20', items: 2, amount: 30, fee: 2, totalDeduction: 32 },
    ]);
    assert.ok(Date.parse(q.expiresAt) > Date.now());
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 93_000_000n, 'a quote holds nothing (100 less the single 6 + 1)');
  });

  it('refuses a batch over the balance whole, at the quote and at the commit, holding nothing', async () => {
    const t = app();
    const { key, accountId } = await funded(t);
    const over = await quote(t, key, [usdt(60), usdt(39)]);
    assert.deepEqual(
      [over.status, over.body.code, over.body.extension.required, over.body.extension.available],
      [400, 'exceptions.withdrawal.insufficientBalance', 101, 100],
    );
    const q = (await quote(t, key, [usdt(30), usdt(30), { cryptoCurrencyCode: 'ETH', address: EVM_TO, amount: 0.5 }])).body.data;
    // Meanwhile a single withdrawal takes most of the USDT.
    const single = (await t.call('POST', '/v1/withdrawal/quote', { key, body: usdt(50) })).body.data;
    assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: single.quoteId } })).status, 201);
    const eth = await balance(t, accountId, 'ETH');
    const refused = await commit(t, key, q.batchQuoteId);
    assert.deepEqual(
      [refused.status, refused.body.code, refused.body.extension.cryptoCurrencyCode],
      [400, 'exceptions.withdrawal.insufficientBalance', 'USDT_TRC20'],
    );
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 49_000_000n, 'nothing held');
    assert.equal(await balance(t, accountId, 'ETH'), eth, 'not the ETH either');
    assert.equal((await t.ctx.db.selectFrom('withdrawal_batches').select('id').where('account_id', '=', accountId).execute()).length, 0);
    assert.equal(
      (
        await t.ctx.db
          .selectFrom('withdrawals')
          .select('id')
          .where('account_id', '=', accountId)
          .where('batch_id', 'is not', null)
          .execute()
      ).length,
      0,
    );
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('gives one batch to concurrent commits of one batch quote; a later quote of an item leaves the old batch quote uncommittable', async () => {
    const t = app();
    const { key, accountId } = await funded(t);
    const q = (await quote(t, key, [usdt(10), usdt(12)])).body.data;
    const answers = await Promise.all(Array.from({ length: 5 }, () => commit(t, key, q.batchQuoteId)));
    const won = answers.filter((a) => a.status === 201);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.body)));
    for (const a of answers.filter((x) => x.status !== 201))
      assert.deepEqual(
        [a.status, a.body.code, a.body.extension.batchId],
        [400, 'exceptions.withdrawal.quoteAlreadyCommitted', won[0]!.body.data.id],
      );
    assert.equal((await t.ctx.db.selectFrom('withdrawal_batches').select('id').where('account_id', '=', accountId).execute()).length, 1);
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 76_000_000n, 'debited once: 100 − (10 + 1) − (12 + 1)');

    const first = (await quote(t, key, [usdt(5, 'again-1'), usdt(5, 'again-2')])).body.data;
    const second = (await quote(t, key, [usdt(6, 'again-2')])).body.data;
    assert.equal(second.items[0].quoteId, first.items[1].quoteId, 'the same quote of that orderId, re-priced');
    assert.equal((await commit(t, key, first.batchQuoteId)).body.code, 'exceptions.withdrawal.batchQuoteSuperseded');
    const alone = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: second.items[0].quoteId } });
    assert.deepEqual(
      [alone.status, alone.body.code],
      [409, 'exceptions.withdrawal.quoteInBatch'],
      'an item is committed with its batch only',
    );
    assert.equal((await commit(t, key, second.batchQuoteId)).status, 201);
    assert.equal((await quote(t, key, [usdt(5, 'again-2')])).body.extension.errors[0].code, 'exceptions.withdrawal.orderIdAlreadyExists');
  });

  it('pays every item through the payout path, announces each, and completes the batch; summary, list and CSV; another tenant sees none of it', async () => {
    const t = app();
    const { key, accountId } = await funded(t);
    const before = { usdt: await balance(t, accountId, 'USDT_TRC20'), eth: await balance(t, accountId, 'ETH') };
    const q = (
      await quote(t, key, [
        usdt(10, 'pay-0'),
        { cryptoCurrencyCode: 'ETH', address: EVM_TO, amount: 0.2, orderId: 'pay-1' },
        usdt(15, 'pay-2'),
      ])
    ).body.data;
    const res = await commit(t, key, q.batchQuoteId, HOOK);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const batch = res.body.data;
    assert.deepEqual([batch.status, batch.itemCount, batch.counts.created, batch.webhookUrl], ['created', 3, 3, HOOK]);
    assert.deepEqual(
      batch.withdrawals.map((w: any) => [w.orderId, w.status, w.batchId, w.webhookUrl]),
      [
        ['pay-0', 'created', batch.id, HOOK],
        ['pay-1', 'created', batch.id, HOOK],
        ['pay-2', 'created', batch.id, HOOK],
      ],
    );
    assert.equal(before.usdt - (await balance(t, accountId, 'USDT_TRC20')), 27_000_000n, 'the whole total held at once');
    assert.equal(before.eth - (await balance(t, accountId, 'ETH')), 201_000_000_000_000_000n);

    const adapters = chainAdapters(t.ctx.config, t.ctx.db);
    await executeRound(t.ctx, adapters);
    assert.equal((await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key })).body.data.status, 'processing');
    await new SandboxChain('TRON', t.ctx.db).mine(20);
    await new SandboxChain('ETHEREUM', t.ctx.db).mine(20);
    await executeRound(t.ctx, adapters);
    const done = (await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key })).body.data;
    assert.deepEqual([done.status, done.counts.completed, done.counts.processing], ['completed', 3, 0], JSON.stringify(done));
    assert.ok(done.completedAt);
    assert.deepEqual(done.completedTotals, done.totals);
    assert.deepEqual(
      done.totals.map((x: any) => [x.cryptoCurrencyCode, x.items, x.amount, x.fee, x.totalDeduction]),
      [
        ['ETH', 1, 0.2, 0.001, 0.201],
        ['USDT_TRC20', 2, 25, 2, 27],
      ],
    );

    // Each item announced its own moves; the batch its own.
    const moves = await t.ctx.db
      .selectFrom('outbox_events')
      .select(['aggregate_id', sql<string>`payload->>'status'`.as('s')])
      .where('event_type', '=', 'withdrawal.statusChanged')
      .where(
        'aggregate_id',
        'in',
        batch.withdrawals.map((w: any) => w.id),
      )
      .orderBy('id')
      .execute();
    for (const w of batch.withdrawals)
      assert.deepEqual(
        moves.filter((m) => m.aggregate_id === w.id).map((m) => m.s),
        ['processing', 'completed'],
        w.orderId,
      );
    const own = await t.ctx.db
      .selectFrom('outbox_events')
      .select(sql<string>`payload->>'status'`.as('s'))
      .where('event_type', '=', 'withdrawalBatch.statusChanged')
      .where('aggregate_id', '=', batch.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      own.map((m) => m.s),
      ['processing', 'completed'],
    );
    await dispatchEvents(t.ctx.db);
    const deliveries = await t.ctx.db.selectFrom('webhook_deliveries').select(['event_type', 'url']).where('url', '=', HOOK).execute();
    assert.equal(deliveries.filter((d) => d.event_type === 'withdrawal.statusChanged').length, 6);
    assert.equal(deliveries.filter((d) => d.event_type === 'withdrawalBatch.statusChanged').length, 2);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });

    const list = (await t.call('GET', `/v1/withdrawal/batch/list?limit=10`, { key })).body;
    assert.deepEqual([list.total, list.page, list.limit, list.hasMore, list.data[0].id], [1, 1, 10, false, batch.id]);
    const csv = await t.call('GET', `/v1/withdrawal/batch/results.csv?id=${batch.id}`, { key });
    assert.equal(csv.status, 200);
    const lines = String(csv.body).trim().split('\r\n');
    assert.equal(
      lines[0],
      'index,withdrawalId,orderId,status,cryptoCurrencyCode,network,address,amount,fee,debitedAmount,transactionHash,createdAt,updatedAt',
    );
    assert.deepEqual(
      lines.slice(1).map((l) => l.split(',').slice(0, 4).concat(l.split(',').slice(7, 10))),
      [
        ['0', batch.withdrawals[0].id, 'pay-0', 'completed', '10', '1', '11'],
        ['1', batch.withdrawals[1].id, 'pay-1', 'completed', '0.2', '0.001', '0.201'],
        ['2', batch.withdrawals[2].id, 'pay-2', 'completed', '15', '1', '16'],
      ],
    );

    const other = await t.tenant(['*']);
    assert.deepEqual(
      [
        (await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key: other.key })).status,
        (await t.call('GET', `/v1/withdrawal/batch?id=${batch.id}`, { key: other.key })).body.code,
      ],
      [404, 'exceptions.withdrawal.batchNotFound'],
    );
    assert.equal((await t.call('GET', `/v1/withdrawal/batch/results.csv?id=${batch.id}`, { key: other.key })).status, 404);
    assert.equal((await t.call('GET', '/v1/withdrawal/batch/list', { key: other.key })).body.total, 0);
    const foreign = await commit(t, other.key, q.batchQuoteId);
    assert.deepEqual([foreign.status, foreign.body.code], [404, 'exceptions.withdrawal.batchQuoteNotFound']);
  });
});
