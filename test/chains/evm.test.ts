import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createWalletClient,
  http,
  parseEther,
  parseTransaction,
  type Address,
  type Chain,
  type HttpTransport,
  type PrivateKeyAccount,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, devnetControls, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { EvmChain, NATIVE_OUTPUT_INDEX } from '../../src/chains/evm/evm-chain.ts';
import { EvmSweeper, SweepKeyError, sweepAccountKey } from '../../src/chains/evm/sweeper.ts';
import { HDKey } from '@scure/bip32';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { auditLedger, bookSweepCost } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { startTestApp, type TestApp, liveNetworkEnv } from '../helpers/harness.ts';

describe('EVM adapter against a local node (anvil, chain id 1)', {
  skip: anvilBinary() ? false : 'anvil (@foundry-rs/anvil-*) is not installed for this platform',
}, () => {
  let devnet: Devnet;
  let t: TestApp;
  let evm: EvmChain;
  let watcher: Watcher;
  let key = '';
  const buyer = privateKeyToAccount(DEV_KEYS.buyer);
  let wallet: WalletClient<HttpTransport, Chain, PrivateKeyAccount>;
  before(async () => {
    devnet = await startDevnet({ chainId: 1 });
    t = await startTestApp('pglite', { env: { ...liveNetworkEnv('ETHEREUM', devnet.rpcUrl), ETHEREUM_CONFIRMATIONS: '3' } });
    // The devnet's token stands in for USDT on Ethereum; the deployer's key is the hot wallet.
    evm = new EvmChain(
      { network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, hotWalletKey: DEV_KEYS.deployer, contracts: { USDT_ERC20: devnet.usdc } },
      t.ctx.db,
    );
    watcher = new Watcher(t.ctx.db, t.ctx.config, evm, depositListener(t.ctx));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'ETH']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? evm.feeOracle : { source: 'none', quote: async () => null }));
    ({ key } = await t.tenant(['*']));
    await t.admin(
      'PATCH',
      `/admin/tenants/${(await t.ctx.db.selectFrom('api_keys').select('tenant_id').executeTakeFirstOrThrow()).tenant_id}`,
      { depositCommission: 0 },
    );
    wallet = createWalletClient<HttpTransport, Chain, PrivateKeyAccount>({
      account: buyer,
      transport: http(devnet.rpcUrl),
      chain: {
        id: 1,
        name: 'devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [devnet.rpcUrl] } },
      },
    });
  });
  after(async () => {
    await t?.close();
    await devnet?.stop();
  });

  const deposit = async (code: string, orderId: string) => {
    const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: code, orderId } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data as { id: string; address: Address; minimumAmount: number };
  };
  const status = async (id: string) => (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data;
  const controls = () => devnetControls(devnet.rpcUrl, 1);

  it('quotes fees from EIP-1559 fee history, native and token', async () => {
    const eth = await evm.feeOracle.quote(findCurrency('ETH')!);
    const usdt = await evm.feeOracle.quote(findCurrency('USDT_ERC20')!);
    assert.ok(eth! > 0n && eth! < parseEther('0.01'), String(eth));
    assert.ok(usdt! > 0n, String(usdt));
    const currencies = (await t.call('GET', '/v1/currencies', { key })).body.data;
    assert.ok(currencies.find((c: any) => c.code === 'USDT_ERC20').depositNetworkFee.amount > 0);
  });

  it('sees token and native deposits in blocks, counts confirmations, credits them once', async () => {
    const usdt = await deposit('USDT_ERC20', 'evm-usdt-1');
    const eth = await deposit('ETH', 'evm-eth-1');
    assert.match(usdt.address, /^0x[0-9a-fA-F]{40}$/);
    const feeUsdt = BigInt(Math.round(usdt.minimumAmount * 1e6)) - 1_000_000n; // minimum = 1 + fee
    const h1 = await wallet.writeContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [usdt.address, 25_000_000n],
      chain: null,
      account: buyer,
    });
    const h2 = await wallet.sendTransaction({ to: eth.address, value: parseEther('0.05'), chain: null, account: buyer });
    await evm.client.waitForTransactionReceipt({ hash: h2, pollingInterval: 50 });
    let round = await watcher.round();
    assert.equal(round.seen, 2);
    assert.equal((await status(usdt.id)).status, 'processing');
    assert.equal((await status(eth.id)).status, 'processing');
    const payments = await t.ctx.db
      .selectFrom('payments')
      .select(['tx_hash', 'output_index', 'currency_code', 'confirmations'])
      .where('owner_id', 'in', [usdt.id, eth.id])
      .execute();
    assert.deepEqual(
      payments.map((p) => [p.tx_hash, p.currency_code, p.output_index >= 0 ? 'log' : 'native']).sort(),
      [
        [h1, 'USDT_ERC20', 'log'],
        [h2, 'ETH', 'native'],
      ].sort(),
    );
    assert.deepEqual(payments.map((p) => p.confirmations).sort(), [1, 2]); // one block each, automined
    assert.equal(payments.find((p) => p.currency_code === 'ETH')!.output_index, NATIVE_OUTPUT_INDEX);

    await controls().mine({ blocks: 2 });
    round = await watcher.round();
    assert.equal(round.confirmed, 2);
    const credited = await status(usdt.id);
    assert.equal(credited.status, 'completed');
    assert.equal(credited.settlement.amountPaid, 25);
    assert.equal(credited.settlement.networkFeeAmount, Number(feeUsdt) / 1e6);
    assert.equal((await status(eth.id)).status, 'completed');
    // Another round over the same blocks changes nothing.
    const again = await watcher.round();
    assert.deepEqual([again.seen, again.confirmed, again.orphaned], [0, 0, 0]);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a reorg that drops an unconfirmed payment takes it back out', async () => {
    const d = await deposit('ETH', 'evm-reorg-1');
    const snapshot = await controls().snapshot();
    const hash = await wallet.sendTransaction({ to: d.address, value: parseEther('0.02'), chain: null, account: buyer });
    await evm.client.waitForTransactionReceipt({ hash, pollingInterval: 50 }); // automine is asynchronous under load
    const seen = await watcher.round();
    assert.equal(seen.seen, 1, JSON.stringify(seen));
    assert.equal((await status(d.id)).status, 'processing');
    await controls().revert({ id: snapshot });
    await controls()
      .dropTransaction({ hash })
      .catch(() => {}); // double-spent: it does not come back from the mempool
    await controls().mine({ blocks: 3 }); // the other branch, without the payment, grows longer
    const round = await watcher.round();
    assert.equal(round.orphaned, 1);
    assert.equal((await status(d.id)).status, 'created');
  });

  it('pays a withdrawal from the hot wallet: signed with EIP-1559, stored, broadcast, confirmed', async () => {
    await devnet.mint(evm.hotWallet!, 1_000_000_000n);
    const dest = privateKeyToAccount(DEV_KEYS.seller).address;
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_ERC20', address: dest, amount: 20, orderId: 'evm-out-1' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    assert.equal(w.status, 'created', JSON.stringify(w));
    const before = (await evm.client.readContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'balanceOf',
      args: [dest],
    })) as bigint;
    await executeRound(t.ctx, [evm]);
    let row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
    assert.equal(row.status, 'processing');
    assert.match(row.transactionHash, /^0x[0-9a-f]{64}$/);
    const stored = await t.ctx.db.selectFrom('withdrawals').select('signed_tx').where('id', '=', w.id).executeTakeFirstOrThrow();
    assert.match(stored.signed_tx!, /^0x02/); // EIP-1559 typed transaction
    await controls().mine({ blocks: 3 });
    await executeRound(t.ctx, [evm]);
    row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
    assert.equal(row.status, 'completed');
    const afterBalance = (await evm.client.readContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'balanceOf',
      args: [dest],
    })) as bigint;
    assert.equal(afterBalance - before, 20_000_000n);
    // Rebroadcasting the stored transaction is harmless.
    await evm.broadcast({ txHash: row.transactionHash, raw: stored.signed_tx! });
  });

  it('a transfer signed but never stored (the database went away) leaves no nonce gap: the next signing reuses its nonce', async () => {
    const dest = privateKeyToAccount(DEV_KEYS.seller).address;
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'ETH', address: dest, amount: 0.01, orderId: 'evm-out-gap' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const w = c.body.data;
    // The store after signing fails once, as it does when the connection drops before COMMIT.
    let failed = false;
    const db = new Proxy(t.ctx.db, {
      get(target, prop) {
        if (prop === 'transaction' && !failed) {
          failed = true;
          return () => ({ execute: async () => Promise.reject(new Error('Connection terminated unexpectedly')) });
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const nonceBefore = await evm.client.getTransactionCount({ address: evm.hotWallet as Address, blockTag: 'pending' });
    await assert.rejects(executeRound({ ...t.ctx, db }, [evm]), /Connection terminated/);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'created');
    await executeRound({ ...t.ctx, db }, [evm]);
    const stored = await t.ctx.db.selectFrom('withdrawals').select('signed_tx').where('id', '=', w.id).executeTakeFirstOrThrow();
    assert.equal(
      parseTransaction(stored.signed_tx as `0x${string}`).nonce,
      nonceBefore,
      'the nonce of the transfer never sent is used again',
    );
    await controls().mine({ blocks: 3 });
    await executeRound({ ...t.ctx, db }, [evm]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('sees a native transfer pending in the mempool, then confirms it in one round under 100 blocks mined at once', async () => {
    const d = await deposit('ETH', 'evm-mempool-1');
    await controls().setAutomine(false);
    try {
      const hash = await wallet.sendTransaction({ to: d.address, value: parseEther('0.03'), chain: null, account: buyer });
      assert.deepEqual(await evm.locateTransfer(hash), { blockHeight: null, blockHash: null });
      assert.equal((await watcher.round()).seen, 1);
      assert.equal((await status(d.id)).status, 'processing');
      const seen = await t.ctx.db
        .selectFrom('payments')
        .select(['block_height', 'confirmations', 'rbf'])
        .where('tx_hash', '=', hash)
        .executeTakeFirstOrThrow();
      assert.deepEqual(seen, { block_height: null, confirmations: 0, rbf: true }, 'replaceable until a block holds it');
      await controls().mine({ blocks: 100 });
      const receipt = await evm.client.getTransactionReceipt({ hash });
      assert.deepEqual(await evm.locateTransfer(hash), { blockHeight: Number(receipt.blockNumber), blockHash: receipt.blockHash });
      assert.equal((await watcher.round()).confirmed, 1);
      const credited = await status(d.id);
      assert.equal(credited.status, 'completed');
      assert.equal(credited.settlement.amountPaid, 0.03);
      assert.equal(await evm.locateTransfer(`0x${'ab'.repeat(32)}`), null, 'a transaction the node never saw');
    } finally {
      await controls().setAutomine(true);
    }
  });

  it('never skips blocks when more arrive than a round reads: a payment 600 blocks on is found', async () => {
    const d = await deposit('USDT_ERC20', 'evm-far-1');
    await watcher.round();
    await controls().mine({ blocks: 600 });
    const hash = await wallet.writeContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [d.address, 12_000_000n],
      chain: null,
      account: buyer,
    });
    await controls().mine({ blocks: 5 });
    const tip = Number(await evm.client.getBlockNumber());
    const first = await watcher.round();
    assert.equal(first.seen + first.confirmed, 0, 'the first 500 new blocks hold nothing of ours');
    const cursor = await t.ctx.db
      .selectFrom('chain_cursors')
      .select('next_height')
      .where('network', '=', 'ETHEREUM')
      .executeTakeFirstOrThrow();
    assert.ok(cursor.next_height <= tip - 100, `the cursor stops where the scan did (${cursor.next_height}), not at the tip (${tip})`);
    assert.equal((await watcher.round()).confirmed, 1);
    assert.equal((await status(d.id)).status, 'completed');
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['tx_hash', 'status'])
      .where('owner_id', '=', d.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(payment, { tx_hash: hash, status: 'confirmed' });
  });
});

// The same adapter on the other two EVM networks, each with its own chain id, native coin and token.
for (const [chainId, network, native, token] of [
  [56, 'BNB', 'BNB', null],
  [8453, 'BASE', 'ETH_BASE', 'USDC_BASE'],
] as const) {
  describe(`EVM adapter on ${network} (anvil, chain id ${chainId})`, {
    skip: anvilBinary() ? false : 'anvil is not installed for this platform',
  }, () => {
    let devnet: Devnet;
    let t: TestApp;
    let evm: EvmChain;
    before(async () => {
      devnet = await startDevnet({ chainId });
      t = await startTestApp('pglite', { env: { ...liveNetworkEnv(network, devnet.rpcUrl), [`${network}_CONFIRMATIONS`]: '2' } });
      evm = new EvmChain({ network, rpcUrl: devnet.rpcUrl, contracts: token ? { [token]: devnet.usdc } : {} }, t.ctx.db);
      await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDC', 'ETH', 'BNB']);
      await refreshFees(t.ctx.db, (c) =>
        c.network === (network === 'BNB' ? 'BNB' : 'Base') ? evm.feeOracle : { source: 'none', quote: async () => null },
      );
    });
    after(async () => {
      await t?.close();
      await devnet?.stop();
    });

    it('credits native and token deposits after their confirmations', async () => {
      const { key } = await t.tenant(['*']);
      const buyer = privateKeyToAccount(DEV_KEYS.buyer);
      const wallet = createWalletClient({
        account: buyer,
        transport: http(devnet.rpcUrl),
        chain: {
          id: chainId,
          name: network,
          nativeCurrency: { name: native, symbol: native, decimals: 18 },
          rpcUrls: { default: { http: [devnet.rpcUrl] } },
        },
      });
      const make = async (code: string) =>
        (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: code, orderId: `${code}-1` } })).body.data;
      const nativeDeposit = await make(native);
      await wallet.sendTransaction({ to: nativeDeposit.address, value: parseEther('1'), chain: null, account: buyer });
      const tokenDeposit = token ? await make(token) : null;
      if (tokenDeposit)
        await wallet.writeContract({
          address: devnet.usdc,
          abi: TEST_USDC.abi,
          functionName: 'transfer',
          args: [tokenDeposit.address, 30_000_000n],
          chain: null,
          account: buyer,
        });
      const watcher = new Watcher(t.ctx.db, t.ctx.config, evm, depositListener(t.ctx));
      await watcher.round();
      await devnetControls(devnet.rpcUrl, chainId).mine({ blocks: 2 });
      await watcher.round();
      const record = (await t.call('GET', `/v1/deposit?id=${nativeDeposit.id}`, { key })).body.data;
      assert.equal(record.status, 'completed');
      assert.equal(record.cryptoCurrencyCode, native);
      assert.equal(record.settlement.amountPaid, 1);
      if (tokenDeposit) {
        const tokenRecord = (await t.call('GET', `/v1/deposit?id=${tokenDeposit.id}`, { key })).body.data;
        assert.equal(tokenRecord.status, 'completed');
        assert.equal(tokenRecord.settlement.amountPaid, 30);
      }
    });
  });
}

