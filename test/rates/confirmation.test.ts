import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/lib/db/index.ts';
import { loadMigrations, migrate } from '../../src/lib/db/migrate.ts';
import { parseRatio } from '../../src/lib/money.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { pricingNotes } from '../../src/modules/rates/providers.ts';
import { RATED_ASSETS, usdPrice } from '../../src/modules/rates/service.ts';
import { METRICS_AUTH, METRICS_TOKEN, describeEngines, liveNetworkEnv, type TestApp } from '../helpers/harness.ts';
import { DOWN, coinbaseWith, krakenWith, useReplayedRates, warnings } from '../helpers/rates.ts';

// Coinbase and Kraken replayed from their documented answers (test/fixtures, see coinbase.test.ts
// and kraken.test.ts), with one asset moved where a test says so. In those answers ETH is
// 3189.996172004593594488 (Coinbase) and 3190.445 (Kraken): 3190.220586002296797244 combined.
const ETH_COMBINED = '3190.220586002296797244';
const LIVE = { ...liveNetworkEnv('ETHEREUM', 'http://127.0.0.1:1'), METRICS_TOKEN };

/** A conversion preview of 1 ETH into USDC: what a merchant is quoted with the ETH price. */
async function previewEth(t: TestApp) {
  const { key } = await t.tenant(['*']);
  return t.call('POST', '/v1/converting/preview', {
    key,
    body: { fromCryptoCurrencyCode: 'ETH', toCryptoCurrencyCode: 'USDC_ERC20', fromAmount: 1 },
  });
}

describeEngines('live prices need two agreeing sources by default', (engine) => {
  const { app, round, coinbase, kraken } = useReplayedRates(engine, LIVE);

  it('one source down and the other at $30 for ETH: refused; both back and agreeing: quoted', async () => {
    const t = app();
    kraken.answer = DOWN;
    coinbase.answer = coinbaseWith({ ETH: '0.0333333333333333333' }); // 1 / 0.0333… = $30
    await round();
    const refused = await previewEth(t);
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'exceptions.rates.unavailable');
    assert.equal(refused.body.extension.asset, 'ETH');
    assert.equal(refused.body.extension.reason, 'tooFewSources');
    assert.equal(refused.body.extension.minSources, 2);
    assert.deepEqual(
      refused.body.extension.sources.map((s: any) => [s.source, s.usdPrice]),
      [['coinbase', '30.00000000000000003']],
    );
    await assert.rejects(usdPrice(t.ctx.db, 'ETH', t.ctx.config.rateMaxAgeS));
    assert.equal(t.ctx.config.ratesMinSources, 2, 'RATES_MIN_SOURCES defaults to 2 in live mode');

    kraken.answer = krakenWith();
    coinbase.answer = coinbaseWith();
    await round();
    assert.deepEqual((await usdPrice(t.ctx.db, 'ETH', t.ctx.config.rateMaxAgeS)).price, parseRatio(ETH_COMBINED));
    const quoted = await previewEth(t);
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body));
    assert.ok(quoted.body.data.toAmount > 3189 && quoted.body.data.toAmount < 3191, String(quoted.body.data.toAmount));
  });

  it('a 10x jump from one source while the other is down is refused (too few sources), then quoted once the second confirms it', async () => {
    const t = app();
    kraken.answer = DOWN;
    await sql`update rate_sources set fetched_at = now() - interval '2 hours' where source = 'kraken'`.execute(t.ctx.db);
    coinbase.answer = coinbaseWith({ ETH: '0.000031348' }); // 10x: 31899.96…
    await round();
    assert.equal((await previewEth(t)).body.extension?.reason, 'tooFewSources');
    kraken.answer = krakenWith({ XETHZUSD: ['31904.50000', '31904.40000'] });
    await round();
    // (31899.961720045935944877 + 31904.45) / 2, half up at 18 decimals.
    assert.deepEqual((await usdPrice(t.ctx.db, 'ETH', t.ctx.config.rateMaxAgeS)).price, parseRatio('31902.205860022967972439'));
  });
});

