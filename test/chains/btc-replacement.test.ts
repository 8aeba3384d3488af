import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, Transaction, p2wpkh } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { BitcoinChain, BitcoinOptions } from '../../src/chains/btc/bitcoin-chain.ts';
import { EsploraChain } from '../../src/chains/btc/esplora-chain.ts';
import { BitcoinCoreChain } from '../../src/chains/btc/core-chain.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import {
  PermanentBroadcastError,
  type OutgoingTransfer,
  type PendingTransfer,
  type SignedTransfer,
  type TransferTerms,
} from '../../src/chains/types.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { startTestApp, testConfig, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';
import { BtcMempool, fakeCore, fakeEsplora } from '../helpers/btc-mempool.ts';

const HOT_KEY = '11'.repeat(32);
const PAYEE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const RBF = 0xfffffffd;

type BtcTerms = Extract<TransferTerms, { family: 'btc' }>;
type Candidate = SignedTransfer & { terms: BtcTerms };

/** One backend's local node, as the scenarios drive it. */
interface LocalNode {
  adapter(opts?: BitcoinOptions): BitcoinChain;
  /** Seeds a coin; only Esplora lists unconfirmed ones (Core's UTXO set holds blocks only). */
  fund(address: string, txid: string, vout: number, sats: bigint, confirmed?: boolean): void;
  setFeeRate(satPerVb: number): void;
  mine(txids: string[]): void;
  node: BtcMempool;
  close(): Promise<void>;
}

async function listen(server: import('node:http').Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function stop(server: import('node:http').Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

const backends: Record<string, () => Promise<LocalNode>> = {
  async esplora() {
    const f = fakeEsplora();
    const url = `http://127.0.0.1:${await listen(f.server)}`;
    return { ...f, adapter: (opts = {}) => new EsploraChain(url, { hotWalletKey: HOT_KEY, ...opts }), close: () => stop(f.server) };
  },
  async core() {
    const f = fakeCore();
    const url = `http://gate:s3cret@127.0.0.1:${await listen(f.server)}/`;
    const fund = (address: string, txid: string, vout: number, sats: bigint, confirmed = true) => {
      if (!confirmed) throw new Error('scantxoutset lists confirmed coins only');
      f.fund(address, txid, vout, sats);
    };
    return {
      ...f,
      fund,
      adapter: (opts = {}) => new BitcoinCoreChain(url, { hotWalletKey: HOT_KEY, ...opts }),
      close: () => stop(f.server),
    };
  },
};

/** A transaction's coins (`txid:vout`), sequences and outputs, read from its raw bytes. */
function read(raw: string) {
  const tx = Transaction.fromRaw(hex.decode(raw));
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i)).map((o) => ({
    address: Address(NETWORK).encode(OutScript.decode(o.script!)),
    sats: o.amount!,
  }));
  return {
    txid: tx.id,
    vsize: tx.vsize,
    coins: inputs.map((i) => `${hex.encode(i.txid!)}:${i.index}`).sort(),
    sequences: inputs.map((i) => i.sequence),
    outputs,
  };
}

const pay = (units: bigint, id = 'w-1'): OutgoingTransfer => ({ id, currencyCode: 'BTC', to: PAYEE, units });
const pending = (transfer: OutgoingTransfer, current: Candidate, blocksPending: number): PendingTransfer => ({
  transfer,
  current,
  blocksPending,
  known: true,
  finality: 1,
});

async function sign(chain: BitcoinChain, units: bigint): Promise<Candidate> {
  const signed = await chain.signTransfer(pay(units));
  assert.equal(signed.terms?.family, 'btc');
  return signed as Candidate;
}

async function replacement(chain: BitcoinChain, p: PendingTransfer, reason: 'stuck' | 'underpriced'): Promise<Candidate> {
  const decision = await chain.replaceTransfer(p);
  assert.equal(decision.action, 'replace', JSON.stringify(decision));
  assert.ok(decision.action === 'replace');
  assert.equal(decision.reason, reason);
  return decision.signed as Candidate;
}

