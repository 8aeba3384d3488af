// Tron sweeping end to end against the local TronGrid (java-tron's resource accounting): TRX and
// USDT deposits on several addresses, watched and confirmed, swept into the hot wallet by borrowing
// the hot wallet's staked energy (delegateresource, reclaimed after) or by topping the address up
// with exactly the TRX burning costs; every transaction stored before broadcast; the TRX burned
// booked against network fees; then a USDT withdrawal paid from the hot wallet; the ledger audit clean.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { hex } from '@scure/base';
import { sweepAccountKey } from '../../src/chains/sweep-key.ts';
import { TronSweeper, type TronSweepResult } from '../../src/chains/tron/sweeper.ts';
import { tronAddressOfKey } from '../../src/chains/tron/sweep-tx.ts';
import { bandwidthCost, bandwidthOf, planTokenSweep } from '../../src/chains/tron/sweep-plan.ts';
import { TronGridChain } from '../../src/chains/tron/trongrid-chain.ts';
import { DERIVATION } from '../../src/chains/hd-wallet.ts';
import { chainSettings } from '../../src/config/chains.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { auditLedger, bookSweepCost, custodyAccount } from '../../src/modules/ledger/service.ts';
import { sweepJobs } from '../../src/modules/ledger/jobs.ts';
import { Watcher } from '../../src/modules/payments/watcher.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { FAKE_USDT, fakeTronGrid } from '../helpers/fake-trongrid.ts';
import { METRICS_AUTH, METRICS_TOKEN, describeEngines, liveNetworkEnv, startTestApp, testXpub, type TestApp } from '../helpers/harness.ts';

const TRX = 1_000_000n;
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** The harness's fixed test seed: its TRON account key is TRON_XPUB, so its private side sweeps. */
const ACCOUNT = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive(DERIVATION.TRON.path);
const silent = { warn() {}, info() {}, error() {} } as never;

