import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ModeMismatchError, claimInstallationMode, formatFirstStart } from '../../src/bootstrap.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import { EvmChain } from '../../src/chains/evm/evm-chain.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { servedCurrencies } from '../../src/lib/currencies/catalogue.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { CURRENCIES, FIAT_CURRENCIES } from '../../src/lib/currencies/catalogue.ts';
import { describeEngines, liveNetworkEnv, testXpub, useTestApp, useTestDatabase, type TestApp } from '../helpers/harness.ts';
import { api, startGateway } from '../helpers/processes.ts';

const DEAD_RPC = 'http://127.0.0.1:1';
const ETH_LIVE = liveNetworkEnv('ETHEREUM', DEAD_RPC);
const RATE_ASSETS = [...new Set([...CURRENCIES.map((c) => c.symbol), ...FIAT_CURRENCIES.map((f) => f.code)])];

describe('installation mode from configuration', () => {
  it('is sandbox with no network configured: every network simulated, sandbox prices', () => {
    const config = loadConfig({});
    assert.equal(config.mode, 'sandbox');
    assert.deepEqual(config.networks, ['BTC', 'ETHEREUM', 'BNB', 'BASE', 'TRON']);
    assert.deepEqual(config.ratesProviders, ['sandbox']);
  });

  it('is live as soon as one network is configured: only that network, and real prices by default', () => {
    const config = loadConfig({ ...ETH_LIVE, ...liveNetworkEnv('TRON', DEAD_RPC) });
    assert.equal(config.mode, 'live');
    assert.deepEqual(config.networks, ['ETHEREUM', 'TRON']);
    assert.deepEqual(config.ratesProviders, ['coinbase', 'kraken'], 'a live installation prices from real markets, never the fixed table');
    assert.equal(loadConfig({ ...ETH_LIVE, MODE: 'live' }).mode, 'live');
    assert.equal(loadConfig({ MODE: 'sandbox' }).mode, 'sandbox');
  });

  it('refuses contradictions with a one-line reason', () => {
    const refused = (env: NodeJS.ProcessEnv, pattern: RegExp) => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && pattern.test(err.message) && !err.message.includes('\n'),
      );
    };
    refused({ MODE: 'sandbox', ...ETH_LIVE }, /MODE=sandbox contradicts ETHEREUM_RPC_URL/);
    refused({ MODE: 'live' }, /MODE=live needs at least one network/);
    refused({ MODE: 'test' }, /MODE must be sandbox or live/);
    refused({ ...ETH_LIVE, RATES_PROVIDER: 'sandbox' }, /RATES_PROVIDER=sandbox cannot price real money/);
    // One provider prices real money alone only when the operator says so.
    refused({ ...ETH_LIVE, RATES_PROVIDER: 'kraken' }, /RATES_PROVIDER lists only kraken.*set RATES_MIN_SOURCES=1/);
    assert.deepEqual(loadConfig({ ...ETH_LIVE, RATES_PROVIDER: 'kraken', RATES_MIN_SOURCES: '1' }).ratesProviders, ['kraken']);
    // A live network without its account key would hand out addresses nobody can ever spend from.
    refused({ ETHEREUM_RPC_URL: DEAD_RPC }, /ETHEREUM_RPC_URL set without ETHEREUM_XPUB/);
  });

  it('says the mode in the first-start banner', () => {
    const first = { adminToken: null, tenantId: 't', accountId: 'a', apiKey: 'k' };
    assert.match(formatFirstStart(first, 'http://x', 'sandbox', []), /Mode: sandbox — every network simulated, test money only/);
    assert.match(formatFirstStart(first, 'http://x', 'live', ['ETHEREUM', 'TRON']), /Mode: live — real money on ETHEREUM, TRON/);
  });
});

