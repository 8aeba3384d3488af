// Bitcoin payouts bundled by BTC_BATCH_WINDOW_S, on both engines, against the local Esplora of
// test/helpers/btc-mempool.ts (a mempool that takes real signed transactions, prices them from
// their inputs and replaces by BIP 125): one transaction for the withdrawals of a window, its fee
// split over them exactly, replaced as one, and never paid twice across a crash.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, Transaction, p2tr, p2wpkh } from '@scure/btc-signer';
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { sql } from 'kysely';
import type { BitcoinChain } from '../../src/chains/btc/bitcoin-chain.ts';
import { EsploraChain } from '../../src/chains/btc/esplora-chain.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { describeEngines, liveNetworkEnv, startTestApp, type TestApp } from '../helpers/harness.ts';
import { fakeEsplora } from '../helpers/btc-mempool.ts';

const HOT_KEY = '11'.repeat(32);
const WINDOW_S = 60;
const key = (n: number) => hex.decode(n.toString(16).padStart(64, '0'));
/** Three payees of two output types: a taproot output is larger, so it carries a larger share of the fee. */
const PAYEES = [
  p2wpkh(secp256k1.getPublicKey(key(1), true)).address!,
  p2tr(schnorr.getPublicKey(key(2))).address!,
  p2wpkh(secp256k1.getPublicKey(key(3), true)).address!,
];

/** A transaction's outputs, read from its raw bytes. */
function outputsOf(raw: string) {
  const tx = Transaction.fromRaw(hex.decode(raw));
  return Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i)).map((o) => ({
    address: Address(NETWORK).encode(OutScript.decode(o.script!)),
    sats: o.amount!,
  }));
}