describeEngines('Tron sweeping against the local TronGrid', (engine) => {
  const grid = fakeTronGrid();
  /** While set, broadcasts fail as a crash between storing and broadcasting would leave them. */
  const crash = { on: false };
  const staked = hex.encode(randomBytes(32));
  const unstaked = hex.encode(randomBytes(32));
  let t: TestApp;
  let chain: TronGridChain;
  let watcher: Watcher;
  let key = '';
  let initialTrx = 0n;

  before(async () => {
    const url = await grid.listen();
    grid.solid.lag = 1; // irreversible one block under the head: two blocks settle a step
    const env = {
      ...liveNetworkEnv('TRON', url),
      TRON_CONFIRMATIONS: '1',
      TRON_HOT_WALLET_KEY: staked,
      TRON_SWEEP_XPRV: ACCOUNT.privateExtendedKey,
      METRICS_TOKEN,
    };
    t = await startTestApp(engine, { env });
    const fetcher: typeof fetch = async (input, init) => {
      if (crash.on && String(input).endsWith('/wallet/broadcasttransaction')) throw new Error('crashed before the broadcast');
      return fetch(input, init);
    };
    chain = new TronGridChain(url, { hotWalletKey: staked, fetcher }, t.ctx.db);
    watcher = new Watcher(t.ctx.db, t.ctx.config, chain, depositListener(t.ctx));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['TRX', 'USDT']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Tron' ? chain.feeOracle : { source: 'none', quote: async () => null }));
    key = (await t.tenant(['*'])).key;
    // The staked hot wallet: 100,000 TRX, 20,000 of them staked for energy (about 200,000 energy a day).
    grid.fund(chain.hotWallet!, 100_000n * TRX);
    grid.stakeEnergy(chain.hotWallet!, 20_000n * TRX);
    grid.fund(tronAddressOfKey(hex.decode(unstaked)), 1_000n * TRX);
    initialTrx = 101_000n * TRX;
  });
  after(async () => {
    await t?.close();
    await grid.close();
  });

  const sweeper = (hotKey: string, share = 50_000n) =>
    new TronSweeper(t.ctx.db, chain, sweepAccountKey(ACCOUNT.privateExtendedKey, testXpub('TRON')), hotKey, bookSweepCost, share);
  async function deposit(code: 'TRX' | 'USDT_TRC20', units: bigint): Promise<{ id: string; address: string }> {
    const d = (
      await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: code, orderId: `o-${randomBytes(4).toString('hex')}` } })
    ).body.data;
    if (code === 'TRX') grid.transferIn(d.address, units);
    else grid.transferTokenIn(FAKE_USDT, d.address, units);
    return d;
  }
  async function confirmAll(): Promise<void> {
    grid.mine();
    await watcher.round();
    grid.mine([]);
    await watcher.round();
  }
  /** Rounds of the sweeper, two blocks after each, until one signs and settles nothing. */
  async function drive(s: TronSweeper, max = 12): Promise<TronSweepResult[]> {
    const out: TronSweepResult[] = [];
    for (let i = 0; i < max; i++) {
      const r = await s.round();
      out.push(r);
      assert.deepEqual(r.errors, []);
      if (Object.keys(r.signed).length === 0 && r.settled === 0 && r.rebroadcast === 0) break;
      grid.mine();
      grid.mine([]);
    }
    return out;
  }
  const signed = (rs: TronSweepResult[], purpose: string) =>
    rs.reduce((n, r) => n + ((r.signed as Record<string, number>)[purpose] ?? 0), 0);
  const stored = (address: string) =>
    t.ctx.db.selectFrom('sweep_transactions').selectAll().where('address', '=', address).orderBy('created_at').execute();
  const unswept = async (id: string) =>
    (await t.ctx.db.selectFrom('payments').select('swept_at').where('owner_id', '=', id).executeTakeFirstOrThrow()).swept_at === null;
  /** TRX the chain holds for us (hot wallets with their stake, deposit addresses) less what the test put there. */
  async function custodyGap(): Promise<bigint> {
    const addresses = (await t.ctx.db.selectFrom('addresses').select('address').where('network', '=', 'TRON').execute()).map(
      (r) => r.address,
    );
    let onChain = 0n;
    for (const a of [chain.hotWallet!, tronAddressOfKey(hex.decode(unstaked)), ...addresses]) {
      const acc = grid.account(a);
      onChain += acc.balance + acc.frozenV2Energy + acc.delegatedEnergyOut;
    }
    const viaAdapter = await chain.custodyBalance('TRX', [tronAddressOfKey(hex.decode(unstaked)), ...addresses]);
    assert.equal(viaAdapter, onChain, "the solvency view counts the hot wallet's stake, lent or not, as custody");
    const row = await t.ctx.db
      .selectFrom('ledger_balances_now')
      .select('balance')
      .where('ledger_account', '=', custodyAccount('TRON'))
      .where('currency_code', '=', 'TRX')
      .executeTakeFirst();
    return onChain - initialTrx - BigInt(row?.balance ?? 0);
  }

  it('sweeps TRX in free bandwidth and USDT with energy lent from the stake, reclaimed after; the ledger follows the chain', async () => {
    const trx = [await deposit('TRX', 50n * TRX), await deposit('TRX', 20n * TRX)];
    const usdt = [await deposit('USDT_TRC20', 100_000_000n), await deposit('USDT_TRC20', 30_000_000n)];
    await confirmAll();
    const hotBefore = grid.account(chain.hotWallet!).balance;
    const rounds = await drive(sweeper(staked));
    for (const d of [...trx, ...usdt]) assert.equal(await unswept(d.id), false, `${d.address} swept`);
    assert.equal(signed(rounds, 'delegate'), 2);
    assert.equal(signed(rounds, 'undelegate'), 2);
    assert.equal(signed(rounds, 'sweep'), 4);
    // The USDT addresses did not exist: each was activated with 1 sun (1.1 TRX burned by the hot wallet), no TRX burned for energy.
    assert.equal(signed(rounds, 'topup'), 2);
    assert.equal(grid.tokenBalance(FAKE_USDT, chain.hotWallet!), 130_000_000n);
    for (const d of trx) assert.equal(grid.account(d.address).balance, 0n); // free bandwidth: all of it moved
    const hot = grid.account(chain.hotWallet!);
    assert.equal(hot.delegatedEnergyOut, 0n); // every delegation reclaimed
    assert.equal(hot.frozenV2Energy, 20_000n * TRX);
    const burned = rounds.length > 0 ? hotBefore + 70n * TRX - 2n - hot.balance : 0n;
    assert.ok(burned >= 2n * 1_100_000n && burned < 5n * TRX, `the hot wallet burned ${burned} sun`);
    for (const d of usdt) {
      const rows = await stored(d.address);
      for (const row of rows) assert.equal(row.status, 'confirmed');
      assert.deepEqual(
        rows.map((r) => r.purpose),
        ['topup', 'delegate', 'sweep', 'undelegate'],
      );
      // Activated with 1 sun; the sweep burned nothing: energy lent, bandwidth free.
      assert.equal(grid.broadcasts.find((b) => b.txID === rows[0]!.tx_hash).raw_data.contract[0].parameter.value.amount, 1);
      assert.equal(rows[2]!.fee, '0');
      assert.equal(grid.account(d.address).energyLimit, 0);
    }
    assert.equal(await custodyGap(), 0n);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('without stake, tops the address up with exactly the TRX that burning for energy costs: nothing is left on it', async () => {
    const hot2 = tronAddressOfKey(hex.decode(unstaked));
    const d = await deposit('USDT_TRC20', 2_000_000_000n);
    await confirmAll();
    const rounds = await drive(sweeper(unstaked));
    assert.equal(await unswept(d.id), false);
    assert.equal(signed(rounds, 'delegate'), 0);
    assert.equal(signed(rounds, 'topup'), 1);
    assert.equal(grid.tokenBalance(FAKE_USDT, hot2), 2_000_000_000n);
    assert.equal(grid.account(d.address).balance, 0n);
    const [topup] = (await stored(d.address)).filter((r) => r.purpose === 'topup');
    // 130,000 energy (the hot wallet held no USDT yet) × 420 sun.
    assert.equal(grid.broadcasts.find((b) => b.txID === topup!.tx_hash).raw_data.contract[0].parameter.value.amount, 54_600_000);
    assert.equal(await custodyGap(), 0n);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('retries a sweep that ran out of energy with more, and sweeps back the TRX left over', async () => {
    grid.params.trc20EnergyToHolder = 70_000; // more than the 65,000 a transfer to a holder is planned with
    try {
      const d = await deposit('USDT_TRC20', 2_000_000_000n);
      await confirmAll();
      const rounds = await drive(sweeper(unstaked));
      assert.equal(await unswept(d.id), false);
      const rows = await stored(d.address);
      assert.deepEqual(
        rows.filter((r) => r.purpose === 'sweep').map((r) => r.status),
        ['failed', 'confirmed'],
      );
      assert.equal((grid.info(rows.find((r) => r.status === 'failed')!.tx_hash) as any).receipt.result, 'OUT_OF_ENERGY');
      assert.equal(signed(rounds, 'rest'), 1);
      assert.ok(grid.account(d.address).balance < TRX / 100n, `left ${grid.account(d.address).balance} sun`);
      assert.equal(await custodyGap(), 0n);
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    } finally {
      grid.params.trc20EnergyToHolder = 65_000;
    }
  });

  it('rebroadcasts the stored transaction after a crash between signing and broadcasting, never signs a second', async () => {
    const d = await deposit('TRX', 7n * TRX);
    await confirmAll();
    const s = sweeper(staked);
    crash.on = true;
    const first = await s.round();
    crash.on = false;
    assert.equal(first.signed.sweep, 1);
    assert.match(first.errors.join(), /crashed before the broadcast/);
    const [row] = await stored(d.address);
    assert.ok(!grid.broadcasts.some((b) => b.txID === row!.tx_hash));
    const second = await s.round();
    assert.deepEqual([second.rebroadcast, second.signed], [1, {}]);
    assert.ok(grid.broadcasts.some((b) => b.txID === row!.tx_hash));
    grid.mine();
    grid.mine([]);
    await drive(s);
    assert.deepEqual(
      (await stored(d.address)).map((r) => [r.tx_hash, r.status]),
      [[row!.tx_hash, 'confirmed']],
    );
    assert.equal(await unswept(d.id), false);
  });

  it('signs a sweep anew only once the stored one is provably gone: out of every view and past its expiration', async () => {
    const d = await deposit('TRX', 9n * TRX);
    await confirmAll();
    const s = sweeper(staked);
    assert.equal((await s.round()).signed.sweep, 1);
    const [lost] = await stored(d.address);
    // The node loses it (a reorganisation took its block away, or its pool dropped it): sent again while it may still be mined.
    grid.pending.length = 0;
    const resent = await s.round();
    assert.deepEqual([resent.rebroadcast, resent.signed], [1, {}]);
    // Lost again, and this time its expiration passes in blocks without it: settled as expired, and a new sweep is signed.
    grid.pending.length = 0;
    grid.skip(120_000);
    grid.mine([]);
    grid.mine([]);
    await drive(s);
    const rows = await stored(d.address);
    assert.deepEqual(
      rows.map((r) => [r.tx_hash === lost!.tx_hash, r.status]),
      [
        [true, 'expired'],
        [false, 'confirmed'],
      ],
    );
    assert.equal(await unswept(d.id), false);
    assert.equal(await custodyGap(), 0n);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('two workers sweeping at once store and broadcast one transaction', async () => {
    const d = await deposit('TRX', 3n * TRX);
    await confirmAll();
    await Promise.all([sweeper(staked).round(), sweeper(staked).round()]);
    const rows = await stored(d.address);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      grid.broadcasts.filter((b) => b.raw_data.contract[0].parameter.value.owner_address === d.address).map((b) => b.txID),
      [rows[0]!.tx_hash],
    );
    grid.mine();
    grid.mine([]);
    await drive(sweeper(staked));
    assert.equal(await unswept(d.id), false);
  });

  it('lets a deposit whose sweep would cost more than the set share of it wait', async () => {
    const d = await deposit('USDT_TRC20', 10_000_000n); // 10 USDT; burning for its energy costs 27.3 TRX (6.8 USD)
    await confirmAll();
    const r = await sweeper(unstaked).round();
    assert.equal(r.waiting, 1);
    assert.deepEqual(await stored(d.address), []);
    assert.equal(await unswept(d.id), true);
    // At a 100 % share it goes.
    await drive(sweeper(unstaked, 1_000_000n));
    assert.equal(await unswept(d.id), false);
    assert.equal(await custodyGap(), 0n);
  });

  it('pays a USDT withdrawal from the swept hot wallet', async () => {
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: PAYEE, amount: 25, orderId: 'tron-sweep-out' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).body.data;
    await executeRound(t.ctx, [chain]);
    grid.mine();
    grid.mine([]);
    await executeRound(t.ctx, [chain]);
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data.status, 'completed');
    assert.equal(grid.tokenBalance(FAKE_USDT, PAYEE), 25_000_000n);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('runs as the worker job, and a worker without the sweep key skips Tron and says so in metrics', async () => {
    const jobs = sweepJobs({ ctx: t.ctx, log: silent }, [chain]);
    assert.deepEqual(
      jobs.map((j) => j.name),
      ['sweep-TRON'],
    );
    const on = (await t.app.inject({ method: 'GET', url: '/metrics', headers: METRICS_AUTH })).body;
    assert.match(on, /^sweeper_enabled\{network="TRON"\} 1$/m);
    const keyless = await startTestApp(engine, {
      env: { ...liveNetworkEnv('TRON', 'http://127.0.0.1:9'), TRON_HOT_WALLET_KEY: staked, METRICS_TOKEN },
    });
    try {
      assert.deepEqual(sweepJobs({ ctx: keyless.ctx, log: silent }, [chain]), []);
      assert.match(
        (await keyless.app.inject({ method: 'GET', url: '/metrics', headers: METRICS_AUTH })).body,
        /^sweeper_enabled\{network="TRON"\} 0$/m,
      );
    } finally {
      await keyless.close();
    }
  });
});

describe('planning a Tron token sweep', () => {
  const prices = { energyFee: 420n, byteFee: 1000n, freeNetLimit: 600n, activation: 1_100_000n };
  const totals = { totalEnergyLimit: 90_000_000_000n, totalEnergyWeight: 9_000_000_000n };
  const fresh = { exists: false, balance: 0n, energy: 0n, freeBytes: 0n, ...totals };
  const need = { energy: 65_000n, bytes: 345n };

  it('borrows the energy when the stake can lend it, activating an address the chain does not hold first', () => {
    assert.deepEqual(planTokenSweep(fresh, need, prices, { delegatable: 10_000n * TRX, staked: 10_000n * TRX }), {
      step: 'topup',
      amount: 1n,
      cost: 1_100_000n,
    });
    const active = { ...fresh, exists: true, freeBytes: 600n, balance: 1n };
    assert.deepEqual(planTokenSweep(active, need, prices, { delegatable: 10_000n * TRX, staked: 10_000n * TRX }), {
      step: 'delegate',
      stake: 6_501n * TRX,
      cost: 0n,
    });
    assert.deepEqual(planTokenSweep({ ...active, energy: 65_000n }, need, prices, { delegatable: 0n, staked: 10_000n * TRX }), {
      step: 'sweep',
      cost: 0n,
    });
  });

  it('waits for a stake lent elsewhere; burns only without one, topping up exactly energy and bandwidth', () => {
    const active = { ...fresh, exists: true, freeBytes: 100n, balance: 345_000n };
    assert.deepEqual(planTokenSweep(active, need, prices, { delegatable: 0n, staked: 10_000n * TRX }), { step: 'wait', cost: 0n });
    assert.deepEqual(planTokenSweep(active, need, prices, { delegatable: 0n, staked: 0n }), {
      step: 'topup',
      amount: 27_300_000n,
      cost: 27_645_000n,
    });
    assert.deepEqual(planTokenSweep({ ...active, balance: 27_645_000n }, need, prices, { delegatable: 0n, staked: 0n }), {
      step: 'sweep',
      cost: 27_645_000n,
    });
  });

  it('reads the cost share from SWEEP_MAX_COST_SHARE, per network first, in millionths (default 5 %)', () => {
    assert.equal(chainSettings({}).TRON.sweepMaxCostShare, 50_000n);
    const env = { SWEEP_MAX_COST_SHARE: '0.1', TRON_SWEEP_MAX_COST_SHARE: '0.025' };
    assert.deepEqual([chainSettings(env).TRON.sweepMaxCostShare, chainSettings(env).BTC.sweepMaxCostShare], [25_000n, 100_000n]);
  });

  it('counts bandwidth as java-tron does: the signed transaction and 64 bytes for its result', () => {
    assert.equal(bandwidthOf('00'.repeat(200)), 1n + 2n + 200n + 67n + 64n);
    assert.equal(bandwidthCost(300n, 300n, prices), 0n);
    assert.equal(bandwidthCost(301n, 300n, prices), 301_000n);
  });
});
