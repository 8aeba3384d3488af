// Cold storage on a real EVM node (anvil, chain id 1), through the gateway's own adapters: the
// catalogue's Ethereum tokens are given the devnet token's code at their mainnet addresses, so the
// worker's round, GET /admin/solvency and /metrics read the chain as a live installation does.
// The hot wallet's excess above its ceiling reaches the cold address once however many rounds run
// at once, a stuck move is replaced, solvency adds hot and cold against liabilities, the ledger
// audit holds; an operator's request moves down to the target; a hot wallet short of the queue
// shows what it lacks (gauge) and what to refill from cold (route, console); roles are enforced.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseTransaction, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, devnetControls, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import type { ChainAdapter } from '../../src/chains/types.ts';
import { CURRENCIES, cryptoAmount } from '../../src/lib/currencies/catalogue.ts';
import { coldStorageRound } from '../../src/modules/cold-storage/round.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, credit, custodyAccount, debit, merchantBalances, post } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { signingAdapters } from '../../src/worker.ts';
import { authenticator, member, type Browser } from '../users/helpers.ts';
import { browserContexts, noChromium } from '../helpers/browser.ts';
import { METRICS_AUTH, METRICS_TOKEN, describeEngines, liveNetworkEnv, startTestApp, type TestApp } from '../helpers/harness.ts';
import { PHONE, diagnosed, watchedPage } from '../dashboard/kit.ts';
import { checkAndShoot } from '../dashboard/console/kit.ts';

const USDT = CURRENCIES.find((c) => c.code === 'USDT_ERC20')!.contractAddress as Address;
const TOKENS = CURRENCIES.filter((c) => c.network === 'Ethereum' && c.contractAddress).map((c) => c.contractAddress as Address);
const COLD = privateKeyToAccount(generatePrivateKey()).address;
const DEST = privateKeyToAccount(DEV_KEYS.seller).address;
const HOT_KEY = generatePrivateKey();
const HOT = privateKeyToAccount(HOT_KEY).address;
const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

