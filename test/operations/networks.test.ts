// GET /admin/networks (operator console point 3): every sandbox network with its tip, the
// watcher's progress, the payments waiting for confirmations (changing with a sandbox transfer and
// mining), fee quotes with their ages and the hot wallet; a node that fails or hangs is reported on
// its own network within the timeout; the x402 fee payer when x402 is enabled.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PublicClient } from 'viem';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import type { ChainAdapter } from '../../src/chains/types.ts';
import { NETWORK_ENV_NAMES } from '../../src/config.ts';
import { anvilBinary, DEV_KEYS, startDevnet } from '../../src/chains/evm/devnet.ts';
import { NETWORKS, servedCurrencies } from '../../src/lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../src/lib/money.ts';
import { NetworkBoard } from '../../src/modules/operations/networks.ts';
import { settlementsLeft } from '../../src/modules/operations/x402-status.ts';
import { connectX402, type X402Chain } from '../../src/chains/x402/chain.ts';
import { describeEngines, startTestApp, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

const FEE_PAYER = '0x1111111111111111111111111111111111111111';
const NETWORK_KEYS = [
  'network',
  'mode',
  'nodeReachable',
  'error',
  'tip',
  'scannedHeight',
  'lag',
  'scanAgeSeconds',
  'unconfirmedPayments',
  'fees',
  'hotWallet',
];

/** A stand-in x402 chain whose node answers (or fails) as told. */
function fakeX402(node: { balance?: bigint; gasPrice?: bigint; fail?: string; chainId?: number }): X402Chain {
  const answer = async <T>(value: T) => {
    if (node.fail) throw new Error(node.fail);
    return value;
  };
  const publicClient = {
    getBalance: () => answer(node.balance ?? 0n),
    getGasPrice: () => answer(node.gasPrice ?? 0n),
  } as unknown as PublicClient;
  const chainId = node.chainId ?? 84532;
  return { network: `eip155:${chainId}`, chainId, publicClient, feePayer: FEE_PAYER, assets: new Map() };
}

describeEngines('operator console: networks', (engine) => {
  const app = useTestApp(engine);

  const networks = async (t: TestApp) => {
    const res = await t.admin('GET', '/admin/networks');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data as { networks: any[]; x402: any[] };
  };
  const tron = async (t: TestApp) => (await networks(t)).networks.find((n) => n.network === 'Tron');
  it('lists every sandbox network with node, scan, fees and hot wallet; x402 lists nothing when not enabled', async () => {
    const t = app();
    const data = await networks(t);
    assert.deepEqual(data.x402, []);
    // A sandbox installation offers every network, in configuration order.
    assert.deepEqual(t.ctx.config.networks, [...NETWORK_ENV_NAMES]);
    assert.deepEqual(
      data.networks.map((n) => n.network),
      NETWORK_ENV_NAMES.map((env) => Object.values(NETWORKS).find((n) => n.env === env)!.api),
    );
    for (const n of data.networks) {
      assert.deepEqual(Object.keys(n).sort(), [...NETWORK_KEYS].sort(), n.network);
      assert.equal(n.mode, 'sandbox');
      assert.equal(n.nodeReachable, true, n.network);
      assert.equal(n.error, null);
      assert.equal(n.hotWallet.address, null, 'the sandbox hot wallet is the network itself');
      const codes = servedCurrencies(t.ctx.config)
        .filter((c) => c.network === n.network)
        .map((c) => c.code);
      assert.deepEqual(
        n.fees.map((f: any) => f.cryptoCurrencyCode),
        codes,
      );
      assert.deepEqual(
        n.hotWallet.balances.map((b: any) => b.cryptoCurrencyCode),
        codes,
      );
    }
    // A fee the operator sets shows at once with its age; one never quoted has neither.
    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1.5 })).status, 200);
    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'TRX', amount: null })).status, 200);
    const fees = new Map((await tron(t)).fees.map((f: any) => [f.cryptoCurrencyCode, f]));
    const usdt = fees.get('USDT_TRC20') as any;
    assert.equal(usdt.amount, 1.5);
    assert.ok(usdt.ageSeconds >= 0 && usdt.ageSeconds < 60, String(usdt.ageSeconds));
    assert.equal((fees.get('TRX') as any).amount, null, 'set unavailable');
    assert.equal(typeof (fees.get('TRX') as any).ageSeconds, 'number');
    const btc = (await networks(t)).networks.find((n) => n.network === 'BTC');
    assert.deepEqual(btc.fees, [{ cryptoCurrencyCode: 'BTC', amount: null, ageSeconds: null }]);
  });

  it('counts unconfirmed payments after a sandbox transfer, and tip, scanned height and lag follow mining', async () => {
    const t = app();
    const before = await tron(t);
    const tenant = await t.tenant(['*']);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
    const deposit = await t.call('POST', '/v1/deposit', {
      key: tenant.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'ops-net-1' },
    });
    assert.equal(deposit.status, 201, JSON.stringify(deposit.body));
    const sent = await t.admin('POST', '/admin/sandbox/transfers', {
      cryptoCurrencyCode: 'USDT_TRC20',
      to: deposit.body.data.address,
      amount: 101,
    });
    assert.equal(sent.status, 201);
    await runWatchers(t);
    const seen = await tron(t);
    assert.equal(seen.unconfirmedPayments, before.unconfirmedPayments + 1);
    assert.equal(typeof seen.scannedHeight, 'number');
    assert.ok(seen.scanAgeSeconds >= 0 && seen.scanAgeSeconds < 60, String(seen.scanAgeSeconds));

    // Mined but not yet scanned: the tip moves ahead of the watcher.
    const mined = await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 3 });
    assert.equal(mined.status, 200);
    const ahead = await tron(t);
    assert.equal(ahead.tip, mined.body.data.height);
    assert.equal(ahead.scannedHeight, seen.scannedHeight);
    assert.equal(ahead.lag, Math.max(0, ahead.tip - ahead.scannedHeight + 1));
    assert.ok(ahead.lag >= 1, `lag ${ahead.lag}`);
    assert.equal(ahead.unconfirmedPayments, seen.unconfirmedPayments);

    // Scanned (3 blocks, 2 confirmations needed): confirmed, caught up, and in the hot wallet.
    await runWatchers(t);
    const caught = await tron(t);
    assert.equal(caught.lag, 0);
    assert.equal(caught.scannedHeight, caught.tip + 1);
    assert.equal(caught.unconfirmedPayments, before.unconfirmedPayments);
    const held = caught.hotWallet.balances.find((b: any) => b.cryptoCurrencyCode === 'USDT_TRC20');
    const heldBefore = before.hotWallet.balances.find((b: any) => b.cryptoCurrencyCode === 'USDT_TRC20');
    assert.equal(held.amount, heldBefore.amount + 101);
  });

  it('refuses calls without the operator token', async () => {
    const t = app();
    for (const url of ['/admin/networks', '/admin/webhook-health', '/admin/rates', '/admin/withdrawals', '/admin/webhook-deliveries']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 401, url);
      assert.equal(res.json().code, 'exceptions.admin.invalidToken', url);
    }
  });

  it('reports a node that fails or does not answer in time on its own network, without configured secrets', async () => {
    const t = app();
    const secret = 'k3y0f7h3rpcpr0v1d3r0123456789';
    const config = {
      ...t.ctx.config,
      chains: { ...t.ctx.config.chains, BTC: { ...t.ctx.config.chains.BTC, rpcUrl: `https://btc.node.example/v1/${secret}` } },
    };
    const adapters: ChainAdapter[] = config.networks.map((network) => {
      const chain = new SandboxChain(network, t.ctx.db);
      if (network === 'BTC')
        return Object.assign(chain, {
          tip: async () => Promise.reject(new Error(`connect ECONNREFUSED https://btc.node.example/v1/${secret}\nstack`)),
        });
      if (network === 'BNB')
        return Object.assign(chain, { tip: () => new Promise((resolve) => setTimeout(() => resolve({ height: 1, hash: '0x' }), 1_000)) });
      return chain;
    });
    const board = new NetworkBoard({ db: t.ctx.db, config }, adapters, 200);
    const started = Date.now();
    const list = await board.networks();
    assert.ok(Date.now() - started < 900, `answered in ${Date.now() - started} ms`);
    const byName = new Map(list.map((n) => [n.network, n]));
    const btc = byName.get('BTC')!;
    assert.equal(btc.nodeReachable, false);
    assert.equal(btc.tip, null);
    assert.equal(btc.hotWallet, null);
    assert.match(btc.error!, /ECONNREFUSED/);
    assert.ok(!btc.error!.includes(secret) && !btc.error!.includes('\n'), btc.error!);
    const bnb = byName.get('BNB')!;
    assert.equal(bnb.nodeReachable, false);
    assert.match(bnb.error!, /no answer within 200 ms/);
    for (const name of ['Ethereum', 'Base', 'Tron']) assert.equal(byName.get(name as 'Tron')!.nodeReachable, true, name);
    await board.settle();
  });
});

