import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, SigHash, TEST_NETWORK, Transaction, p2wpkh } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { EsploraChain, msatPerVb } from '../../src/chains/btc/esplora-chain.ts';
import { BitcoinSweeper } from '../../src/chains/btc/sweeper.ts';
import { HDKey } from '@scure/bip32';
import { auditLedger, bookSweepCost } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { startTestApp, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';
import { fakeEsplora } from '../helpers/btc-mempool.ts';

describe('Bitcoin through an Esplora API', () => {
  const esplora = fakeEsplora();
  let t: TestApp;
  let btc: EsploraChain;
  before(async () => {
    await new Promise<void>((r) => esplora.server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(esplora.server.address() as AddressInfo).port}`;
    t = await startTestApp('pglite', { env: { ...liveNetworkEnv('BTC', url), BTC_CONFIRMATIONS: '2', BTC_BATCH_WINDOW_S: '0' } });
    btc = new EsploraChain(url);
    await refreshFees(t.ctx.db, (c) => (c.code === 'BTC' ? btc.feeOracle : { source: 'none', quote: async () => null }));
  });
  after(async () => {
    await t?.close();
    esplora.server.closeAllConnections();
    await new Promise((r) => esplora.server.close(r));
  });

  it('quotes the fee from fee-estimates and credits a payment after its confirmations; RBF waits for a block', async () => {
    // 5.2 sat/vB for ~3 blocks × 141 vB = 733.2 → 734 sat.
    assert.equal(await btc.feeOracle.quote({} as never), 734n);
    const { key } = await t.tenant(['*']);
    const a = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'btc-1' } })).body.data;
    const b = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'btc-rbf' } })).body.data;
    assert.match(a.address, /^bc1q[02-9ac-hj-np-z]{38}$/);
    const watcher = new Watcher(t.ctx.db, t.ctx.config, btc, depositListener(t.ctx));
    const status = async (id: string) => (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data;

    esplora.mempool.set('1'.repeat(64), esplora.tx('1'.repeat(64), a.address, 50_000));
    esplora.mempool.set('2'.repeat(64), esplora.tx('2'.repeat(64), b.address, 60_000, true));
    assert.equal((await watcher.round()).seen, 2);
    assert.equal((await status(a.id)).status, 'processing');
    const rbf = await t.ctx.db
      .selectFrom('payments')
      .select(['rbf', 'output_index'])
      .where('owner_id', '=', b.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(rbf, { rbf: true, output_index: 0 });

    esplora.mine();
    esplora.mine([]);
    const round = await watcher.round();
    assert.equal(round.confirmed, 2);
    const credited = await status(a.id);
    assert.equal(credited.status, 'completed');
    assert.equal(credited.settlement.amountPaid, 0.0005);
    assert.equal(credited.settlement.networkFeeAmount, 0.00000734);
    assert.equal((await status(b.id)).status, 'completed');
    assert.equal((await watcher.round()).seen, 0); // the same blocks again change nothing
  });

  it('a payment in a block that a reorg removes is taken back out', async () => {
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'btc-reorg' } })).body.data;
    const watcher = new Watcher(t.ctx.db, t.ctx.config, btc, depositListener(t.ctx));
    esplora.mempool.set('3'.repeat(64), esplora.tx('3'.repeat(64), d.address, 70_000));
    esplora.mine();
    assert.equal((await watcher.round()).seen, 1); // one confirmation of two
    esplora.reorg(1); // the block is replaced; the transaction is gone (double spent)
    const round = await watcher.round();
    assert.equal(round.orphaned, 1);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'created');
  });

  it('pays a withdrawal as a signed P2WPKH transaction from the hot wallet UTXOs, with change and the quoted fee rate', async () => {
    const hotKey = '11'.repeat(32);
    const url = `http://127.0.0.1:${(esplora.server.address() as AddressInfo).port}`;
    const signer = new EsploraChain(url, { hotWalletKey: hotKey });
    const hotAddress = p2wpkh(secp256k1.getPublicKey(hex.decode(hotKey), true)).address!;
    assert.equal(signer.hotWallet, hotAddress);
    esplora.utxos.set(hotAddress, [
      { txid: 'ab'.repeat(32), vout: 1, value: 30_000, status: { confirmed: true } },
      { txid: 'cd'.repeat(32), vout: 0, value: 80_000, status: { confirmed: true } },
    ]);
    assert.equal(await signer.hotWalletBalance('BTC'), 110_000n);

    // A merchant balance to withdraw from: a deposit credited through the watcher.
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['BTC']);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'btc-fund' } })).body.data;
    esplora.mempool.set('4'.repeat(64), esplora.tx('4'.repeat(64), d.address, 200_000));
    esplora.mine();
    esplora.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, btc, depositListener(t.ctx)).round();
    const to = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'BTC', address: to, amount: 0.0005, orderId: 'btc-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    await executeRound(t.ctx, [signer]);
    const row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
    assert.equal(row.status, 'processing');
    assert.equal(esplora.broadcasts.length, 1);
    const tx = Transaction.fromRaw(hex.decode(esplora.broadcasts[0]!));
    assert.equal(tx.id, row.transactionHash);
    const outs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    const addressOf = (script: Uint8Array) => Address(NETWORK).encode(OutScript.decode(script));
    const paid = outs.find((o) => addressOf(o.script!) === to)!;
    assert.ok(paid, JSON.stringify(outs.map((o) => [addressOf(o.script!), String(o.amount)])) + ' hot ' + hotAddress);
    const change = outs.find((o) => addressOf(o.script!) === hotAddress)!;
    assert.equal(paid.amount, 50_000n);
    assert.ok(change.amount! > 0n);
    const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
    assert.ok(
      inputs.every((i) => i.finalScriptWitness && i.finalScriptWitness.length === 2),
      'every input signed (P2WPKH witness)',
    );
    // A raw transaction does not carry its inputs' amounts: they are the UTXOs it spends.
    const values = new Map(esplora.utxos.get(hotAddress)!.map((u) => [`${u.txid}:${u.vout}`, BigInt(u.value)]));
    const inTotal = inputs.reduce((sum, i) => sum + values.get(`${hex.encode(i.txid!)}:${i.index}`)!, 0n);
    const fee = inTotal - outs.reduce((sum, o) => sum + o.amount!, 0n);
    // 5.2 sat/vB rounds up to 6: the fee is that rate times the transaction's virtual size.
    assert.ok(fee >= 6n * BigInt(tx.vsize) && fee <= 6n * BigInt(tx.vsize) + 50n, `${fee} vs ${tx.vsize}`);
    // Confirmed by the chain: completed.
    esplora.mine([tx.id]);
    esplora.mine([]);
    esplora.mine([]);
    await executeRound(t.ctx, [signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });
  it('locates a transfer by its transaction: in a block far below any window, in the mempool, or gone', async () => {
    esplora.chain[5]!.txs.push({
      ...esplora.tx('5a'.repeat(32), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 1000),
      status: { confirmed: true },
    });
    for (let i = 0; i < 60; i++) esplora.mine([]);
    assert.deepEqual(await btc.locateTransfer('5a'.repeat(32)), { blockHeight: 5, blockHash: esplora.chain[5]!.hash });
    esplora.mempool.set('5b'.repeat(32), esplora.tx('5b'.repeat(32), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 2000));
    assert.deepEqual(await btc.locateTransfer('5b'.repeat(32)), { blockHeight: null, blockHash: null });
    esplora.mempool.delete('5b'.repeat(32));
    assert.equal(await btc.locateTransfer('5b'.repeat(32)), null, 'dropped: Esplora answers 404');
    esplora.faults.status = true;
    await assert.rejects(btc.locateTransfer('5a'.repeat(32)), /HTTP 503/, 'a server error is no answer');
    esplora.faults.status = false;
    assert.equal(await btc.blockTime(5), 1_600_000_000 + 5 * 600);
    assert.equal(await btc.blockTime(esplora.chain.length), null);
  });

  it('confirms a payment seen in the mempool under more blocks than a round reads, and never takes it back on a server error', async () => {
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId: 'btc-deep' } })).body.data;
    const watcher = new Watcher(t.ctx.db, t.ctx.config, btc, depositListener(t.ctx));
    await watcher.round();
    esplora.mempool.set('5c'.repeat(32), esplora.tx('5c'.repeat(32), d.address, 80_000));
    assert.equal((await watcher.round()).seen, 1);
    // The node stops answering for it: not gone, the round fails and is tried again.
    esplora.mempool.delete('5c'.repeat(32));
    esplora.faults.status = true;
    await assert.rejects(watcher.round(), /HTTP 503/);
    esplora.faults.status = false;
    esplora.mempool.set('5c'.repeat(32), esplora.tx('5c'.repeat(32), d.address, 80_000));
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'processing');
    // 100 blocks at once, more than the 50 a round reads: one round confirms it by its transaction.
    esplora.mine();
    for (let i = 0; i < 99; i++) esplora.mine([]);
    const round = await watcher.round();
    assert.equal(round.confirmed, 1);
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'completed');
  });
});

