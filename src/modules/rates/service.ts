import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { parseRatio, type Ratio } from '../../lib/money.ts';
import { CURRENCIES, FIAT_CURRENCIES } from '../../lib/currencies/catalogue.ts';
import {
  DEFAULT_RATE_POLICY,
  combinePrices,
  normalizePrice,
  type AcceptedPrice,
  type RatePolicy,
  type RefusalReason,
  type SourcePrice,
  type Verdict,
} from './combine.ts';
import { lastAccepted, sourcePrices, storeCombined, storeRefusals, type CombinedRow, type RefusalRow } from './store.ts';

/** Every asset the service prices: each catalogued coin's symbol and each fiat currency. */
export const RATED_ASSETS: readonly string[] = [...new Set([...CURRENCIES.map((c) => c.symbol), ...FIAT_CURRENCIES.map((f) => f.code)])];

/** A source of prices: USD per one unit of each asset it knows (crypto symbols, fiat codes). */
export interface RateProvider {
  readonly source: string;
  fetchUsdPrices(assets: readonly string[]): Promise<Map<string, string>>;
  /** Whether it has a market for the asset at all; absent: it may price any. */
  lists?(asset: string): boolean;
}

/**
 * The sandbox's fixed price table (USD per unit), printed in docs/api-guide.md. Fiat entries are the USD
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

/** The sandbox's source: the fixed table above, never a market. */
export class SandboxRateProvider implements RateProvider {
  readonly source = 'sandbox';
  lists(asset: string): boolean {
    return asset in SANDBOX_USD_PRICES;
  }
  async fetchUsdPrices(assets: readonly string[]): Promise<Map<string, string>> {
    return new Map(
      assets.flatMap((a) => {
        const price = SANDBOX_USD_PRICES[a];
        return price ? [[a, price] as const] : [];
      }),
    );
  }
}

/** What one refresh did: the prices each source stored, the sources that failed, the assets refused. */
export interface RateRefreshReport {
  /** Prices stored per source. */
  stored: Record<string, number>;
  /** Sources that failed this round; their earlier prices keep aging. */
  failed: { source: string; error: string }[];
  /** Assets whose combined price was stored. */
  combined: string[];
  /** Assets refused, and why (with the last accepted price when one source alone jumped from it). */
  refused: { asset: string; reason: RefusalReason; sources: SourcePrice[]; lastAccepted?: AcceptedPrice }[];
}

/** A provider's answer, or why it is not used: an answer with one malformed price is not trusted at all. */
async function ask(provider: RateProvider, assets: readonly string[]): Promise<Map<string, string>> {
  const answer = await provider.fetchUsdPrices(assets);
  const prices = new Map<string, string>();
  for (const [asset, raw] of answer) {
    if (!assets.includes(asset)) continue;
    const price = normalizePrice(raw);
    if (!price) throw new Error(`${provider.source} answered "${raw}" for ${asset}, not a price`);
    prices.set(asset, price);
  }
  return prices;
}

/**
 * Asks every provider, stores each source's prices, then recombines every asset from the fresh
 * prices of these providers (never another source's leftovers, such as the sandbox table's) in one
 * transaction: `exchange_rates` gets the combined price of sources that agree, and an asset they
 * refuse loses its combined price at once, with the reason kept in `rate_refusals`. A provider that
 * fails leaves the others in charge while its earlier prices age out.
 */
export async function refreshRates(
  db: Db,
  providers: RateProvider | readonly RateProvider[],
  assets: readonly string[],
  policy: RatePolicy = DEFAULT_RATE_POLICY,
): Promise<RateRefreshReport> {
  const list: readonly RateProvider[] = Array.isArray(providers) ? providers : [providers as RateProvider];
  const answers = await Promise.allSettled(list.map((p) => ask(p, assets)));
  const report: RateRefreshReport = { stored: {}, failed: [], combined: [], refused: [] };
  await db.transaction().execute(async (trx) => {
    // Several workers may refresh at once: one at a time, so their row locks can never deadlock.
    await sql`select pg_advisory_xact_lock(hashtext('exchange-rates'))`.execute(trx);
    const now = new Date((await trx.selectNoFrom(sql<Date>`now()`.as('now')).executeTakeFirstOrThrow()).now);
    await storeAnswers(trx, list, answers, now, report);
    if (assets.length === 0 || list.length === 0) return;
    await recombine(trx, list, assets, now, policy, report);
  });
  return report;
}

