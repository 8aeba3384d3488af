/**
 * Incoming screening on a local EVM node (anvil): a native payment's sender is its transaction's
 * `from`, a token payment's the Transfer log's `from`. A denylisted sender's payments are held (not
 * credited), a clean sender's credits as before, and a released token payment is credited.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import {
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Chain,
  type HttpTransport,
  type PrivateKeyAccount,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { EvmChain } from '../../src/chains/evm/evm-chain.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { invoiceListener } from '../../src/modules/invoices/payments.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { Watcher, allListeners } from '../../src/modules/payments/watcher.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, liveNetworkEnv, startTestApp, type TestApp } from '../helpers/harness.ts';

const skip = anvilBinary() ? false : 'anvil (@foundry-rs/anvil-*) is not installed for this platform';

describeEngines('incoming screening on anvil', (engine) => {
  const flagged = privateKeyToAccount(DEV_KEYS.seller);
  const buyer = privateKeyToAccount(DEV_KEYS.buyer);
  let dir: string;
  let devnet: Devnet;
  let t: TestApp;
  let evm: EvmChain;
  let key = '';
  before(async () => {
    if (skip) return;
    dir = mkdtempSync(join(tmpdir(), 'cg-held-evm-'));
    writeFileSync(join(dir, 'denylist.txt'), `${flagged.address.toLowerCase()}\n`);
    // A chain of its own per engine: both databases hand out the same addresses.
    devnet = await startDevnet({ chainId: 1 });
    await devnet.mint(flagged.address, 100_000_000n);
    t = await startTestApp(engine, {
      env: {
        ...liveNetworkEnv('ETHEREUM', devnet.rpcUrl),
        ETHEREUM_CONFIRMATIONS: '1',
        SCREENING_DENYLIST_FILE: join(dir, 'denylist.txt'),
      },
    });
    evm = new EvmChain({ network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, contracts: { USDT_ERC20: devnet.usdc } }, t.ctx.db);
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'ETH']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? evm.feeOracle : { source: 'none', quote: async () => null }));
    const tenant = await t.tenant(['*']);
    key = tenant.key;
    await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0 });
  });
  after(async () => {
    await t?.close();
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const wallet = (account: PrivateKeyAccount): WalletClient<HttpTransport, Chain, PrivateKeyAccount> =>
    createWalletClient({
      account,
      transport: http(devnet.rpcUrl),
      chain: {
        id: 1,
        name: 'devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [devnet.rpcUrl] } },
      },
    });
  const deposit = async (code: string) => {
    const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: code, orderId: `${code}-${Math.random()}` } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data as { id: string; address: Address };
  };
  const state = async (id: string) => {
    const d = (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data;
    const p = await t.ctx.db.selectFrom('payments').select(['senders', 'on_hold']).where('owner_id', '=', id).executeTakeFirstOrThrow();
    return [d.status, p.on_hold, p.senders];
  };

  it("holds a denylisted sender's ETH and token payments, credits a clean sender's, and credits a released one", { skip }, async () => {
    const [eth, usdt, fine] = [await deposit('ETH'), await deposit('USDT_ERC20'), await deposit('ETH')];
    const bad = wallet(flagged);
    await bad.sendTransaction({ to: eth.address, value: parseEther('0.05'), chain: null, account: flagged });
    await bad.writeContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [usdt.address, 25_000_000n],
      chain: null,
      account: flagged,
    });
    const last = await wallet(buyer).sendTransaction({ to: fine.address, value: parseEther('0.05'), chain: null, account: buyer });
    await evm.client.waitForTransactionReceipt({ hash: last, pollingInterval: 50 });
    const watcher = new Watcher(t.ctx.db, t.ctx.config, evm, allListeners(depositListener(t.ctx), invoiceListener(t.ctx)));
    await watcher.round();

    assert.deepEqual(await state(eth.id), ['created', true, [flagged.address]]);
    assert.deepEqual(await state(usdt.id), ['created', true, [flagged.address]], "the Transfer log's from");
    assert.deepEqual(await state(fine.id), ['completed', false, [buyer.address]]);
    const queue = (await t.admin('GET', '/admin/held-payments?status=held')).body.data;
    assert.deepEqual(
      queue.map((h: any) => [h.ownerId, h.cryptoCurrencyCode, h.flaggedSender]).sort(),
      [
        [eth.id, 'ETH', flagged.address],
        [usdt.id, 'USDT_ERC20', flagged.address],
      ].sort(),
    );

    const token = queue.find((h: any) => h.ownerId === usdt.id);
    assert.equal((await t.admin('POST', `/admin/held-payments/${token.id}/release`, {})).status, 200);
    const released = (await t.call('GET', `/v1/deposit?id=${usdt.id}`, { key })).body.data;
    assert.deepEqual([released.status, released.settlement.amountPaid], ['completed', 25]);
    await watcher.round();
    assert.deepEqual(await state(eth.id), ['created', true, [flagged.address]], 'watching again credits nothing held');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
