import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { TronGridChain, parseExact, signTronTxId, stringifyExact, tronAddressFromHex, tronAddressToHex, varintHex } from '../../src/chains/tron/trongrid-chain.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { DepositService } from '../../src/modules/deposits/service.ts';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { WithdrawalService } from '../../src/modules/withdrawals/service.ts';
import { startTestApp, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
// Where withdrawals go: a valid account that is no token contract (those are refused as destinations).
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const recorded = JSON.parse(readFileSync(new URL('../fixtures/tron-triggersmartcontract.json', import.meta.url), 'utf8'));

/**
 * A node's protobuf encoding of `Transaction.raw` (java-tron's Tron.proto): what the fake node
 * hashes into a transaction id, checked below against a real node's recorded bytes.
 */
function encodeTronRaw(raw: any): string {
  const varint = (n: bigint | number) => varintHex(BigInt(n));
  const num = (field: number, v: unknown) => (v === undefined || v === 0 ? '' : varint(field << 3) + varint(v as number));
  const bytes = (field: number, h: string | undefined) => (h === undefined ? '' : varint((field << 3) | 2) + varint(h.length / 2) + h);
  const addr = (a: string) => (a.startsWith('T') ? tronAddressToHex(a) : a);
  const types: Record<string, [number, (v: any) => string]> = {
    TransferContract: [1, (v) => bytes(1, addr(v.owner_address)) + bytes(2, addr(v.to_address)) + num(3, v.amount)],
    TriggerSmartContract: [31, (v) => bytes(1, addr(v.owner_address)) + bytes(2, addr(v.contract_address)) + num(3, v.call_value) + bytes(4, v.data) + num(5, v.call_token_value) + num(6, v.token_id)],
  };
  const contracts = raw.contract.map((c: any) => {
    const [type, encode] = types[c.type]!;
    const any = bytes(1, hex.encode(new TextEncoder().encode(`type.googleapis.com/protocol.${c.type}`))) + bytes(2, encode(c.parameter.value));
    return bytes(11, num(1, type) + bytes(2, any));
  });
  return bytes(1, raw.ref_block_bytes) + bytes(4, raw.ref_block_hash) + num(8, raw.expiration) + contracts.join('') + num(14, raw.timestamp) + num(18, raw.fee_limit);
}

/**
 * A local TronGrid: the `/wallet/*` endpoints the adapter uses, with bodies in TronGrid's
 * documented shapes and transactions encoded in protobuf as java-tron does (`encodeTronRaw`,
 * checked against a real node's recorded bytes). Broadcast checks the signature against the
 * sender's address, as a node does.
 */
function fakeTronGrid() {
  const blocks: any[] = [];
  const pending: any[] = [];
  const accounts = new Map<string, number>();
  const tokenBalances = new Map<string, number>();
  const mined = new Map<string, { number: number; result: string }>();
  const broadcasts: any[] = [];
  /** While set, the node answers every call with java-tron's `{ Error }` body. */
  const faults = { node: false };
  const mine = (txs: any[] = pending.splice(0)) => {
    const number = blocks.length;
    const blockID = hex.encode(randomBytes(32));
    blocks.push({ blockID, block_header: { raw_data: { number, timestamp: 1_700_000_000_000 + number * 3000 } }, transactions: txs });
    for (const tx of txs) mined.set(tx.txID, { number, result: tx.ret?.[0]?.contractRet ?? 'SUCCESS' });
  };
  for (let i = 0; i < 10; i++) mine([]);
  /** A new transaction's reference to the latest block and its expiry, as the node sets them. */
  const refBlock = () => {
    const tip = blocks[blocks.length - 1];
    const number = tip.block_header.raw_data.number;
    return { ref_block_bytes: (number & 0xffff).toString(16).padStart(4, '0'), ref_block_hash: tip.blockID.slice(16, 32), expiration: Date.now() + 60_000, timestamp: Date.now() };
  };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : {};
    const send = (v: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(faults.node ? { Error: 'class org.tron.core.exception.StoreException : database unavailable' } : v));
    };
    switch (req.url) {
      case '/wallet/getnowblock':
        return send(blocks[blocks.length - 1]);
      case '/wallet/getblockbynum':
        return send(blocks[body.num] ?? {});
      case '/wallet/gettransactioninfobyid': {
        const m = mined.get(body.value);
        if (!m) return send({});
        // A failed contract call says so in its receipt and in `result: FAILED`.
        return send({ id: body.value, blockNumber: m.number, blockTimeStamp: blocks[m.number].block_header.raw_data.timestamp, receipt: { result: m.result }, ...(m.result === 'SUCCESS' ? {} : { result: 'FAILED' }) });
      }
      case '/wallet/gettransactionfrompending':
        return send(pending.find((tx) => tx.txID === body.value) ?? {});
      case '/wallet/getchainparameters':
        return send({ chainParameter: [{ key: 'getTransactionFee', value: 1000 }, { key: 'getEnergyFee', value: 420 }, { key: 'getCreateAccountFee', value: 100000 }] });
      case '/wallet/getaccount':
        return send(accounts.has(body.address) ? { address: body.address, balance: accounts.get(body.address) } : {});
      case '/wallet/triggerconstantcontract':
        return send({ result: { result: true }, constant_result: [(tokenBalances.get(body.owner_address) ?? 0).toString(16).padStart(64, '0')] });
      case '/wallet/triggersmartcontract': {
        const raw_data = { contract: [{ type: 'TriggerSmartContract', parameter: { value: { owner_address: body.owner_address, contract_address: body.contract_address, data: `a9059cbb${body.parameter}` } } }], ...refBlock(), fee_limit: body.fee_limit };
        const raw_data_hex = encodeTronRaw(raw_data);
        return send({ result: { result: true }, transaction: { visible: true, txID: hex.encode(sha256(hex.decode(raw_data_hex))), raw_data, raw_data_hex } });
      }
      case '/wallet/createtransaction': {
        const raw_data = { contract: [{ type: 'TransferContract', parameter: { value: { owner_address: body.owner_address, to_address: body.to_address, amount: body.amount } } }], ...refBlock() };
        const raw_data_hex = encodeTronRaw(raw_data);
        return send({ visible: true, txID: hex.encode(sha256(hex.decode(raw_data_hex))), raw_data, raw_data_hex });
      }
      case '/wallet/broadcasttransaction': {
        const sig = hex.decode(body.signature[0]);
        const recovered = secp256k1.recoverPublicKey(new Uint8Array([sig[64]!, ...sig.slice(0, 64)]), hex.decode(body.txID), { prehash: false });
        const from = tronAddressFromHex(`41${hex.encode(keccak_256(secp256k1.Point.fromBytes(recovered).toBytes(false).slice(1)).slice(-20))}`);
        if (from !== body.raw_data.contract[0].parameter.value.owner_address) return send({ result: false, code: 'SIGERROR', message: 'bad signature' });
        broadcasts.push(body);
        const c = body.raw_data.contract[0];
        const v = c.parameter.value;
        pending.push({
          txID: body.txID,
          ret: [{ contractRet: 'SUCCESS' }],
          // Blocks show addresses in hex, as TronGrid does without `visible`.
          raw_data: {
            contract: [
              c.type === 'TransferContract'
                ? { type: c.type, parameter: { value: { ...v, to_address: tronAddressToHex(v.to_address) } } }
                : { type: c.type, parameter: { value: { ...v, contract_address: tronAddressToHex(v.contract_address) } } },
            ],
          },
        });
        return send({ result: true, txid: body.txID });
      }
      default:
        res.writeHead(404).end();
    }
  });
  return { server, blocks, pending, accounts, tokenBalances, broadcasts, faults, mine };
}

