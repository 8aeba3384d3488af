import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, Transaction } from '@scure/btc-signer';
import { BitcoinCoreChain } from '../../src/chains/btc/core-chain.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { startTestApp, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';
import { fakeCore } from '../helpers/btc-mempool.ts';

const btc = (sats: number) => sats / 1e8;

describe('Bitcoin through Bitcoin Core JSON-RPC', () => {
  const core = fakeCore();
  let t: TestApp;
  let chain: BitcoinCoreChain;
  let url = '';
  before(async () => {
    await new Promise<void>((r) => core.server.listen(0, '127.0.0.1', r));
    url = `http://gate:s3cret@127.0.0.1:${(core.server.address() as AddressInfo).port}/`;
    t = await startTestApp('pglite', {
      env: { ...liveNetworkEnv('BTC', url), BTC_BACKEND: 'core', BTC_CONFIRMATIONS: '2', BTC_BATCH_WINDOW_S: '0' },
    });
    chain = new BitcoinCoreChain(url);
    await refreshFees(t.ctx.db, (c) => (c.code === 'BTC' ? chain.feeOracle : { source: 'none', quote: async () => null }));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['BTC']);
  });
  after(async () => {
    await t?.close();
    core.server.closeAllConnections();
    await new Promise((r) => core.server.close(r));
  });

  it('is the Bitcoin adapter when BTC_BACKEND=core', () => {
    assert.ok(chainAdapters(t.ctx.config, t.ctx.db).some((a) => a instanceof BitcoinCoreChain));
  });

  it('prices the fee from estimatesmartfee exactly and credits payments after their confirmations; RBF waits for a block', async () => {
    // 0.00012345 BTC/kvB = 12,345 msat/vB; × 141 vB = 1,740.645 → 1,741 sat.
    assert.equal(await chain.feeOracle.quote({} as never), 1741n);
    assert.equal(await chain.feeRate(), 13n);
    const { key } = await t.tenant(['*']);
    const a = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'core-1' } })).body.data;
    const b = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'core-rbf' } })).body.data;
    const watcher = new Watcher(t.ctx.db, t.ctx.config, chain, depositListener(t.ctx));
    const status = async (id: string) => (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data;
    // 0.00050001 BTC is not exactly representable in binary: it must still be 50,001 sat.
    core.mempool.set('1'.repeat(64), core.tx('1'.repeat(64), a.address, 50_001));
    core.mempool.set('2'.repeat(64), core.tx('2'.repeat(64), b.address, 60_000, true));
    const before = core.calls.length;
    assert.equal((await watcher.round()).seen, 2);
    assert.ok(
      core.calls.slice(before).filter((m) => m === 'getrawtransaction').length >= 2,
      'mempool read with getrawtransaction (batched)',
    );
    const rbf = await t.ctx.db.selectFrom('payments').select(['rbf']).where('owner_id', '=', b.id).executeTakeFirstOrThrow();
    assert.equal(rbf.rbf, true);
    core.mine();
    core.mine([]);
    await watcher.round();
    const credited = await status(a.id);
    assert.equal(credited.status, 'completed');
    assert.equal(credited.settlement.amountPaid, 0.00050001);
    assert.equal((await status(b.id)).status, 'completed');
  });

  it('reads a real transaction in the form Core prints it: BTC amounts become exact satoshis', async () => {
    const recorded = JSON.parse(readFileSync(new URL('../fixtures/esplora-testnet-txs.json', import.meta.url), 'utf8')).txs[0];
    const asCore = {
      txid: recorded.txid,
      vin: recorded.vin.map((i: any) => ({ txid: i.txid, vout: i.vout, sequence: i.sequence })),
      vout: recorded.vout.map((o: any, n: number) => ({
        value: btc(o.value),
        n,
        scriptPubKey: { hex: o.scriptpubkey, address: o.scriptpubkey_address },
      })),
    };
    core.mempool.set(recorded.txid, asCore);
    const watched = recorded.vout[1].scriptpubkey_address;
    const found = await chain.transfersSince(
      core.chain.length,
      core.chain.length - 1,
      async (list) => new Set(list.filter((x) => x === watched)),
    );
    core.mempool.delete(recorded.txid);
    assert.deepEqual(
      found.map((f) => [f.txHash, f.outputIndex, f.units, f.rbf]),
      [[recorded.txid, 1, 65_348n, true]],
    );
  });

  it('takes back a payment whose block a reorg removed', async () => {
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'core-reorg' } })).body.data;
    const watcher = new Watcher(t.ctx.db, t.ctx.config, chain, depositListener(t.ctx));
    core.mempool.set('3'.repeat(64), core.tx('3'.repeat(64), d.address, 70_000));
    core.mine();
    assert.equal((await watcher.round()).seen, 1);
    core.reorg(1);
    assert.equal((await watcher.round()).orphaned, 1);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'created');
  });

  it('pays a withdrawal from the hot wallet coins found by scantxoutset, sent with sendrawtransaction, once', async () => {
    const signer = new BitcoinCoreChain(url, { hotWalletKey: '11'.repeat(32) });
    const script = hex.encode(OutScript.encode(Address(NETWORK).decode(signer.hotWallet!)));
    core.utxos.push(
      { txid: 'ab'.repeat(32), vout: 1, scriptPubKey: script, amount: 0.0003 },
      { txid: 'cd'.repeat(32), vout: 0, scriptPubKey: script, amount: 0.0008 },
    );
    assert.equal(await signer.hotWalletBalance('BTC'), 110_000n);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'core-fund' } })).body.data;
    core.mempool.set('4'.repeat(64), core.tx('4'.repeat(64), d.address, 200_000));
    core.mine();
    core.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, chain, depositListener(t.ctx)).round();
    const to = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'BTC', address: to, amount: 0.0005, orderId: 'core-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    await executeRound(t.ctx, [signer]);
    assert.equal(core.sent.length, 1);
    const tx = Transaction.fromRaw(hex.decode(core.sent[0]!));
    const row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
    assert.equal(row.transactionHash, tx.id);
    const paid = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i)).find(
      (o) => Address(NETWORK).encode(OutScript.decode(o.script!)) === to,
    );
    assert.equal(paid?.amount, 50_000n);
    // Sending it again (a retried round) is a no-op for Core's "already in block chain" answer.
    await signer.broadcast({ txHash: tx.id, raw: core.sent[0]! });
    assert.equal(core.sent.length, 1);
    core.mine([tx.id]);
    core.mine([]);
    await executeRound(t.ctx, [signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });
  it('locates a transfer by its transaction: in a block far below any window, in the mempool, or gone (Core error -5)', async () => {
    core.chain[7]!.txs.push(core.tx('7a'.repeat(32), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 1000));
    for (let i = 0; i < 60; i++) core.mine([]);
    assert.deepEqual(await chain.locateTransfer('7a'.repeat(32)), { blockHeight: 7, blockHash: core.chain[7]!.hash });
    core.mempool.set('7b'.repeat(32), core.tx('7b'.repeat(32), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 2000));
    assert.deepEqual(await chain.locateTransfer('7b'.repeat(32)), { blockHeight: null, blockHash: null });
    core.mempool.delete('7b'.repeat(32));
    assert.equal(await chain.locateTransfer('7b'.repeat(32)), null);
    assert.equal(await chain.blockTime(7), 1_600_000_000 + 7 * 600);
    assert.equal(await chain.blockTime(core.chain.length), null);
    // Wrong credentials: the node refuses, which is no answer about the transaction.
    const stranger = new BitcoinCoreChain(url.replace('s3cret', 'wrong'));
    await assert.rejects(stranger.locateTransfer('7a'.repeat(32)), /HTTP 401/);
  });
});