describeEngines('cold storage (live, anvil)', (engine) => {
  const skip = anvilBinary() ? false : 'anvil (@foundry-rs/anvil-*) is not installed for this platform';
  let devnet: Devnet;
  let t: TestApp;
  let adapters: ChainAdapter[];
  let key = '';
  let accountId = '';
  const controls = () => devnetControls(devnet.rpcUrl, 1);
  const node = () => createPublicClient({ transport: http(devnet.rpcUrl) });
  const usdtOf = (address: Address) => node().readContract({ address: USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const round = () => coldStorageRound(t.ctx, adapters);
  const moves = () => t.ctx.db.selectFrom('cold_transfers').selectAll().orderBy('created_at').execute();
  const ledger = async (account: string) =>
    BigInt(
      (
        await t.ctx.db
          .selectFrom('ledger_balances_now')
          .select('balance')
          .where('ledger_account', '=', account)
          .where('currency_code', '=', 'USDT_ERC20')
          .executeTakeFirst()
      )?.balance ?? '0',
    );

  /** Mints USDT into the hot wallet and books it as a merchant's deposit would (custody in, the merchant credited). */
  async function deposit(units: bigint) {
    const deployer = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.deployer), transport: http(devnet.rpcUrl) });
    await node().waitForTransactionReceipt({
      hash: await deployer.writeContract({ address: USDT, abi: TEST_USDC.abi, functionName: 'mint', args: [HOT, units], chain: null }),
      pollingInterval: 50,
    });
    const amount = cryptoAmount('USDT_ERC20', units);
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        tenantId: null,
        kind: 'test.deposit',
        refType: 'test',
        refId: randomUUID(),
        lines: [debit(custodyAccount('ETHEREUM'), amount), credit(`merchant:${accountId}`, amount)],
      }),
    );
  }
  async function commit(amount: number, orderId: string): Promise<string> {
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_ERC20', address: DEST, amount, orderId },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    return c.body.data.id;
  }
  const solvencyOf = async (code: string) => {
    const res = await t.admin('GET', '/admin/solvency');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.find((r: { cryptoCurrencyCode: string }) => r.cryptoCurrencyCode === code);
  };
  const hotWallet = async (as?: Browser) => {
    const res = as ? await as.call('GET', '/admin/hot-wallets') : await t.admin('GET', '/admin/hot-wallets');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.find((w: { network: string }) => w.network === 'Ethereum');
  };
  /**
   * An operator of a role with two-factor authentication on (a live installation's /admin asks for
   * it), enabled with the current step's code: a step boundary meanwhile stays within the window.
   */
  const operator = async (role: string) => {
    const op = await member(t, undefined, role);
    const setup = await op.call('POST', '/auth/totp/setup');
    const enabled = await op.call('POST', '/auth/totp/enable', { body: { code: authenticator(setup.body.data.secret).code() } });
    assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
    return op;
  };

  before(async () => {
    if (skip) return;
    devnet = await startDevnet({ chainId: 1 });
    t = await startTestApp(engine, {
      env: {
        ...liveNetworkEnv('ETHEREUM', devnet.rpcUrl),
        ETHEREUM_CONFIRMATIONS: '1',
        ETHEREUM_HOT_WALLET_KEY: HOT_KEY,
        ETHEREUM_COLD_ADDRESS: COLD,
        ETHEREUM_HOT_MAX_USD: '100',
        METRICS_TOKEN,
      },
    });
    const code = (await node().getCode({ address: devnet.usdc }))!;
    for (const token of TOKENS) await controls().setCode({ address: token, bytecode: code });
    adapters = signingAdapters(chainAdapters(t.ctx.config, t.ctx.db));
    assert.equal(adapters[0]?.hotWallet, HOT, 'the worker holds the hot wallet key');
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'LINK', 'EURC', 'ETH']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? adapters[0]!.feeOracle : { source: 'none', quote: async () => null }));
    ({ key, accountId } = await t.tenant(['*']));
    // The gas float: 0.03 ETH, $90 at the sandbox price, under the $100 ceiling, so it stays hot.
    await controls().setBalance({ address: HOT, value: parseEther('0.03') });
    await deposit(usdt(300));
  });
  after(async () => {
    await controls()
      ?.setAutomine(true)
      .catch(() => {});
    await t?.close();
    await devnet?.stop();
  });

  it('moves the excess above the ceiling to the cold address once, replaces it when stuck, and solvency adds hot and cold up', {
    skip,
  }, async () => {
    await commit(20, 'queued-20');
    await controls().setAutomine(false);
    // Two workers' rounds at once: one move, one transaction sent.
    const rounds = await Promise.all([round(), round()]);
    assert.equal(rounds[0].moved + rounds[1].moved, 1, JSON.stringify(rounds));
    let [move] = await moves();
    // 300 held, 20 queued, $50 (half the ceiling) kept: 230 go to cold.
    assert.deepEqual(
      [move!.amount, move!.hot_balance, move!.queued, move!.cause, move!.status, move!.address],
      ['230000000', '300000000', '20000000', 'ceiling', 'processing', COLD],
    );
    assert.equal((await moves()).length, 1);
    const counts = await adapters[0]!.nonces!();
    assert.equal(counts.pending - counts.mined, 1, 'one transaction in the pool');
    assert.deepEqual(
      [await ledger('custody:ETHEREUM'), await ledger('cold:ETHEREUM')],
      [usdt(70), usdt(230)],
      'booked from hot to cold when signed',
    );
    assert.equal((await round()).moved, 0, 'nothing more while one is in flight');

    // Its fee under the base fee: the next round replaces it on the same nonce with a higher bid.
    const first = await t.ctx.db
      .selectFrom('cold_transfer_transactions')
      .selectAll()
      .where('cold_transfer_id', '=', move!.id)
      .executeTakeFirstOrThrow();
    await controls().setNextBlockBaseFeePerGas({ baseFeePerGas: parseTransaction(first.raw as Hex).maxFeePerGas! + 1n });
    await controls().mine({ blocks: 1 });
    assert.equal((await round()).replaced, 1);
    const candidates = await t.ctx.db
      .selectFrom('cold_transfer_transactions')
      .selectAll()
      .where('cold_transfer_id', '=', move!.id)
      .orderBy('seq')
      .execute();
    assert.deepEqual(
      candidates.map((c) => [c.seq, c.reason]),
      [
        [0, null],
        [1, 'underpriced'],
      ],
    );
    await controls().mine({ blocks: 1 });
    assert.equal((await round()).completed, 1);
    [move] = await moves();
    assert.deepEqual([move!.status, move!.tx_hash, move!.network_cost_currency], ['completed', candidates[1]!.tx_hash, 'ETH']);

    // On chain: the excess at the cold address, the rest hot; solvency adds both against liabilities.
    assert.deepEqual([await usdtOf(COLD), await usdtOf(HOT)], [usdt(230), usdt(70)]);
    const row = await solvencyOf('USDT_ERC20');
    assert.deepEqual(
      [row.hot, row.cold, row.custody, row.ledgerCustody, row.liabilities, row.difference, row.status],
      [70, 230, 300, 300, 300, 0, 'ok'],
    );
    assert.equal((await solvencyOf('ETH')).status, 'ok', 'the move’s gas came out of the float and is booked');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    const events = await t.ctx.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('event_type', '=', 'coldTransfer.statusChanged')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      events.map((e) => [(e.payload as { status: string }).status, (e.payload as { previousStatus: string | null }).previousStatus]),
      [
        ['processing', null],
        ['completed', 'processing'],
      ],
    );
    await controls().setAutomine(true);
  });

  it('moves down to the target when an operator asks; says what the hot wallet lacks and what to refill from cold; roles hold', {
    skip,
  }, async () => {
    await executeRound(t.ctx, adapters);
    await executeRound(t.ctx, adapters);
    assert.equal(await usdtOf(HOT), usdt(50), 'the queued 20 paid');
    await deposit(usdt(40));
    assert.equal((await round()).moved, 0, '$90 is under the ceiling');

    // Reading is every operator's; asking for a move is for admins and operations only.
    const auditor = await operator('operatorAuditor');
    const support = await operator('operatorSupport');
    const operations = await operator('operatorOperations');
    assert.equal((await hotWallet(auditor)).coldStorage.address, COLD);
    for (const who of [auditor, support]) {
      const refused = await who.call('POST', '/admin/hot-wallets/Ethereum/move-to-cold');
      assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.operatorRoleForbidden']);
    }
    assert.equal((await t.call('GET', '/admin/hot-wallets', { key })).status, 401, 'no merchant key reaches it');
    assert.equal((await t.admin('POST', '/admin/hot-wallets/Tron/move-to-cold')).body.code, 'exceptions.coldStorage.notConfigured');
    assert.equal((await t.ctx.db.selectFrom('cold_move_requests').selectAll().execute()).length, 0, 'nothing asked by the refused');
    const asked = await operations.call('POST', '/admin/hot-wallets/Ethereum/move-to-cold');
    assert.equal(asked.status, 202, JSON.stringify(asked.body));
    assert.equal((await hotWallet()).moveRequestedAt, asked.body.data.requestedAt);
    // Every currency above its target: the USDT above $50, and the ether float above $50 too.
    assert.equal((await round()).moved, 2);
    await round();
    const asked2 = (await moves()).filter((m) => m.cause === 'operator');
    assert.deepEqual(asked2.map((m) => [m.currency_code, m.status]).sort(), [
      ['ETH', 'completed'],
      ['USDT_ERC20', 'completed'],
    ]);
    assert.equal(asked2.find((m) => m.currency_code === 'USDT_ERC20')!.amount, '40000000');
    assert.equal((await hotWallet()).moveRequestedAt, null, 'carried out');
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('action', '=', 'coldStorage.moveRequested')
      .execute();
    assert.deepEqual(audited, [{ action: 'coldStorage.moveRequested', actor: operations.email.toLowerCase() }]);

    // 100 committed, 50 spendable: the withdrawal waits, the level says what lacks and what to refill.
    const waiting = await commit(100, 'short-100');
    await executeRound(t.ctx, adapters);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${waiting}`, { key })).body.data.waitingReason, 'hotWalletLow');
    await round();
    const level = (await hotWallet()).currencies.find((c: { cryptoCurrencyCode: string }) => c.cryptoCurrencyCode === 'USDT_ERC20');
    // The refill covers the queue and restores the $50 target: 100 + 50 − 50.
    assert.deepEqual([level.balance, level.queued, level.shortfall, level.refill], [50, 100, 50, 100]);
    assert.match(
      level.advice,
      new RegExp(`lacks 50 USDT_ERC20 for the withdrawal queue .* Send 100 USDT_ERC20 from cold storage \\(${COLD}\\) to the hot wallet`),
    );
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: METRICS_AUTH })).body;
    assert.match(metrics, /^hot_wallet_shortfall\{network="ETHEREUM",currency="USDT_ERC20"\} 50$/m);
    assert.match(metrics, /^hot_wallet_shortfall\{network="ETHEREUM",currency="ETH"\} 0$/m);

    const row = await solvencyOf('USDT_ERC20');
    const owed =
      (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === 'USDT_ERC20')!.units +
      (await ledger('clearing:withdrawals'));
    assert.deepEqual([row.hot, row.cold, row.custody, row.ledgerCustody, row.status], [50, 270, 320, 320, 'ok']);
    assert.equal(BigInt(Math.round(row.liabilities * 1e6)), owed);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  // The page reads the same API on either engine: it is driven once, in the PGlite run.
  if (engine === 'pglite')
    it('the console shows hot, cold and their sum, what lacks and how much to refill from cold (Chromium)', {
      skip: skip || noChromium,
    }, async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const admin = await operator('operator');
      const browser = browserContexts();
      try {
        const context = await browser.newContext(PHONE);
        const [name, value] = admin.cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url: origin }]);
        const w = await watchedPage(context, origin);
        const { page } = w;
        await diagnosed(page, 'console-hot-cold', async () => {
          await page.goto(`${origin}/dashboard/hot-cold`);
          await page.getByRole('heading', { level: 1, name: 'Hot and cold' }).waitFor();
          const custody = page
            .getByRole('table', { name: 'Hot and cold custody per currency' })
            .getByRole('row')
            .filter({ hasText: 'USDT_ERC20' });
          await custody.getByText('270 USDT_ERC20').waitFor();
          assert.match((await custody.textContent())!, /50 USDT_ERC20.*270 USDT_ERC20.*320 USDT_ERC20/);
          const levels = page.getByRole('table', { name: 'Ethereum hot wallet levels' }).getByRole('row').filter({ hasText: 'USDT_ERC20' });
          assert.match((await levels.textContent())!, /50 USDT_ERC20.*100 USDT_ERC20.*50 USDT_ERC20.*100 USDT_ERC20/);
          await page.getByText(/Send 100 USDT_ERC20 from cold storage/).waitFor();
          await page.getByRole('table', { name: 'Ethereum moves to cold storage' }).getByText('Asked by an operator').first().waitFor();
          await page.getByRole('button', { name: 'Move excess to cold now' }).waitFor();
          await checkAndShoot(page, 'hot-cold-phone', 'hot-and-cold');
        });
        w.assertClean('the hot and cold page');
      } finally {
        await browser.close();
      }
    });
});
