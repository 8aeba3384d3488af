import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Executor } from '../../lib/db/index.ts';
import { parseRatio, ratioToDecimal } from '../../lib/money.ts';
import { pricingNotes } from './providers.ts';
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
  /** Why it cannot be quoted with: a RefusalReason (missing, stale, sourcesDisagree, tooFewSources, unconfirmedJump); null when ok. */
  reason: string | null;
  /** The price it was last accepted at, which a single source may not move beyond RATES_MAX_JUMP; null before any. */
  lastAccepted: { usdPrice: string; acceptedAt: string } | null;
}

/** How prices are accepted here: the settings, and what they mean for this installation in words. */
export interface RatePolicyView {
  providers: string[];
  minSources: number;
  maxDivergence: string;
  maxJump: string;
  notes: string[];
}

const decimal = (stored: string) => ratioToDecimal(parseRatio(stored));

/**
 * Every rated asset's price (and any other stored), its sources' prices and ages by the database's
 * clock, its last accepted price, and whether quotes can use it (as `usdPrice` decides), with the
 * policy that decides it: what GET /admin/rates shows.
 */
export async function rateBoard(
  db: Executor,
  config: Config,
): Promise<{ maxAgeSeconds: number; policy: RatePolicyView; sources: Array<{ source: string; ageSeconds: number }>; rates: RateView[] }> {
  const maxAgeS = config.rateMaxAgeS;
  const age = sql<string>`extract(epoch from now() - fetched_at)`.as('age');
  const [health, combined, sourced, refusals, accepted] = await Promise.all([
    rateHealth(db),
    db.selectFrom('exchange_rates').select(['asset', 'usd_price', age]).execute(),
    db.selectFrom('rate_sources').select(['asset', 'source', 'usd_price', age]).orderBy('source').execute(),
    db.selectFrom('rate_refusals').select(['asset', 'reason']).execute(),
    db.selectFrom('rate_accepted').select(['asset', 'usd_price', 'accepted_at']).execute(),
  ]);
  const assets = [
    ...new Set([...RATED_ASSETS, ...combined.map((r) => r.asset), ...sourced.map((r) => r.asset), ...refusals.map((r) => r.asset)]),
  ];
  const rates = assets.map((asset): RateView => {
    const price = combined.find((r) => r.asset === asset);
    const sources = sourced
      .filter((r) => r.asset === asset)
      .map((r) => ({ source: r.source, price: decimal(r.usd_price), ageSeconds: Math.max(0, Number(r.age)) }));
    const last = accepted.find((r) => r.asset === asset);
    const lastAccepted = last ? { usdPrice: decimal(last.usd_price), acceptedAt: last.accepted_at.toISOString() } : null;
    if (price && Number(price.age) <= maxAgeS)
      return { asset, usdPrice: decimal(price.usd_price), sources, status: 'ok', reason: null, lastAccepted };
    if (price) return { asset, usdPrice: decimal(price.usd_price), sources, status: 'stale', reason: 'stale', lastAccepted };
    const refusal = refusals.find((r) => r.asset === asset);
    return { asset, usdPrice: null, sources, status: 'refused', reason: refusal?.reason ?? 'missing', lastAccepted };
  });
  const policy = {
    providers: [...config.ratesProviders],
    minSources: config.ratesMinSources,
    maxDivergence: config.ratesMaxDivergence,
    maxJump: config.ratesMaxJump,
    notes: pricingNotes(config, RATED_ASSETS),
  };
  return {
    maxAgeSeconds: maxAgeS,
    policy,
    sources: health.sourceAges.map((s) => ({ source: s.source, ageSeconds: Math.max(0, s.ageS) })),
    rates,
  };
}
