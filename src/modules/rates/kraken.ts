import { parseRatio } from '../../lib/money.ts';
import { priceString } from './combine.ts';
import type { RateProvider } from './service.ts';

/**
 * The Kraken pair that prices each asset. `pair` is the name asked for (Kraken's altname);
 * `keys` the names the answer may carry it under (its older pairs answer under their X/Z asset
 * codes: XBTUSD as XXBTZUSD). `perUsd` pairs quote units of the asset per US dollar (USD/JPY).
 * Only pairs Kraken lists: one unknown pair fails the whole request (`EQuery:Unknown asset pair`).
 * PLN, TRY, BRL, INR and UAH have no Kraken pair; the other sources price them.
 */
const KRAKEN_PAIRS: Readonly<Record<string, { pair: string; keys: readonly string[]; perUsd?: true }>> = {
  BTC: { pair: 'XBTUSD', keys: ['XXBTZUSD', 'XBTUSD'] },
  ETH: { pair: 'ETHUSD', keys: ['XETHZUSD', 'ETHUSD'] },
  BNB: { pair: 'BNBUSD', keys: ['BNBUSD'] },
  TRX: { pair: 'TRXUSD', keys: ['TRXUSD'] },
  LINK: { pair: 'LINKUSD', keys: ['LINKUSD'] },
  USDT: { pair: 'USDTUSD', keys: ['USDTZUSD', 'USDTUSD'] },
  USDC: { pair: 'USDCUSD', keys: ['USDCUSD'] },
  EURC: { pair: 'EURCUSD', keys: ['EURCUSD'] },
  EUR: { pair: 'EURUSD', keys: ['ZEURZUSD', 'EURUSD'] },
  GBP: { pair: 'GBPUSD', keys: ['ZGBPZUSD', 'GBPUSD'] },
  AUD: { pair: 'AUDUSD', keys: ['AUDUSD', 'ZAUDZUSD'] },
  CHF: { pair: 'USDCHF', keys: ['USDCHF', 'ZUSDZCHF'], perUsd: true },
  JPY: { pair: 'USDJPY', keys: ['ZUSDZJPY', 'USDJPY'], perUsd: true },
  CAD: { pair: 'USDCAD', keys: ['ZUSDZCAD', 'USDCAD'], perUsd: true },
};

type Ticker = { a?: unknown; b?: unknown };

/** Kraken's error for a pair it does not list (its documented `EQuery` error). */
const UNKNOWN_PAIR = 'EQuery:Unknown asset pair';

/** The request named a pair Kraken does not list. */
class UnlistedPairError extends Error {}

/** The first element of a ticker field (`[price, …]`) when it is a decimal string; never a float. */
function firstDecimal(field: unknown): string | null {
  if (!Array.isArray(field) || typeof field[0] !== 'string') return null;
  try {
    parseRatio(field[0]);
    return field[0];
  } catch {
    return null;
  }
}

/**
 * Kraken's public market data: `GET /0/public/Ticker?pair=XBTUSD,ETHUSD,…` answers
 * `{ "error": [], "result": { "XXBTZUSD": { "a": ["30300.10000", "1", "1.000"], "b": […], "c": […], … } } }`
 * with every price a decimal string. The price taken is the midpoint of the best ask (`a`) and
 * best bid (`b`), exact: it follows the market even when a pair has not traded for a while, as
 * the last trade (`c`) would not. No key needed.
 */
export class KrakenRateProvider implements RateProvider {
  readonly source = 'kraken';

  constructor(
    private readonly baseUrl = 'https://api.kraken.com',
    private readonly timeoutMs = 5000,
  ) {}

  lists(asset: string): boolean {
    return asset === 'USD' || Object.hasOwn(KRAKEN_PAIRS, asset);
  }

  /** Pairs Kraken answered it does not list: left out of later requests by this process. */
  private readonly unlisted = new Set<string>();

  async fetchUsdPrices(assets: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (assets.includes('USD')) out.set('USD', '1');
    const wanted = assets.flatMap((asset) => {
      const spec = KRAKEN_PAIRS[asset];
      return spec && !this.unlisted.has(spec.pair) ? [{ asset, spec }] : [];
    });
    if (wanted.length === 0) return out;
    let result: Record<string, Ticker>;
    try {
      result = await this.ticker(wanted.map((w) => w.spec.pair));
    } catch (err) {
      if (!(err instanceof UnlistedPairError)) throw err;
      // One pair Kraken stopped listing fails the whole request: ask each pair alone once, and
      // leave the unlisted ones out from then on, so one delisting does not silence the source.
      result = {};
      for (const { spec } of wanted) {
        const pair = spec.pair;
        try {
          Object.assign(result, await this.ticker([pair]));
        } catch (e) {
          if (!(e instanceof UnlistedPairError)) throw e;
          this.unlisted.add(pair);
        }
      }
    }
    for (const { asset, spec } of wanted) {
      if (this.unlisted.has(spec.pair)) continue;
      const key = spec.keys.find((k) => Object.hasOwn(result, k));
      const ticker = key ? result[key] : undefined;
      const ask = firstDecimal(ticker?.a);
      const bid = firstDecimal(ticker?.b);
      if (!ask || !bid) continue;
      const a = parseRatio(ask);
      const b = parseRatio(bid);
      // A crossed or empty book is no market to price from.
      if (a.num <= 0n || b.num <= 0n || b.num * a.den > a.num * b.den) continue;
      // (ask + bid) / 2 as one fraction; USD per unit, or its inverse for a units-per-USD pair.
      const num = a.num * b.den + b.num * a.den;
      const den = 2n * a.den * b.den;
      const price = spec.perUsd ? priceString(den, num) : priceString(num, den);
      if (price) out.set(asset, price);
    }
    return out;
  }

  /** One Ticker request; Kraken reports failures in `error` with HTTP 200. */
  private async ticker(pairs: readonly string[]): Promise<Record<string, Ticker>> {
    const res = await fetch(`${this.baseUrl}/0/public/Ticker?pair=${pairs.join(',')}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`kraken ticker answered HTTP ${res.status}`);
    const body = (await res.json()) as { error?: unknown; result?: Record<string, Ticker> };
    if (Array.isArray(body.error) && body.error.length > 0) {
      const errors = body.error.map(String);
      if (errors.every((e) => e === UNKNOWN_PAIR)) throw new UnlistedPairError(`kraken ticker: ${errors.join(', ')}`);
      throw new Error(`kraken ticker: ${errors.join(', ')}`);
    }
    if (!Array.isArray(body.error) || typeof body.result !== 'object' || body.result === null) {
      throw new Error('kraken ticker: unexpected response shape');
    }
    return body.result;
  }
}