/** BIP 125 rules 3 and 4 between two candidates, from what the node computed of each. */
function assertReplaces(node: BtcMempool, next: Candidate, prev: Candidate, prevVsize: number) {
  const [newFee, oldFee] = [node.feeOf(next.txHash)!, BigInt(prev.terms.fee)];
  const vsize = read(next.raw).vsize;
  assert.equal(String(newFee), next.terms.fee, 'terms.fee is inputs less outputs');
  assert.equal(vsize, next.terms.vsize);
  assert.ok(newFee >= oldFee + BigInt(vsize), `rule 4: ${newFee} >= ${oldFee} + ${vsize}`);
  assert.ok(newFee * BigInt(prevVsize) > oldFee * BigInt(vsize), 'a higher fee rate');
}

for (const [name, start] of Object.entries(backends)) {
  describe(`Bitcoin replace-by-fee through ${name}`, () => {
    /** A test on a node of its own: its coins are only the ones it funds. */
    const scenario = (title: string, run: (n: LocalNode, hot: string) => Promise<void>) =>
      it(title, async () => {
        const n = await start();
        try {
          await run(n, n.adapter().hotWallet!);
        } finally {
          await n.close();
        }
      });

    scenario(
      'signs payouts whose every input signals RBF, from confirmed coins only: never a pending payout’s coins or its change',
      async (n, hot) => {
        n.setFeeRate(5);
        n.fund(hot, 'a1'.repeat(32), 0, 40_000n);
        n.fund(hot, 'b1'.repeat(32), 1, 30_000n);
        // Esplora lists unconfirmed coins too (status.confirmed false): never spent, never counted.
        if (name === 'esplora') n.fund(hot, 'c0'.repeat(32), 0, 500_000n, false);
        const chain = n.adapter();
        const first = await sign(chain, 20_000n);
        const tx = read(first.raw);
        assert.ok(
          tx.sequences.every((s) => s === RBF),
          `nSequence ${tx.sequences}`,
        );
        assert.deepEqual(first.terms.inputs.map((i) => `${i.txid}:${i.vout}`).sort(), tx.coins);
        assert.deepEqual(first.terms.inputs, [{ txid: 'a1'.repeat(32), vout: 0, sats: '40000' }]);
        await chain.broadcast(first);
        assert.equal(String(n.node.feeOf(first.txHash)), first.terms.fee);
        assert.equal(first.terms.vsize, tx.vsize);
        assert.equal(first.terms.feeRate, String((BigInt(first.terms.fee) + BigInt(tx.vsize) - 1n) / BigInt(tx.vsize)));
        assert.ok(BigInt(first.terms.feeRate) >= 5n);
        // The first payout's change is unconfirmed: the second spends the other confirmed coin.
        assert.equal(await chain.hotWalletBalance('BTC'), 30_000n);
        const second = await sign(chain, 20_000n);
        assert.deepEqual(read(second.raw).coins, [`${'b1'.repeat(32)}:1`]);
        await chain.broadcast(second);
        assert.ok(n.node.pool.has(first.txHash) && n.node.pool.has(second.txHash), 'both pending, neither replaced the other');
        // Only unconfirmed change is left: nothing to spend yet.
        assert.equal(await chain.hotWalletBalance('BTC'), 0n);
        await assert.rejects(chain.signTransfer(pay(5_000n)), /cannot cover/);
        n.mine([first.txHash, second.txHash]);
        assert.ok((await chain.hotWalletBalance('BTC')) > 0n, 'the change is spendable once in a block');
      },
    );

    scenario(
      'replaces a stuck payout with the same coins and payment and less change, which the node takes in place of the original',
      async (n, hot) => {
        n.setFeeRate(5);
        n.fund(hot, 'c1'.repeat(32), 0, 100_000n);
        const chain = n.adapter({ replaceAfterBlocks: 3 });
        const first = await sign(chain, 50_000n);
        await chain.broadcast(first);
        assert.deepEqual(await chain.replaceTransfer(pending(pay(50_000n), first, 2)), { action: 'wait' });
        const next = await replacement(chain, pending(pay(50_000n), first, 3), 'stuck');
        const [was, now] = [read(first.raw), read(next.raw)];
        assert.ok(now.sequences.every((s) => s === RBF));
        assert.deepEqual(now.coins, was.coins, 'the same coins: only one of the two can confirm');
        assert.deepEqual(next.terms.inputs, first.terms.inputs);
        const payee = (t: typeof was) => t.outputs.filter((o) => o.address === PAYEE);
        const change = (t: typeof was) => t.outputs.find((o) => o.address === hot)!.sats;
        assert.deepEqual(payee(now), [{ address: PAYEE, sats: 50_000n }]);
        assert.deepEqual(payee(was), payee(now));
        assert.ok(change(now) < change(was), `change ${change(now)} < ${change(was)}`);
        await chain.broadcast(next);
        assertReplaces(n.node, next, first, was.vsize);
        assert.ok(!n.node.pool.has(first.txHash), 'the original left the mempool');
        assert.equal(await chain.locateTransfer(first.txHash), null, 'the node no longer knows the original');
        assert.deepEqual(await chain.locateTransfer(next.txHash), { blockHeight: null, blockHash: null });
        // The original sent again now pays too little to displace its replacement: refused, and retried.
        const refused = await chain.broadcast(first).catch((e: Error) => e);
        assert.ok(refused instanceof Error && !(refused instanceof PermanentBroadcastError), String(refused));
        assert.match(refused.message, /insufficient fee, rejecting replacement/);
        n.mine([next.txHash]);
      },
    );

    scenario(
      'replaces an underpriced payout at the raised estimate; above the ceiling it bids the ceiling, and waits (capped) when the ceiling cannot meet BIP 125',
      async (n, hot) => {
        n.setFeeRate(5);
        n.fund(hot, 'd1'.repeat(32), 0, 200_000n);
        const first = await sign(n.adapter(), 50_000n);
        await n.adapter().broadcast(first);
        n.setFeeRate(40);
        const next = await replacement(n.adapter(), pending(pay(50_000n), first, 0), 'underpriced');
        assert.ok(BigInt(next.terms.feeRate) >= 40n, next.terms.feeRate);
        await n.adapter().broadcast(next);
        assertReplaces(n.node, next, first, read(first.raw).vsize);

        n.setFeeRate(900);
        const ceiling = 100n;
        const bounded = n.adapter({ maxFeeRate: ceiling });
        const third = await replacement(bounded, pending(pay(50_000n), next, 0), 'underpriced');
        const [fee, vsize] = [BigInt(third.terms.fee), BigInt(third.terms.vsize)];
        assert.ok(fee >= ceiling * vsize && fee <= ceiling * (vsize + 1n), `bids the ceiling: ${fee} for ${vsize} vB`);
        await bounded.broadcast(third);
        assertReplaces(n.node, third, next, read(next.raw).vsize);
        const capped = await bounded.replaceTransfer(pending(pay(50_000n), third, 5));
        assert.equal(capped.action, 'capped');
        assert.ok(capped.action === 'capped');
        assert.equal(capped.reason, 'stuck');
        assert.match(capped.detail, /needs 900 sat\/vB, above the ceiling of 100 sat\/vB/);
        assert.ok(n.node.pool.has(third.txHash), 'the capped candidate stays');
        n.fund(hot, 'd2'.repeat(32), 0, 100_000n);
        const fresh = await sign(bounded, 10_000n);
        assert.ok(
          BigInt(fresh.terms.fee) <= ceiling * BigInt(fresh.terms.vsize + 1),
          `a new payout bids no more than the ceiling: ${fresh.terms.fee}`,
        );
        n.mine([third.txHash]);
      },
    );

    scenario(
      'drops change that the higher fee would leave under the dust limit (the fee takes it), and adds a confirmed coin when the change cannot pay',
      async (n, hot) => {
        n.setFeeRate(5);
        n.fund(hot, 'e1'.repeat(32), 0, 60_000n);
        const first = await sign(n.adapter(), 50_000n);
        await n.adapter().broadcast(first);
        // A rate that leaves about 400 sat of change once it pays for the two-output size.
        const rate = (10_000n - 300n) / BigInt(first.terms.vsize);
        n.setFeeRate(Number(rate));
        const next = await replacement(n.adapter(), pending(pay(50_000n), first, 3), 'stuck');
        assert.deepEqual(read(next.raw).outputs, [{ address: PAYEE, sats: 50_000n }], 'no change output');
        assert.equal(next.terms.fee, '10000', 'the fee takes what the change would have been');
        await n.adapter().broadcast(next);
        assertReplaces(n.node, next, first, read(first.raw).vsize);
        n.mine([next.txHash]);

        n.setFeeRate(5);
        n.fund(hot, 'f1'.repeat(32), 0, 55_000n);
        n.fund(hot, 'f2'.repeat(32), 1, 40_000n);
        const small = await sign(n.adapter(), 50_000n);
        assert.deepEqual(
          small.terms.inputs.map((i) => i.txid),
          ['f1'.repeat(32)],
        );
        await n.adapter().broadcast(small);
        n.setFeeRate(60); // 60 sat/vB × 141 vB is more than the ~4,300 sat of change
        const bigger = await replacement(n.adapter(), pending(pay(50_000n), small, 3), 'stuck');
        assert.deepEqual(read(bigger.raw).coins, [`${'f1'.repeat(32)}:0`, `${'f2'.repeat(32)}:1`]);
        assert.deepEqual(
          read(bigger.raw).outputs.filter((o) => o.address === PAYEE),
          [{ address: PAYEE, sats: 50_000n }],
        );
        await n.adapter().broadcast(bigger);
        assertReplaces(n.node, bigger, small, read(small.raw).vsize);
        n.mine([bigger.txHash]);
      },
    );

    scenario(
      'costs the candidate that confirmed its fee; a candidate whose coins a block spent is refused and retried, never failed for good',
      async (n, hot) => {
        n.setFeeRate(5);
        n.fund(hot, '91'.repeat(32), 0, 80_000n);
        const chain = n.adapter();
        const first = await sign(chain, 30_000n);
        await chain.broadcast(first);
        const next = await replacement(chain, pending(pay(30_000n), first, 3), 'stuck');
        await chain.broadcast(next);
        assert.equal((await chain.payoutOutcome(next.txHash, next.terms))?.cost ?? null, null, 'in no block yet');
        n.mine([next.txHash]);
        assert.equal((await chain.payoutOutcome(next.txHash, next.terms))?.cost ?? null, n.node.feeOf(next.txHash));
        assert.equal((await chain.payoutOutcome(next.txHash, next.terms))?.cost ?? null, BigInt(next.terms.fee));
        assert.equal((await chain.payoutOutcome(first.txHash, first.terms))?.cost ?? null, null, 'the replaced one never confirmed');
        // A later candidate (signed before the round saw the block) conflicts with the one in it.
        const late = await replacement(chain, pending(pay(30_000n), next, 3), 'stuck');
        for (const c of [first, late]) {
          const refused = await chain.broadcast(c).catch((e: Error) => e);
          assert.ok(refused instanceof Error && !(refused instanceof PermanentBroadcastError), String(refused));
          assert.match(refused.message, /bad-txns-inputs-missingorspent/);
        }
      },
    );
  });
}

