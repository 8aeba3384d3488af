import { formatUnits, parseRatio, type Ratio } from '../../lib/money.ts';

/** Decimal places a stored price keeps: the scale of the NUMERIC(38, 18) price columns. */
export const PRICE_DECIMALS = 18;
const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);
/** NUMERIC(38, 18) holds at most 20 digits before the point. */
const PRICE_LIMIT = 10n ** 20n * PRICE_SCALE;

/**
 * num/den as a price string of at most 18 decimals, rounded half up: the one place a price is
 * rounded, so every source and the combined price round alike. Null when it is not a price the
 * columns can hold (zero or negative after rounding, or too large).
 */
export function priceString(num: bigint, den: bigint): string | null {
  if (num <= 0n || den <= 0n) return null;
  const scaled = (num * PRICE_SCALE * 2n + den) / (den * 2n);
  if (scaled <= 0n || scaled >= PRICE_LIMIT) return null;
  return formatUnits(scaled, PRICE_DECIMALS);
}

/** A provider's answer for one asset, as stored: null when it is not a decimal price the columns hold. */
export function normalizePrice(raw: string): string | null {
  let r: Ratio;
  try {
    r = parseRatio(raw);
  } catch {
    return null;
  }
  return priceString(r.num, r.den);
}

/** How prices of several sources become the one price quotes use. */
export interface RatePolicy {
  /** Seconds after which a source's price no longer takes part. */
  maxAgeS: number;
  /** Largest spread between the highest and lowest fresh price, relative to the lowest (decimal string). */
  maxDivergence: string;
  /** Fresh sources an asset needs. */
  minSources: number;
  /**
   * Largest move from the asset's last accepted price, relative to the lower of the two (decimal
   * string), that a price from one source alone may make; beyond it two fresh sources must agree.
   */
  maxJump: string;
}

/** The configuration's defaults in sandbox (RATE_MAX_AGE_S, RATES_MAX_DIVERGENCE, RATES_MIN_SOURCES, RATES_MAX_JUMP). */
export const DEFAULT_RATE_POLICY: RatePolicy = { maxAgeS: 600, maxDivergence: '0.01', minSources: 1, maxJump: '0.2' };

/** The price an asset was last accepted at: what a jump is measured from. */
export interface AcceptedPrice {
  usdPrice: string;
  acceptedAt: Date;
}

/** One source's stored price of an asset. */
export interface SourcePrice {
  source: string;
  usdPrice: string;
  fetchedAt: Date;
}

/** Why an asset has no price to quote with. */
export type RefusalReason =
  /** No source ever priced it. */
  | 'missing'
  /** Its prices are all older than RATE_MAX_AGE_S. */
  | 'stale'
  /** Two fresh sources are further apart than RATES_MAX_DIVERGENCE. */
  | 'sourcesDisagree'
  /** Fewer fresh sources than RATES_MIN_SOURCES. */
  | 'tooFewSources'
  /** One source alone moved it further than RATES_MAX_JUMP from its last accepted price. */
  | 'unconfirmedJump';

/** What the prices of one asset amount to: a price to quote with, or a refusal and its grounds. */
export type Verdict =
  | { ok: true; usdPrice: string; fetchedAt: Date; sources: string[] }
  | { ok: false; reason: RefusalReason; sources: SourcePrice[]; lastAccepted?: AcceptedPrice };

const compare = (a: Ratio, b: Ratio) => a.num * b.den - b.num * a.den;

/** Whether two prices are further apart than `margin`, relative to the lower: (high − low) / low > margin, exactly. */
export function apart(a: Ratio, b: Ratio, margin: Ratio): boolean {
  const [low, high] = compare(a, b) <= 0n ? [a, b] : [b, a];
  const spread = { num: high.num * low.den - low.num * high.den, den: high.den * low.den };
  return spread.num * margin.den * low.den > margin.num * low.num * spread.den;
}

/**
 * Combines the prices one asset has from its sources. Only fresh prices take part; if any two of
 * them are further apart than the policy allows the asset is refused rather than averaged, since
 * a wrong price would be quoted to every customer. Otherwise the price is their median (the mean
 * of the middle two for an even count), stamped with the oldest contributing fetch so it ages out
 * no later than the prices it came from. A price from one source alone that lies further than
 * `maxJump` from the last accepted one is refused too: only a second fresh source agreeing on the
 * new level moves it that far (one source's error or manipulation must not).
 */
export function combinePrices(prices: readonly SourcePrice[], now: Date, policy: RatePolicy, last?: AcceptedPrice): Verdict {
  const fresh = prices.filter((p) => now.getTime() - p.fetchedAt.getTime() <= policy.maxAgeS * 1000);
  if (fresh.length === 0) return { ok: false, reason: prices.length ? 'stale' : 'missing', sources: [...prices] };
  const sorted = fresh
    .map((p) => ({ ...p, ratio: parseRatio(p.usdPrice) }))
    .sort((a, b) => {
      const c = compare(a.ratio, b.ratio);
      return c < 0n ? -1 : c > 0n ? 1 : a.source.localeCompare(b.source);
    });
  const [lowest, highest] = [sorted[0], sorted[sorted.length - 1]];
  if (!lowest || !highest) return { ok: false, reason: 'missing', sources: [...prices] }; // fresh is not empty
  if (apart(lowest.ratio, highest.ratio, parseRatio(policy.maxDivergence))) {
    return { ok: false, reason: 'sourcesDisagree', sources: fresh };
  }
  if (fresh.length < policy.minSources) return { ok: false, reason: 'tooFewSources', sources: fresh };
  const mid = sorted.length >> 1;
  // The median: the middle price, or the mean of the two middle ones (sorted[mid] exists: mid < length).
  const upper = (sorted[mid] ?? highest).ratio;
  const lower = sorted.length % 2 === 1 ? upper : (sorted[mid - 1] ?? lowest).ratio;
  const num = lower.num * upper.den + upper.num * lower.den;
  const den = 2n * lower.den * upper.den;
  const usdPrice = priceString(num, den);
  if (usdPrice === null) throw new RangeError(`rates: the median of ${fresh.map((p) => p.usdPrice).join(', ')} is out of range`);
  if (fresh.length < 2 && last && apart(parseRatio(usdPrice), parseRatio(last.usdPrice), parseRatio(policy.maxJump))) {
    return { ok: false, reason: 'unconfirmedJump', sources: fresh, lastAccepted: last };
  }
  const fetchedAt = new Date(Math.min(...fresh.map((p) => p.fetchedAt.getTime())));
  return { ok: true, usdPrice, fetchedAt, sources: sorted.map((p) => p.source).sort() };
}
