import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createWalletClient, encodeFunctionData, http, parseTransaction, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, devnetControls, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { EvmChain } from '../../src/chains/evm/evm-chain.ts';
import type { ChainAdapter } from '../../src/chains/types.ts';
import { cryptoAmount } from '../../src/lib/currencies/catalogue.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, credit, custodyAccount, debit, merchantAccount, post } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { METRICS_AUTH, METRICS_TOKEN, liveNetworkEnv, startTestApp, type TestApp } from '../helpers/harness.ts';

const GWEI = 10n ** 9n;

/**
 * Payouts that never stay stuck, on a real EVM node: anvil with automine off, its base fee forced
 * above what a payout bid (anvil_setNextBlockBaseFeePerGas), and a low operator ceiling.
 */
describe('EVM payouts: same-nonce replacement when fees rise (anvil)', {
  skip: anvilBinary() ? false : 'anvil is not installed for this platform',
}, () => {
  let devnet: Devnet;
  let t: TestApp;
  let key = '';
  let accountId = '';
  const dest = privateKeyToAccount(DEV_KEYS.seller).address;
  const evm = (opts: { maxFeePerGas?: bigint } = {}) =>
    new EvmChain(
      {
        network: 'ETHEREUM',
        rpcUrl: devnet.rpcUrl,
        hotWalletKey: DEV_KEYS.deployer,
        contracts: { USDT_ERC20: devnet.usdc },
        replaceAfterBlocks: 3,
        ...opts,
      },
      t.ctx.db,
    );
  const controls = () => devnetControls(devnet.rpcUrl, 1);

  before(async () => {
    devnet = await startDevnet({ chainId: 1 });
    t = await startTestApp('pglite', { env: { ...liveNetworkEnv('ETHEREUM', devnet.rpcUrl), ETHEREUM_CONFIRMATIONS: '2', METRICS_TOKEN } });
    const chain = evm();
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'ETH']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? chain.feeOracle : { source: 'none', quote: async () => null }));
    ({ key, accountId } = await t.tenant(['*']));
    await devnet.mint(chain.hotWallet!, 1_000_000_000n);
    // The merchant's balance, as settled deposits would have left it.
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const [code, units] of [
        ['USDT_ERC20', 1_000_000_000n],
        ['ETH', 10n ** 18n],
      ] as const) {
        const amount = cryptoAmount(code, units);
        await post(trx, {
          tenantId: null,
          kind: 'test.credit',
          refType: 'test',
          refId: randomUUID(),
          lines: [debit(custodyAccount('ETHEREUM'), amount), credit(merchantAccount(accountId), amount)],
        });
      }
    });
  });
  after(async () => {
    await controls()
      .setAutomine(true)
      .catch(() => {});
    await t?.close();
    await devnet?.stop();
  });

  const commit = async (code: string, amount: number, orderId: string) => {
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: code, address: dest, amount, orderId } });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    return c.body.data.id as string;
  };
  const withdrawal = async (id: string) => (await t.call('GET', `/v1/withdrawal?id=${id}`, { key })).body.data;
  const candidates = (id: string) =>
    t.ctx.db.selectFrom('withdrawal_transactions').selectAll().where('withdrawal_id', '=', id).orderBy('seq').execute();
  const feeCapOf = (raw: string) => parseTransaction(raw as Hex).maxFeePerGas!;
  const usdtOf = async (address: Address) =>
    (await evm().client.readContract({ address: devnet.usdc, abi: TEST_USDC.abi, functionName: 'balanceOf', args: [address] })) as bigint;
  /** Mines `blocks` empty-of-ours blocks, each with its base fee forced to `baseFee`. */
  const forceBaseFee = async (baseFee: bigint, blocks: number) => {
    for (let i = 0; i < blocks; i++) {
      await controls().setNextBlockBaseFeePerGas({ baseFeePerGas: baseFee });
      await controls().mine({ blocks: 1 });
    }
  };
  const receiptOf = (hash: string) =>
    evm()
      .client.getTransactionReceipt({ hash: hash as Hex })
      .catch(() => null);

  it('replaces an underpriced payout on the same nonce, confirms it, and a payout committed meanwhile confirms too', async () => {
    await controls().setAutomine(false);
    const chain = evm();
    const first = await commit('USDT_ERC20', 25, 'bump-1');
    const before = await usdtOf(dest);
    let round = await executeRound(t.ctx, [chain]);
    assert.equal(round.signed, 1, JSON.stringify(round));
    const [original] = await candidates(first);
    const bid = feeCapOf(original!.raw);

    // The base fee jumps above what it offers, for several blocks: no block can take it.
    await forceBaseFee(bid * 3n, 3);
    assert.equal(await receiptOf(original!.tx_hash), null);
    round = await executeRound(t.ctx, [chain]);
    assert.equal(round.replaced, 1, JSON.stringify(round));
    const [, replacement] = await candidates(first);
    assert.equal(replacement!.reason, 'underpriced');
    const parsed = [parseTransaction(original!.raw as Hex), parseTransaction(replacement!.raw as Hex)];
    assert.equal(parsed[1]!.nonce, parsed[0]!.nonce, 'same nonce: only one of them can ever be mined');
    assert.ok(parsed[1]!.maxFeePerGas! >= bid * 6n, 'bids at least twice the forced base fee');
    assert.ok(parsed[1]!.maxPriorityFeePerGas! > parsed[0]!.maxPriorityFeePerGas!, 'the tip rises too, as nodes require');
    assert.equal((await withdrawal(first)).transactionHash, replacement!.tx_hash);

    // A second payout committed meanwhile takes the next nonce and is not blocked.
    const second = await commit('ETH', 0.01, 'bump-2');
    round = await executeRound(t.ctx, [chain]);
    assert.equal(round.signed, 1, JSON.stringify(round));
    const [secondTx] = await candidates(second);
    assert.equal(parseTransaction(secondTx!.raw as Hex).nonce, parsed[0]!.nonce! + 1);

    // Fees come back within reach: both are mined and complete with the hash that confirmed.
    await controls().mine({ blocks: 3 });
    round = await executeRound(t.ctx, [chain]);
    assert.equal(round.completed, 2, JSON.stringify(round));
    const done = await withdrawal(first);
    assert.equal(done.status, 'completed');
    assert.equal(done.transactionHash, replacement!.tx_hash);
    assert.equal(await receiptOf(original!.tx_hash), null, 'the original never confirms');
    assert.equal((await withdrawal(second)).status, 'completed');
    assert.equal((await usdtOf(dest)) - before, 25_000_000n, 'paid exactly once');
    // The webhook's data carries the hash that confirmed.
    const events = await t.ctx.db.selectFrom('outbox_events').select('payload').where('aggregate_id', '=', first).orderBy('id').execute();
    assert.equal((events.at(-1)!.payload as any).status, 'completed');
    assert.equal((events.at(-1)!.payload as any).transactionHash, replacement!.tx_hash);
    // What the network took is the house's: booked from custody against the network fees, in ETH.
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select(['network_cost', 'network_cost_currency'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    const receipt = (await receiptOf(replacement!.tx_hash))!;
    assert.equal(row.network_cost, String(receipt.gasUsed * receipt.effectiveGasPrice));
    assert.equal(row.network_cost_currency, 'ETH');
    // The operator sees both transactions, why the second was signed, and both sides of the fee.
    const view = await t.admin('GET', `/admin/withdrawals/${first}`);
    assert.equal(view.status, 200, JSON.stringify(view.body));
    const payout = view.body.data.payout;
    assert.deepEqual(
      payout.transactions.map((x: any) => [x.seq, x.txHash, x.reason]),
      [
        [0, original!.tx_hash, null],
        [1, replacement!.tx_hash, 'underpriced'],
      ],
    );
    assert.equal(payout.transactions[1].terms.nonce, parsed[0]!.nonce);
    assert.equal(payout.feeCharged, done.feeAmount);
    assert.equal(payout.networkCostCurrency, 'ETH');
    assert.ok(payout.networkCost > 0);
    assert.equal(payout.sender, evm().hotWallet);
    // Custody moved once for the payout, however many transactions were signed for it.
    const entries = await t.ctx.db.selectFrom('journal_entries').select('kind').where('ref_id', '=', first).orderBy('kind').execute();
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['withdrawal.debit', 'withdrawal.networkCost', 'withdrawal.sent'],
    );
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a crash between storing a replacement and broadcasting it leaves exactly one confirmed payout', async () => {
    const id = await commit('USDT_ERC20', 21, 'bump-crash');
    const before = await usdtOf(dest);
    await executeRound(t.ctx, [evm()]);
    const [original] = await candidates(id);
    await forceBaseFee(feeCapOf(original!.raw) * 3n, 2);
    // The process dies after the replacement is stored and before it is sent.
    const real = evm();
    const dying: ChainAdapter = Object.assign(Object.create(Object.getPrototypeOf(real)), real, {
      broadcast: async () => {
        throw new Error('process killed');
      },
    });
    const crashed = await executeRound(t.ctx, [dying]);
    assert.equal(crashed.replaced, 1);
    assert.match(crashed.failures[0]!.error, /process killed/);
    const stored = await candidates(id);
    assert.equal(stored.length, 2, 'the replacement was stored before any broadcast');
    // A new process picks it up: the stored replacement is sent, never a third signing.
    await executeRound(t.ctx, [evm()]);
    await controls().mine({ blocks: 3 });
    await executeRound(t.ctx, [evm()]);
    assert.equal((await withdrawal(id)).status, 'completed');
    const mined = (await Promise.all((await candidates(id)).map((c) => receiptOf(c.tx_hash)))).filter((r) => r !== null);
    assert.equal(mined.length, 1, 'exactly one candidate confirmed');
    assert.equal((await withdrawal(id)).transactionHash, mined[0]!.transactionHash);
    assert.equal((await usdtOf(dest)) - before, 21_000_000n);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('a payout mined but reverted on chain fails, refunds the merchant, and books the gas it burned', async () => {
    const chain = evm();
    const balanceBefore = (await t.call('GET', '/v1/balances', { key })).body.data;
    const id = await commit('USDT_ERC20', 21, 'reverted-1');
    // A spender the hot wallet once approved takes its tokens after the payout was signed, with a
    // higher tip, so the same block runs its transfer first and the payout reverts.
    const buyer = privateKeyToAccount(DEV_KEYS.buyer);
    const hot = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.deployer), transport: http(devnet.rpcUrl) });
    await hot.writeContract({
      chain: null,
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'approve',
      args: [buyer.address, 2n ** 255n],
    });
    await controls().mine({ blocks: 1 });
    const round = await executeRound(t.ctx, [chain]);
    assert.equal(round.signed, 1, JSON.stringify(round));
    const held = await usdtOf(chain.hotWallet as Address);
    const spender = createWalletClient({ account: buyer, transport: http(devnet.rpcUrl) });
    // Explicit gas: no simulation against the pending state, where the payout already took its share.
    const data = encodeFunctionData({
      abi: TEST_USDC.abi,
      functionName: 'transferFrom',
      args: [chain.hotWallet as Address, buyer.address, held],
    });
    await spender.sendTransaction({
      chain: null,
      to: devnet.usdc,
      data,
      gas: 100_000n,
      maxFeePerGas: 500n * GWEI,
      maxPriorityFeePerGas: 400n * GWEI,
    });
    await controls().mine({ blocks: 3 });
    await executeRound(t.ctx, [chain]);
    const w = await withdrawal(id);
    assert.equal(w.status, 'failed');
    const [tx] = await candidates(id);
    assert.equal((await receiptOf(tx!.tx_hash))!.status, 'reverted');
    assert.deepEqual((await t.call('GET', '/v1/balances', { key })).body.data, balanceBefore, 'the debit is back');
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select(['network_cost', 'failure_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(BigInt(row.network_cost!) > 0n, "the gas it burned is the house's");
    assert.match(row.failure_reason!, /failed on chain/);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    await controls().setAutomine(true);
    await devnet.mint(chain.hotWallet!, 1_000_000_000n);
    await controls().setAutomine(false);
  });

  it('a payout the hot wallet cannot cover once its pending payouts are paid waits instead of being signed', async () => {
    const chain = evm();
    // The hot wallet keeps 50 USDT.
    await controls().setAutomine(true);
    const hot = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.deployer), transport: http(devnet.rpcUrl) });
    const extra = (await usdtOf(chain.hotWallet as Address)) - 50_000_000n;
    await hot.writeContract({
      chain: null,
      address: devnet.usdc,
      abi: TEST_USDC.abi,
      functionName: 'transfer',
      args: [privateKeyToAccount(DEV_KEYS.buyer).address, extra],
    });
    await controls().setAutomine(false);
    const first = await commit('USDT_ERC20', 30, 'cover-1');
    assert.equal((await executeRound(t.ctx, [chain])).signed, 1);
    // The chain still shows 50 (the first is not mined): the second, 30, would overdraw.
    const second = await commit('USDT_ERC20', 30, 'cover-2');
    const round = await executeRound(t.ctx, [chain]);
    assert.deepEqual([round.signed, round.waiting], [0, 1], JSON.stringify(round));
    assert.equal((await withdrawal(second)).status, 'created');
    await controls().mine({ blocks: 3 });
    await executeRound(t.ctx, [chain]);
    assert.equal((await withdrawal(first)).status, 'completed');
    assert.equal((await withdrawal(second)).status, 'created', 'still waiting for funds, never signed to revert');
    await controls().setAutomine(true);
    await devnet.mint(chain.hotWallet!, 1_000_000_000n);
    await controls().setAutomine(false);
    await executeRound(t.ctx, [chain]);
    await controls().mine({ blocks: 3 });
    await executeRound(t.ctx, [chain]);
    assert.equal((await withdrawal(second)).status, 'completed');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('waits at the operator ceiling, shows it in metrics, and confirms once fees come back under it', async () => {
    const ceiling = 50n * GWEI;
    const capped = evm({ maxFeePerGas: ceiling });
    const id = await commit('ETH', 0.02, 'bump-ceiling');
    await executeRound(t.ctx, [capped]);
    await forceBaseFee(ceiling * 2n, 2);
    const round = await executeRound(t.ctx, [capped]);
    assert.equal(round.capped, 1, JSON.stringify(round));
    assert.equal(round.replaced, 0);
    for (const c of await candidates(id)) assert.ok(feeCapOf(c.raw) <= ceiling, 'nothing signed above the ceiling');
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select(['fee_capped_at', 'fee_capped_detail'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(row.fee_capped_at);
    assert.match(row.fee_capped_detail!, /ceiling is 50000000000 wei\/gas/);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
    assert.match(metrics.body, /withdrawals_fee_capped\{network="ETHEREUM"\} 1/);
    // The base fee falls back under the ceiling. A node that dropped the payout meanwhile (anvil
    // does) gets it again from the next round; it is mined as it is, within the set blocks.
    await forceBaseFee(GWEI, 1);
    await executeRound(t.ctx, [capped]);
    await controls().mine({ blocks: 3 });
    await executeRound(t.ctx, [capped]);
    assert.equal((await withdrawal(id)).status, 'completed');
    assert.equal((await candidates(id)).length, 1, 'never replaced above the ceiling');
    const after = await t.ctx.db.selectFrom('withdrawals').select('fee_capped_at').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(after.fee_capped_at, null);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
