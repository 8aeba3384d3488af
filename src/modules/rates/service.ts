import { sql } from 'kysely';
import type { Db, Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { parseRatio, type Ratio } from '../../lib/money.ts';

/** A source of prices: USD per one unit of each asset it knows (crypto symbols, fiat codes). */
export interface RateProvider {
  readonly source: string;
  fetchUsdPrices(assets: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The sandbox's fixed price table (USD per unit), printed in the README. Fiat entries are the USD
 * value of one unit of that currency.
 */
export const SANDBOX_USD_PRICES: Readonly<Record<string, string>> = {
  BTC: '60000',
  ETH: '3000',
  BNB: '600',
  TRX: '0.25',
  LINK: '15',
  USDT: '1',
  USDC: '1',
  EURC: '1.08',
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  CHF: '1.13',
  JPY: '0.0066',
  CAD: '0.73',
  AUD: '0.66',
  PLN: '0.25',
  TRY: '0.029',
  BRL: '0.18',
  INR: '0.012',
  UAH: '0.024',
};

export class SandboxRateProvider implements RateProvider {
  readonly source = 'sandbox';
  async fetchUsdPrices(assets: readonly string[]): Promise<Map<string, string>> {
    return new Map(assets.filter((a) => SANDBOX_USD_PRICES[a]).map((a) => [a, SANDBOX_USD_PRICES[a]!]));
  }
}

/** Stores what a provider answered, stamped now. Assets it did not answer keep aging. */
export async function refreshRates(db: Db, provider: RateProvider, assets: readonly string[]): Promise<number> {
  const prices = await provider.fetchUsdPrices(assets);
  for (const [asset, price] of prices) {
    parseRatio(price); // a provider answering junk fails here, before anything is stored
    const values = { usd_price: price, fetched_at: sql`now()` as never, source: provider.source };
    await db
      .insertInto('exchange_rates')
      .values({ asset, ...values })
      .onConflict((oc) => oc.column('asset').doUpdateSet(values))
      .execute();
  }
  return prices.size;
}

/**
 * The USD price of an asset as an exact ratio, refusing (503 exceptions.rates.unavailable) when it
 * is missing or older than `maxAgeS`: a quote is never made from a guessed or stale price.
 */
export async function usdPrice(db: Executor, asset: string, maxAgeS: number): Promise<{ price: Ratio; fetchedAt: Date }> {
  const row = await db.selectFrom('exchange_rates').select(['usd_price', 'fetched_at']).where('asset', '=', asset).executeTakeFirst();
  if (!row || Date.now() - row.fetched_at.getTime() > maxAgeS * 1000) {
    throw new AppError('exceptions.rates.unavailable', { asset, ...(row ? { fetchedAt: row.fetched_at.toISOString() } : {}) });
  }
  return { price: parseRatio(row.usd_price), fetchedAt: row.fetched_at };
}

/**
 * Converts atomic units of one asset into atomic units of another through their USD prices,
 * exactly, rounding as told (a customer's amount due rounds up: never short by a unit).
 */
export function convertUnits(
  units: bigint,
  from: { price: Ratio; decimals: number },
  to: { price: Ratio; decimals: number },
  round: 'up' | 'down',
): bigint {
  // units × fromPrice / toPrice, rescaled from `from.decimals` to `to.decimals`.
  let num = units * from.price.num * to.price.den;
  let den = from.price.den * to.price.num;
  if (to.decimals >= from.decimals) num *= 10n ** BigInt(to.decimals - from.decimals);
  else den *= 10n ** BigInt(from.decimals - to.decimals);
  const q = num / den;
  return round === 'up' && q * den !== num ? q + 1n : q;
}
