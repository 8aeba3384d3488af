/**
 * A live payout whose hot wallet is short waits with `hotWalletLow` and the amount missing (issue
 * 43, point 5), on a real EVM node (anvil): first its token, then the network's coin for its gas;
 * before any signer's round it says `noSigner`. Funded, it is signed and completes.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createWalletClient, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, devnetControls, startDevnet } from '../../src/chains/evm/devnet.ts';
import { EvmChain } from '../../src/chains/evm/evm-chain.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import type { Engine } from '../../src/lib/db/index.ts';
import { describeEngines, liveNetworkEnv, startTestApp } from '../helpers/harness.ts';

const skip = anvilBinary() ? false : 'anvil (@foundry-rs/anvil-*) is not installed for this platform';

/** A live installation on anvil (Ethereum), its own empty hot wallet, a merchant's key and the buyer's wallet. */
async function startLive(engine: Engine) {
  const devnet = await startDevnet({ chainId: 1 });
  const t = await startTestApp(engine, { env: { ...liveNetworkEnv('ETHEREUM', devnet.rpcUrl), ETHEREUM_CONFIRMATIONS: '1' } });
  // What the hot wallet holds is what this test gives it.
  const evm = new EvmChain(
    { network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, hotWalletKey: generatePrivateKey(), contracts: { USDT_ERC20: devnet.usdc } },
    t.ctx.db,
  );
  await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'ETH']);
  await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? evm.feeOracle : { source: 'none', quote: async () => null }));
  const tenant = await t.tenant(['*']);
  await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0 });
  const chain = {
    id: 1,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.rpcUrl] } },
  };
  const wallet = createWalletClient({ account: buyer, transport: http(devnet.rpcUrl), chain });
  return { devnet, t, evm, key: tenant.key, wallet };
}

const buyer = privateKeyToAccount(DEV_KEYS.buyer);

describeEngines('waiting withdrawals (live, anvil)', (engine) => {
  let live: Awaited<ReturnType<typeof startLive>>;
  before(async () => {
    if (!skip) live = await startLive(engine);
  });
  after(async () => {
    await live?.t.close();
    await live?.devnet.stop();
  });

  /** The merchant's balance: 50 USDT deposited by the buyer, confirmed. */
  async function deposit(): Promise<void> {
    const { t, evm, key, wallet, devnet } = live;
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_ERC20', orderId: 'live-fund' } })).body.data;
    const hash = await wallet.writeContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [d.address as Address, 50_000_000n],
      chain: null,
      account: buyer,
    });
    await evm.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const watcher = new Watcher(t.ctx.db, t.ctx.config, evm, depositListener(t.ctx));
    await watcher.round();
    await devnetControls(devnet.rpcUrl, 1).mine({ blocks: 2 });
    await watcher.round();
    assert.equal((await t.call('GET', `/v1/deposit?id=${d.id}`, { key })).body.data.status, 'completed');
  }
  const waiting = async (id: string) => (await live.t.admin('GET', `/admin/withdrawals/${id}`)).body.data.payout.waiting;

  it('waits with noSigner, then hotWalletLow (the token, then the gas) with what is missing; funded, it is paid', { skip }, async () => {
    const { t, evm, key, wallet, devnet } = live;
    await deposit();
    const dest = privateKeyToAccount(DEV_KEYS.seller).address;
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_ERC20', address: dest, amount: 20, orderId: 'live-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;

    // A worker without the hot-wallet key: nobody signs for Ethereum.
    await executeRound(t.ctx, []);
    assert.equal((await waiting(w.id)).reason, 'noSigner');
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.waitingReason, 'noSigner');

    // The signer: its wallet holds 5 of the 20 USDT.
    await devnet.mint(evm.hotWallet! as Address, 5_000_000n);
    let round = await executeRound(t.ctx, [evm]);
    assert.deepEqual([round.signed, round.waiting], [0, 1]);
    const fund =
      'Fund the Ethereum hot wallet with at least 15 USDT_ERC20: it holds 15 USDT_ERC20 less than this payout needs. It is signed on the next round after that.';
    assert.deepEqual(
      { ...(await waiting(w.id)), since: undefined },
      { reason: 'hotWalletLow', since: undefined, cryptoCurrencyCode: 'USDT_ERC20', missing: 15, action: fund },
    );
    const queued = (await t.admin('GET', '/admin/withdrawals?status=waiting')).body.data.find((x: { id: string }) => x.id === w.id);
    assert.deepEqual([queued.waitingReason, queued.reason], ['hotWalletLow', `Hot wallet low: 15 USDT_ERC20 missing. ${fund}`]);
    assert.deepEqual((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.waitingShortfall, {
      cryptoCurrencyCode: 'USDT_ERC20',
      amount: 15,
    });
    // The keyless worker's round does not undo it: a signer has run lately.
    await executeRound(t.ctx, []);
    assert.equal((await waiting(w.id)).reason, 'hotWalletLow');

    // The tokens are there, no ETH for the gas: it waits for ETH, signed but never stored or sent.
    await devnet.mint(evm.hotWallet! as Address, 15_000_000n);
    round = await executeRound(t.ctx, [evm]);
    assert.deepEqual([round.signed, round.waiting], [0, 1]);
    const gas = await waiting(w.id);
    assert.equal(gas.reason, 'hotWalletLow');
    assert.equal(gas.cryptoCurrencyCode, 'ETH');
    assert.ok(gas.missing > 0 && gas.missing < 0.1, String(gas.missing));
    // The gas is in the network's coin: the operator funds ETH, the merchant reads ETH.
    assert.match(gas.action, /^Fund the Ethereum hot wallet with at least 0\.\d+ ETH \(the network's fee coin, for the gas\)/);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.waitingShortfall.cryptoCurrencyCode, 'ETH');
    assert.equal(
      (await t.ctx.db.selectFrom('withdrawal_transactions').select('seq').where('withdrawal_id', '=', w.id).execute()).length,
      0,
    );

    const topUp = await wallet.sendTransaction({ to: evm.hotWallet! as Address, value: parseEther('1'), chain: null, account: buyer });
    await evm.client.waitForTransactionReceipt({ hash: topUp, pollingInterval: 50 });
    round = await executeRound(t.ctx, [evm]);
    assert.equal(round.signed, 1, JSON.stringify(round));
    assert.equal(await waiting(w.id), null);
    await devnetControls(devnet.rpcUrl, 1).mine({ blocks: 2 });
    await executeRound(t.ctx, [evm]);
    const done = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
    assert.deepEqual([done.status, done.waitingReason], ['completed', undefined]);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    // A live installation has no faucet: only what the operator put in paid it.
    assert.deepEqual(await t.ctx.db.selectFrom('sandbox_faucet').select('id').execute(), []);
    assert.equal(
      (await t.ctx.db.selectFrom('journal_lines').select('entry_id').where('ledger_account', '=', 'sandbox:faucet').execute()).length,
      0,
    );
  });
});
