import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, Transaction } from '@scure/btc-signer';
import { BitcoinCoreChain } from '../../src/chains/btc/core-chain.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { DepositService } from '../../src/modules/deposits/service.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { WithdrawalService } from '../../src/modules/withdrawals/service.ts';
import { startTestApp, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';

const btc = (sats: number) => sats / 1e8;

/**
 * A local Bitcoin Core: the JSON-RPC methods the adapter calls (single and batched), answering in
 * Core's documented shapes (bitcoincore.org RPC reference: amounts in BTC, errors as
 * `{ result: null, error: { code, message } }` with HTTP 500), over a chain the test grows and
 * reorganises. It insists on the Basic credentials of the URL the adapter was given.
 */
function fakeCore() {
  const hash64 = (n: number, tag: string) => (tag + n.toString(16)).padStart(64, '0');
  const now = () => Math.floor(Date.now() / 1000);
  // The first 101 blocks were mined long before the test's addresses were handed out.
  const chain: Array<{ hash: string; time: number; txs: any[] }> = Array.from({ length: 101 }, (_, h) => ({ hash: hash64(h, 'a'), time: 1_600_000_000 + h * 600, txs: [] }));
  const mempool = new Map<string, any>();
  const utxos: Array<{ txid: string; vout: number; scriptPubKey: string; amount: number }> = [];
  const sent: string[] = [];
  const calls: string[] = [];
  const rpc = (method: string, params: any[]): { result?: unknown; error?: { code: number; message: string } } => {
    calls.push(method);
    const notFound = (message: string) => ({ error: { code: -5, message } });
    switch (method) {
      case 'getblockchaininfo':
        return { result: { chain: 'main', blocks: chain.length - 1, headers: chain.length - 1, bestblockhash: chain[chain.length - 1]!.hash } };
      case 'getblockhash':
        return chain[params[0]] ? { result: chain[params[0]]!.hash } : { error: { code: -8, message: 'Block height out of range' } };
      case 'getblock': {
        const h = chain.findIndex((b) => b.hash === params[0]);
        if (h < 0) return notFound('Block not found');
        return { result: { hash: params[0], height: h, confirmations: chain.length - h, tx: chain[h]!.txs } };
      }
      case 'getblockheader': {
        const h = chain.findIndex((b) => b.hash === params[0]);
        return h < 0 ? notFound('Block not found') : { result: { hash: params[0], height: h, confirmations: chain.length - h, time: chain[h]!.time, mediantime: chain[h]!.time - 3600 } };
      }
      case 'getrawmempool':
        return { result: [...mempool.keys()] };
      case 'getrawtransaction': {
        if (mempool.has(params[0])) return { result: mempool.get(params[0]) };
        const h = chain.findIndex((b) => b.txs.some((t) => t.txid === params[0]));
        if (h < 0) return notFound('No such mempool or blockchain transaction. Use gettransaction for wallet transactions.');
        return { result: { ...chain[h]!.txs.find((t) => t.txid === params[0]), blockhash: chain[h]!.hash, confirmations: chain.length - h } };
      }
      case 'estimatesmartfee':
        return { result: { feerate: 0.00012345, blocks: params[0] } };
      case 'scantxoutset': {
        const scripts = new Set(params[1].map((d: string) => hex.encode(OutScript.encode(Address(NETWORK).decode(/^addr\((.+)\)$/.exec(d)![1]!)))));
        const unspents = utxos.filter((u) => scripts.has(u.scriptPubKey)).map((u) => ({ ...u, desc: 'addr(…)#checksum', height: 100 }));
        return { result: { success: true, txouts: 1000, height: chain.length - 1, unspents, total_amount: unspents.reduce((s, u) => s + u.amount, 0) } };
      }
      case 'sendrawtransaction': {
        const parsed = Transaction.fromRaw(hex.decode(params[0]));
        if (mempool.has(parsed.id)) return { error: { code: -27, message: 'Transaction already in block chain' } };
        sent.push(params[0]);
        mempool.set(parsed.id, { txid: parsed.id, vin: [{ sequence: 0xffffffff }], vout: [] });
        return { result: parsed.id };
      }
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };
  const server = http.createServer(async (req, res) => {
    if (req.headers.authorization !== `Basic ${Buffer.from('gate:s3cret').toString('base64')}`) return res.writeHead(401).end();
    let raw = '';
    for await (const c of req) raw += c;
    const body = JSON.parse(raw);
    const answer = (r: any) => {
      const out = rpc(r.method, r.params ?? []);
      return { result: out.result ?? null, error: out.error ?? null, id: r.id };
    };
    const reply = Array.isArray(body) ? body.map(answer) : answer(body);
    res.writeHead(!Array.isArray(reply) && reply.error ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  });
  const tx = (txid: string, to: string, sats: number, rbf = false) => ({
    txid,
    hash: txid,
    version: 2,
    locktime: 0,
    vin: [{ txid: hash64(9, 'f'), vout: 0, sequence: rbf ? 0xfffffffd : 0xffffffff }],
    vout: [
      { value: btc(sats), n: 0, scriptPubKey: { type: 'witness_v0_keyhash', address: to } },
      { value: 0.00123456, n: 1, scriptPubKey: { type: 'witness_v0_keyhash', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } },
    ],
  });
  return {
    server,
    chain,
    mempool,
    utxos,
    sent,
    calls,
    tx,
    mine(txids: string[] = [...mempool.keys()]) {
      chain.push({ hash: hash64(chain.length, 'b'), time: now(), txs: txids.map((id) => mempool.get(id)) });
      for (const id of txids) mempool.delete(id);
    },
    reorg(depth: number) {
      for (let i = 0; i < depth; i++) chain.pop();
      for (let i = 0; i < depth + 1; i++) chain.push({ hash: hash64(chain.length, 'c'), time: now(), txs: [] });
    },
  };
}

describe('Bitcoin through Bitcoin Core JSON-RPC', () => {
  const core = fakeCore();
  let t: TestApp;
  let chain: BitcoinCoreChain;
  let url = '';
  before(async () => {
    await new Promise<void>((r) => core.server.listen(0, '127.0.0.1', r));
    url = `http://gate:s3cret@127.0.0.1:${(core.server.address() as AddressInfo).port}/`;
    t = await startTestApp('pglite', { env: { ...liveNetworkEnv('BTC', url), BTC_BACKEND: 'core', BTC_CONFIRMATIONS: '2' } });
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
    const watcher = new Watcher(t.ctx.db, t.ctx.config, chain, new DepositService(t.ctx));
    const status = async (id: string) => (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data;
    // 0.00050001 BTC is not exactly representable in binary: it must still be 50,001 sat.
    core.mempool.set('1'.repeat(64), core.tx('1'.repeat(64), a.address, 50_001));
    core.mempool.set('2'.repeat(64), core.tx('2'.repeat(64), b.address, 60_000, true));
    const before = core.calls.length;
    assert.equal((await watcher.round()).seen, 2);
    assert.ok(core.calls.slice(before).filter((m) => m === 'getrawtransaction').length >= 2, 'mempool read with getrawtransaction (batched)');
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
      vout: recorded.vout.map((o: any, n: number) => ({ value: btc(o.value), n, scriptPubKey: { hex: o.scriptpubkey, address: o.scriptpubkey_address } })),
    };
    core.mempool.set(recorded.txid, asCore);
    const watched = recorded.vout[1].scriptpubkey_address;
    const found = await chain.transfersSince(core.chain.length, core.chain.length - 1, async (list) => new Set(list.filter((x) => x === watched)));
    core.mempool.delete(recorded.txid);
    assert.deepEqual(found.map((f) => [f.txHash, f.outputIndex, f.units, f.rbf]), [[recorded.txid, 1, 65_348n, true]]);
  });

  it('takes back a payment whose block a reorg removed', async () => {
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'core-reorg' } })).body.data;
    const watcher = new Watcher(t.ctx.db, t.ctx.config, chain, new DepositService(t.ctx));
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
    core.utxos.push({ txid: 'ab'.repeat(32), vout: 1, scriptPubKey: script, amount: 0.0003 }, { txid: 'cd'.repeat(32), vout: 0, scriptPubKey: script, amount: 0.0008 });
    assert.equal(await signer.hotWalletBalance('BTC'), 110_000n);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'core-fund' } })).body.data;
    core.mempool.set('4'.repeat(64), core.tx('4'.repeat(64), d.address, 200_000));
    core.mine();
    core.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, chain, new DepositService(t.ctx)).round();
    const to = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'BTC', address: to, amount: 0.0005, orderId: 'core-out' } });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const service = new WithdrawalService(t.ctx);
    await service.executeRound([signer]);
    assert.equal(core.sent.length, 1);
    const tx = Transaction.fromRaw(hex.decode(core.sent[0]!));
    const row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
    assert.equal(row.transactionHash, tx.id);
    const paid = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i)).find((o) => Address(NETWORK).encode(OutScript.decode(o.script!)) === to);
    assert.equal(paid?.amount, 50_000n);
    // Sending it again (a retried round) is a no-op for Core's "already in block chain" answer.
    await signer.broadcast({ txHash: tx.id, raw: core.sent[0]! });
    assert.equal(core.sent.length, 1);
    core.mine([tx.id]);
    core.mine([]);
    await service.executeRound([signer]);
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