describe('Tron: known-good vectors', () => {
  it('signs a transaction id as Trust Wallet Core does (its Tron signer test vector)', () => {
    const key = hex.decode('2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54');
    assert.equal(
      signTronTxId('546a3d07164c624809cf4e564a083a7a7974bb3c4eff6bb3e278b0ca21083fcb', key),
      '77f5eabde31e739d34a66914540f1756981dc7d782c9656f5e14e53b59a15371603a183aa12124adeee7991bf55acc8e488a6ca04fb393b1a8ac16610eeafdfc00',
    );
    assert.equal(new TronGridChain('http://127.0.0.1:1', { hotWalletKey: hex.encode(key) }).hotWallet, 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC');
  });

  it("reads a real node's recorded transaction: its id is the SHA-256 of its protobuf bytes, which the fake node reproduces", () => {
    const tx = recorded.response.transaction;
    assert.equal(hex.encode(sha256(hex.decode(tx.raw_data_hex))), tx.txID);
    assert.equal(encodeTronRaw(tx.raw_data), tx.raw_data_hex);
    assert.equal(new TronGridChain('http://127.0.0.1:1', { hotWalletKey: recorded.ownerPrivateKey }).hotWallet, tx.raw_data.contract[0].parameter.value.owner_address);
    assert.equal(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c'), USDT);
  });

  it('refuses to sign a transaction the node built other than the one requested', async () => {
    // The node answers a USDT transfer request with the recorded transaction: a different call.
    const replay = (async () => new Response(JSON.stringify(recorded.response), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const signer = new TronGridChain('http://node.invalid', { hotWalletKey: recorded.ownerPrivateKey, fetcher: replay });
    await assert.rejects(signer.signTransfer({ id: 'w-1', currencyCode: 'USDT_TRC20', to: USDT, units: 1_000_000n }), /other than the transfer requested/);
  });
});

describe('Tron through a TronGrid API', () => {
  const grid = fakeTronGrid();
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
    const transferData = (to: string, units: bigint) => `a9059cbb${tronAddressToHex(to).slice(2).padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;
    grid.mine([
      { txID: 'a1'.repeat(32), ret: [{ contractRet: 'SUCCESS' }], raw_data: { contract: [{ type: 'TransferContract', parameter: { value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(trx.address), amount: 50_000_000 } } }] } },
      { txID: 'b2'.repeat(32), ret: [{ contractRet: 'SUCCESS' }], raw_data: { contract: [{ type: 'TriggerSmartContract', parameter: { value: { owner_address: '41' + 'ee'.repeat(20), contract_address: tronAddressToHex(USDT), data: transferData(usdt.address, 30_000_000n) } } }] } },
      // A reverted token transfer credits nothing.
      { txID: 'c3'.repeat(32), ret: [{ contractRet: 'REVERT' }], raw_data: { contract: [{ type: 'TriggerSmartContract', parameter: { value: { owner_address: '41' + 'ee'.repeat(20), contract_address: tronAddressToHex(USDT), data: transferData(usdt.address, 99_000_000n) } } }] } },
    ]);
    const watcher = new Watcher(t.ctx.db, t.ctx.config, tron, new DepositService(t.ctx));
    assert.equal((await watcher.round()).seen, 2);
    grid.mine([]);
    assert.equal((await watcher.round()).confirmed, 2);
    const a = (await t.call('GET', `/v1/deposit?id=${trx.id}`, { key })).body.data;
    const b = (await t.call('GET', `/v1/deposit?id=${usdt.id}`, { key })).body.data;
    assert.deepEqual([a.status, a.settlement.amountPaid], ['completed', 50]);
    assert.deepEqual([b.status, b.settlement.amountPaid], ['completed', 30]);
  });

  it('signs a TRX withdrawal locally over the transaction id; the node accepts the signature', async () => {
    const key32 = hex.encode(randomBytes(32));
    const signer = new TronGridChain(url, { hotWalletKey: key32 }, t.ctx.db);
    grid.accounts.set(signer.hotWallet!, 1_000_000_000);
    assert.equal(await signer.hotWalletBalance('TRX'), 1_000_000_000n);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'TRX', orderId: 'tron-fund' } })).body.data;
    grid.mine([{ txID: 'd4'.repeat(32), ret: [{ contractRet: 'SUCCESS' }], raw_data: { contract: [{ type: 'TransferContract', parameter: { value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(d.address), amount: 300_000_000 } } }] } }]);
    grid.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, tron, new DepositService(t.ctx)).round();
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'TRX', address: PAYEE, amount: 25, orderId: 'tron-out' } });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const service = new WithdrawalService(t.ctx);
    await service.executeRound([signer]);
    assert.equal(grid.broadcasts.length, 1);
    assert.equal(grid.broadcasts[0].raw_data.contract[0].parameter.value.amount, 25_000_000);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.transactionHash, grid.broadcasts[0].txID);
    grid.mine();
    grid.mine([]);
    await service.executeRound([signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });

  it('pays a TRC-20 withdrawal: a transfer call built by the node, signed locally', async () => {
    const signer = new TronGridChain(url, { hotWalletKey: hex.encode(randomBytes(32)) }, t.ctx.db);
    grid.tokenBalances.set(signer.hotWallet!, 500_000_000);
    assert.equal(await signer.hotWalletBalance('USDT_TRC20'), 500_000_000n);
    const { key } = await t.tenant(['*']);
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'tron-usdt-fund' } })).body.data;
    const data = `a9059cbb${tronAddressToHex(d.address).slice(2).padStart(64, '0')}${(100_000_000).toString(16).padStart(64, '0')}`;
    grid.mine([{ txID: 'e5'.repeat(32), ret: [{ contractRet: 'SUCCESS' }], raw_data: { contract: [{ type: 'TriggerSmartContract', parameter: { value: { owner_address: '41' + 'ee'.repeat(20), contract_address: tronAddressToHex(USDT), data } } }] } }]);
    grid.mine([]);
    await new Watcher(t.ctx.db, t.ctx.config, tron, new DepositService(t.ctx)).round();
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', address: PAYEE, amount: 10, orderId: 'tron-usdt-out' } });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const before = grid.broadcasts.length;
    const service = new WithdrawalService(t.ctx);
    await service.executeRound([signer]);
    const sent = grid.broadcasts[before];
    assert.equal(sent.raw_data.contract[0].type, 'TriggerSmartContract');
    assert.equal(sent.raw_data.contract[0].parameter.value.data, `a9059cbb${tronAddressToHex(PAYEE).slice(2).padStart(64, '0')}${(10_000_000).toString(16).padStart(64, '0')}`);
    grid.mine();
    grid.mine([]);
    await service.executeRound([signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });
  it('locates a transfer by its transaction: in a block far below any window, pending, failed, or gone', async () => {
    const transfer = (txID: string, ret = 'SUCCESS') => ({
      txID,
      ret: [{ contractRet: ret }],
      raw_data: { contract: [{ type: 'TransferContract', parameter: { value: { owner_address: '41' + 'ee'.repeat(20), to_address: tronAddressToHex(USDT), amount: 1_000_000 } } }] },
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
    assert.deepEqual(parseExact(`{"chainParameter":[{"key":"getEnergyFee","value":${big}},{"key":"getTransactionFee","value":1000}],"f":1.5}`), {
      chainParameter: [
        { key: 'getEnergyFee', value: big },
        { key: 'getTransactionFee', value: 1000 },
      ],
      f: 1.5,
    });
  });

  it('writes a bigint amount as a bare JSON integer, not rounded', () => {
    assert.equal(stringifyExact({ amount: big, visible: true }), `{"amount":${big},"visible":true}`);
  });
});