describeEngines('operator console: the x402 fee payer', (engine) => {
  it('shows the fee payer, its balance against the reserve and the settlements it pays for; an unreachable node is reported', async () => {
    const t = await startTestApp(engine, { ctx: { x402: [fakeX402({ balance: 2n * 10n ** 18n, gasPrice: 10n ** 9n })] } });
    try {
      const res = await t.admin('GET', '/admin/networks');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      // (2 ETH − 0.001 ETH reserve) / (200 000 gas × 1 gwei) settlements.
      assert.deepEqual(res.body.data.x402, [
        {
          network: 'eip155:84532',
          coin: 'ETH',
          feePayer: FEE_PAYER,
          balance: 2,
          reserve: 0.001,
          settlementsLeft: 9995,
          nodeReachable: true,
          error: null,
        },
      ]);
    } finally {
      await t.close();
    }
    // Two networks: each its own fee payer reading, reserve and coin; one node down leaves the other read.
    const env = { X402_NETWORKS: 'eip155:84532,eip155:97', BNB_X402_FEE_PAYER_RESERVE_WEI: '500000000000000000' };
    const bnb = fakeX402({ chainId: 97, fail: 'bnb node down' });
    const two = await startTestApp(engine, { env, ctx: { x402: [fakeX402({ balance: 2n * 10n ** 18n, gasPrice: 10n ** 9n }), bnb] } });
    try {
      const res = await two.admin('GET', '/admin/networks');
      assert.deepEqual(res.body.data.x402, [
        {
          network: 'eip155:84532',
          coin: 'ETH',
          feePayer: FEE_PAYER,
          balance: 2,
          reserve: 0.001,
          settlementsLeft: 9995,
          nodeReachable: true,
          error: null,
        },
        {
          network: 'eip155:97',
          coin: 'BNB',
          feePayer: FEE_PAYER,
          balance: null,
          reserve: 0.5,
          settlementsLeft: null,
          nodeReachable: false,
          error: 'bnb node down',
        },
      ]);
    } finally {
      await two.close();
    }
    const down = await startTestApp(engine, { ctx: { x402: [fakeX402({ fail: 'HTTP request failed' })] } });
    try {
      const res = await down.admin('GET', '/admin/networks');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.x402, [
        {
          network: 'eip155:84532',
          coin: 'ETH',
          feePayer: FEE_PAYER,
          balance: null,
          reserve: 0.001,
          settlementsLeft: null,
          nodeReachable: false,
          error: 'HTTP request failed',
        },
      ]);
      assert.ok(
        res.body.data.networks.every((n: any) => n.nodeReachable),
        'the chains are read all the same',
      );
    } finally {
      await down.close();
    }
  });
});

