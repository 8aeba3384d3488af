import { parseRatio, type Ratio } from '../../lib/money.ts';
import { priceString } from './combine.ts';
import type { RateProvider } from './service.ts';

/**
 * Coinbase's public exchange-rates endpoint: `GET /v2/exchange-rates?currency=USD` answers
 * `{ "data": { "currency": "USD", "rates": { "BTC": "0.0000162", "EUR": "0.921", … } } }`, each rate
 * a decimal string of units of that asset per one USD. No key needed.
 */
export class CoinbaseRateProvider implements RateProvider {
  readonly source = 'coinbase';

  constructor(
    private readonly baseUrl = 'https://api.coinbase.com',
    private readonly timeoutMs = 5000,
  ) {}

  async fetchUsdPrices(assets: readonly string[]): Promise<Map<string, string>> {
    const res = await fetch(`${this.baseUrl}/v2/exchange-rates?currency=USD`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`coinbase rates answered HTTP ${res.status}`);
    const body = (await res.json()) as { data?: { currency?: string; rates?: Record<string, unknown> } };
    if (body.data?.currency !== 'USD' || typeof body.data.rates !== 'object' || body.data.rates === null) {
      throw new Error('coinbase rates: unexpected response shape');
    }
    const out = new Map<string, string>();
    for (const asset of assets) {
      const raw = body.data.rates[asset];
      if (typeof raw !== 'string') continue;
      let perUsd: Ratio;
      try {
        perUsd = parseRatio(raw);
      } catch {
        continue;
      }
      // USD per unit = 1 / (units per USD), kept to 18 decimals (the column's scale).
      const price = priceString(perUsd.den, perUsd.num);
      if (price) out.set(asset, price);
    }
    return out;
  }
}
