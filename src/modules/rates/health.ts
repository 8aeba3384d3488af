import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { parseRatio, ratioToDecimal } from '../../lib/money.ts';
import { RATED_ASSETS, rateHealth } from './service.ts';

/** Whether an asset has a price to quote with: ok, stale (older than RATE_MAX_AGE_S), or refused at the last refresh. */
export type RateStatus = 'ok' | 'stale' | 'refused';

/** One asset's price as the operator sees it. */
export interface RateView {
  asset: string;
  /** The combined price quotes use, exact; null when refused (the last refresh removed it). */
  usdPrice: string | null;
  /** Each source's latest price of it. */
  sources: Array<{ source: string; price: string; ageSeconds: number }>;
  status: RateStatus;
  /** Why it cannot be quoted with: a RefusalReason (missing, stale, sourcesDisagree, tooFewSources); null when ok. */
  reason: string | null;
}

const decimal = (stored: string) => ratioToDecimal(parseRatio(stored));

/**
 * Every rated asset's price (and any other stored), its sources' prices and ages by the database's
 * clock, and whether quotes can use it (as `usdPrice` decides): what GET /admin/rates shows.
 */
export async function rateBoard(db: Executor, maxAgeS: number): Promise<{ maxAgeSeconds: number; sources: Array<{ source: string; ageSeconds: number }>; rates: RateView[] }> {
  const age = sql<string>`extract(epoch from now() - fetched_at)`.as('age');
  const [health, combined, sourced, refusals] = await Promise.all([
    rateHealth(db),
    db.selectFrom('exchange_rates').select(['asset', 'usd_price', age]).execute(),
    db.selectFrom('rate_sources').select(['asset', 'source', 'usd_price', age]).orderBy('source').execute(),
    db.selectFrom('rate_refusals').select(['asset', 'reason']).execute(),
  ]);
  const assets = [...new Set([...RATED_ASSETS, ...combined.map((r) => r.asset), ...sourced.map((r) => r.asset), ...refusals.map((r) => r.asset)])];
  const rates = assets.map((asset): RateView => {
    const price = combined.find((r) => r.asset === asset);
    const sources = sourced.filter((r) => r.asset === asset).map((r) => ({ source: r.source, price: decimal(r.usd_price), ageSeconds: Math.max(0, Number(r.age)) }));
    if (price && Number(price.age) <= maxAgeS) return { asset, usdPrice: decimal(price.usd_price), sources, status: 'ok', reason: null };
    if (price) return { asset, usdPrice: decimal(price.usd_price), sources, status: 'stale', reason: 'stale' };
    const refusal = refusals.find((r) => r.asset === asset);
    return { asset, usdPrice: null, sources, status: 'refused', reason: refusal?.reason ?? 'missing' };
  });
  return {
    maxAgeSeconds: maxAgeS,
    sources: health.sourceAges.map((s) => ({ source: s.source, ageSeconds: Math.max(0, s.ageS) })),
    rates,
  };
}