describe("the local nodes' mempool", () => {
  it('replaces by BIP 125 only (higher fee rate, old fee plus 1 sat/vB of the new size, signalling originals) and refuses coins spent in a block', async () => {
    const spend = p2wpkh(secp256k1.getPublicKey(hex.decode(HOT_KEY), true));
    const coin = {
      txid: 'ab'.repeat(32),
      vout: 0,
      sats: 100_000n,
      script: hex.encode(spend.script),
      address: spend.address!,
      confirmed: true,
    };
    const payout = (fee: bigint, sequence = RBF) => {
      const tx = new Transaction();
      tx.addInput({ txid: coin.txid, index: 0, sequence, witnessUtxo: { script: spend.script, amount: coin.sats } });
      tx.addOutputAddress(PAYEE, coin.sats - fee, NETWORK);
      tx.sign(hex.decode(HOT_KEY));
      tx.finalize();
      return tx;
    };
    const node = new BtcMempool(() => [coin]);
    const [a, b, c] = [payout(200n), payout(1_000n), payout(1_050n)];
    assert.deepEqual(node.submit(a.hex), { ok: true, txid: a.id, replaced: [] });
    assert.deepEqual(node.submit(b.hex), { ok: true, txid: b.id, replaced: [a.id] });
    assert.equal(node.feeOf(b.id), 1_000n);
    // 50 sat more is a higher rate but under 1 sat/vB of its ~110 vB: rule 4 refuses it.
    assert.match(
      JSON.stringify(node.submit(c.hex)),
      /"code":-26,"message":"insufficient fee, rejecting replacement [0-9a-f]{64}, not enough additional fees to relay/,
    );
    assert.match(JSON.stringify(node.submit(payout(900n).hex)), /insufficient fee, rejecting replacement [0-9a-f]{64}; new feerate/);
    assert.deepEqual([...node.pool.keys()], [b.id]);
    node.mine(b.id);
    assert.deepEqual(node.submit(payout(5_000n).hex), { ok: false, code: -25, message: 'bad-txns-inputs-missingorspent' });
    const final = new BtcMempool(() => [coin]);
    assert.equal(final.submit(payout(1_000n, 0xffffffff).hex).ok, true);
    assert.deepEqual(final.submit(payout(5_000n).hex), { ok: false, code: -26, message: 'txn-mempool-conflict' });
  });
});

