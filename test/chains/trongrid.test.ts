import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { expirationOf } from '../../src/chains/tron/transaction.ts';
import type { OutgoingTransfer, PendingTransfer, SignedTransfer, TransferTerms } from '../../src/chains/types.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import {
  TronGridChain,
  parseExact,
  signTronTxId,
  stringifyExact,
  tronAddressFromHex,
  tronAddressToHex,
  varintHex,
} from '../../src/chains/tron/trongrid-chain.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { startTestApp, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';
import { encodeTronRaw, fakeTronGrid } from '../helpers/fake-trongrid.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
// Where withdrawals go: a valid account that is no token contract (those are refused as destinations).
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const recorded = JSON.parse(readFileSync(new URL('../fixtures/tron-triggersmartcontract.json', import.meta.url), 'utf8'));

describe('Tron: known-good vectors', () => {
  it('signs a transaction id as Trust Wallet Core does (its Tron signer test vector)', () => {
    const key = hex.decode('2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54');
    assert.equal(
      signTronTxId('546a3d07164c624809cf4e564a083a7a7974bb3c4eff6bb3e278b0ca21083fcb', key),
      '77f5eabde31e739d34a66914540f1756981dc7d782c9656f5e14e53b59a15371603a183aa12124adeee7991bf55acc8e488a6ca04fb393b1a8ac16610eeafdfc00',
    );
    assert.equal(
      new TronGridChain('http://127.0.0.1:1', { hotWalletKey: hex.encode(key) }).hotWallet,
      'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
    );
  });

  it("reads a real node's recorded transaction: its id is the SHA-256 of its protobuf bytes, which the fake node reproduces", () => {
    const tx = recorded.response.transaction;
    assert.equal(hex.encode(sha256(hex.decode(tx.raw_data_hex))), tx.txID);
    assert.equal(encodeTronRaw(tx.raw_data), tx.raw_data_hex);
    assert.equal(
      new TronGridChain('http://127.0.0.1:1', { hotWalletKey: recorded.ownerPrivateKey }).hotWallet,
      tx.raw_data.contract[0].parameter.value.owner_address,
    );
    assert.equal(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c'), USDT);
  });

  it('refuses to sign a transaction the node built other than the one requested', async () => {
    // The node answers a USDT transfer request with the recorded transaction: a different call.
    const replay = (async () =>
      new Response(JSON.stringify(recorded.response), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const signer = new TronGridChain('http://node.invalid', { hotWalletKey: recorded.ownerPrivateKey, fetcher: replay });
    await assert.rejects(
      signer.signTransfer({ id: 'w-1', currencyCode: 'USDT_TRC20', to: USDT, units: 1_000_000n }),
      /other than the transfer requested/,
    );
  });
});

describe('Tron: what is signed is exactly the transfer asked for', () => {
  const key = hex.encode(randomBytes(32));
  const owner = new TronGridChain('http://127.0.0.1:1', { hotWalletKey: key }).hotWallet!;
  const THIEF = tronAddressFromHex('41' + '7e'.repeat(20));
  /** A node that answers every build request with `tx` (raw data and its bytes; the id is computed). */
  const building = (raw_data: any, extraHex = '') => {
    const raw_data_hex = encodeTronRaw(raw_data) + extraHex;
    const tx = { visible: true, txID: hex.encode(sha256(hex.decode(raw_data_hex))), raw_data, raw_data_hex };
    const body = raw_data.contract[0].type === 'TransferContract' ? tx : { result: { result: true }, transaction: tx };
    return new TronGridChain('http://node.invalid', {
      hotWalletKey: key,
      fetcher: (async () => new Response(JSON.stringify(body))) as typeof fetch,
    });
  };
  const refBlock = { ref_block_bytes: '0001', ref_block_hash: 'ab'.repeat(8), expiration: 1_700_000_060_000, timestamp: 1_700_000_000_000 };
  const trx = (to: string, amount: number) => ({
    contract: [{ type: 'TransferContract', parameter: { value: { owner_address: owner, to_address: to, amount } } }],
    ...refBlock,
  });

  it("reads the expiration from the signed bytes of a real node's transaction", () => {
    const tx = recorded.response.transaction;
    assert.equal(expirationOf(tx.raw_data_hex), tx.raw_data.expiration);
  });

  it('signs the transfer the node built as asked, its expiration as the terms', async () => {
    const signed = await building(trx(PAYEE, 7_000_000)).signTransfer({ id: 'w-1', currencyCode: 'TRX', to: PAYEE, units: 7_000_000n });
    assert.deepEqual(signed.terms, { family: 'tron', expiration: 1_700_000_060_000 });
  });

  it('refuses the requested transfer hidden in a memo beside a contract that pays someone else', async () => {
    // The requested TransferContract's bytes (owner, payee, amount), which a search of the whole transaction would find.
    const asked = `0a15${tronAddressToHex(owner)}1215${tronAddressToHex(PAYEE)}18${varintHex(7_000_000n)}`;
    assert.ok(encodeTronRaw(trx(PAYEE, 7_000_000)).includes(asked));
    const memo = `52${varintHex(BigInt(asked.length / 2))}${asked}`;
    await assert.rejects(
      building(trx(THIEF, 7_000_000), memo).signTransfer({ id: 'w-1', currencyCode: 'TRX', to: PAYEE, units: 7_000_000n }),
      /other than the transfer requested/,
    );
  });

  it('refuses a token transfer whose fee limit is not the one asked for', async () => {
    const data = `a9059cbb${tronAddressToHex(PAYEE).slice(2).padStart(64, '0')}${(5_000_000).toString(16).padStart(64, '0')}`;
    const call = {
      contract: [{ type: 'TriggerSmartContract', parameter: { value: { owner_address: owner, contract_address: USDT, data } } }],
      ...refBlock,
      fee_limit: 15_000_000_000,
    };
    await assert.rejects(
      building(call).signTransfer({ id: 'w-1', currencyCode: 'USDT_TRC20', to: PAYEE, units: 5_000_000n }),
      /other than the transfer requested/,
    );
  });
});

describe('Tron through a TronGrid API', () => {
  // The node this suite was written against: no balance checks, a flat fee for a token call.
  const grid = fakeTronGrid({ accounting: 'flat' });
  let t: TestApp;
  let tron: TronGridChain;
  let url = '';
  before(async () => {
    await new Promise<void>((r) => grid.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(grid.server.address() as AddressInfo).port}`;
    t = await startTestApp('pglite', { env: { ...liveNetworkEnv('TRON', url), TRON_CONFIRMATIONS: '2' } });
    tron = new TronGridChain(url, {}, t.ctx.db);
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['TRX', 'USDT']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Tron' ? tron.feeOracle : { source: 'none', quote: async () => null }));
  });
  after(async () => {
    await t?.close();
    grid.server.closeAllConnections();
    await new Promise((r) => grid.server.close(r));
  });

  it('prices energy and bandwidth, and credits TRX and TRC-20 deposits after their confirmations', async () => {
    assert.equal(await tron.feeOracle.quote(findCurrency('TRX')!), 268_000n); // 268 bytes × 1,000 sun
    // 65,000 energy × 420 sun + 345 bytes × 1,000 sun = 27.645 TRX × 0.25 USD = 6.91125 USDT.
    assert.equal(await tron.feeOracle.quote(findCurrency('USDT_TRC20')!), 6_911_250n);
    const { key } = await t.tenant(['*']);
    const trx = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'TRX', orderId: 'tron-trx' } })).body.data;
    const usdt = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'tron-usdt' } })).body.data;
    const transferData = (to: string, units: bigint) =>
      `a9059cbb${tronAddressToHex(to).slice(2).padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;
    grid.mine([
      {
        txID: 'a1'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TransferContract',
              parameter: {
                value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(trx.address), amount: 50_000_000 },
              },
            },
          ],
        },
      },
      {
        txID: 'b2'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TriggerSmartContract',
              parameter: {
                value: {
                  owner_address: '41' + 'ee'.repeat(20),
                  contract_address: tronAddressToHex(USDT),
                  data: transferData(usdt.address, 30_000_000n),
                },
              },
            },
          ],
        },
      },
      // A reverted token transfer credits nothing.
      {
        txID: 'c3'.repeat(32),
        ret: [{ contractRet: 'REVERT' }],
        raw_data: {
          contract: [
            {
              type: 'TriggerSmartContract',
              parameter: {
                value: {
                  owner_address: '41' + 'ee'.repeat(20),
                  contract_address: tronAddressToHex(USDT),
                  data: transferData(usdt.address, 99_000_000n),
                },
              },
            },
          ],
        },
      },
    ]);
    const watcher = new Watcher(t.ctx.db, t.ctx.config, tron, depositListener(t.ctx));
    assert.equal((await watcher.round()).seen, 2);
    grid.mine([]);
    assert.equal((await watcher.round()).confirmed, 2);
    const a = (await t.call('GET', `/v1/deposit?id=${trx.id}`, { key })).body.data;
    const b = (await t.call('GET', `/v1/deposit?id=${usdt.id}`, { key })).body.data;
    assert.deepEqual([a.status, a.settlement.amountPaid], ['completed', 50]);
    assert.deepEqual([b.status, b.settlement.amountPaid], ['completed', 30]);
  });

  it('TRX at a USDT_TRC20 address and USDT at a TRX address count in their own currency; an unlisted TRC-20 is recorded, never credited', async () => {
    const { key, accountId } = await t.tenant(['*']);
    const usdtAddress = (
      await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'tron-cross-usdt' } })
    ).body.data;
    const trxAddress = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'TRX', orderId: 'tron-cross-trx' } })).body
      .data;
    const transferData = (to: string, units: bigint) =>
      `a9059cbb${tronAddressToHex(to).slice(2).padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;
    const other = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    const from = '41' + 'ee'.repeat(20);
    grid.mine([
      {
        txID: 'd1'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TransferContract',
              parameter: { value: { owner_address: from, to_address: tronAddressToHex(usdtAddress.address), amount: 100_000_000 } },
            },
          ],
        },
      },
      {
        txID: 'd2'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TriggerSmartContract',
              parameter: {
                value: {
                  owner_address: from,
                  contract_address: tronAddressToHex(USDT),
                  data: transferData(trxAddress.address, 100_000_000n),
                },
              },
            },
          ],
        },
      },
      {
        txID: 'd3'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TriggerSmartContract',
              parameter: {
                value: {
                  owner_address: from,
                  contract_address: tronAddressToHex(other),
                  data: transferData(usdtAddress.address, 10n ** 24n),
                },
              },
            },
          ],
        },
      },
    ]);
    const watcher = new Watcher(t.ctx.db, t.ctx.config, tron, depositListener(t.ctx));
    await watcher.round();
    grid.mine([]);
    await watcher.round();
    for (const d of [usdtAddress, trxAddress])
      assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'created');
    const balances = await merchantBalances(t.ctx.db, accountId);
    assert.deepEqual(
      balances.map((b) => b.currency),
      ['TRX', 'USDT_TRC20'],
    );
    // 100 TRX credited as TRX (not 98.01 USDT), 100 USDT as USDT: each less its own fee and commission.
    assert.ok(balances.every((b) => b.units > 90_000_000n && b.units < 100_000_000n));
    const unlisted = await t.ctx.db.selectFrom('unlisted_token_transfers').select(['contract', 'amount', 'owner_id']).execute();
    assert.deepEqual(unlisted, [{ contract: other, amount: (10n ** 24n).toString(), owner_id: usdtAddress.id }]);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('signs a TRX withdrawal locally over the transaction id; the node accepts the signature', async () => {
    const key32 = hex.encode(randomBytes(32));
    const signer = new TronGridChain(url, { hotWalletKey: key32 }, t.ctx.db);
    grid.accounts.set(signer.hotWallet!, 1_000_000_000);
    assert.equal(await signer.hotWalletBalance('TRX'), 1_000_000_000n);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'TRX', orderId: 'tron-fund' } })).body.data;
    grid.mine([
      {
        txID: 'd4'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TransferContract',
              parameter: { value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(d.address), amount: 300_000_000 } },
            },
          ],
        },
      },
    ]);
    grid.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, tron, depositListener(t.ctx)).round();
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'TRX', address: PAYEE, amount: 25, orderId: 'tron-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    await executeRound(t.ctx, [signer]);
    assert.equal(grid.broadcasts.length, 1);
    assert.equal(grid.broadcasts[0].raw_data.contract[0].parameter.value.amount, 25_000_000);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.transactionHash, grid.broadcasts[0].txID);
    grid.mine();
    grid.mine([]);
    await executeRound(t.ctx, [signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });

  it('pays a TRC-20 withdrawal: a transfer call built by the node, signed locally', async () => {
    const signer = new TronGridChain(url, { hotWalletKey: hex.encode(randomBytes(32)) }, t.ctx.db);
    grid.tokenBalances.set(signer.hotWallet!, 500_000_000);
    assert.equal(await signer.hotWalletBalance('USDT_TRC20'), 500_000_000n);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'tron-usdt-fund' } })).body
      .data;
    const data = `a9059cbb${tronAddressToHex(d.address).slice(2).padStart(64, '0')}${(100_000_000).toString(16).padStart(64, '0')}`;
    grid.mine([
      {
        txID: 'e5'.repeat(32),
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TriggerSmartContract',
              parameter: { value: { owner_address: '41' + 'ee'.repeat(20), contract_address: tronAddressToHex(USDT), data } },
            },
          ],
        },
      },
    ]);
    grid.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, tron, depositListener(t.ctx)).round();
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: PAYEE, amount: 10, orderId: 'tron-usdt-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const before = grid.broadcasts.length;
    await executeRound(t.ctx, [signer]);
    const sent = grid.broadcasts[before];
    assert.equal(sent.raw_data.contract[0].type, 'TriggerSmartContract');
    assert.equal(
      sent.raw_data.contract[0].parameter.value.data,
      `a9059cbb${tronAddressToHex(PAYEE).slice(2).padStart(64, '0')}${(10_000_000).toString(16).padStart(64, '0')}`,
    );
    grid.mine();
    grid.mine([]);
    await executeRound(t.ctx, [signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });
  it('locates a transfer by its transaction: in a block far below any window, pending, failed, or gone', async () => {
    const transfer = (txID: string, ret = 'SUCCESS') => ({
      txID,
      ret: [{ contractRet: ret }],
      raw_data: {
        contract: [
          {
            type: 'TransferContract',
            parameter: { value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(USDT), amount: 1_000_000 } },
          },
        ],
      },
    });
    grid.mine([transfer('f1'.repeat(32)), transfer('f2'.repeat(32), 'REVERT')]);
    const height = grid.blocks.length - 1;
    for (let i = 0; i < 150; i++) grid.mine([]);
    assert.deepEqual(await tron.locateTransfer('f1'.repeat(32)), { blockHeight: height, blockHash: grid.blocks[height].blockID });
    assert.equal(await tron.locateTransfer('f2'.repeat(32)), null, 'a reverted call transfers nothing');
    grid.pending.push(transfer('f3'.repeat(32)));
    assert.deepEqual(await tron.locateTransfer('f3'.repeat(32)), { blockHeight: null, blockHash: null });
    grid.pending.pop();
    assert.equal(await tron.locateTransfer('f3'.repeat(32)), null, 'neither mined nor pending: gone');
    assert.equal(await tron.blockTime(height), Math.floor(grid.blocks[height].block_header.raw_data.timestamp / 1000));
    assert.equal(await tron.blockTime(grid.blocks.length), null);
    grid.faults.node = true;
    try {
      await assert.rejects(tron.locateTransfer('f1'.repeat(32)), /StoreException/, 'a failing node is no answer');
      await assert.rejects(tron.locateTransfer('f3'.repeat(32)), /StoreException/);
    } finally {
      grid.faults.node = false;
    }
  });

  describe('expiry: a transaction no block can take any more is replaced, and only then', () => {
    const pendingOf = (
      transfer: OutgoingTransfer,
      current: SignedTransfer & { terms: TransferTerms },
      known: boolean,
    ): PendingTransfer => ({ transfer, current, blocksPending: 0, known, finality: 2 });
    const payout = (id: string): OutgoingTransfer => ({ id, currencyCode: 'TRX', to: PAYEE, units: 5_000_000n });
    const chain = () => new TronGridChain(url, { hotWalletKey: hex.encode(randomBytes(32)) }, t.ctx.db);
    /** Empty blocks until the solidified head's time reaches `ms`. */
    const solidifyPast = (ms: number) => {
      while (grid.solidHead().block_header.raw_data.timestamp < ms) grid.mine([]);
    };

    it('waits while it is pending and unexpired, and while only the head is past its expiration; then replaces it with a fresh one the node takes', async () => {
      const signer = chain();
      const transfer = payout('w-expiry-1');
      const signed = await signer.signTransfer(transfer);
      assert.deepEqual(signed.terms, { family: 'tron', expiration: grid.headTime() + 60_000 });
      await signer.broadcast(signed);
      assert.equal(await signer.transactionConfirmations(signed.txHash), 0);
      assert.deepEqual(await signer.replaceTransfer(pendingOf(transfer, signed, true)), { action: 'wait' });
      // No producer takes it: the chain's time passes its expiration (empty slots, then a block) and the pool drops it.
      grid.skip(60_000);
      grid.mine([]);
      assert.ok(grid.headTime() >= signed.terms.expiration && grid.solidHead().block_header.raw_data.timestamp < signed.terms.expiration);
      assert.equal(
        grid.pending.some((tx) => tx.txID === signed.txHash),
        false,
      );
      assert.equal(await signer.transactionConfirmations(signed.txHash), null, 'in no block and not pending: unknown to the node');
      await signer.broadcast(signed); // refused as expired, which sending again cannot change: no error
      assert.equal(grid.refused.at(-1), 'TRANSACTION_EXPIRATION_ERROR');
      assert.deepEqual(
        await signer.replaceTransfer(pendingOf(transfer, signed, false)),
        { action: 'wait' },
        'blocks above the solidified head can still be replaced by a fork that holds it',
      );
      solidifyPast(signed.terms.expiration);
      const decision = await signer.replaceTransfer(pendingOf(transfer, signed, false));
      assert.equal(decision.action, 'replace');
      if (decision.action !== 'replace') return;
      assert.equal(decision.reason, 'expired');
      assert.notEqual(decision.signed.txHash, signed.txHash);
      assert.ok(
        decision.signed.terms.family === 'tron' && decision.signed.terms.expiration > grid.solidHead().block_header.raw_data.timestamp,
      );
      const contractOf = (x: SignedTransfer) => (parseExact(x.raw) as any).raw_data.contract;
      assert.deepEqual(contractOf(decision.signed), contractOf(signed), 'the same payout');
      await signer.broadcast(decision.signed);
      assert.equal(grid.broadcasts.at(-1).txID, decision.signed.txHash, 'the node takes it');
      grid.mine();
      assert.equal(await signer.transactionConfirmations(decision.signed.txHash), 1);
    });

    it('never replaces one that is in a block, however far past its expiration', async () => {
      const signer = chain();
      const transfer = payout('w-expiry-2');
      const signed = await signer.signTransfer(transfer);
      await signer.broadcast(signed);
      grid.mine();
      grid.skip(120_000);
      grid.mine([]);
      solidifyPast(signed.terms.expiration + 60_000);
      assert.deepEqual(await signer.replaceTransfer(pendingOf(transfer, signed, true)), { action: 'wait' });
      assert.ok((await signer.transactionConfirmations(signed.txHash))! > 20);
      assert.equal(
        (await signer.payoutOutcome(signed.txHash))?.cost ?? null,
        0n,
        'a TRX transfer within the free bandwidth burns nothing: no `fee`',
      );
    });

    it('answers null for a transaction the node does not know, and throws when the node fails', async () => {
      assert.equal(await tron.transactionConfirmations('ab'.repeat(32)), null);
      grid.faults.node = true;
      try {
        await assert.rejects(tron.transactionConfirmations('ab'.repeat(32)), /StoreException/);
        await assert.rejects(tron.payoutOutcome('ab'.repeat(32)), /StoreException/);
      } finally {
        grid.faults.node = false;
      }
    });

    it('reads the TRX a transaction burned exactly, above 2^53 too; null while it is in no block', async () => {
      const signer = chain();
      const usdt = await signer.signTransfer({ id: 'w-cost-1', currencyCode: 'USDT_TRC20', to: PAYEE, units: 1_000_000n });
      const trx = await signer.signTransfer(payout('w-cost-2'));
      await signer.broadcast(usdt);
      await signer.broadcast(trx);
      grid.fees.set(trx.txHash, 9_007_199_254_740_993n);
      assert.equal((await signer.payoutOutcome(usdt.txHash))?.cost ?? null, null);
      grid.mine();
      assert.equal((await signer.payoutOutcome(usdt.txHash))?.cost ?? null, 27_645_000n);
      assert.equal((await signer.payoutOutcome(trx.txHash))?.cost ?? null, 9_007_199_254_740_993n);
    });

    it('pays a TRX withdrawal whose transaction expired unmined with a fresh one, and completes with it', async () => {
      const signer = chain();
      grid.accounts.set(signer.hotWallet!, 1_000_000_000);
      const { key } = await t.tenant(['*']);
      const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'TRX', orderId: 'tron-expiry-fund' } })).body.data;
      grid.mine([
        {
          txID: 'd5'.repeat(32),
          ret: [{ contractRet: 'SUCCESS' }],
          raw_data: {
            contract: [
              {
                type: 'TransferContract',
                parameter: {
                  value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(d.address), amount: 300_000_000 },
                },
              },
            ],
          },
        },
      ]);
      grid.mine([]);
      // The watcher catches up in rounds of at most 100 blocks over what the tests before mined.
      const watcher = new Watcher(t.ctx.db, t.ctx.config, tron, depositListener(t.ctx));
      for (let i = 0; i < 10 && (await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status !== 'completed'; i++)
        await watcher.round();
      const q = await t.call('POST', '/v1/withdrawal/quote', {
        key,
        body: { cryptoCurrencyCode: 'TRX', address: PAYEE, amount: 25, orderId: 'tron-expiry-out' },
      });
      assert.equal(q.status, 200, JSON.stringify(q.body));
      const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
      await executeRound(t.ctx, [signer]);
      const first = grid.broadcasts.at(-1);
      assert.equal(first.raw_data.contract[0].parameter.value.amount, 25_000_000);
      // No producer takes it; its expiration passes, the pool drops it, the solidified head passes it too.
      grid.skip(60_000);
      grid.mine([]);
      solidifyPast(first.raw_data.expiration);
      await executeRound(t.ctx, [signer]);
      const second = grid.broadcasts.at(-1);
      assert.notEqual(second.txID, first.txID, 'a new transaction pays the withdrawal');
      assert.ok(second.raw_data.expiration > first.raw_data.expiration);
      assert.deepEqual(second.raw_data.contract, first.raw_data.contract, 'the same payout');
      const stored = await t.ctx.db
        .selectFrom('withdrawal_transactions')
        .select(['seq', 'tx_hash', 'reason'])
        .where('withdrawal_id', '=', w.id)
        .orderBy('seq')
        .execute();
      assert.deepEqual(stored, [
        { seq: 0, tx_hash: first.txID, reason: null },
        { seq: 1, tx_hash: second.txID, reason: 'expired' },
      ]);
      assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.transactionHash, second.txID);
      // This one burns TRX for its bandwidth (the free allowance spent): booked as the network's cost.
      grid.fees.set(second.txID, 268_000);
      grid.mine();
      grid.mine([]);
      await executeRound(t.ctx, [signer]);
      await executeRound(t.ctx, [signer]);
      const done = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
      assert.deepEqual([done.status, done.transactionHash], ['completed', second.txID]);
      const cost = await t.ctx.db
        .selectFrom('withdrawals')
        .select(['network_cost', 'network_cost_currency'])
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual([String(cost.network_cost), cost.network_cost_currency], ['268000', 'TRX']);
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    });
  });
});

describe('TronGrid amounts above 2^53', () => {
  // 2^53 + 1 sun: a JS number would read it as 2^53, one sun short.
  const big = 9_007_199_254_740_993n;
  const answering = (routes: Record<string, string>, sent: string[] = []) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      sent.push(`${path} ${String(init?.body)}`);
      return new Response(routes[path] ?? '{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;

  it('reads balances and chain parameters exactly, as bigint when a number cannot hold them', async () => {
    const chain = new TronGridChain('http://node.invalid', {
      hotWalletKey: hex.encode(randomBytes(32)),
      fetcher: answering({ '/wallet/getaccount': `{"address":"x","balance":${big}}` }),
    });
    assert.equal(await chain.hotWalletBalance('TRX'), big);
    assert.deepEqual(
      parseExact(`{"chainParameter":[{"key":"getEnergyFee","value":${big}},{"key":"getTransactionFee","value":1000}],"f":1.5}`),
      {
        chainParameter: [
          { key: 'getEnergyFee', value: big },
          { key: 'getTransactionFee', value: 1000 },
        ],
        f: 1.5,
      },
    );
  });

  it('writes a bigint amount as a bare JSON integer, not rounded', () => {
    assert.equal(stringifyExact({ amount: big, visible: true }), `{"amount":${big},"visible":true}`);
  });
});
