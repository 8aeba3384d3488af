import type { Config, NetworkEnvName } from '../../config.ts';
import { AppError } from '../errors.ts';
import { Amount } from '../money.ts';
import { CURRENCIES, type ApiNetwork, type CryptoCode, type CurrencyDef } from './crypto.ts';

export { API_NETWORKS, CRYPTO_CODES, CURRENCIES, type ApiNetwork, type CryptoCode, type CurrencyDef, type TokenType } from './crypto.ts';

/** One network the service runs: its API name, its env-variable name, its fee coin and address rule. */
export interface NetworkDef {
  api: ApiNetwork;
  env: NetworkEnvName;
  /** Code of the native coin that pays this network's fees. */
  nativeCode: CryptoCode;
  /** Symbol of the native coin (the withdrawal quote's feeCurrency). */
  nativeSymbol: string;
  /** Regex source that a destination address of this network must match. */
  addressMask: string;
  /** Icon colour. */
  color: string;
}

// Bech32 (segwit v0: 42 or 62 characters, taproot v1: 62) in one case, or legacy base58 P2PKH/P2SH.
const BTC_MASK =
  '^(?:bc1q[02-9ac-hj-np-z]{38}|bc1q[02-9ac-hj-np-z]{58}|bc1p[02-9ac-hj-np-z]{58}|BC1Q[02-9AC-HJ-NP-Z]{38}|BC1Q[02-9AC-HJ-NP-Z]{58}|BC1P[02-9AC-HJ-NP-Z]{58}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$';
const EVM_MASK = '^0x[0-9a-fA-F]{40}$';
const TRON_MASK = '^T[1-9A-HJ-NP-Za-km-z]{33}$';

export const NETWORKS: Record<Exclude<ApiNetwork, 'Solana'>, NetworkDef> = {
  BTC: { api: 'BTC', env: 'BTC', nativeCode: 'BTC', nativeSymbol: 'BTC', addressMask: BTC_MASK, color: '#F7931A' },
  Ethereum: { api: 'Ethereum', env: 'ETHEREUM', nativeCode: 'ETH', nativeSymbol: 'ETH', addressMask: EVM_MASK, color: '#627EEA' },
  BNB: { api: 'BNB', env: 'BNB', nativeCode: 'BNB', nativeSymbol: 'BNB', addressMask: EVM_MASK, color: '#F0B90B' },
  Base: { api: 'Base', env: 'BASE', nativeCode: 'ETH_BASE', nativeSymbol: 'ETH', addressMask: EVM_MASK, color: '#0052FF' },
  Tron: { api: 'Tron', env: 'TRON', nativeCode: 'TRX', nativeSymbol: 'TRX', addressMask: TRON_MASK, color: '#FF060A' },
};

const BY_CODE = new Map(CURRENCIES.map((c) => [c.code, c]));

// EVM addresses compare without their EIP-55 checksum case; Tron's base58 is case-sensitive.
const contractKey = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address);
const CONTRACTS = new Set(CURRENCIES.flatMap((c) => (c.contractAddress ? [contractKey(c.contractAddress)] : [])));

/**
 * Whether `address` is one of the catalogue's token contracts, on any network: tokens sent to a
 * token's own contract are stuck there, so it is no one's destination.
 */
export function isCatalogueContract(address: string): boolean {
  return CONTRACTS.has(contractKey(address));
}

/** The currency of a code, or undefined for a code the catalogue does not have. */
export function findCurrency(code: string): CurrencyDef | undefined {
  return BY_CODE.get(code as CryptoCode);
}

/**
 * An amount of a catalogued crypto currency from its atomic units as a row stores them (NUMERIC
 * text) or as computed (bigint). An unknown code is a programming error, not bad input.
 */
export function cryptoAmount(code: string, units: bigint | string): Amount<CryptoCode> {
  return Amount.of(knownCurrency(code), BigInt(units));
}