describe('Bitcoin replacement settings', () => {
  it('reach the adapter from BTC_MAX_FEE_RATE and BTC_REPLACE_AFTER_BLOCKS; 500 sat/vB and 3 blocks by default', () => {
    for (const backend of ['esplora', 'core']) {
      const env = { ...liveNetworkEnv('BTC', 'http://u:p@127.0.0.1:1/'), BTC_BACKEND: backend };
      const [set] = chainAdapters(
        testConfig({}, { ...env, BTC_MAX_FEE_RATE: '80', BTC_REPLACE_AFTER_BLOCKS: '5' }),
        {} as never,
      ) as BitcoinChain[];
      assert.deepEqual([set!.maxFeeRate, set!.replaceAfterBlocks], [80n, 5]);
      const [plain] = chainAdapters(testConfig({}, env), {} as never) as BitcoinChain[];
      assert.deepEqual([plain!.maxFeeRate, plain!.replaceAfterBlocks], [500n, 3]);
    }
  });
});

describe('a Bitcoin withdrawal left stuck is replaced and completes with the replacement', () => {
  const esplora = fakeEsplora();
  let t: TestApp;
  let url = '';
  before(async () => {
    url = `http://127.0.0.1:${await listen(esplora.server)}`;
    // Payouts paid alone, at once: bundles are test/withdrawals/btc-bundles.test.ts's.
    t = await startTestApp('pglite', { env: { ...liveNetworkEnv('BTC', url), BTC_CONFIRMATIONS: '1', BTC_BATCH_WINDOW_S: '0' } });
    const reader = new EsploraChain(url);
    await refreshFees(t.ctx.db, (c) => (c.code === 'BTC' ? reader.feeOracle : { source: 'none', quote: async () => null }));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['BTC']);
  });
  after(async () => {
    await t?.close();
    await stop(esplora.server);
  });

  it('signs and broadcasts it, replaces it after the set blocks at the raised estimate, and completes with the replacement; the ledger balances', async () => {
    const signer = new EsploraChain(url, { hotWalletKey: HOT_KEY, replaceAfterBlocks: 2 });
    esplora.fund(signer.hotWallet!, '77'.repeat(32), 0, 300_000n);
    esplora.setFeeRate(5);
    // A merchant balance to withdraw from: a deposit credited through the watcher.
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'rbf-fund' } })).body.data;
    esplora.mempool.set('4'.repeat(64), esplora.tx('4'.repeat(64), d.address, 200_000));
    esplora.mine(['4'.repeat(64)]);
    await new Watcher(t.ctx.db, t.ctx.config, new EsploraChain(url), depositListener(t.ctx)).round();
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'BTC', address: PAYEE, amount: 0.0005, orderId: 'rbf-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const withdrawal = async () => (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;

    await executeRound(t.ctx, [signer]);
    const sent = await withdrawal();
    assert.equal(sent.status, 'processing');
    const original = sent.transactionHash as string;
    assert.ok(esplora.node.pool.has(original), 'the payout reached the node');

    // No block takes it for the set number of blocks, while the estimate climbs.
    esplora.setFeeRate(25);
    esplora.mine([]);
    esplora.mine([]);
    for (let i = 0; i < 3 && esplora.node.pool.has(original); i++) await executeRound(t.ctx, [signer]);
    const pool = [...esplora.node.pool.values()];
    const replaced = pool.find((tx) => tx.txid !== original && read(tx.raw).outputs.some((o) => o.address === PAYEE && o.sats === 50_000n));
    assert.ok(replaced, 'a replacement of the stuck payout reached the node (needs the withdrawal round to call replaceTransfer)');
    assert.ok(!esplora.node.pool.has(original), 'it displaced the original');
    assert.equal((await withdrawal()).status, 'processing');

    esplora.mine([replaced.txid]);
    for (let i = 0; i < 3 && (await withdrawal()).status !== 'completed'; i++) await executeRound(t.ctx, [signer]);
    const done = await withdrawal();
    assert.equal(done.status, 'completed');
    assert.equal(done.transactionHash, replaced.txid);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a payout stored but not yet on the node holds its coins: the next payout spends others, and both complete', async () => {
    const signer = new EsploraChain(url, { hotWalletKey: HOT_KEY });
    esplora.fund(signer.hotWallet!, '88'.repeat(32), 0, 300_000n);
    esplora.fund(signer.hotWallet!, '99'.repeat(32), 0, 300_000n);
    esplora.setFeeRate(5);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'held-fund' } })).body.data;
    esplora.mempool.set('5'.repeat(64), esplora.tx('5'.repeat(64), d.address, 200_000));
    esplora.mine(['5'.repeat(64)]);
    await new Watcher(t.ctx.db, t.ctx.config, new EsploraChain(url), depositListener(t.ctx)).round();
    const ids: string[] = [];
    for (const orderId of ['held-1', 'held-2']) {
      const q = await t.call('POST', '/v1/withdrawal/quote', {
        key,
        body: { cryptoCurrencyCode: 'BTC', address: PAYEE, amount: 0.0005, orderId },
      });
      ids.push((await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data.id);
    }
    // The node is unreachable for sending: both are signed and stored, neither reaches it, so the
    // UTXO listing still shows the first one's coins when the second is signed.
    const offline: BitcoinChain = Object.assign(Object.create(Object.getPrototypeOf(signer)), signer, {
      broadcast: async () => {
        throw new Error('connection refused');
      },
    });
    const round = await executeRound(t.ctx, [offline]);
    assert.equal(round.signed, 2, JSON.stringify(round));
    const stored = await t.ctx.db.selectFrom('withdrawals').select(['id', 'signed_tx']).where('id', 'in', ids).execute();
    const [first, second] = ids.map((id) => read(stored.find((r) => r.id === id)!.signed_tx!));
    assert.deepEqual(
      first!.coins.filter((c) => second!.coins.includes(c)),
      [],
      'no coin is spent by both',
    );
    // The node is back: both reach it, neither displaces the other, and both complete.
    await executeRound(t.ctx, [signer]);
    assert.ok(esplora.node.pool.has(first!.txid) && esplora.node.pool.has(second!.txid));
    esplora.mine([first!.txid, second!.txid]);
    await executeRound(t.ctx, [signer]);
    for (const id of ids) assert.equal((await t.call('GET', `/v1/withdrawal?id=${id}`, { key })).body.data.status, 'completed');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