describe('settlements left', () => {
  it('is what the balance above the reserve pays for at the gas ceiling, never negative', () => {
    assert.equal(settlementsLeft(10n ** 18n, 0n, 100_000n, 10n ** 9n), 10_000);
    assert.equal(settlementsLeft(10n ** 15n, 10n ** 15n, 100_000n, 10n ** 9n), 0);
    assert.equal(settlementsLeft(10n ** 14n, 10n ** 15n, 100_000n, 10n ** 9n), 0);
    assert.equal(settlementsLeft(10n ** 18n, 0n, 100_000n, 0n), null, 'no gas price, no estimate');
  });
});

describe('operator console: x402 on a local EVM node [pglite]', {
  skip: anvilBinary() ? false : 'anvil (@foundry-rs/anvil) is not available on this platform',
}, () => {
  it("reads the fee payer's balance and the gas price from the node", async () => {
    const devnet = await startDevnet({ chainId: 84532 });
    let t: TestApp | undefined;
    try {
      const x402 = await connectX402({
        network: 'eip155:84532',
        rpcUrl: devnet.rpcUrl,
        feePayerKey: DEV_KEYS.feePayer,
        assets: [devnet.usdc],
      });
      const [balance, gasPrice] = await Promise.all([
        x402.publicClient.getBalance({ address: x402.feePayer! }),
        x402.publicClient.getGasPrice(),
      ]);
      t = await startTestApp('pglite', { ctx: { x402: [x402] } });
      const res = await t.admin('GET', '/admin/networks');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const { config } = t.ctx;
      assert.deepEqual(res.body.data.x402, [
        {
          network: 'eip155:84532',
          coin: 'ETH',
          feePayer: x402.feePayer,
          balance: Number(toJsonNumber(balance, 18).text),
          reserve: Number(toJsonNumber(config.x402.feePayerReserveWei, 18).text),
          settlementsLeft: settlementsLeft(balance, config.x402.feePayerReserveWei, config.x402.gasCeiling, gasPrice),
          nodeReachable: true,
          error: null,
        },
      ]);
      assert.ok(res.body.data.x402[0].settlementsLeft > 0);
    } finally {
      await t?.close();
      await devnet.stop();
    }
  });
});
