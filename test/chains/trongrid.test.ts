import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { TronGridChain, tronAddressFromHex, tronAddressToHex } from '../../src/chains/tron/trongrid-chain.ts';
import { Watcher } from '../../src/chains/watcher.ts';
import { DepositService } from '../../src/modules/deposits/service.ts';
import { findCurrency } from '../../src/modules/currencies/catalogue.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { WithdrawalService } from '../../src/modules/withdrawals/service.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * A local TronGrid: the `/wallet/*` endpoints the adapter uses, with bodies in TronGrid's
 * documented shapes (hand-written: this machine reaches no Tron node). Broadcast checks the
 * signature against the sender's address, as a node does.
 */
function fakeTronGrid() {
  const blocks: any[] = [];
  const pending: any[] = [];
  const accounts = new Map<string, number>();
  const tokenBalances = new Map<string, number>();
  const mined = new Map<string, number>();
  const broadcasts: any[] = [];
  const mine = (txs: any[] = pending.splice(0)) => {
    const number = blocks.length;
    const blockID = hex.encode(randomBytes(32));
    blocks.push({ blockID, block_header: { raw_data: { number, timestamp: 1_700_000_000_000 + number * 3000 } }, transactions: txs });
    for (const tx of txs) mined.set(tx.txID, number);
  };
  for (let i = 0; i < 10; i++) mine([]);
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : {};
    const send = (v: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    switch (req.url) {
      case '/wallet/getnowblock':
        return send(blocks[blocks.length - 1]);
      case '/wallet/getblockbynum':
        return send(blocks[body.num] ?? {});
      case '/wallet/gettransactioninfobyid':
        return send(mined.has(body.value) ? { id: body.value, blockNumber: mined.get(body.value), receipt: { result: 'SUCCESS' } } : {});
      case '/wallet/getchainparameters':
        return send({ chainParameter: [{ key: 'getTransactionFee', value: 1000 }, { key: 'getEnergyFee', value: 420 }, { key: 'getCreateAccountFee', value: 100000 }] });
      case '/wallet/getaccount':
        return send(accounts.has(body.address) ? { address: body.address, balance: accounts.get(body.address) } : {});
      case '/wallet/triggerconstantcontract':
        return send({ result: { result: true }, constant_result: [(tokenBalances.get(body.owner_address) ?? 0).toString(16).padStart(64, '0')] });
      case '/wallet/triggersmartcontract': {
        const raw_data = { contract: [{ type: 'TriggerSmartContract', parameter: { value: { owner_address: body.owner_address, contract_address: body.contract_address, data: `a9059cbb${body.parameter}` } } }], fee_limit: body.fee_limit, expiration: Date.now() + 60_000 };
        const raw_data_hex = hex.encode(new TextEncoder().encode(JSON.stringify(raw_data)));
        return send({ result: { result: true }, transaction: { visible: true, txID: hex.encode(sha256(hex.decode(raw_data_hex))), raw_data, raw_data_hex } });
      }
      case '/wallet/createtransaction': {
        const raw_data = { contract: [{ type: 'TransferContract', parameter: { value: { owner_address: body.owner_address, to_address: body.to_address, amount: body.amount } } }], expiration: Date.now() + 60_000 };
        const raw_data_hex = hex.encode(new TextEncoder().encode(JSON.stringify(raw_data)));
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
  return { server, blocks, pending, accounts, tokenBalances, broadcasts, mine };
}

describe('Tron through a TronGrid API', () => {
  const grid = fakeTronGrid();
  let t: TestApp;
  let tron: TronGridChain;
  let url = '';
  before(async () => {
    await new Promise<void>((r) => grid.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(grid.server.address() as AddressInfo).port}`;
    t = await startTestApp('pglite', { env: { TRON_RPC_URL: url, TRON_CONFIRMATIONS: '2' } });
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
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'TRX', address: USDT, amount: 25, orderId: 'tron-out' } });
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
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', address: USDT, amount: 10, orderId: 'tron-usdt-out' } });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const before = grid.broadcasts.length;
    const service = new WithdrawalService(t.ctx);
    await service.executeRound([signer]);
    const sent = grid.broadcasts[before];
    assert.equal(sent.raw_data.contract[0].type, 'TriggerSmartContract');
    assert.equal(sent.raw_data.contract[0].parameter.value.data, `a9059cbb${tronAddressToHex(USDT).slice(2).padStart(64, '0')}${(10_000_000).toString(16).padStart(64, '0')}`);
    grid.mine();
    grid.mine([]);
    await service.executeRound([signer]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
  });
});