describe('sweeping deposit addresses into the hot wallet (anvil, chain id 1)', {
  skip: anvilBinary() ? false : 'anvil is not installed for this platform',
}, () => {
  let devnet: Devnet;
  let t: TestApp;
  let evm: EvmChain;
  // The operator's deposit account: the API gets its xpub, only the sweeper its xprv.
  const account = HDKey.fromMasterSeed(Buffer.alloc(32, 7)).derive("m/44'/60'/0'");
  before(async () => {
    devnet = await startDevnet({ chainId: 1 });
    t = await startTestApp('pglite', {
      env: { ETHEREUM_RPC_URL: devnet.rpcUrl, ETHEREUM_CONFIRMATIONS: '1', ETHEREUM_XPUB: account.publicExtendedKey },
    });
    evm = new EvmChain(
      { network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, hotWalletKey: DEV_KEYS.deployer, contracts: { USDT_ERC20: devnet.usdc } },
      t.ctx.db,
    );
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'ETH']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? evm.feeOracle : { source: 'none', quote: async () => null }));
  });
  after(async () => {
    await t?.close();
    await devnet?.stop();
  });

  it('moves confirmed token and native deposits to the hot wallet, topping up gas for tokens, once', async () => {
    assert.throws(
      () => sweepAccountKey(HDKey.fromMasterSeed(Buffer.alloc(32, 8)).derive("m/44'/60'/0'").privateExtendedKey, account.publicExtendedKey),
      SweepKeyError,
    );
    const { key } = await t.tenant(['*']);
    const buyer = privateKeyToAccount(DEV_KEYS.buyer);
    const wallet = createWalletClient({
      account: buyer,
      transport: http(devnet.rpcUrl),
      chain: {
        id: 1,
        name: 'devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [devnet.rpcUrl] } },
      },
    });
    const usdt = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_ERC20', orderId: 'sweep-usdt' } })).body
      .data;
    const eth = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'ETH', orderId: 'sweep-eth' } })).body.data;
    await wallet.writeContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [usdt.address, 40_000_000n],
      chain: null,
      account: buyer,
    });
    await wallet.sendTransaction({ to: eth.address, value: parseEther('0.5'), chain: null, account: buyer });
    const watcher = new Watcher(t.ctx.db, t.ctx.config, evm, depositListener(t.ctx));
    await watcher.round();
    await devnetControls(devnet.rpcUrl, 1).mine({ blocks: 1 });
    await watcher.round();
    assert.equal((await t.call('GET', `/v1/deposit?id=${usdt.id}`, { key })).body.data.status, 'completed');

    const hot = evm.hotWallet!;
    const tokenBefore = (await evm.client.readContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'balanceOf',
      args: [hot],
    })) as bigint;
    const sweeper = new EvmSweeper(
      t.ctx.db,
      evm,
      sweepAccountKey(account.privateExtendedKey, account.publicExtendedKey),
      devnet.rpcUrl,
      DEV_KEYS.deployer,
      bookSweepCost,
    );
    const first = await sweeper.round();
    assert.deepEqual(first, { swept: 2, toppedUp: 1, moved: 0 });
    const tokenAfter = (await evm.client.readContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'balanceOf',
      args: [hot],
    })) as bigint;
    assert.equal(tokenAfter - tokenBefore, 40_000_000n);
    assert.equal(
      await evm.client.readContract({ address: devnet.usdc, abi: TEST_USDC.abi, functionName: 'balanceOf', args: [usdt.address] }),
      0n,
    );
    assert.ok((await evm.client.getBalance({ address: eth.address })) < parseEther('0.0001'));
    const rows = await t.ctx.db
      .selectFrom('payments')
      .select(['swept_at', 'sweep_tx'])
      .where('owner_id', 'in', [usdt.id, eth.id])
      .execute();
    assert.ok(rows.every((r) => r.swept_at !== null && /^0x[0-9a-f]{64}$/.test(r.sweep_tx!)));
    assert.deepEqual(await sweeper.round(), { swept: 0, toppedUp: 0, moved: 0 }); // nothing left
    // The gas topped up to the USDT address is the gateway's own ETH: never a payment, never credited.
    const merchantBefore = await t.ctx.db
      .selectFrom('ledger_balances')
      .select(['ledger_account', 'currency_code', 'balance'])
      .where('ledger_account', 'like', 'merchant:%')
      .execute();
    await devnetControls(devnet.rpcUrl, 1).mine({ blocks: 2 });
    await watcher.round();
    const payments = await t.ctx.db.selectFrom('payments').select('currency_code').where('owner_id', '=', usdt.id).execute();
    assert.deepEqual(payments, [{ currency_code: 'USDT_ERC20' }]);
    assert.deepEqual(
      await t.ctx.db
        .selectFrom('ledger_balances')
        .select(['ledger_account', 'currency_code', 'balance'])
        .where('ledger_account', 'like', 'merchant:%')
        .execute(),
      merchantBefore,
    );
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
