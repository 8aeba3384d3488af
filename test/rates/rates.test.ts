import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { AppError } from '../../src/lib/errors.ts';
import { parseRatio } from '../../src/lib/money.ts';
import { SANDBOX_USD_PRICES, SandboxRateProvider, convertUnits, refreshRates, usdPrice } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

const at = (asset: string, decimals: number) => ({ price: parseRatio(SANDBOX_USD_PRICES[asset]!), decimals });

describe('exact conversion', () => {
  it('converts fiat to crypto atomic units, rounding the amount due up', () => {
    assert.equal(convertUnits(10_000n, at('USD', 2), at('BTC', 8), 'up'), 166_667n); // 100 USD at 60,000
    assert.equal(convertUnits(10_000n, at('USD', 2), at('BTC', 8), 'down'), 166_666n);
    assert.equal(convertUnits(5_000n, at('EUR', 2), at('USDT', 18), 'up'), 54n * 10n ** 18n); // 50 EUR = 54 USD
    assert.equal(convertUnits(1_000n, at('JPY', 0), at('ETH', 18), 'up'), 2_200_000_000_000_000n); // 6.6 USD
    assert.equal(convertUnits(1n, at('USDC', 6), at('USDT', 6), 'up'), 1n); // stablecoins 1:1
  });
});

describeEngines('exchange rates', (engine) => {
  const db = useTestDatabase(engine);

  it('stores the fixed sandbox table and serves fresh prices', async () => {
    const n = await refreshRates(db().db, new SandboxRateProvider(), ['BTC', 'EUR', 'DOGE']);
    assert.equal(n, 2);
    const btc = await usdPrice(db().db, 'BTC', 600);
    assert.deepEqual(btc.price, { num: 60000n, den: 1n });
  });

  it('refuses a missing or stale price with 503 instead of guessing', async () => {
    await assert.rejects(usdPrice(db().db, 'DOGE', 600), (e) => e instanceof AppError && e.statusCode === 503 && e.code === 'exceptions.rates.unavailable');
    await sql`update exchange_rates set fetched_at = now() - interval '2 hours' where asset = 'EUR'`.execute(db().db);
    await assert.rejects(usdPrice(db().db, 'EUR', 600), (e) => e instanceof AppError && e.code === 'exceptions.rates.unavailable');
    await refreshRates(db().db, new SandboxRateProvider(), ['EUR']);
    assert.ok(await usdPrice(db().db, 'EUR', 600));
  });

  it('stores nothing from a provider answering junk', async () => {
    const junk = { source: 'junk', fetchUsdPrices: async () => new Map([['BTC', 'NaN']]) };
    await assert.rejects(refreshRates(db().db, junk, ['BTC']));
    assert.deepEqual((await usdPrice(db().db, 'BTC', 600)).price, { num: 60000n, den: 1n });
  });
});
