import type { Config, RateProviderName } from '../../config.ts';
import { CoinbaseRateProvider } from './coinbase.ts';
import type { RatePolicy } from './combine.ts';
import { KrakenRateProvider } from './kraken.ts';
import { SandboxRateProvider, type RateProvider } from './service.ts';

const BUILDERS: Record<RateProviderName, (config: Config) => RateProvider> = {
  sandbox: () => new SandboxRateProvider(),
  coinbase: (config) => new CoinbaseRateProvider(config.ratesUrl),
  kraken: (config) => new KrakenRateProvider(config.ratesKrakenUrl),
};

/** The rate providers RATES_PROVIDER names, each at its configured origin. */
export function rateProvidersFor(config: Config): RateProvider[] {
  return config.ratesProviders.map((name) => BUILDERS[name](config));
}

/** How the configuration says prices are combined (RATE_MAX_AGE_S, RATES_MAX_DIVERGENCE, RATES_MIN_SOURCES). */
export function ratePolicy(config: Config): RatePolicy {
  return {
    maxAgeS: config.rateMaxAgeS,
    maxDivergence: config.ratesMaxDivergence,
    minSources: config.ratesMinSources,
    maxJump: config.ratesMaxJump,
  };
}

/**
 * What the operator must know of how prices are accepted with this configuration, in plain words:
 * logged by the worker at start and shown on GET /admin/rates. Empty when two agreeing sources are
 * needed for every rated asset, or in sandbox, where the fixed table is the only source.
 */
export function pricingNotes(config: Config, assets: readonly string[]): string[] {
  if (config.mode === 'sandbox') return [];
  const providers = rateProvidersFor(config);
  const jump = `RATES_MAX_JUMP (${config.ratesMaxJump})`;
  const notes: string[] = [];
  const only = providers.length === 1 ? providers[0] : undefined;
  if (only) {
    notes.push(
      `Prices rest on ${only.source} alone (RATES_MIN_SOURCES=1): a wrong price from it within ${jump} of an asset's last accepted price is quoted as it is, and a move beyond that is refused until a second source confirms it, which this installation has none of. Add a provider to RATES_PROVIDER, or raise RATES_MAX_JUMP and restart to accept a new level.`,
    );
  } else if (config.ratesMinSources === 1) {
    notes.push(
      `RATES_MIN_SOURCES=1: while a provider is down or lacks an asset, another prices it alone, within ${jump} of its last accepted price.`,
    );
  }
  if (config.ratesMinSources > 1) {
    // Grouped by the providers that do list them, so the note says who prices what.
    const short = new Map<string, string[]>();
    for (const asset of assets) {
      const by = providers.filter((p) => p.lists?.(asset) ?? true).map((p) => p.source);
      if (by.length < config.ratesMinSources) short.set(by.join(', ') || 'none', [...(short.get(by.join(', ') || 'none') ?? []), asset]);
    }
    for (const [by, listed] of short) {
      notes.push(
        `${listed.join(', ')}: listed by ${by} only, fewer than RATES_MIN_SOURCES (${config.ratesMinSources}), so refused. Add a provider that lists them, or set RATES_MIN_SOURCES=1 to price them from one source.`,
      );
    }
  }
  return notes;
}