/** Stores each provider's answer as that source's latest prices; a failed provider is reported. */
async function storeAnswers(
  trx: Trx,
  list: readonly RateProvider[],
  answers: PromiseSettledResult<Map<string, string>>[],
  now: Date,
  report: RateRefreshReport,
): Promise<void> {
  for (const [i, answer] of answers.entries()) {
    const source = list[i]?.source;
    if (source === undefined) continue; // one answer per provider: never taken
    if (answer.status === 'rejected') {
      report.failed.push({ source, error: answer.reason instanceof Error ? answer.reason.message : String(answer.reason) });
      continue;
    }
    report.stored[source] = answer.value.size;
    if (answer.value.size === 0) continue;
    await trx
      .insertInto('rate_sources')
      .values([...answer.value].map(([asset, price]) => ({ asset, source, usd_price: price, fetched_at: now })))
      .onConflict((oc) =>
        oc
          .columns(['asset', 'source'])
          .doUpdateSet((eb) => ({ usd_price: eb.ref('excluded.usd_price'), fetched_at: eb.ref('excluded.fetched_at') })),
      )
      .execute();
  }
}

/**
 * Combines every asset from these providers' fresh prices, each measured against the price it was
 * last accepted at: agreed prices into `exchange_rates` (and `rate_accepted`), refused assets out of
 * it, with their reason in `rate_refusals`.
 */
async function recombine(
  trx: Trx,
  list: readonly RateProvider[],
  assets: readonly string[],
  now: Date,
  policy: RatePolicy,
  report: RateRefreshReport,
): Promise<void> {
  const byAsset = await sourcePrices(
    trx,
    list.map((p) => p.source),
    assets,
  );
  const accepted = await lastAccepted(trx, assets);
  const combined: CombinedRow[] = [];
  const refusals: RefusalRow[] = [];
  for (const asset of new Set(assets)) {
    const verdict = combinePrices(byAsset.get(asset) ?? [], now, policy, accepted.get(asset));
    if (verdict.ok) {
      combined.push({ asset, usd_price: verdict.usdPrice, fetched_at: verdict.fetchedAt, source: verdict.sources.join('+') });
      report.combined.push(asset);
    } else {
      refusals.push({ asset, reason: verdict.reason, detail: JSON.stringify(refusalDetail(verdict, policy)), decided_at: now });
      report.refused.push({
        asset,
        reason: verdict.reason,
        sources: verdict.sources,
        ...(verdict.lastAccepted && { lastAccepted: verdict.lastAccepted }),
      });
    }
  }
  await storeCombined(trx, combined, now);
  await storeRefusals(trx, refusals);
}

/** The part of a refusal a merchant is told (the error's extension): which sources said what, against which limit. */
function refusalDetail(verdict: Extract<Verdict, { ok: false }>, policy: RatePolicy): Record<string, unknown> {
  const { reason, sources, lastAccepted: last } = verdict;
  const listed = sources.map((s) => ({ source: s.source, usdPrice: s.usdPrice, fetchedAt: s.fetchedAt.toISOString() }));
  if (reason === 'sourcesDisagree') return { sources: listed, maxDivergence: policy.maxDivergence };
  if (reason === 'tooFewSources') return { sources: listed, minSources: policy.minSources };
  if (reason === 'unconfirmedJump') {
    return {
      sources: listed,
      maxJump: policy.maxJump,
      lastAccepted: last && { usdPrice: last.usdPrice, acceptedAt: last.acceptedAt.toISOString() },
    };
  }
  if (reason === 'stale') return { sources: listed };
  return {};
}