describe('Bitcoin: real transactions as Esplora served them', () => {
  const recorded = JSON.parse(readFileSync(new URL('../fixtures/esplora-testnet-txs.json', import.meta.url), 'utf8'));
  const [payment, spend] = recorded.txs;
  /** An Esplora that answers from recorded bodies only (404 for anything else). */
  const replay = (routes: Record<string, unknown>) =>
    (async (url: string | URL) => {
      const path = new URL(String(url)).pathname;
      if (!(path in routes)) return new Response('not found', { status: 404 });
      const body = routes[path];
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
      });
    }) as typeof fetch;

  it('rebuilds each recorded transaction to its txid and weight; the P2WPKH spend verifies against the BIP-143 sighash computed here', () => {
    for (const r of recorded.txs) {
      const tx = new Transaction({
        version: r.version,
        lockTime: r.locktime,
        allowUnknownOutputs: true,
        allowUnknownInputs: true,
        disableScriptCheck: true,
      });
      for (const o of r.vout) tx.addOutput({ script: hex.decode(o.scriptpubkey), amount: BigInt(o.value) });
      for (const i of r.vin) {
        tx.addInput({
          txid: i.txid,
          index: i.vout,
          sequence: i.sequence,
          witnessUtxo: { script: hex.decode(i.prevout.scriptpubkey), amount: BigInt(i.prevout.value) },
          finalScriptWitness: i.witness.map((w: string) => hex.decode(w)),
        });
      }
      assert.equal(tx.id, r.txid);
      assert.equal(tx.weight, r.weight);
    }
    const input = spend.vin[0];
    const pubkey = hex.decode(input.witness[1]);
    assert.equal(p2wpkh(pubkey, TEST_NETWORK).address, input.prevout.scriptpubkey_address);
    const tx = new Transaction({ version: spend.version, lockTime: spend.locktime });
    tx.addOutput({ script: hex.decode(spend.vout[0].scriptpubkey), amount: BigInt(spend.vout[0].value) });
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      sequence: input.sequence,
      witnessUtxo: { script: hex.decode(input.prevout.scriptpubkey), amount: BigInt(input.prevout.value) },
    });
    const sighash = tx.preimageWitnessV0(
      0,
      OutScript.encode({ type: 'pkh', hash: hex.decode(input.prevout.scriptpubkey.slice(4)) }),
      SigHash.ALL,
      BigInt(input.prevout.value),
    );
    assert.ok(secp256k1.verify(hex.decode(input.witness[0]).slice(0, -1), sighash, pubkey, { prehash: false, format: 'der' }));
  });

  it('finds the recorded payment to a watched address: flagged RBF in the mempool, confirmed in its recorded block', async () => {
    const watched = payment.vout[0].scriptpubkey_address;
    const ours = async (addresses: string[]) => new Set(addresses.filter((a) => a === watched));
    const { block_height: height, block_hash: hash } = payment.status;
    const pending = new EsploraChain('http://esplora.invalid', {
      fetcher: replay({
        '/blocks/tip/height': String(height - 1),
        '/blocks/tip/hash': 'ff'.repeat(32),
        '/mempool/txids': [payment.txid],
        [`/tx/${payment.txid}`]: { ...payment, status: { confirmed: false } },
      }),
    });
    const seen = await pending.transfersSince(height, height - 1, ours); // the mempool only
    assert.deepEqual(
      seen.map((s) => [s.txHash, s.outputIndex, s.toAddress, s.units, s.blockHeight, s.rbf]),
      [[payment.txid, 0, watched, 4000n, null, true]],
    );
    const mined = new EsploraChain('http://esplora.invalid', {
      fetcher: replay({
        '/blocks/tip/height': String(height),
        '/blocks/tip/hash': hash,
        [`/block-height/${height}`]: hash,
        [`/block/${hash}/txs/0`]: [payment],
        '/mempool/txids': [],
        [`/tx/${payment.txid}/status`]: payment.status,
      }),
    });
    const confirmed = await mined.transfersSince(height, height, ours);
    assert.deepEqual(
      confirmed.map((s) => [s.txHash, s.outputIndex, s.units, s.blockHeight, s.blockHash]),
      [[payment.txid, 0, 4000n, height, hash]],
    );
    assert.deepEqual(await mined.locateTransfer(payment.txid), { blockHeight: height, blockHash: hash });
    assert.equal(await mined.transactionConfirmations(payment.txid), 1);
  });
});

