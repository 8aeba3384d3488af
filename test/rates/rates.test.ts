import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { AppError } from '../../src/lib/errors.ts';
import { convertUnits, parseRatio } from '../../src/lib/money.ts';
import { CoinbaseRateProvider } from '../../src/modules/rates/coinbase.ts';
import { combinePrices, DEFAULT_RATE_POLICY, priceString } from '../../src/modules/rates/combine.ts';
import { KrakenRateProvider } from '../../src/modules/rates/kraken.ts';
import {
  SANDBOX_USD_PRICES,
  SandboxRateProvider,
  freshUsdPrices,
  logRateRefresh,
  refreshRates,
  usdPrice,
  type RateProvider,
} from '../../src/modules/rates/service.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { describeEngines, useTestApp, useTestDatabase } from '../helpers/harness.ts';
import { fixture, useReplayServer } from '../helpers/replay.ts';

const at = (asset: string, decimals: number) => ({ price: parseRatio(SANDBOX_USD_PRICES[asset]!), decimals });
const unavailable =
  (reason: string, check: (ext: Record<string, any>) => void = () => {}) =>
  (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.statusCode, 503);
    assert.equal(e.code, 'exceptions.rates.unavailable');
    assert.equal(e.extension?.reason, reason, JSON.stringify(e.extension));
    check(e.extension!);
    return true;
  };

describe('exact conversion', () => {
  it('converts fiat to crypto atomic units, rounding the amount due up', () => {
    assert.equal(convertUnits(10_000n, at('USD', 2), at('BTC', 8), 'up'), 166_667n); // 100 USD at 60,000
    assert.equal(convertUnits(10_000n, at('USD', 2), at('BTC', 8), 'down'), 166_666n);
    assert.equal(convertUnits(5_000n, at('EUR', 2), at('USDT', 18), 'up'), 54n * 10n ** 18n); // 50 EUR = 54 USD
    assert.equal(convertUnits(1_000n, at('JPY', 0), at('ETH', 18), 'up'), 2_200_000_000_000_000n); // 6.6 USD
    assert.equal(convertUnits(1n, at('USDC', 6), at('USDT', 6), 'up'), 1n); // stablecoins 1:1
  });
});

describe('combining sources', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  const p = (source: string, usdPrice: string, ageS = 0) => ({ source, usdPrice, fetchedAt: new Date(now.getTime() - ageS * 1000) });

  it('rounds half up to the 18 decimals of the price columns', () => {
    assert.equal(priceString(1n, 3n), '0.333333333333333333');
    assert.equal(priceString(2n, 3n), '0.666666666666666667');
    assert.equal(priceString(5n, 10n ** 19n), '0.000000000000000001');
    assert.equal(priceString(4n, 10n ** 19n), null, 'rounds to zero: not a price');
    assert.equal(priceString(10n ** 20n, 1n), null, 'beyond NUMERIC(38, 18)');
  });

  it('takes the median of fresh sources, the mean of the middle two for an even count', () => {
    const three = combinePrices([p('a', '100'), p('b', '100.5'), p('c', '100.2')], now, DEFAULT_RATE_POLICY);
    assert.deepEqual(three, { ok: true, usdPrice: '100.2', fetchedAt: now, sources: ['a', 'b', 'c'] });
    const two = combinePrices([p('a', '1'), p('b', '1.000000000000000001', 30)], now, DEFAULT_RATE_POLICY);
    assert.equal(two.ok && two.usdPrice, '1.000000000000000001', 'half a unit of the 18th decimal rounds up');
    assert.equal(two.ok && two.fetchedAt.getTime(), now.getTime() - 30_000, 'stamped with the oldest contributing fetch');
  });

  it('refuses sources further apart than the margin, measured from the lower price, exactly', () => {
    assert.equal(combinePrices([p('a', '100'), p('b', '101')], now, DEFAULT_RATE_POLICY).ok, true, 'exactly 1 % apart is within 1 %');
    const apart = combinePrices([p('a', '100'), p('b', '101.000000000000000001')], now, DEFAULT_RATE_POLICY);
    assert.equal(apart.ok, false);
    assert.equal(!apart.ok && apart.reason, 'sourcesDisagree');
    assert.equal(combinePrices([p('a', '100'), p('b', '101.5')], now, { ...DEFAULT_RATE_POLICY, maxDivergence: '0.02' }).ok, true);
  });

  it('leaves stale prices out, and says whether any were ever there', () => {
    const v = combinePrices([p('a', '100'), p('b', '150', 601)], now, DEFAULT_RATE_POLICY);
    assert.deepEqual(v.ok && v.sources, ['a']);
    assert.equal(combinePrices([p('a', '100', 601)], now, DEFAULT_RATE_POLICY).ok || 'stale', 'stale');
    const missing = combinePrices([], now, DEFAULT_RATE_POLICY);
    assert.equal(!missing.ok && missing.reason, 'missing');
    const few = combinePrices([p('a', '100'), p('b', '100', 601)], now, { ...DEFAULT_RATE_POLICY, minSources: 2 });
    assert.equal(!few.ok && few.reason, 'tooFewSources');
  });

  it('refuses one source alone moving a price beyond the jump band from its last accepted price, measured from the lower, exactly', () => {
    const last = { usdPrice: '100', acceptedAt: new Date('2024-12-31T00:00:00Z') };
    const alone = (price: string, ageS = 0) => combinePrices([p('a', price, ageS), p('b', '100', 601)], now, DEFAULT_RATE_POLICY, last);
    assert.equal(alone('120').ok, true, 'exactly 20 % up is within 20 %');
    assert.equal(alone('83.333333333333333334').ok, true, '100 is 20 % above it (up to the rounding of 1/1.2)');
    for (const price of ['120.000000000000000001', '83.33', '1000', '10']) {
      const v = alone(price);
      assert.equal(!v.ok && v.reason, 'unconfirmedJump', price);
      assert.deepEqual(!v.ok && v.lastAccepted, last);
      assert.deepEqual(!v.ok && v.sources.map((s) => s.source), ['a'], 'the stale source is not a confirmation');
    }
    // Two fresh sources agreeing on the new level confirm it; without a last accepted price there is nothing to jump from.
    const confirmed = combinePrices([p('a', '1000'), p('b', '1005')], now, DEFAULT_RATE_POLICY, last);
    assert.deepEqual(confirmed.ok && confirmed.usdPrice, '1002.5');
    assert.equal(combinePrices([p('a', '1000')], now, DEFAULT_RATE_POLICY).ok, true);
    assert.equal(combinePrices([p('a', '1000')], now, { ...DEFAULT_RATE_POLICY, maxJump: '9' }, last).ok, true, 'a band of 9 allows 10x');
  });
});