/** What the worker's warning says of each refusal it logs: sources that disagree, or one source's unconfirmed jump. */
const WARNED: Partial<Record<RefusalReason, string>> = {
  sourcesDisagree: 'exchange rates refused: sources disagree beyond RATES_MAX_DIVERGENCE',
  unconfirmedJump:
    'exchange rates refused: one source moved beyond RATES_MAX_JUMP from the last accepted price; waiting for a second source to confirm',
};

/**
 * Logs what a refresh could not do: one warning per failed source, one for the assets refused
 * because sources disagree, one for those a single source moved too far.
 */
export function logRateRefresh(log: Pick<FastifyBaseLogger, 'warn'>, report: RateRefreshReport): void {
  for (const f of report.failed) log.warn({ source: f.source, error: f.error }, 'exchange rate source failed');
  for (const [reason, message] of Object.entries(WARNED)) {
    const refused = report.refused.filter((r) => r.reason === reason);
    if (!refused.length) continue;
    const assets = refused.map((r) => ({
      asset: r.asset,
      sources: r.sources.map((s) => `${s.source}=${s.usdPrice}`),
      ...(r.lastAccepted && { lastAccepted: r.lastAccepted.usdPrice }),
    }));
    log.warn({ assets }, message);
  }
}

/**
 * The USD price of an asset as an exact ratio, refusing (503 exceptions.rates.unavailable) when it
 * is missing, older than `maxAgeS`, or refused at the last refresh: a quote is never made from a
 * guessed, stale or disputed price. The extension says why (`reason`), with the sources' prices.
 */
export async function usdPrice(db: Executor, asset: string, maxAgeS: number): Promise<{ price: Ratio; fetchedAt: Date }> {
  const row = await db.selectFrom('exchange_rates').select(['usd_price', 'fetched_at']).where('asset', '=', asset).executeTakeFirst();
  if (row && Date.now() - row.fetched_at.getTime() <= maxAgeS * 1000) {
    return { price: parseRatio(row.usd_price), fetchedAt: row.fetched_at };
  }
  if (row) throw new AppError('exceptions.rates.unavailable', { asset, reason: 'stale', fetchedAt: row.fetched_at.toISOString() });
  const refusal = await db
    .selectFrom('rate_refusals')
    .select(['reason', 'detail', 'decided_at'])
    .where('asset', '=', asset)
    .executeTakeFirst();
  if (!refusal) throw new AppError('exceptions.rates.unavailable', { asset, reason: 'missing' });
  throw new AppError('exceptions.rates.unavailable', {
    asset,
    reason: refusal.reason,
    ...refusal.detail,
    decidedAt: refusal.decided_at.toISOString(),
  });
}

/**
 * The fresh combined USD prices of every asset, by the database's clock: what the payment page
 * estimates amounts with, so an asset refused or gone stale shows as unavailable there too.
 */
export async function freshUsdPrices(db: Executor, maxAgeS: number): Promise<Map<string, Ratio>> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['asset', 'usd_price'])
    .where('fetched_at', '>=', sql<Date>`now() - make_interval(secs => ${maxAgeS})`)
    .execute();
  return new Map(rows.map((r) => [r.asset, parseRatio(r.usd_price)]));
}

/** Seconds since each source last stored a price, and the assets refused per reason, for the metrics. */
export async function rateHealth(
  db: Executor,
): Promise<{ sourceAges: { source: string; ageS: number }[]; refused: { reason: string; n: number }[] }> {
  const [ages, refused] = await Promise.all([
    db
      .selectFrom('rate_sources')
      .select(['source', sql<string>`extract(epoch from now() - max(fetched_at))`.as('age')])
      .groupBy('source')
      .execute(),
    db
      .selectFrom('rate_refusals')
      .select(['reason', sql<string>`count(*)`.as('n')])
      .groupBy('reason')
      .execute(),
  ]);
  return {
    sourceAges: ages.map((r) => ({ source: r.source, ageS: Number(r.age) })),
    refused: refused.map((r) => ({ reason: r.reason, n: Number(r.n) })),
  };
}
