import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { expireDeposits } from '../../src/modules/deposits/read.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

describeEngines('deposits', (engine) => {
  const get = useTestApp(engine);
  let quoted = false;
  // Live fee quotes and prices, as the worker keeps them.
  const app = () => get();
  const ready = async (t: TestApp) => {
    if (quoted) return;
    quoted = true;
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'BTC', 'ETH', 'BNB']);
  };

  it('gives a fresh address, sees the payment, confirms it and credits the net amount', async () => {
    const t = app();
    await ready(t);
    const { key, accountId, tenantId } = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositCommission: 0.01 });
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
    const created = await t.call('POST', '/v1/deposit', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'top-up-1', customerId: 'c-1' },
    });
    assert.equal(created.status, 201);
    const d = created.body.data;
    assert.match(d.address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    assert.equal(d.minimumAmount, 2); // base minimum 1 + network fee 1
    assert.match(d.qrCode, /^data:image\/png;base64,/);
    assert.ok(Date.parse(d.expiresAt) > Date.parse(d.createdAt));

    const repeat = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'top-up-1' } });
    assert.equal(repeat.status, 200);
    assert.equal(repeat.body.data.id, d.id);
    assert.equal(repeat.body.data.address, d.address);

    const sent = await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: d.address, amount: 101 });
    assert.equal(sent.status, 201);
    await runWatchers(t, { listen: 'deposits' });
    let record = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.equal(record.status, 'processing');
    const scraped = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(scraped, /payments_unconfirmed\{network="TRON"\} 1/);
    assert.match(scraped, /outbox_pending_events [1-9]/);

    assert.equal((await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 2 })).status, 200);
    await runWatchers(t, { listen: 'deposits' });
    record = (await t.call('GET', `/v1/deposit?orderId=top-up-1`, { key })).body.data;
    assert.equal(record.status, 'completed');
    assert.equal(record.customerId, 'c-1');
    // Received 101, fee 1 withheld, commission 1 % of 100 = 1, net 99.
    assert.deepEqual(
      { ...record.settlement, completedAt: undefined },
      {
        amountPaid: 101,
        amountPaidUsd: 101,
        commissionAmount: 1,
        commissionAmountUsd: 1,
        networkFeeAmount: 1,
        networkFeeAmountUsd: 1,
        networkFeeCurrencyCode: 'USDT_TRC20',
        netAmount: 99,
        netAmountUsd: 99,
        txHash: sent.body.data.txHash,
        completedAt: undefined,
      },
    );
    assert.deepEqual(await merchantBalances(t.ctx.db, accountId), [{ currency: 'USDT_TRC20', units: 99_000_000n }]);
    assert.deepEqual((await t.call('GET', '/v1/balances', { key })).body.data, [
      { cryptoCurrencyCode: 'USDT_TRC20', amount: 99, amountUsd: 99 },
    ]);

    // Terminal now: the orderId is used up.
    const conflict = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'top-up-1' } });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.code, 'exceptions.deposit.orderIdAlreadyExists');

    const events = await t.ctx.db
      .selectFrom('outbox_events')
      .select(['event_type', 'payload'])
      .where('aggregate_id', '=', d.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      events.map((e: any) => [e.payload.previousStatus, e.payload.status]),
      [
        ['created', 'processing'],
        ['processing', 'completed'],
      ],
    );
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('records a payment below the minimum without crediting it', async () => {
    const t = app();
    await ready(t);
    const { key, accountId } = await t.tenant(['*']);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'BTC', amount: 0.00002 });
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'small' } })).body.data;
    await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'BTC', to: d.address, amount: '0.00001' });
    await t.admin('POST', '/admin/sandbox/mine', { network: 'BTC', blocks: 2 });
    await runWatchers(t, { listen: 'deposits' });
    const record = (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data;
    assert.equal(record.status, 'failed');
    assert.equal(record.settlement.amountPaid, 0.00001);
    assert.equal(record.settlement.netAmount, 0);
    assert.deepEqual(await merchantBalances(t.ctx.db, accountId), []);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('answers 503 while the network fee is unavailable, and validates its input', async () => {
    const t = app();
    await ready(t);
    const { key } = await t.tenant(['*']);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'LINK_BEP20', amount: null });
    const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'LINK_BEP20', orderId: randomUUID() } });
    assert.equal(res.status, 503);
    assert.equal(res.body.code, 'exceptions.depositFee.quoteUnavailable');
    for (const body of [
      { cryptoCurrencyCode: 'DOGE', orderId: 'x' },
      { cryptoCurrencyCode: 'BTC' },
      { cryptoCurrencyCode: 'BTC', orderId: 'x', webhookUrl: 'http://shop.example.com/h' },
      { cryptoCurrencyCode: 'BTC', orderId: 'x', customerId: 'c'.repeat(53) },
    ]) {
      const bad = await t.call('POST', '/v1/deposit', { key, body });
      assert.equal(bad.status, 400, JSON.stringify(body));
    }
    assert.equal((await t.call('GET', '/v1/deposit', { key })).status, 400);
    assert.equal((await t.call('GET', `/v1/deposit?id=${randomUUID()}`, { key })).status, 404);
  });

  it('hands out distinct addresses to parallel deposits and lists them newest first', async () => {
    const t = app();
    await ready(t);
    const { key } = await t.tenant(['*']);
    const other = await t.tenant(['*']);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'ETH', orderId: `p-${i}` } })),
    );
    assert.ok(results.every((r) => r.status === 201));
    assert.equal(new Set(results.map((r) => r.body.data.address)).size, 30);
    const page = await t.call('GET', '/v1/deposit/list?limit=20&page=1&status=created', { key });
    assert.equal(page.body.total, 30);
    assert.equal(page.body.hasMore, true);
    assert.equal(page.body.data.length, 20);
    const page2 = await t.call('GET', '/v1/deposit/list?limit=20&page=2', { key });
    assert.equal(page2.body.data.length, 10);
    assert.equal(page2.body.hasMore, false);
    const stamps = [...page.body.data, ...page2.body.data].map((d: any) => Date.parse(d.createdAt));
    assert.deepEqual(
      stamps,
      [...stamps].sort((a, b) => b - a),
    );
    // Another tenant sees none of them, and gets 404 for their ids.
    assert.equal((await t.call('GET', '/v1/deposit/list', { key: other.key })).body.total, 0);
    assert.equal((await t.call('GET', `/v1/deposit?id=${results[0]!.body.data.id}`, { key: other.key })).status, 404);
  });

  it('200 parallel deposits get 200 distinct addresses, each matching its currency mask', async () => {
    const t = app();
    await ready(t);
    const { key } = await t.tenant(['*']);
    const codes = ['BTC', 'ETH', 'USDT_ERC20', 'USDT_BEP20', 'USDC_BASE', 'TRX', 'USDT_TRC20', 'BNB'];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: codes[i % codes.length], orderId: `par-${i}` } }),
      ),
    );
    assert.ok(
      results.every((r) => r.status === 201),
      results.find((r) => r.status !== 201)?.body?.code,
    );
    assert.equal(new Set(results.map((r) => r.body.data.address)).size, 200);
    const masks = new Map<string, string>(
      (await t.call('GET', '/v1/currencies', { key })).body.data.map((c: any) => [c.code, c.addressMask]),
    );
    results.forEach((r, i) => assert.match(r.body.data.address, new RegExp(masks.get(codes[i % codes.length]!)!)));
  });

  it('one orderId created 20 times at once gives one deposit', async () => {
    const t = app();
    await ready(t);
    const { key } = await t.tenant(['*']);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BNB', orderId: 'same' } })),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 1);
    assert.ok(results.every((r) => r.status === 201 || r.status === 200));
    assert.equal(new Set(results.map((r) => r.body.data.id)).size, 1);
  });

  it('expires an unpaid deposit, and still credits a payment that arrives later', async () => {
    const t = app();
    await ready(t);
    const { key, accountId } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDC_BASE', orderId: 'late' } })).body.data;
    await t.ctx.db
      .updateTable('deposits')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', d.id)
      .execute();
    assert.ok((await expireDeposits(t.ctx)).expired >= 1);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'expired');
    await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDC_BASE', to: d.address, amount: 10 });
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Base', blocks: 3 });
    await runWatchers(t, { listen: 'deposits' });
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'completed');
    assert.equal((await merchantBalances(t.ctx.db, accountId))[0]!.currency, 'USDC_BASE');
  });
});