describeEngines('a jump beyond RATES_MAX_JUMP waits for a second source (RATES_MIN_SOURCES=1)', (engine) => {
  const { app, round, coinbase, kraken } = useReplayedRates(engine, { ...LIVE, RATES_MIN_SOURCES: '1' });

  it('refuses a 10x jump from one source while the other is down, says why everywhere the operator looks, and quotes it once a second source confirms', async () => {
    const t = app();
    await round();
    assert.deepEqual((await usdPrice(t.ctx.db, 'ETH', t.ctx.config.rateMaxAgeS)).price, parseRatio(ETH_COMBINED));

    // Kraken goes down long enough for its prices to age out; Coinbase alone says 10x.
    kraken.answer = DOWN;
    await sql`update rate_sources set fetched_at = now() - interval '2 hours' where source = 'kraken'`.execute(t.ctx.db);
    coinbase.answer = coinbaseWith({ ETH: '0.000031348' });
    const worker = warnings();
    await round(worker.log);
    const refused = await previewEth(t);
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'exceptions.rates.unavailable');
    assert.equal(refused.body.extension.reason, 'unconfirmedJump');
    assert.equal(refused.body.extension.maxJump, '0.2');
    assert.equal(refused.body.extension.lastAccepted.usdPrice, ETH_COMBINED);
    assert.deepEqual(
      refused.body.extension.sources.map((s: any) => [s.source, s.usdPrice]),
      [['coinbase', '31899.961720045935944877']],
    );
    // Other assets move little: Coinbase alone prices them within the band.
    assert.ok(await usdPrice(t.ctx.db, 'USDC', t.ctx.config.rateMaxAgeS));

    // The operator sees why: the worker's warning, the rates board and the metrics.
    const warned = worker.seen.find((w) => /one source moved beyond RATES_MAX_JUMP/.test(w.message));
    assert.ok(warned, JSON.stringify(worker.seen));
    assert.deepEqual(warned.fields.assets, [{ asset: 'ETH', sources: ['coinbase=31899.961720045935944877'], lastAccepted: ETH_COMBINED }]);
    const board = (await t.admin('GET', '/admin/rates')).body.data;
    const eth = board.rates.find((r: any) => r.asset === 'ETH');
    assert.deepEqual([eth.status, eth.reason, eth.usdPrice, eth.lastAccepted.usdPrice], ['refused', 'unconfirmedJump', null, ETH_COMBINED]);
    assert.deepEqual([board.policy.minSources, board.policy.maxJump], [1, '0.2']);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: METRICS_AUTH })).body;
    assert.match(metrics, /^exchange_rates_refused\{reason="unconfirmedJump"\} 1$/m);

    // Asking again changes nothing: a refused price never becomes what the next jump is measured from.
    await round();
    assert.equal((await previewEth(t)).body.extension?.reason, 'unconfirmedJump');

    // Kraken is back and sees the same level: two fresh sources agree, the new price is quoted.
    kraken.answer = krakenWith({ XETHZUSD: ['31904.50000', '31904.40000'] });
    await round();
    const quoted = await previewEth(t);
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body));
    assert.ok(quoted.body.data.toAmount > 31900, String(quoted.body.data.toAmount));
    const after = (await t.admin('GET', '/admin/rates')).body.data.rates.find((r: any) => r.asset === 'ETH');
    assert.deepEqual([after.status, after.lastAccepted.usdPrice], ['ok', '31902.205860022967972439']);
  });

  it('lets one source move a price within the band, measured from the last accepted price', async () => {
    const t = app();
    kraken.answer = DOWN;
    await sql`update rate_sources set fetched_at = now() - interval '2 hours' where source = 'kraken'`.execute(t.ctx.db);
    coinbase.answer = coinbaseWith({ ETH: '0.000027' }); // 37037.03…: +16 % from 31902.2
    await round();
    assert.deepEqual((await usdPrice(t.ctx.db, 'ETH', t.ctx.config.rateMaxAgeS)).price, parseRatio('37037.037037037037037037'));
    coinbase.answer = coinbaseWith({ ETH: '0.0000224' }); // 44642.85…: +20.5 % from 37037.03…
    await round();
    await assert.rejects(usdPrice(t.ctx.db, 'ETH', t.ctx.config.rateMaxAgeS), (e: any) => e.extension?.reason === 'unconfirmedJump');
  });
});