describeEngines('exchange rates', (engine) => {
  const db = useTestDatabase(engine);

  it('stores the fixed sandbox table and serves fresh prices', async () => {
    const report = await refreshRates(db().db, new SandboxRateProvider(), ['BTC', 'EUR', 'DOGE']);
    assert.deepEqual(report.stored, { sandbox: 2 });
    assert.deepEqual(report.combined, ['BTC', 'EUR']);
    const btc = await usdPrice(db().db, 'BTC', 600);
    assert.deepEqual(btc.price, { num: 60000n, den: 1n });
  });

  it('refuses a missing or stale price with 503 instead of guessing', async () => {
    await assert.rejects(usdPrice(db().db, 'DOGE', 600), unavailable('missing'));
    await sql`update exchange_rates set fetched_at = now() - interval '2 hours' where asset = 'EUR'`.execute(db().db);
    await assert.rejects(
      usdPrice(db().db, 'EUR', 600),
      unavailable('stale', (ext) => assert.ok(ext.fetchedAt)),
    );
    await refreshRates(db().db, new SandboxRateProvider(), ['EUR']);
    assert.ok(await usdPrice(db().db, 'EUR', 600));
  });

  it('stores nothing from a provider answering junk, and says it failed', async () => {
    const junk: RateProvider = {
      source: 'sandbox',
      fetchUsdPrices: async () =>
        new Map([
          ['EUR', '1.2'],
          ['BTC', 'NaN'],
        ]),
    };
    const report = await refreshRates(db().db, junk, ['BTC', 'EUR']);
    assert.equal(report.failed.length, 1);
    assert.match(report.failed[0]!.error, /NaN/);
    assert.deepEqual((await usdPrice(db().db, 'BTC', 600)).price, { num: 60000n, den: 1n });
    assert.deepEqual((await usdPrice(db().db, 'EUR', 600)).price, { num: 108n, den: 100n });
  });
});

