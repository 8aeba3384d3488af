// Solvency against a real EVM node (anvil, chain id 1): after a token and a native deposit, their
// sweep into the hot wallet, a token withdrawal (in the mempool, in a block, completed) and two
// conversions, each row's custody is what the node shows (hot wallet plus deposit addresses not swept
// yet), its ledgerCustody the ledger's, its liabilities what merchants are owed, to the unit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, devnetControls, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { EvmChain } from '../../src/chains/evm/evm-chain.ts';
import { EvmSweeper, sweepAccountKey } from '../../src/chains/evm/sweeper.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { auditLedger, merchantBalances, bookSweepCost } from '../../src/modules/ledger/service.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { solvencyReport } from '../../src/modules/solvency/report.ts';
import type { SolvencyRow } from '../../src/modules/solvency/row.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';

describe('solvency on an EVM node (anvil, chain id 1)', {
  skip: anvilBinary() ? false : 'anvil (@foundry-rs/anvil-*) is not installed for this platform',
}, () => {
  let devnet: Devnet;
  let t: TestApp;
  let evm: EvmChain;
  const account = HDKey.fromMasterSeed(Buffer.alloc(32, 7)).derive("m/44'/60'/0'");
  const contracts: Record<string, Address> = {};
  before(async () => {
    devnet = await startDevnet({ chainId: 1 });
    t = await startTestApp('pglite', {
      env: { ETHEREUM_RPC_URL: devnet.rpcUrl, ETHEREUM_CONFIRMATIONS: '1', ETHEREUM_XPUB: account.publicExtendedKey },
    });
    // The devnet's token stands in for USDT; two more deployments for the network's other tokens.
    const deployer = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.deployer), transport: http(devnet.rpcUrl) });
    const node = createPublicClient({ transport: http(devnet.rpcUrl) });
    contracts.USDT_ERC20 = devnet.usdc;
    for (const code of ['USDC_ERC20', 'LINK_ERC20']) {
      const hash = await deployer.deployContract({ abi: TEST_USDC.abi, bytecode: TEST_USDC.bytecode, chain: null });
      contracts[code] = (await node.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!;
    }
    // The deployer is the hot wallet: its ether (anvil's funding) is the operator's gas float.
    evm = new EvmChain({ network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, hotWalletKey: DEV_KEYS.deployer, contracts }, t.ctx.db);
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'LINK']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? evm.feeOracle : { source: 'none', quote: async () => null }));
  });
  after(async () => {
    await t?.close();
    await devnet?.stop();
  });

  /** What the node shows at these addresses, read here independently of the adapter. */
  async function onChain(code: string, addresses: Address[]): Promise<bigint> {
    let sum = 0n;
    for (const address of addresses) {
      sum +=
        code === 'ETH'
          ? await evm.client.getBalance({ address })
          : await evm.client.readContract({ address: contracts[code]!, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
    }
    return sum;
  }
  const ledgerCustody = async (code: string) =>
    BigInt(
      (
        await t.ctx.db
          .selectFrom('ledger_balances_now')
          .select('balance')
          .where('ledger_account', '=', 'custody:ETHEREUM')
          .where('currency_code', '=', code)
          .executeTakeFirst()
      )?.balance ?? '0',
    );
  const report = async () => new Map((await solvencyReport(t.ctx, [evm])).map((r): [string, SolvencyRow] => [r.currency.code, r]));

  /**
   * Every row as the chain and the ledger say: custody read at the hot wallet and `at`, liabilities
   * the merchant's balance plus `owed` (payouts in flight, the FX long); tokens on chain are what the
   * ledger books plus `flight` (payouts signed, in no block).
   */
  async function check(
    step: string,
    accountId: string,
    at: Record<string, Address[]>,
    o: { owed?: Record<string, bigint>; flight?: Record<string, bigint>; warn?: string[] } = {},
  ) {
    const { owed = {}, flight = {}, warn = [] } = o;
    const rows = await report();
    assert.deepEqual([...rows.keys()], ['USDT_ERC20', 'USDC_ERC20', 'LINK_ERC20', 'ETH'], step);
    const balances = await merchantBalances(t.ctx.db, accountId);
    for (const [code, r] of rows) {
      const custody = await onChain(code, [evm.hotWallet!, ...(at[code] ?? [])]);
      const liabilities = (balances.find((b) => b.currency === code)?.units ?? 0n) + (owed[code] ?? 0n);
      const expected = {
        custody,
        liabilities,
        ledgerCustody: await ledgerCustody(code),
        difference: custody - liabilities,
        warning: warn.includes(code),
      };
      assert.deepEqual(
        { custody: r.custody, liabilities: r.liabilities, ledgerCustody: r.ledgerCustody, difference: r.difference, warning: r.warning },
        expected,
        `${step}: ${code}`,
      );
      if (code !== 'ETH')
        assert.equal(r.custody, r.ledgerCustody + (flight[code] ?? 0n), `${step}: ${code} tokens on chain are what the ledger books`);
    }
  }

  it('matches the chain through deposit, sweep, withdrawal and conversion', async () => {
    const { key, tenantId, accountId } = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositCommission: 0 });
    const buyer = privateKeyToAccount(DEV_KEYS.buyer);
    const wallet = createWalletClient({ account: buyer, transport: http(devnet.rpcUrl) });
    const usdt = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_ERC20', orderId: 'sol-usdt' } })).body.data;
    const eth = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'ETH', orderId: 'sol-eth' } })).body.data;
    await wallet.writeContract({
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [usdt.address, 40_000_000n],
      chain: null,
      account: buyer,
    });
    const h = await wallet.sendTransaction({ to: eth.address, value: parseEther('0.5'), chain: null, account: buyer });
    await evm.client.waitForTransactionReceipt({ hash: h, pollingInterval: 50 });
    const watcher = new Watcher(t.ctx.db, t.ctx.config, evm, depositListener(t.ctx));
    await watcher.round();
    await devnetControls(devnet.rpcUrl, 1).mine({ blocks: 1 });
    await watcher.round();
    assert.equal((await t.call('GET', `/v1/deposit?id=${usdt.id}`, { key })).body.data.status, 'completed');
    await check('deposits confirmed', accountId, { USDT_ERC20: [usdt.address], ETH: [eth.address] });
    assert.equal((await report()).get('USDT_ERC20')!.custody, 40_000_000n);

    const sweeper = new EvmSweeper(
      t.ctx.db,
      evm,
      sweepAccountKey(account.privateExtendedKey, account.publicExtendedKey),
      devnet.rpcUrl,
      DEV_KEYS.deployer,
      bookSweepCost,
    );
    assert.deepEqual(await sweeper.round(), { swept: 2, toppedUp: 1, moved: 0 });
    await check('swept', accountId, {});
    assert.equal((await report()).get('USDT_ERC20')!.custody, 40_000_000n, 'all of it in the hot wallet now');

    const dest = privateKeyToAccount(DEV_KEYS.seller).address;
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_ERC20', address: dest, amount: 20, orderId: 'sol-out' },
    });
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const total = 20_000_000n + BigInt(Math.round(q.body.data.fee.feeInCryptoCurrencyCode * 1e6));
    await check('withdrawal committed', accountId, {}, { owed: { USDT_ERC20: total } });
    const controls = devnetControls(devnet.rpcUrl, 1);
    await controls.setAutomine(false);
    try {
      assert.equal((await executeRound(t.ctx, [evm])).signed, 1);
      // Signed and sent, in no block: the ledger took the 20 out of custody, the chain still has them.
      await check('withdrawal in the mempool', accountId, {}, { owed: { USDT_ERC20: total }, flight: { USDT_ERC20: 20_000_000n } });
      assert.equal((await report()).get('USDT_ERC20')!.ledgerCustody, 20_000_000n);
      await controls.mine({ blocks: 1 });
    } finally {
      await controls.setAutomine(true);
    }
    await check('withdrawal in a block', accountId, {});
    await executeRound(t.ctx, [evm]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
    await check('withdrawal completed', accountId, {});

    // 10.5 USDT into ether: the house's USDT long is still owed; its ether short is covered by the float.
    const toEth = await t.call('POST', '/v1/converting/quote', {
      key,
      body: { fromCryptoCurrencyCode: 'USDT_ERC20', toCryptoCurrencyCode: 'ETH', fromAmount: 10.5 },
    });
    assert.equal((await t.call('POST', '/v1/converting/commit', { key, body: { quoteId: toEth.body.data.quoteId } })).status, 201);
    await check('conversion to ether', accountId, {}, { owed: { USDT_ERC20: 10_500_000n } });
    // 5 USDC bought with 5.5 USDT: no USDC ever came in, so custody does not cover it.
    const toUsdc = await t.call('POST', '/v1/converting/quote', {
      key,
      body: { fromCryptoCurrencyCode: 'USDT_ERC20', toCryptoCurrencyCode: 'USDC_ERC20', toAmount: 5 },
    });
    assert.equal((await t.call('POST', '/v1/converting/commit', { key, body: { quoteId: toUsdc.body.data.quoteId } })).status, 201);
    await check(
      'conversion into a currency the house does not hold',
      accountId,
      {},
      { owed: { USDT_ERC20: 16_000_000n }, warn: ['USDC_ERC20'] },
    );
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