describeEngines('the payment page while one source alone prices an asset', (engine) => {
  const { app, round, coinbase, kraken } = useReplayedRates(engine, { RATES_PROVIDER: 'coinbase,kraken', RATES_MIN_SOURCES: '2' });

  it('shows the asset unavailable and refuses to select it with 503 (tooFewSources), then offers it once two sources agree', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    kraken.answer = DOWN;
    coinbase.answer = coinbaseWith({ ETH: '0.0333333333333333333' });
    await round();
    const { key } = await t.tenant(['*']);
    const id = (await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'one-source' } })).body
      .data.id;
    const eth = async () => (await t.call('GET', `/pay/${id}/state`)).body.data.currencies.find((c: any) => c.cryptoCurrencyCode === 'ETH');
    assert.deepEqual([(await eth()).available, (await eth()).amountEstimate], [false, null]);
    const select = await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'ETH' } });
    assert.deepEqual(
      [select.status, select.body.code, select.body.extension?.reason],
      [503, 'exceptions.rates.unavailable', 'tooFewSources'],
    );

    kraken.answer = krakenWith();
    coinbase.answer = coinbaseWith();
    await round();
    assert.equal((await eth()).available, true);
    assert.equal((await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'ETH' } })).status, 200);
  });
});

// An installation upgraded with prices in place: migration 0036 makes them the last accepted ones,
// so a single source's jump right after the upgrade is measured from them too.
it('migration 0036 takes the prices in place as the last accepted ones', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const all = loadMigrations();
    await migrate(
      database.db,
      all.filter((m) => m.version < 36),
    );
    await sql`insert into exchange_rates (asset, usd_price, fetched_at, source) values ('ETH', 3190.22, '2024-05-01T00:00:00Z', 'coinbase+kraken')`.execute(
      database.db,
    );
    await migrate(
      database.db,
      all.filter((m) => m.version <= 36),
    );
    const rows = await database.db.selectFrom('rate_accepted').selectAll().execute();
    assert.deepEqual(
      rows.map((r) => [r.asset, parseRatio(r.usd_price), r.sources, r.accepted_at.toISOString()]),
      [['ETH', parseRatio('3190.22'), 'coinbase+kraken', '2024-05-01T00:00:00.000Z']],
    );
  } finally {
    await database.close();
  }
});

describe('price settings', () => {
  it('need two sources in live mode by default and one in sandbox; a live installation with one provider must say so', () => {
    assert.equal(loadConfig({}).ratesMinSources, 1);
    assert.equal(loadConfig(LIVE).ratesMinSources, 2);
    assert.deepEqual([loadConfig({}).ratesMaxJump, loadConfig({}).stablecoinDepegBand], ['0.2', '0.02']);
    assert.throws(
      () => loadConfig({ ...LIVE, RATES_PROVIDER: 'coinbase' }),
      (e: unknown) => e instanceof ConfigError && /RATES_MIN_SOURCES=1/.test(e.message) && !e.message.includes('\n'),
    );
    const alone = loadConfig({ ...LIVE, RATES_PROVIDER: 'coinbase', RATES_MIN_SOURCES: '1' });
    assert.equal(alone.ratesMinSources, 1);
    const [note, ...rest] = pricingNotes(alone, RATED_ASSETS);
    assert.match(note!, /^Prices rest on coinbase alone/);
    assert.deepEqual(rest, []);
    const set = loadConfig({ ...LIVE, RATES_MAX_JUMP: '0.5', STABLECOIN_DEPEG_BAND: '0.005' });
    assert.deepEqual([set.ratesMaxJump, set.stablecoinDepegBand], ['0.5', '0.005']);
    assert.equal(loadConfig({ RATES_MAX_JUMP: '9' }).ratesMaxJump, '9');
  });

  it('refuses a malformed jump band or depeg band with one line naming it', () => {
    for (const [name, value] of [
      ['RATES_MAX_JUMP', '0'],
      ['RATES_MAX_JUMP', '-0.2'],
      ['RATES_MAX_JUMP', '20%'],
      ['RATES_MAX_JUMP', '0.1234567'],
      ['STABLECOIN_DEPEG_BAND', '0'],
      ['STABLECOIN_DEPEG_BAND', '1'],
      ['STABLECOIN_DEPEG_BAND', 'two'],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => e instanceof ConfigError && e.message.includes(name) && !e.message.includes('\n'),
        `${name}=${value}`,
      );
    }
  });

  it('names the assets fewer providers list than a price needs, and says nothing in sandbox', () => {
    const notes = pricingNotes(loadConfig(LIVE), RATED_ASSETS);
    assert.deepEqual(notes.length, 1, JSON.stringify(notes));
    assert.match(notes[0]!, /^PLN, TRY, BRL, INR, UAH: listed by coinbase only/);
    assert.match(
      pricingNotes(loadConfig({ ...LIVE, RATES_MIN_SOURCES: '1' }), RATED_ASSETS)[0]!,
      /^RATES_MIN_SOURCES=1: while a provider is down/,
    );
    assert.deepEqual(pricingNotes(loadConfig({}), RATED_ASSETS), []);
  });
});
