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
  return { maxAgeS: config.rateMaxAgeS, maxDivergence: config.ratesMaxDivergence, minSources: config.ratesMinSources };
}
