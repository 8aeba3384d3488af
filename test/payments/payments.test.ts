/**
 * The payment lists of the merchant API (the dashboard's invoice and deposit detail
 * pages): GET /v1/invoice/payments and GET /v1/deposit/payments. A sandbox invoice paid in two
 * transfers and a sandbox deposit, watched block by block: each payment appears in the mempool,
 * its confirmations grow with the blocks and it becomes confirmed at the network's threshold.
 * Another tenant's or another account's id is a 404; a key without the scope is refused.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

/** Mines one Tron block and lets the watchers see it. */
async function mineOne(t: TestApp) {
  assert.equal((await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 1 })).status, 200);
  await runWatchers(t);
}

describeEngines('payments of an invoice or a deposit', (engine) => {
  const app = useTestApp(engine);
  let a: Awaited<ReturnType<TestApp['tenant']>>;
  let b: Awaited<ReturnType<TestApp['tenant']>>;
  let invoiceId: string;
  let depositId: string;

  /** A key of the tenant: bound to `accountId` (A's first account unless named), with these scopes. */
  const issue = async (scopes: string[], accountId = a.accountId) => {
    const res = await app().admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId, scopes });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.key as string;
  };

  const list = async (url: string, key = a.key) => {
    const res = await app().call('GET', url, { key });
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
    return res.body.data as any[];
  };

  before(async () => {
    const t = app();
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB', 'USD', 'EUR']);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    a = await t.tenant(['*']);
    b = await t.tenant(['*']);
  });

  it('shows an invoice paid in two transfers, newest first, its confirmations growing block by block', async () => {
    const t = app();
    const inv = await t.call('POST', '/v1/invoice', { key: a.key, body: { amount: 40, fiatCurrencyCode: 'USD', orderId: 'inv-pay-1' } });
    assert.equal(inv.status, 201);
    invoiceId = inv.body.data.id;
    assert.deepEqual(await list(`/v1/invoice/payments?id=${invoiceId}`), []);

    assert.equal((await t.call('POST', `/pay/${invoiceId}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).status, 200);
    const half = await t.call('POST', `/pay/${invoiceId}/simulate`, { body: { amount: 'partial' } });
    assert.equal(half.status, 200);
    await runWatchers(t);
    let payments = await list(`/v1/invoice/payments?id=${invoiceId}`);
    assert.equal(payments.length, 1);
    const [seen] = payments;
    assert.equal(seen.txHash, half.body.data.txHash);
    assert.equal(seen.status, 'seen');
    assert.equal(seen.confirmations, 0);
    assert.equal(seen.blockHeight, null);
    assert.equal(seen.confirmedAt, null);
    assert.equal(seen.network, 'Tron');
    assert.equal(seen.cryptoCurrencyCode, 'USDT_TRC20');
    const required = seen.confirmationsRequired;
    assert.ok(required >= 2, `this test needs a threshold of 2 or more, got ${required}`);
    assert.equal(seen.address, (await t.call('GET', `/v1/invoice?id=${invoiceId}`, { key: a.key })).body.data.address);

    const rest = await t.call('POST', `/pay/${invoiceId}/simulate`, { body: { amount: 'exact' } });
    assert.equal(rest.status, 200);
    await runWatchers(t);
    payments = await list(`/v1/invoice/payments?id=${invoiceId}`);
    assert.deepEqual(
      payments.map((p) => p.txHash),
      [rest.body.data.txHash, half.body.data.txHash],
      'newest first',
    );

    // Block by block: 1, 2, … confirmations, final at the threshold.
    for (let n = 1; n <= required; n++) {
      await mineOne(t);
      payments = await list(`/v1/invoice/payments?id=${invoiceId}`);
      for (const p of payments) {
        assert.equal(p.confirmations, n);
        assert.equal(p.status, n >= required ? 'confirmed' : 'seen');
        assert.equal(typeof p.blockHeight, 'number');
        assert.equal(p.confirmedAt === null, n < required);
      }
    }
    const invoice = (await t.call('GET', `/v1/invoice?id=${invoiceId}`, { key: a.key })).body.data;
    assert.equal(invoice.status, 'paid');
    // Exact amounts: the two transfers add up to what the invoice asked for, to the atomic unit.
    const atomic = (x: number) => BigInt(Math.round(x * 1e6));
    assert.equal(atomic(payments[0].amount) + atomic(payments[1].amount), atomic(invoice.cryptoAmountExpected));
    assert.ok(Date.parse(payments[0].firstSeenAt) >= Date.parse(payments[1].firstSeenAt));
  });

  it("shows a deposit's payment with its exact amount, confirming as blocks arrive", async () => {
    const t = app();
    const dep = await t.call('POST', '/v1/deposit', { key: a.key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'dep-pay-1' } });
    assert.equal(dep.status, 201);
    depositId = dep.body.data.id;
    assert.deepEqual(await list(`/v1/deposit/payments?id=${depositId}`), []);
    const sent = await t.admin('POST', '/admin/sandbox/transfers', {
      cryptoCurrencyCode: 'USDT_TRC20',
      to: dep.body.data.address,
      amount: 123.456789,
    });
    assert.equal(sent.status, 201);
    await runWatchers(t);
    let [p] = await list(`/v1/deposit/payments?id=${depositId}`);
    assert.equal(p.amount, 123.456789);
    assert.equal(p.address, dep.body.data.address);
    assert.equal(p.txHash, sent.body.data.txHash);
    assert.equal(typeof p.outputIndex, 'number');
    assert.deepEqual([p.status, p.confirmations], ['seen', 0]);
    for (let n = 1; n <= p.confirmationsRequired; n++) {
      await mineOne(t);
      [p] = await list(`/v1/deposit/payments?id=${depositId}`);
      assert.equal(p.confirmations, n);
    }
    assert.equal(p.status, 'confirmed');
    assert.ok(p.confirmedAt);
    assert.equal((await t.call('GET', `/v1/deposit?id=${depositId}`, { key: a.key })).body.data.status, 'completed');
    // Each list holds its own kind only: the deposit's id is no invoice, and the other way round.
    const cross = await t.call('GET', `/v1/invoice/payments?id=${depositId}`, { key: a.key });
    assert.deepEqual([cross.status, cross.body.code], [404, 'exceptions.invoice.notFound']);
    const back = await t.call('GET', `/v1/deposit/payments?id=${invoiceId}`, { key: a.key });
    assert.deepEqual([back.status, back.body.code], [404, 'exceptions.deposit.notFound']);
  });

  it("another tenant's key, or a key of another account of the same tenant, gets 404 and nothing of it", async () => {
    const t = app();
    const second = await t.call('POST', '/v1/accounts', { key: a.key, body: { name: 'Second' } });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const sibling = await issue(['*'], second.body.data.id);
    for (const key of [b.key, sibling]) {
      for (const [url, code] of [
        [`/v1/invoice/payments?id=${invoiceId}`, 'exceptions.invoice.notFound'],
        [`/v1/deposit/payments?id=${depositId}`, 'exceptions.deposit.notFound'],
      ] as const) {
        const res = await t.call('GET', url, { key });
        assert.equal(res.status, 404, url);
        assert.equal(res.body.code, code);
        assert.ok(!JSON.stringify(res.body).includes('txHash'));
      }
    }
  });

  it('refuses a key without the list scope (403) and a malformed id (400)', async () => {
    const t = app();
    const depositsOnly = await issue(['deposits.list']);
    const invoicesOnly = await issue(['invoices.list']);
    const refusedInvoice = await t.call('GET', `/v1/invoice/payments?id=${invoiceId}`, { key: depositsOnly });
    assert.deepEqual([refusedInvoice.status, refusedInvoice.body.code], [403, 'exceptions.auth.insufficientScope']);
    const refusedDeposit = await t.call('GET', `/v1/deposit/payments?id=${depositId}`, { key: invoicesOnly });
    assert.deepEqual([refusedDeposit.status, refusedDeposit.body.code], [403, 'exceptions.auth.insufficientScope']);
    assert.equal((await list(`/v1/invoice/payments?id=${invoiceId}`, invoicesOnly)).length, 2);
    assert.equal((await list(`/v1/deposit/payments?id=${depositId}`, depositsOnly)).length, 1);
    const bad = await t.call('GET', '/v1/invoice/payments?id=not-a-uuid', { key: a.key });
    assert.deepEqual([bad.status, bad.body.code], [400, 'exceptions.validation.failed']);
    const missing = await t.call('GET', '/v1/deposit/payments', { key: a.key });
    assert.equal(missing.status, 400);
  });
});