describeEngines('a live installation serves only its configured networks', (engine) => {
  const app = useTestApp(engine, { env: ETH_LIVE });
  let t: TestApp;
  let key: string;
  let invoiceId: string;

  before(async () => {
    t = app();
    assert.equal(t.ctx.config.mode, 'live');
    key = (await t.tenant(['*'])).key;
    // Real prices and fees would come from the live sources; the fixed table stands in for them here.
    await refreshRates(t.ctx.db, new SandboxRateProvider(), RATE_ASSETS);
    await t.ctx.db
      .insertInto('network_fee_quotes')
      .values(servedCurrencies(t.ctx.config).map((c) => ({ currency_code: c.code, amount: '1000', quoted_at: new Date(), source: 'test' })))
      .execute();
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'live-1' } });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    invoiceId = invoice.body.data.id;
  });

  it('lists only the configured network in the catalogue', async () => {
    const res = await t.call('GET', '/v1/currencies', { key });
    assert.equal(res.status, 200);
    const networks = new Set(res.body.data.map((c: { network: string }) => c.network));
    assert.deepEqual([...networks], ['Ethereum']);
    assert.deepEqual((await t.call('GET', '/v1/currencies?network=Tron', { key })).body.data, []);
  });

  it('refuses other networks on every create route with exceptions.currency.unavailable, writing nothing', async () => {
    const deposit = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'd-1' } });
    assert.equal(deposit.status, 400);
    assert.equal(deposit.body.code, 'exceptions.currency.unavailable');
    assert.equal(deposit.body.extension.cryptoCurrencyCode, 'USDT_TRC20');
    assert.equal((await t.ctx.db.selectFrom('deposits').select('id').execute()).length, 0);
    assert.equal((await t.ctx.db.selectFrom('addresses').select('address').execute()).length, 0);

    const quote = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9', amount: 10, orderId: 'w-1' },
    });
    assert.equal(quote.status, 400);
    assert.equal(quote.body.code, 'exceptions.currency.unavailable');

    const select = await t.call('POST', `/pay/${invoiceId}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
    assert.equal(select.status, 400);
    assert.equal(select.body.code, 'exceptions.currency.unavailable');
    assert.equal((await t.ctx.db.selectFrom('invoice_quotes').select('id').execute()).length, 0, 'no quote, rate lock or address');
  });

  it('offers only the configured network on the payment page, marked live', async () => {
    const state = await t.call('GET', `/pay/${invoiceId}/state`);
    assert.equal(state.status, 200);
    assert.equal(state.body.data.mode, 'live');
    assert.ok(state.body.data.currencies.length > 0);
    assert.ok(state.body.data.currencies.every((c: { network: string }) => c.network === 'Ethereum'));
    const picked = await t.call('POST', `/pay/${invoiceId}/select`, { body: { cryptoCurrencyCode: 'USDT_ERC20' } });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    assert.equal(picked.body.data.selected.sandbox, false);
    const page = await t.app.inject({ method: 'GET', url: `/pay/${invoiceId}` });
    assert.equal(page.statusCode, 200);
    assert.ok(!page.body.includes('test-ribbon'), 'no test-payment ribbon on a live page');
    assert.ok(!page.body.includes('data-testid="sim-exact"'), 'no simulate panel on a live page');
  });

  it('has no simulate or sandbox routes: 404 with the API error body', async () => {
    const calls: Array<[string, string, unknown, boolean]> = [
      ['POST', `/pay/${invoiceId}/simulate`, { amount: 'exact' }, false],
      ['POST', `/pay/${invoiceId}/simulate/mine`, {}, false],
      [
        'POST',
        '/admin/sandbox/transfers',
        { cryptoCurrencyCode: 'USDT_TRC20', to: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9', amount: 100 },
        true,
      ],
      ['POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 100 }, true],
      ['PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'ETH', amount: 0.001 }, true],
    ];
    for (const [method, url, body, admin] of calls) {
      const res = admin ? await t.admin(method, url, body) : await t.call(method, url, { body });
      assert.equal(res.status, 404, `${method} ${url}`);
      assert.equal(res.body.code, 'exceptions.route.notFound', `${method} ${url}`);
    }
    assert.equal((await t.ctx.db.selectFrom('sandbox_transfers').select('tx_hash').execute()).length, 0);
  });

  it('says live in /healthz and /readyz', async () => {
    assert.deepEqual((await t.call('GET', '/healthz')).body, { status: 'ok', mode: 'live' });
    const ready = await t.call('GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.mode, 'live');
  });

  it('watches and quotes fees only for the configured network, through its real adapter', async () => {
    const adapters = chainAdapters(t.ctx.config, t.ctx.db);
    assert.deepEqual(
      adapters.map((a) => [a.network, a.sandbox]),
      [['ETHEREUM', false]],
    );
    assert.ok(adapters[0] instanceof EvmChain);
    const asked: string[] = [];
    const oracles = defaultOracles(t.ctx.db, t.ctx.config, [
      { network: 'ETHEREUM', sandbox: false, feeOracle: { source: 'chain', quote: async (c) => (asked.push(c.code), 7n) } },
    ]);
    await refreshFees(t.ctx.db, oracles, () => {}, servedCurrencies(t.ctx.config));
    assert.deepEqual(asked.sort(), ['ETH', 'LINK_ERC20', 'USDC_ERC20', 'USDT_ERC20']);
  });
});

describeEngines('a sandbox installation marks its payments as test payments', (engine) => {
  const app = useTestApp(engine);
  it('shows the ribbon and the simulate panel, and says sandbox in the state and health', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'sb-1' } });
    const page = await t.app.inject({ method: 'GET', url: `/pay/${invoice.body.data.id}` });
    assert.match(page.body, /data-testid="test-ribbon">Test payment/);
    assert.match(page.body, /data-testid="sim-exact"/);
    assert.equal((await t.call('GET', `/pay/${invoice.body.data.id}/state`)).body.data.mode, 'sandbox');
    assert.equal((await t.call('GET', '/healthz')).body.mode, 'sandbox');
  });
});

describeEngines('the database remembers its mode', (engine) => {
  const db = useTestDatabase(engine);

  it('refuses to start a sandbox database live, and a live one in sandbox', async () => {
    await claimInstallationMode(db().db, 'sandbox');
    await claimInstallationMode(db().db, 'sandbox'); // the same mode starts again
    await assert.rejects(
      claimInstallationMode(db().db, 'live'),
      (err: unknown) => err instanceof ModeMismatchError && /sandbox \(test\) money/.test(err.message),
    );
    await db().db.updateTable('system_settings').set({ value: 'live' }).where('key', '=', 'installation_mode').execute();
    await assert.rejects(
      claimInstallationMode(db().db, 'sandbox'),
      (err: unknown) => err instanceof ModeMismatchError && /live installation/.test(err.message),
    );
  });

  it('reads a database from before the mode was recorded by its sandbox artefacts', async () => {
    await db().db.deleteFrom('system_settings').where('key', '=', 'installation_mode').execute();
    await db()
      .db.insertInto('hd_accounts')
      .values({ network: 'TRON', xpub: testXpub('TRON'), sandbox: true, next_index: 3 })
      .execute();
    await assert.rejects(claimInstallationMode(db().db, 'live'), ModeMismatchError);
    const row = await db().db.selectFrom('system_settings').select('value').where('key', '=', 'installation_mode').executeTakeFirst();
    assert.equal(row, undefined, 'a refused start records nothing');
  });
});

describe('npm start in each mode [pglite, processes]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-mode-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a sandbox data directory refuses to start live, naming the fix; live never starts a devnet', async () => {
    const dataDir = join(dir, 'data');
    const sandbox = await startGateway({
      role: 'all',
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_TOKEN: 'a'.repeat(40) },
      readyTimeoutMs: 120_000,
    });
    try {
      assert.match(sandbox.output(), /Mode: sandbox/);
      assert.equal((await api(sandbox.url, 'GET', '/healthz')).body.mode, 'sandbox');
    } finally {
      await sandbox.stop();
    }
    const live = startGateway({
      role: 'all',
      env: { DATA_DIR: dataDir, ...ETH_LIVE, ADMIN_TOKEN: 'a'.repeat(40) },
      readyTimeoutMs: 120_000,
    });
    const err = await live.then(
      () => null,
      (e: Error) => e,
    );
    assert.ok(err, 'the live start on a sandbox database must fail');
    assert.match(
      err.message,
      /configuration error: this database holds sandbox \(test\) money and cannot start in live mode; give the live installation a new, empty database/,
    );

    // A new data directory starts live; with no X402_RPC_URL the facilitator is off, no devnet.
    const fresh = await startGateway({
      role: 'all',
      env: { DATA_DIR: join(dir, 'live'), ...ETH_LIVE, ADMIN_TOKEN: 'a'.repeat(40), LOG_LEVEL: 'info', X402_NETWORK: 'eip155:84532' },
      readyTimeoutMs: 120_000,
    });
    try {
      assert.equal((await api(fresh.url, 'GET', '/healthz')).body.mode, 'live');
      assert.match(fresh.output(), /Mode: live — real money on ETHEREUM/);
      assert.doesNotMatch(fresh.output(), /devnet started/);
      // A live first start prints the operator's sign-in alone: no demo tenant, key or owner.
      assert.match(fresh.output(), /operator@example\.com \(operator\):\s+\S{16}/);
      assert.doesNotMatch(fresh.output(), /Demo (tenant|API key)|cgk_|owner@example\.com/);
      // Nor does it serve /metrics to anyone without METRICS_TOKEN or METRICS_PORT, and says so.
      assert.equal((await api(fresh.url, 'GET', '/metrics')).status, 404);
      assert.match(fresh.output(), /GET \/metrics is off in a live installation until METRICS_TOKEN/);
      assert.equal(
        (await api(fresh.url, 'POST', '/admin/sandbox/mine', { admin: 'a'.repeat(40), body: { network: 'Tron', blocks: 1 } })).status,
        404,
      );
    } finally {
      await fresh.stop();
    }
  });
});
