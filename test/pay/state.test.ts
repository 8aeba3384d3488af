// What GET /pay/{id}/state tells the payment page: currencies in plain words with their
// network, the common ones first; what is still due after a partial payment, which the payment
// URI (and so the QR code) carries; the payments that count, for "payment detected" and the
// receipt, and nothing else: another asset sent to the address, another invoice's payments.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CURRENCIES, NETWORKS } from '../../src/lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { explorerUrl, pageOrder, plainName } from '../../src/modules/pay/names.ts';
import { payState } from '../../src/modules/pay/state.ts';
import { loadInvoice } from '../../src/modules/invoices/record.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { sandboxTransfer } from '../helpers/scenario.ts';

it('names: plain words, the network spelled out, the other networks of the same coin', () => {
  assert.deepEqual(plainName(CURRENCIES.find((c) => c.code === 'USDT_TRC20')!), {
    assetName: 'Tether USD',
    networkName: 'Tron',
    standard: 'TRC-20',
    otherNetworks: ['Ethereum', 'BNB Smart Chain'],
  });
  assert.deepEqual(plainName(CURRENCIES.find((c) => c.code === 'ETH_BASE')!), {
    assetName: 'Ether',
    networkName: 'Base',
    standard: null,
    otherNetworks: ['Ethereum'],
  });
  assert.deepEqual(plainName(CURRENCIES.find((c) => c.code === 'BTC')!), {
    assetName: 'Bitcoin',
    networkName: 'Bitcoin',
    standard: null,
    otherNetworks: [],
  });
  for (const c of CURRENCIES) assert.doesNotMatch(plainName(c).assetName, /_|\(/, `${c.code} has a plain name`);
  // Every currency is placed, each once; the dollar stablecoins and Bitcoin lead.
  const order = pageOrder(CURRENCIES).map((c) => c.code);
  assert.deepEqual([...order].sort(), CURRENCIES.map((c) => c.code).sort());
  assert.deepEqual(order.slice(0, 7), ['USDT_TRC20', 'USDT_ERC20', 'USDT_BEP20', 'USDC_ERC20', 'USDC_BASE', 'USDC_BEP20', 'BTC']);
});

it('explorer links: live networks only, the hash escaped', () => {
  const hash = 'ab'.repeat(32);
  assert.equal(explorerUrl('Tron', hash, 'live'), `https://tronscan.org/#/transaction/${hash}`);
  assert.equal(explorerUrl('BTC', hash, 'live'), `https://mempool.space/tx/${hash}`);
  for (const network of Object.keys(NETWORKS) as Array<keyof typeof NETWORKS>) {
    assert.match(explorerUrl(network, hash, 'live')!, /^https:\/\/[a-z.]+\//, network);
    assert.equal(explorerUrl(network, hash, 'sandbox'), null, `${network}: a sandbox transaction exists nowhere else`);
  }
  assert.equal(explorerUrl('Ethereum', '0x1/../x?y#z', 'live'), 'https://etherscan.io/tx/0x1%2F..%2Fx%3Fy%23z');
});

describeEngines('payment page state', (engine) => {
  const app = useTestApp(engine);
  let seq = 0;

  /** Sends `amount` of `code` to `to` on the sandbox; mined deep enough to be final when `final`. */
  const send = (t: TestApp, code: string, to: string, amount: string, final: boolean) =>
    sandboxTransfer(t, code, to, amount, { blocks: final ? 20 : 0 });
  async function invoice(t: TestApp): Promise<string> {
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB', 'LINK', 'EURC', 'USD', 'EUR']);
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const { key } = await t.tenant(['*']);
    const res = await t.call('POST', '/v1/invoice', { key, body: { fiatCurrencyCode: 'USD', amount: 25, orderId: `state-${++seq}` } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id;
  }
  const state = async (t: TestApp, id: string) => {
    const res = await t.call('GET', `/pay/${id}/state`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };

  it('lists the currencies in plain words, common ones first, each estimate as exact as the amount it locks', async () => {
    const t = app();
    const id = await invoice(t);
    const s = await state(t, id);
    assert.deepEqual(
      s.currencies
        .slice(0, 3)
        .map((c: Record<string, unknown>) => [c.cryptoCurrencyCode, c.assetName, c.networkName, c.standard, c.otherNetworks]),
      [
        ['USDT_TRC20', 'Tether USD', 'Tron', 'TRC-20', ['Ethereum', 'BNB Smart Chain']],
        ['USDT_ERC20', 'Tether USD', 'Ethereum', 'ERC-20', ['Tron', 'BNB Smart Chain']],
        ['USDT_BEP20', 'Tether USD', 'BNB Smart Chain', 'BEP-20', ['Tron', 'Ethereum']],
      ],
    );
    const eth = s.currencies.find((c: { cryptoCurrencyCode: string }) => c.cryptoCurrencyCode === 'ETH');
    const selected = (await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'ETH' } })).body.data.selected;
    assert.equal(selected.amountExpected, eth.amountEstimate, 'the list promised what the lock asks');
    assert.equal(selected.amountExpected, '0.00863334', 'quoted to the 8 places a wallet is asked for, rounded up');
    assert.deepEqual([selected.assetName, selected.networkName, selected.otherNetworks], ['Ether', 'Ethereum', ['Base']]);
    assert.deepEqual(selected.payments, []);
  });

  it('after a partial payment asks for what is left (amount and payment URI), and lists the payments that count, and only those', async () => {
    const t = app();
    const id = await invoice(t);
    const other = await invoice(t);
    const selected = (await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).body.data.selected;
    const otherAddress = (await t.call('POST', `/pay/${other}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).body.data.selected
      .address;
    assert.equal(selected.amountExpected, '26');

    const first = await send(t, 'USDT_TRC20', selected.address, '10.5', true);
    // Noise: TRX sent to the same address (another asset, credited apart), and another invoice's payment.
    await send(t, 'TRX', selected.address, '50', true);
    await send(t, 'USDT_TRC20', otherAddress, '3', true);
    let s = await state(t, id);
    assert.equal(s.status, 'partially_paid');
    assert.equal(s.selected.amountRemaining, '15.5');
    assert.match(s.selected.paymentUri, /[?&]amount=15\.5$/, 'the QR code and wallet link ask for what is left');
    assert.equal(s.selected.payments.length, 1, 'neither the TRX nor the other invoice’s payment');
    assert.deepEqual(
      { ...s.selected.payments[0], seenAt: undefined, confirmedAt: undefined },
      {
        txHash: first,
        amount: '10.5',
        status: 'confirmed',
        confirmations: s.selected.payments[0].confirmations,
        seenAt: undefined,
        confirmedAt: undefined,
        explorerUrl: null,
      },
    );
    assert.ok(s.selected.payments[0].confirmations >= s.selected.confirmationsRequired);
    assert.ok(s.selected.payments[0].confirmedAt);

    // The rest on its way: seen, not final; nothing left to send, 0 confirmations of 2.
    const second = await send(t, 'USDT_TRC20', selected.address, '15.5', false);
    s = await state(t, id);
    assert.equal(s.status, 'processing');
    assert.deepEqual([s.selected.amountPending, s.selected.amountRemaining], ['15.5', '0']);
    assert.deepEqual(
      s.selected.payments.map((p: Record<string, unknown>) => [p.txHash, p.status, p.confirmations, p.confirmedAt]),
      [
        [second, 'seen', 0, null],
        [first, 'confirmed', s.selected.payments[1].confirmations, s.selected.payments[1].confirmedAt],
      ],
    );
  });

  it('a live installation links each payment to a block explorer', async () => {
    const t = app();
    const id = await invoice(t);
    const { address } = (await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).body.data.selected;
    const hash = await send(t, 'USDT_TRC20', address, '26', true);
    const live = await payState({ ...t.ctx, config: { ...t.ctx.config, mode: 'live' } }, (await loadInvoice(t.ctx.db, id))!);
    assert.equal(live.selected!.payments[0]!.explorerUrl, `https://tronscan.org/#/transaction/${hash}`);
    assert.equal((await state(t, id)).selected.payments[0].explorerUrl, null, 'none in sandbox');
  });

  it('an unknown or malformed invoice id is the same 404', async () => {
    const t = app();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', `${'a'.repeat(64)}`]) {
      const res = await t.call('GET', `/pay/${id}/state`);
      assert.equal(res.status, 404, id);
      assert.equal(res.body.code, 'exceptions.invoice.notFound');
    }
  });
});
