/** Where prices come from and what makes one fit to quote with: the RATES_* settings and STABLECOIN_DEPEG_BAND. */
import { ConfigError, fraction, httpUrl, int, setting, required } from './env.ts';

/** Sources of exchange rates: the sandbox's fixed table, or public market APIs. */
export const RATE_PROVIDER_NAMES = ['sandbox', 'coinbase', 'kraken'] as const;
export type RateProviderName = (typeof RATE_PROVIDER_NAMES)[number];

export interface RatesSettings {
  /** Where prices come from: the sandbox's fixed table alone, or public APIs checked against each other. */
  ratesProviders: RateProviderName[];
  /** Largest spread between fresh sources of one asset, relative to the lowest (0.01 = 1 %). */
  ratesMaxDivergence: string;
  /** Fresh sources that must price an asset before it is quoted (2 by default in live mode, 1 in sandbox). */
  ratesMinSources: number;
  /** Largest move from an asset's last accepted price that one source alone may make (0.2 = 20 %, relative to the lower of the two). */
  ratesMaxJump: string;
  /** How far a stablecoin may trade from its peg (0.02 = 2 %) before conversions from or into it are refused. */
  stablecoinDepegBand: string;
  /** Coinbase's API origin (RATES_URL). */
  ratesUrl?: string;
  /** Kraken's API origin (RATES_KRAKEN_URL). */
  ratesKrakenUrl?: string;
}

/** A positive decimal with at most 6 decimals and 4 whole digits (RATES_MAX_JUMP: 0.2, 1.5, 9). */
function positiveDecimal(env: NodeJS.ProcessEnv, name: string): string {
  const raw = required(env, name).trim();
  if (!/^\d{1,4}(\.\d{1,6})?$/.test(raw) || !/[1-9]/.test(raw)) {
    throw new ConfigError(`${name} must be a decimal above 0 with at most 6 decimals (0.2 = 20 %), got "${raw}"`);
  }
  return raw;
}

/** STABLECOIN_DEPEG_BAND: a share of the peg above 0 and below 1. */
function depegBand(env: NodeJS.ProcessEnv): string {
  const band = fraction(env, 'STABLECOIN_DEPEG_BAND');
  if (!/[1-9]/.test(band)) throw new ConfigError('STABLECOIN_DEPEG_BAND must be above 0: a band of 0 refuses every stablecoin conversion');
  return band;
}

/**
 * RATES_PROVIDER lists the sources (`coinbase,kraken`); the sandbox table stands alone, since a
 * fixed price compared with market prices would only hide which one is used. A live installation
 * needs two sources to agree on a price unless the operator says otherwise: with one provider it
 * refuses to start until RATES_MIN_SOURCES=1 says that one source alone may price real money.
 */
export function ratesSettings(env: NodeJS.ProcessEnv, mode: 'sandbox' | 'live'): RatesSettings {
  // Live prices real money: from real markets by default, never from the sandbox's fixed table.
  const names = (setting(env, 'RATES_PROVIDER') ?? (mode === 'live' ? 'coinbase,kraken' : 'sandbox'))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(RATE_PROVIDER_NAMES as readonly string[]).includes(name)) {
      throw new ConfigError(`RATES_PROVIDER must list ${RATE_PROVIDER_NAMES.join(', ')} separated by commas, got "${name}"`);
    }
  }
  if (names.length === 0) throw new ConfigError('RATES_PROVIDER names no provider');
  if (new Set(names).size !== names.length) throw new ConfigError(`RATES_PROVIDER lists a provider twice: "${names.join(',')}"`);
  if (names.includes('sandbox') && names.length > 1) throw new ConfigError('RATES_PROVIDER: sandbox cannot be mixed with real providers');
  if (names.includes('sandbox') && mode === 'live') {
    throw new ConfigError(
      'RATES_PROVIDER=sandbox cannot price real money: a live installation needs real rates providers (coinbase, kraken)',
    );
  }
  const stated = setting(env, 'RATES_MIN_SOURCES') !== undefined;
  if (mode === 'live' && !stated && names.length < 2) {
    throw new ConfigError(
      `RATES_PROVIDER lists only ${names[0]}, but a live installation needs two agreeing sources per price (RATES_MIN_SOURCES defaults to 2): add a provider, or set RATES_MIN_SOURCES=1 to let ${names[0]} alone price real money`,
    );
  }
  const minSources = stated ? int(env, 'RATES_MIN_SOURCES', 1) : mode === 'live' ? 2 : 1;
  if (minSources > names.length) throw new ConfigError(`RATES_MIN_SOURCES is ${minSources} but RATES_PROVIDER lists ${names.length}`);
  return {
    ratesProviders: names as RateProviderName[],
    ratesMaxDivergence: fraction(env, 'RATES_MAX_DIVERGENCE'),
    ratesMinSources: minSources,
    ratesMaxJump: positiveDecimal(env, 'RATES_MAX_JUMP'),
    stablecoinDepegBand: depegBand(env),
    ratesUrl: httpUrl(env, 'RATES_URL'),
    ratesKrakenUrl: httpUrl(env, 'RATES_KRAKEN_URL'),
  };
}