// Coinbase and Kraken replayed from their documented answers (see coinbase.test.ts and
// kraken.test.ts): they agree within 1 % on every asset both price but BTC, where Kraken's
// documented example says 30300.05 and Coinbase's fixture 61728.39….
describeEngines('exchange rates from several sources', (engine) => {
  const db = useTestDatabase(engine);
  const coinbaseServer = useReplayServer({ status: 200, body: fixture('coinbase-exchange-rates-usd.json') });
  const krakenServer = useReplayServer({ status: 200, body: fixture('kraken-ticker.json') });
  const ASSETS = ['BTC', 'ETH', 'EUR', 'JPY', 'PLN', 'USD'];
  const up = () => {
    coinbaseServer.answer = { status: 200, body: fixture('coinbase-exchange-rates-usd.json') };
    krakenServer.answer = { status: 200, body: fixture('kraken-ticker.json') };
  };
  const providers = () => [new CoinbaseRateProvider(coinbaseServer.base), new KrakenRateProvider(krakenServer.base)];
  const stored = async (asset: string) =>
    db().db.selectFrom('exchange_rates').select(['usd_price', 'source']).where('asset', '=', asset).executeTakeFirst();

  it('keeps each source’s price and quotes the mean of two that agree', async () => {
    up();
    const report = await refreshRates(db().db, providers(), ASSETS);
    assert.deepEqual(report.failed, []);
    assert.deepEqual(report.stored, { coinbase: 6, kraken: 5 });
    const sources = await db()
      .db.selectFrom('rate_sources')
      .select(['source', 'usd_price'])
      .where('asset', '=', 'ETH')
      .orderBy('source')
      .execute();
    assert.deepEqual(
      sources.map((s) => [s.source, parseRatio(s.usd_price)]),
      [
        ['coinbase', parseRatio('3189.996172004593594488')],
        ['kraken', parseRatio('3190.445')],
      ],
    );
    // (3189.996172004593594488 + 3190.445) / 2, exactly.
    assert.deepEqual((await usdPrice(db().db, 'ETH', 600)).price, parseRatio('3190.220586002296797244'));
    assert.equal((await stored('ETH'))?.source, 'coinbase+kraken');
    // (1.08585 + 1.085776330076004343) / 2 = 1.0858131650380021715, half up at 18 decimals.
    assert.deepEqual((await usdPrice(db().db, 'EUR', 600)).price, parseRatio('1.085813165038002172'));
    assert.deepEqual((await usdPrice(db().db, 'JPY', 600)).price, parseRatio('0.00683854202284073'));
    assert.deepEqual((await usdPrice(db().db, 'USD', 600)).price, { num: 1n, den: 1n });
    // Kraken has no zloty pair: Coinbase alone prices it (1 / 3.9968).
    assert.deepEqual((await usdPrice(db().db, 'PLN', 600)).price, parseRatio('0.250200160128102482'));
    assert.equal((await stored('PLN'))?.source, 'coinbase');
  });

  it('refuses an asset its sources disagree on, with the reason, the sources and their prices, and warns once', async () => {
    up();
    const report = await refreshRates(db().db, providers(), ASSETS);
    assert.deepEqual(
      report.refused.map((r) => [r.asset, r.reason]),
      [['BTC', 'sourcesDisagree']],
    );
    assert.equal(await stored('BTC'), undefined, 'no combined price left to quote from');
    await assert.rejects(
      usdPrice(db().db, 'BTC', 600),
      unavailable('sourcesDisagree', (ext) => {
        assert.equal(ext.asset, 'BTC');
        assert.equal(ext.maxDivergence, '0.01');
        assert.deepEqual(ext.sources.map((s: any) => [s.source, s.usdPrice]).sort(), [
          ['coinbase', '61728.395061728395061728'],
          ['kraken', '30300.05'],
        ]);
        assert.ok(ext.decidedAt);
      }),
    );
    assert.equal((await freshUsdPrices(db().db, 600)).has('BTC'), false, 'the payment page shows it unavailable');
    assert.ok((await freshUsdPrices(db().db, 600)).has('ETH'));
    const warnings: unknown[][] = [];
    logRateRefresh({ warn: (...args: unknown[]) => void warnings.push(args) } as never, report);
    assert.equal(warnings.length, 1);
    assert.match(String(warnings[0]![1]), /disagree/);
    assert.deepEqual(
      (warnings[0]![0] as any).assets.map((a: any) => a.asset),
      ['BTC'],
    );
  });

  it('quotes again once the sources agree', async () => {
    const body = JSON.parse(fixture('kraken-ticker.json'));
    body.result.XXBTZUSD.a[0] = '61730.00000';
    body.result.XXBTZUSD.b[0] = '61720.00000';
    krakenServer.answer = { status: 200, body: JSON.stringify(body) };
    const report = await refreshRates(db().db, providers(), ASSETS);
    assert.deepEqual(report.refused, []);
    // (61728.395061728395061728 + 61725) / 2
    assert.deepEqual((await usdPrice(db().db, 'BTC', 600)).price, parseRatio('61726.697530864197530864'));
    assert.equal(await db().db.selectFrom('rate_refusals').select('asset').executeTakeFirst(), undefined);
  });

  it('keeps quoting from the other source while one is down, its last fresh price still taking part', async () => {
    up();
    await refreshRates(db().db, providers(), ASSETS);
    krakenServer.answer = { status: 503, body: '' };
    const report = await refreshRates(db().db, providers(), ASSETS);
    assert.deepEqual(
      report.failed.map((f) => f.source),
      ['kraken'],
    );
    assert.deepEqual((await usdPrice(db().db, 'ETH', 600)).price, parseRatio('3190.220586002296797244'));
    const warnings: unknown[][] = [];
    logRateRefresh({ warn: (...args: unknown[]) => void warnings.push(args) } as never, report);
    assert.deepEqual(
      warnings.map((w) => (w[0] as any).source),
      ['kraken', undefined],
    );
  });

  it('leaves a stale source out: the fresh one alone is quoted', async () => {
    krakenServer.answer = { status: 503, body: '' };
    await sql`update rate_sources set fetched_at = now() - interval '2 hours' where source = 'kraken'`.execute(db().db);
    const report = await refreshRates(db().db, providers(), ASSETS);
    assert.deepEqual(report.refused, [], 'Kraken’s old BTC no longer disagrees: it no longer counts');
    assert.deepEqual((await usdPrice(db().db, 'ETH', 600)).price, parseRatio('3189.996172004593594488'));
    assert.deepEqual((await usdPrice(db().db, 'BTC', 600)).price, parseRatio('61728.395061728395061728'));
    assert.equal((await stored('BTC'))?.source, 'coinbase');
  });

  it('refuses with tooFewSources when fewer fresh sources than required price an asset', async () => {
    krakenServer.answer = { status: 503, body: '' };
    const report = await refreshRates(db().db, providers(), ['ETH', 'PLN'], { ...DEFAULT_RATE_POLICY, minSources: 2 });
    assert.deepEqual(
      report.refused.map((r) => [r.asset, r.reason]),
      [
        ['ETH', 'tooFewSources'],
        ['PLN', 'tooFewSources'],
      ],
    );
    await assert.rejects(
      usdPrice(db().db, 'ETH', 600),
      unavailable('tooFewSources', (ext) => assert.equal(ext.minSources, 2)),
    );
  });

  it('refuses everything once every source is down long enough, and never falls back on another source’s table', async () => {
    await refreshRates(db().db, new SandboxRateProvider(), ASSETS);
    coinbaseServer.answer = { status: 503, body: '' };
    krakenServer.answer = { status: 503, body: '' };
    await sql`update rate_sources set fetched_at = now() - interval '2 hours' where source <> 'sandbox'`.execute(db().db);
    const report = await refreshRates(db().db, providers(), ASSETS);
    assert.deepEqual(report.combined, [], 'the fresh sandbox prices are not among these providers');
    assert.deepEqual(new Set(report.refused.map((r) => r.reason)), new Set(['stale']));
    assert.equal((await freshUsdPrices(db().db, 600)).size, 0);
    await assert.rejects(
      usdPrice(db().db, 'ETH', 600),
      unavailable('stale', (ext) => assert.deepEqual(ext.sources.map((s: any) => s.source).sort(), ['coinbase', 'kraken'])),
    );
    await assert.rejects(usdPrice(db().db, 'DOGE', 600), unavailable('missing'));
  });
});