/** A catalogued crypto currency by the code a row or the code itself wrote: an unknown one is a programming error, not bad input. */
export function knownCurrency(code: string): CurrencyDef {
  const currency = findCurrency(code);
  if (!currency) throw new TypeError(`not a catalogued currency: ${code}`);
  return currency;
}

/** The catalogue's network of a configured network name (every name the config accepts has one). */
export function networkNamed(env: NetworkEnvName): NetworkDef {
  const net = Object.values(NETWORKS).find((n) => n.env === env);
  if (!net) throw new TypeError(`not a catalogued network: ${env}`);
  return net;
}

export function networkOf(currency: CurrencyDef): NetworkDef {
  return NETWORKS[currency.network];
}

/** Whether this installation offers the currency: every one in sandbox, those of configured networks in live. */
export function isServed(config: Pick<Config, 'networks'>, currency: CurrencyDef): boolean {
  return config.networks.includes(networkOf(currency).env);
}

/** The currencies this installation offers, in catalogue order. */
export function servedCurrencies(config: Pick<Config, 'networks'>): CurrencyDef[] {
  return CURRENCIES.filter((c) => isServed(config, c));
}

/**
 * The currency of a code that this installation offers; a code it does not offer (a network that a
 * live installation has not configured) is refused with a clear 400 rather than simulated.
 */
export function servedCurrency(config: Pick<Config, 'mode' | 'networks'>, code: string): CurrencyDef {
  const currency = findCurrency(code);
  if (!currency) throw new AppError('exceptions.currency.notFound', { cryptoCurrencyCode: code });
  if (!isServed(config, currency)) {
    throw new AppError('exceptions.currency.unavailable', { cryptoCurrencyCode: code, network: currency.network, mode: config.mode });
  }
  return currency;
}

/** A fiat currency invoices can be priced in. */
export interface FiatDef {
  code: string;
  name: string;
  /** ISO 4217 minor-unit digits. */
  decimals: number;
  /** Smallest invoice amount, decimal string (about one US dollar). */
  minInvoiceAmount: string;
}

export const FIAT_CURRENCIES: readonly FiatDef[] = [
  { code: 'USD', name: 'US Dollar', decimals: 2, minInvoiceAmount: '1' },
  { code: 'EUR', name: 'Euro', decimals: 2, minInvoiceAmount: '1' },
  { code: 'GBP', name: 'Pound Sterling', decimals: 2, minInvoiceAmount: '1' },
  { code: 'CHF', name: 'Swiss Franc', decimals: 2, minInvoiceAmount: '1' },
  { code: 'JPY', name: 'Yen', decimals: 0, minInvoiceAmount: '150' },
  { code: 'CAD', name: 'Canadian Dollar', decimals: 2, minInvoiceAmount: '1.5' },
  { code: 'AUD', name: 'Australian Dollar', decimals: 2, minInvoiceAmount: '1.5' },
  { code: 'PLN', name: 'Zloty', decimals: 2, minInvoiceAmount: '4' },
  { code: 'TRY', name: 'Turkish Lira', decimals: 2, minInvoiceAmount: '40' },
  { code: 'BRL', name: 'Brazilian Real', decimals: 2, minInvoiceAmount: '5' },
  { code: 'INR', name: 'Indian Rupee', decimals: 2, minInvoiceAmount: '90' },
  { code: 'UAH', name: 'Hryvnia', decimals: 2, minInvoiceAmount: '45' },
];

const FIAT_BY_CODE = new Map(FIAT_CURRENCIES.map((f) => [f.code, f]));

export function findFiat(code: string): FiatDef | undefined {
  return FIAT_BY_CODE.get(code);
}

/** A fiat currency by the code a row stores (checked on the way in): an unknown one is a programming error. */
export function knownFiat(code: string): FiatDef {
  const fiat = findFiat(code);
  if (!fiat) throw new TypeError(`not a supported fiat currency: ${code}`);
  return fiat;
}