describe('Bitcoin signing against a published vector', () => {
  it("reproduces BIP-143's native P2WPKH example: the sighash and the signature of its witness input", () => {
    // https://github.com/bitcoin/bips/blob/master/bip-0143.mediawiki#native-p2wpkh (test vector data)
    const unsigned =
      '0100000002fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f0000000000eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac11000000';
    const tx = Transaction.fromRaw(hex.decode(unsigned), { allowUnknownOutputs: true, disableScriptCheck: true });
    tx.updateInput(1, { witnessUtxo: { script: hex.decode('00141d0f172a0ecb48aee1be1f2687d2963ae33f71a1'), amount: 600_000_000n } });
    const sighash = tx.preimageWitnessV0(1, hex.decode('76a9141d0f172a0ecb48aee1be1f2687d2963ae33f71a188ac'), SigHash.ALL, 600_000_000n);
    assert.equal(hex.encode(sighash), 'c37af31116d1b27caf68aae9e3ac82f1477929014d5b917657d0eb49478cb670');
    tx.signIdx(hex.decode('619c335025c7f4012e556c2a58b2506e30b8511b53ade95ea316fd8c3286feb9'), 1);
    const [pubkey, signature] = tx.getInput(1).partialSig![0]!;
    assert.equal(hex.encode(pubkey!), '025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeee6357');
    assert.equal(
      hex.encode(signature!),
      '304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee01',
    );
  });
});

