import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, startTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

/** One round of every network's watcher, as the worker runs them. */
/**
 * A sandbox payment must settle however many blocks arrive at once and whether or not its network
 * had a cursor yet: on a fresh installation a payment seen in the mempool and then buried under 100
 * blocks in one mine used to stay `processing` for ever (its block fell below the first window).
 */
describeEngines('no payment is stranded (sandbox, over HTTP)', (engine) => {
  const apps: TestApp[] = [];
  after(async () => {
    for (const t of apps) await t.close();
  });

  /** A fresh installation: its own database, no chain cursor, no sandbox block yet. */
  async function fresh() {
    const t = await startTestApp(engine);
    apps.push(t);
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'ETH', 'USD']);
    const { key, tenantId, accountId } = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositCommission: 0 });
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 0 });
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'ETH', amount: 0 });
    const deposit = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'top-up' } });
    assert.equal(deposit.status, 201, JSON.stringify(deposit.body));
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 30, fiatCurrencyCode: 'USD', orderId: 'order' } });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    const picked = await t.call('POST', `/pay/${invoice.body.data.id}/select`, { body: { cryptoCurrencyCode: 'ETH' } });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    const selected = picked.body.data.selected as { address: string; amountExpected: string };
    return {
      t,
      key,
      accountId,
      deposit: deposit.body.data as { id: string; address: string },
      invoiceId: invoice.body.data.id as string,
      selected,
    };
  }

  /** Pays the deposit 40 USDT on Tron and the invoice its exact ETH amount, both into the mempool. */
  async function pay(s: Awaited<ReturnType<typeof fresh>>) {
    const a = await s.t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: s.deposit.address, amount: 40 });
    const b = await s.t.admin('POST', '/admin/sandbox/transfers', {
      cryptoCurrencyCode: 'ETH',
      to: s.selected.address,
      amount: s.selected.amountExpected,
    });
    assert.deepEqual([a.status, b.status], [201, 201]);
  }

  async function mine100(t: TestApp) {
    for (const network of ['Tron', 'Ethereum']) {
      const mined = await t.admin('POST', '/admin/sandbox/mine', { network, blocks: 100 });
      assert.equal(mined.status, 200, JSON.stringify(mined.body));
      assert.equal(mined.body.data.height, 99, 'the first blocks of a fresh chain');
    }
  }

  async function assertSettled(s: Awaited<ReturnType<typeof fresh>>) {
    const deposit = (await s.t.call('GET', `/v1/deposit?id=${s.deposit.id}`, { key: s.key })).body.data;
    assert.equal(deposit.status, 'completed');
    assert.equal(deposit.settlement.amountPaid, 40);
    const invoice = (await s.t.call('GET', `/v1/invoice?id=${s.invoiceId}`, { key: s.key })).body.data;
    assert.equal(invoice.status, 'paid');
    const balances = (await s.t.call('GET', '/v1/balances', { key: s.key })).body.data as Array<{
      cryptoCurrencyCode: string;
      amount: number;
    }>;
    assert.equal(balances.find((b) => b.cryptoCurrencyCode === 'USDT_TRC20')?.amount, 40);
    assert.ok((balances.find((b) => b.cryptoCurrencyCode === 'ETH')?.amount ?? 0) > 0, JSON.stringify(balances));
    const payments = await s.t.ctx.db.selectFrom('payments').select(['status', 'block_height', 'confirmations']).execute();
    assert.deepEqual(
      payments.map((p) => [p.status, p.block_height, p.confirmations]),
      [
        ['confirmed', 0, 100],
        ['confirmed', 0, 100],
      ],
    );
    assert.deepEqual(await auditLedger(s.t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  }

  it('confirms payments seen in the mempool and then buried under 100 blocks mined at once', async () => {
    const s = await fresh();
    await pay(s);
    await runWatchers(s.t);
    assert.equal((await s.t.call('GET', `/v1/deposit?id=${s.deposit.id}`, { key: s.key })).body.data.status, 'processing');
    assert.equal((await s.t.call('GET', `/v1/invoice?id=${s.invoiceId}`, { key: s.key })).body.data.status, 'processing');
    await mine100(s.t);
    await runWatchers(s.t);
    await assertSettled(s);
  });

  it('confirms payments made and mined 100 deep before the first watcher round ever ran', async () => {
    const s = await fresh();
    assert.equal((await s.t.ctx.db.selectFrom('chain_cursors').selectAll().execute()).length, 0, 'no cursor yet');
    await pay(s);
    await mine100(s.t);
    await runWatchers(s.t);
    await assertSettled(s);
  });
});