describeEngines('Bitcoin payouts bundled over BTC_BATCH_WINDOW_S', (engine) => {
  const esplora = fakeEsplora();
  let url = '';
  let offsetMs = 0;
  let t: TestApp;
  let alone: TestApp;
  let signer: BitcoinChain;
  let coin = 0;
  before(async () => {
    await new Promise<void>((r) => esplora.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(esplora.server.address() as AddressInfo).port}`;
    const env = { ...liveNetworkEnv('BTC', url), BTC_CONFIRMATIONS: '1' };
    // The window is read against the app's clock, which the test moves on instead of sleeping.
    t = await startTestApp(engine, {
      env: { ...env, BTC_BATCH_WINDOW_S: String(WINDOW_S) },
      ctx: { clock: () => new Date(Date.now() + offsetMs) },
    });
    alone = await startTestApp(engine, { env: { ...env, BTC_BATCH_WINDOW_S: '0' } });
    const reader = new EsploraChain(url);
    for (const app of [t, alone]) {
      await refreshFees(app.ctx.db, (c) => (c.code === 'BTC' ? reader.feeOracle : { source: 'none', quote: async () => null }));
      await refreshRates(app.ctx.db, new SandboxRateProvider(), ['BTC']);
    }
    signer = new EsploraChain(url, { hotWalletKey: HOT_KEY, replaceAfterBlocks: 2 });
  });
  after(async () => {
    await t?.close();
    await alone?.close();
    esplora.server.closeAllConnections();
    await new Promise((r) => esplora.server.close(r));
  });

  /** A tenant with a credited BTC balance (a deposit seen by the watcher), and a fresh hot-wallet coin. */
  async function funded(app: TestApp) {
    const tenant = await app.tenant(['*']);
    const d = (await app.call('POST', '/v1/deposit', { key: tenant.key, body: { cryptoCurrencyCode: 'BTC', orderId: `fund-${++coin}` } }))
      .body.data;
    const txid = coin.toString(16).padStart(64, 'd');
    esplora.mempool.set(txid, esplora.tx(txid, d.address, 2_000_000));
    esplora.mine([txid]);
    await new Watcher(app.ctx.db, app.ctx.config, new EsploraChain(url), depositListener(app.ctx)).round();
    esplora.fund(signer.hotWallet!, coin.toString(16).padStart(64, 'c'), 0, 3_000_000n);
    return tenant;
  }

  async function withdraw(app: TestApp, apiKey: string, address: string, amount: number, orderId: string): Promise<string> {
    const q = await app.call('POST', '/v1/withdrawal/quote', {
      key: apiKey,
      body: { cryptoCurrencyCode: 'BTC', address, amount, orderId },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = await app.call('POST', '/v1/withdrawal/commit', { key: apiKey, body: { quoteId: q.body.data.quoteId } });
    assert.equal(w.status, 201, JSON.stringify(w.body));
    return w.body.data.id;
  }

  const rows = (app: TestApp, ids: string[]) =>
    app.ctx.db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).orderBy('output_index').execute();
  /** What the ledger booked as each withdrawal's network cost (debits of fees:network). */
  async function bookedCosts(app: TestApp, ids: string[]): Promise<bigint> {
    const r = await app.ctx.db
      .selectFrom('journal_lines as l')
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
      .select(sql<string>`coalesce(sum(l.amount), 0)`.as('sum'))
      .where('e.kind', '=', 'withdrawal.networkCost')
      .where('e.ref_id', 'in', ids)
      .where('l.ledger_account', '=', 'fees:network')
      .executeTakeFirstOrThrow();
    return BigInt(r.sum);
  }
  /** Every output the node ever took (mempool and blocks) that pays `address`. */
  const paidTo = (address: string) =>
    [...esplora.node.pool.values(), ...esplora.node.mined.values()].flatMap((tx) => outputsOf(tx.raw).filter((o) => o.address === address));

  it('sends the withdrawals of one window, from two tenants, as one transaction with an output each; each books its share of the fee', async () => {
    esplora.setFeeRate(5);
    const [a, b] = [await funded(t), await funded(t)];
    const ids = [
      await withdraw(t, a.key, PAYEES[0]!, 0.001, 'w-1'),
      await withdraw(t, b.key, PAYEES[1]!, 0.002, 'w-2'),
      await withdraw(t, a.key, PAYEES[2]!, 0.003, 'w-3'),
    ];
    const before = esplora.node.pool.size;
    await executeRound(t.ctx, [signer]);
    assert.equal(esplora.node.pool.size, before, 'nothing is sent inside the window');
    assert.deepEqual(
      (await rows(t, ids)).map((w) => w.status),
      ['created', 'created', 'created'],
    );

    offsetMs += (WINDOW_S + 1) * 1000;
    const round = await executeRound(t.ctx, [signer]);
    assert.equal(round.signed, 3, JSON.stringify(round));
    const sent = await rows(t, ids);
    const txid = sent[0]!.tx_hash!;
    assert.ok(sent.every((w) => w.status === 'processing' && w.tx_hash === txid && w.bundle_id === sent[0]!.bundle_id));
    const outputs = outputsOf(esplora.node.pool.get(txid)!.raw);
    assert.equal(outputs.length, 4, 'three payments and the change');
    assert.deepEqual(outputs.at(-1)!.address, signer.hotWallet, 'change last');
    for (const w of sent)
      assert.deepEqual(outputs[w.output_index!], { address: w.address, sats: BigInt(w.amount) }, 'its output index names its payment');
    // The other tenant's withdrawal is not this tenant's to read, bundle or not.
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${ids[1]}`, { key: a.key })).status, 404);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${ids[1]}`, { key: b.key })).body.data.transactionHash, txid);

    esplora.mine([txid]);
    await executeRound(t.ctx, [signer]);
    const done = await rows(t, ids);
    assert.deepEqual(
      done.map((w) => w.status),
      ['completed', 'completed', 'completed'],
    );
    const fee = esplora.node.feeOf(txid)!;
    const shares = done.map((w) => BigInt(w.network_cost!));
    assert.equal(
      shares.reduce((x, y) => x + y, 0n),
      fee,
      'the shares sum to the fee the node computed',
    );
    assert.equal(await bookedCosts(t, ids), fee, 'and so does the ledger');
    const taproot = done.find((w) => w.address === PAYEES[1])!;
    assert.ok(
      shares.every((s) => s <= BigInt(taproot.network_cost!)),
      `the larger output carries the larger share: ${shares}`,
    );
    // Each withdrawal has its own events: processing then completed, with the shared hash.
    for (const id of ids) {
      const events = await t.ctx.db
        .selectFrom('outbox_events')
        .select(sql<string>`payload->>'status'`.as('s'))
        .where('event_type', '=', 'withdrawal.statusChanged')
        .where('aggregate_id', '=', id)
        .orderBy('id')
        .execute();
      assert.deepEqual(events.map((e) => e.s).slice(-2), ['processing', 'completed']);
    }
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('with BTC_BATCH_WINDOW_S=0 pays each withdrawal alone, at once', async () => {
    esplora.setFeeRate(5);
    const tenant = await funded(alone);
    const ids = [await withdraw(alone, tenant.key, PAYEES[0]!, 0.001, 'a-1'), await withdraw(alone, tenant.key, PAYEES[2]!, 0.001, 'a-2')];
    await executeRound(alone.ctx, [signer]);
    const sent = await rows(alone, ids);
    assert.ok(sent.every((w) => w.status === 'processing' && w.bundle_id === null));
    assert.notEqual(sent[0]!.tx_hash, sent[1]!.tx_hash, 'a transaction each');
    for (const w of sent) assert.equal(outputsOf(esplora.node.pool.get(w.tx_hash!)!.raw).length, 2, 'one payment and its change');
    esplora.mine(sent.map((w) => w.tx_hash!));
    await executeRound(alone.ctx, [signer]);
    assert.deepEqual(
      (await rows(alone, ids)).map((w) => w.status),
      ['completed', 'completed'],
    );
    assert.deepEqual(await auditLedger(alone.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('replaces a stuck bundle by fee as one: every withdrawal follows the replacement, and the higher fee is split the same way', async () => {
    esplora.setFeeRate(5);
    const tenant = await funded(t);
    const ids = [
      await withdraw(t, tenant.key, PAYEES[0]!, 0.001, 'r-1'),
      await withdraw(t, tenant.key, PAYEES[2]!, 0.0015, 'r-2'),
      await withdraw(t, tenant.key, PAYEES[1]!, 0.0005, 'r-3'),
    ];
    offsetMs += (WINDOW_S + 1) * 1000;
    await executeRound(t.ctx, [signer]);
    const original = (await rows(t, ids))[0]!.tx_hash!;
    const originalFee = esplora.node.feeOf(original)!;
    esplora.setFeeRate(25);
    esplora.mine([]);
    esplora.mine([]);
    const round = await executeRound(t.ctx, [signer]);
    assert.equal(round.replaced, 1, JSON.stringify(round));
    assert.ok(!esplora.node.pool.has(original), 'the replacement displaced the original');
    const followed = await rows(t, ids);
    const replacement = followed[0]!.tx_hash!;
    assert.notEqual(replacement, original);
    assert.ok(
      followed.every((w) => w.tx_hash === replacement && w.status === 'processing'),
      'every withdrawal names the replacement',
    );
    const outputs = outputsOf(esplora.node.pool.get(replacement)!.raw);
    for (const w of followed)
      assert.deepEqual(outputs[w.output_index!], { address: w.address, sats: BigInt(w.amount) }, 'the same payment at the same index');
    // The merchant reads its output; the operator reads the bundle's two transactions on each withdrawal.
    const record = (await t.call('GET', `/v1/withdrawal?id=${ids[1]}`, { key: tenant.key })).body.data;
    assert.deepEqual([record.transactionHash, record.outputIndex], [replacement, followed.find((w) => w.id === ids[1])!.output_index]);
    const detail = (await t.admin('GET', `/admin/withdrawals/${ids[1]}`)).body.data.payout;
    assert.equal(detail.bundleId, followed[0]!.bundle_id);
    assert.deepEqual(
      detail.transactions.map((c: { txHash: string; reason: string | null }) => [c.txHash, c.reason]),
      [
        [original, null],
        [replacement, 'stuck'],
      ],
    );

    esplora.mine([replacement]);
    await executeRound(t.ctx, [signer]);
    const done = await rows(t, ids);
    assert.deepEqual(
      done.map((w) => w.status),
      ['completed', 'completed', 'completed'],
    );
    const fee = esplora.node.feeOf(replacement)!;
    assert.ok(fee > originalFee, `${fee} > ${originalFee}`);
    assert.equal(
      done.reduce((s, w) => s + BigInt(w.network_cost!), 0n),
      fee,
    );
    assert.equal(await bookedCosts(t, ids), fee);
    const bundle = await t.ctx.db.selectFrom('payout_bundles').selectAll().where('id', '=', done[0]!.bundle_id!).executeTakeFirstOrThrow();
    assert.deepEqual([bundle.status, bundle.tx_hash, bundle.network_cost], ['completed', replacement, String(fee)]);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a crash after the broadcast, before it was recorded, and two workers at once: the bundle is signed once and nobody is paid twice', async () => {
    esplora.setFeeRate(5);
    const tenant = await funded(t);
    const payees = [PAYEES[0]!, PAYEES[1]!, PAYEES[2]!];
    const paidBefore = payees.map((p) => paidTo(p).length);
    const ids = [
      await withdraw(t, tenant.key, payees[0]!, 0.0007, 'c-1'),
      await withdraw(t, tenant.key, payees[1]!, 0.0008, 'c-2'),
      await withdraw(t, tenant.key, payees[2]!, 0.0009, 'c-3'),
    ];
    offsetMs += (WINDOW_S + 1) * 1000;
    // The node takes the transaction, then the worker dies before it records the broadcast.
    const dying: BitcoinChain = Object.assign(Object.create(Object.getPrototypeOf(signer)), signer, {
      broadcast: async (s: { txHash: string; raw: string }) => {
        await signer.broadcast(s);
        throw new Error('worker killed after the broadcast');
      },
    });
    const [first, second] = await Promise.all([executeRound(t.ctx, [dying]), executeRound(t.ctx, [signer])]);
    assert.equal(first.signed + second.signed, 3, `${JSON.stringify(first)} ${JSON.stringify(second)}`);
    assert.equal(
      (
        await t.ctx.db
          .selectFrom('payout_bundles')
          .select('id')
          .where(
            'id',
            'in',
            (await rows(t, ids)).map((w) => w.bundle_id!),
          )
          .execute()
      ).length,
      1,
      'one bundle',
    );
    // Whoever runs the next rounds finds the stored bundle on the node and signs nothing new.
    await executeRound(t.ctx, [signer]);
    await executeRound(t.ctx, [signer]);
    const txid = (await rows(t, ids))[0]!.tx_hash!;
    assert.ok(esplora.node.pool.has(txid));
    esplora.mine([txid]);
    await executeRound(t.ctx, [signer]);
    assert.deepEqual(
      (await rows(t, ids)).map((w) => w.status),
      ['completed', 'completed', 'completed'],
    );
    assert.deepEqual(
      payees.map((p, i) => paidTo(p).length - paidBefore[i]!),
      [1, 1, 1],
      'one output to each payee in everything the node ever took',
    );
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