describe('sweeping Bitcoin deposits into the hot wallet', () => {
  const esplora = fakeEsplora();
  let t: TestApp;
  const account = HDKey.fromMasterSeed(Buffer.alloc(32, 9)).derive("m/84'/0'/0'");
  before(async () => {
    await new Promise<void>((r) => esplora.server.listen(0, '127.0.0.1', r));
    t = await startTestApp('pglite', {
      env: {
        BTC_RPC_URL: `http://127.0.0.1:${(esplora.server.address() as AddressInfo).port}`,
        BTC_CONFIRMATIONS: '1',
        BTC_XPUB: account.publicExtendedKey,
      },
    });
  });
  after(async () => {
    await t?.close();
    esplora.server.closeAllConnections();
    await new Promise((r) => esplora.server.close(r));
  });

  it('spends every deposit UTXO, each signed with its own key, to the hot wallet less the fee, once', async () => {
    const url = `http://127.0.0.1:${(esplora.server.address() as AddressInfo).port}`;
    const chain = new EsploraChain(url, { hotWalletKey: '22'.repeat(32) });
    await refreshFees(t.ctx.db, (c) => (c.code === 'BTC' ? chain.feeOracle : { source: 'none', quote: async () => null }));
    const { key } = await t.tenant(['*']);
    const deposits = [];
    for (const orderId of ['sw-1', 'sw-2'])
      deposits.push((await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'BTC', orderId } })).body.data);
    deposits.forEach((d, i) => esplora.mempool.set(`${i + 5}`.repeat(64), esplora.tx(`${i + 5}`.repeat(64), d.address, 100_000 * (i + 1))));
    esplora.mine();
    await new Watcher(t.ctx.db, t.ctx.config, chain, depositListener(t.ctx)).round();
    deposits.forEach((d, i) =>
      esplora.utxos.set(d.address, [{ txid: `${i + 5}`.repeat(64), vout: 0, value: 100_000 * (i + 1), status: { confirmed: true } }]),
    );

    const sweeper = new BitcoinSweeper(t.ctx.db, chain, account, bookSweepCost);
    const result = await sweeper.round();
    assert.equal(result.swept, 2);
    const tx = Transaction.fromRaw(hex.decode(esplora.broadcasts.at(-1)!));
    assert.equal(tx.id, result.txid);
    assert.equal(tx.inputsLength, 2);
    assert.equal(tx.outputsLength, 1);
    const out = tx.getOutput(0);
    assert.equal(Address(NETWORK).encode(OutScript.decode(out.script!)), chain.hotWallet);
    // 300,000 sat in; 6 sat/vB × (42 + 2 × 68) vB = 1,068 sat of fee.
    assert.equal(out.amount, 300_000n - 1_068n);
    for (let i = 0; i < 2; i++) assert.equal(tx.getInput(i).finalScriptWitness?.length, 2);
    const rows = await t.ctx.db
      .selectFrom('payments')
      .select('sweep_tx')
      .where(
        'owner_id',
        'in',
        deposits.map((d) => d.id),
      )
      .execute();
    assert.ok(rows.every((r) => r.sweep_tx === tx.id));
    assert.deepEqual(await sweeper.round(), { swept: 0, txid: null });
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});

describe('Esplora fee rates', () => {
  it('reads fractional sat/vB exactly, rounding up to whole msat/vB', () => {
    // Float × 1000 would give 2007.0000000000002 and round up to 2008.
    assert.equal(msatPerVb(2.007), 2007n);
    assert.equal(msatPerVb(5.2), 5200n);
    assert.equal(msatPerVb(1), 1000n);
    assert.equal(msatPerVb(1.0004), 1001n);
    assert.equal(msatPerVb(0.001), 1n);
  });
});