describeEngines('refused rates over HTTP', (engine) => {
  const app = useTestApp(engine);
  const coinbaseServer = useReplayServer({ status: 200, body: fixture('coinbase-exchange-rates-usd.json') });
  const krakenServer = useReplayServer({ status: 200, body: fixture('kraken-ticker.json') });

  it('answers 503 exceptions.rates.unavailable with the disagreement, and the payment page shows the asset unavailable', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const providers = [new CoinbaseRateProvider(coinbaseServer.base), new KrakenRateProvider(krakenServer.base)];
    await refreshRates(t.ctx.db, providers, ['BTC', 'ETH', 'USD']);
    const { key } = await t.tenant(['*']);
    const created = await t.call('POST', '/v1/invoice', {
      key,
      body: { amount: 25, fiatCurrencyCode: 'USD', orderId: `rates-${Date.now()}` },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.data.id;

    const btc = await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'BTC' } });
    assert.equal(btc.status, 503);
    assert.equal(btc.body.code, 'exceptions.rates.unavailable');
    assert.equal(btc.body.extension.reason, 'sourcesDisagree');
    assert.deepEqual(btc.body.extension.sources.map((s: any) => s.source).sort(), ['coinbase', 'kraken']);

    const state = (await t.call('GET', `/pay/${id}/state`)).body.data;
    const shown = (code: string) => state.currencies.find((c: any) => c.cryptoCurrencyCode === code);
    assert.equal(shown('BTC').available, false);
    assert.equal(shown('BTC').amountEstimate, null);
    assert.equal(shown('ETH').available, true);
    const eth = await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'ETH' } });
    assert.equal(eth.status, 200, JSON.stringify(eth.body));

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(metrics, /^exchange_rate_source_age_seconds\{source="coinbase"\} [\d.e-]+$/m);
    assert.match(metrics, /^exchange_rate_source_age_seconds\{source="kraken"\} [\d.e-]+$/m);
    assert.match(metrics, /^exchange_rates_refused\{reason="sourcesDisagree"\} 1$/m);
  });
});
