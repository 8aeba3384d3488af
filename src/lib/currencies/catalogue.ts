import type { Config, NetworkEnvName } from '../../config.ts';
import { AppError } from '../errors.ts';
import { Amount } from '../money.ts';

/** The API's crypto currency codes. */
export const CRYPTO_CODES = [
  'USDT_TRC20',
  'USDT_ERC20',
  'USDT_BEP20',
  'USDC_ERC20',
  'USDC_BEP20',
  'USDC_BASE',
  'EURC_BASE',
  'LINK_ERC20',
  'LINK_BEP20',
  'ETH',
  'TRX',
  'BNB',
  'BTC',
  'ETH_BASE',
] as const;
export type CryptoCode = (typeof CRYPTO_CODES)[number];

/** The network enum as the API writes it. */
export const API_NETWORKS = ['Tron', 'Solana', 'Ethereum', 'BNB', 'BTC', 'Base'] as const;
export type ApiNetwork = (typeof API_NETWORKS)[number];

/** Token standard of a contract currency; native coins have none. */
export type TokenType = 'erc20' | 'bep20' | 'trc20';

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
const BTC_MASK = '^(?:bc1q[02-9ac-hj-np-z]{38}|bc1q[02-9ac-hj-np-z]{58}|bc1p[02-9ac-hj-np-z]{58}|BC1Q[02-9AC-HJ-NP-Z]{38}|BC1Q[02-9AC-HJ-NP-Z]{58}|BC1P[02-9AC-HJ-NP-Z]{58}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$';
const EVM_MASK = '^0x[0-9a-fA-F]{40}$';
const TRON_MASK = '^T[1-9A-HJ-NP-Za-km-z]{33}$';

export const NETWORKS: Record<Exclude<ApiNetwork, 'Solana'>, NetworkDef> = {
  BTC: { api: 'BTC', env: 'BTC', nativeCode: 'BTC', nativeSymbol: 'BTC', addressMask: BTC_MASK, color: '#F7931A' },
  Ethereum: { api: 'Ethereum', env: 'ETHEREUM', nativeCode: 'ETH', nativeSymbol: 'ETH', addressMask: EVM_MASK, color: '#627EEA' },
  BNB: { api: 'BNB', env: 'BNB', nativeCode: 'BNB', nativeSymbol: 'BNB', addressMask: EVM_MASK, color: '#F0B90B' },
  Base: { api: 'Base', env: 'BASE', nativeCode: 'ETH_BASE', nativeSymbol: 'ETH', addressMask: EVM_MASK, color: '#0052FF' },
  Tron: { api: 'Tron', env: 'TRON', nativeCode: 'TRX', nativeSymbol: 'TRX', addressMask: TRON_MASK, color: '#FF060A' },
};

/** One crypto currency of the catalogue. Amounts are decimal strings in whole units. */
export interface CurrencyDef {
  code: CryptoCode;
  name: string;
  /** Ticker shown to people (USDT, ETH …). */
  symbol: string;
  network: Exclude<ApiNetwork, 'Solana'>;
  tokenType?: TokenType;
  /** On-chain decimals: the atomic unit is 10^-decimals. */
  decimals: number;
  /** Mainnet token contract; null for native coins. */
  contractAddress: string | null;
  /** Fiat the coin is pegged to (conversions with it are refused while its market price is off the peg by more than STABLECOIN_DEPEG_BAND); null when it floats. */
  peg: 'USD' | 'EUR' | null;
  /** Smallest credited deposit before the network fee is added (see minDepositAmount). */
  baseMinDeposit: string;
  /** Smallest accepted withdrawal. */
  minWithdrawal: string;
  /** Sandbox deposit network fee until the operator sets another. */
  sandboxFee: string;
  color: string;
}

const usdt = { symbol: 'USDT', peg: 'USD', baseMinDeposit: '1', minWithdrawal: '5', color: '#26A17B' } as const;
const usdc = { symbol: 'USDC', peg: 'USD', baseMinDeposit: '1', minWithdrawal: '5', color: '#2775CA' } as const;
const link = { symbol: 'LINK', peg: null, baseMinDeposit: '0.1', minWithdrawal: '0.5', color: '#2A5ADA' } as const;

export const CURRENCIES: readonly CurrencyDef[] = [
  { code: 'USDT_TRC20', name: 'Tether USD (TRC-20)', ...usdt, network: 'Tron', tokenType: 'trc20', decimals: 6, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', sandboxFee: '1' },
  { code: 'USDT_ERC20', name: 'Tether USD (ERC-20)', ...usdt, network: 'Ethereum', tokenType: 'erc20', decimals: 6, contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7', sandboxFee: '2', minWithdrawal: '20' },
  { code: 'USDT_BEP20', name: 'Tether USD (BEP-20)', ...usdt, network: 'BNB', tokenType: 'bep20', decimals: 18, contractAddress: '0x55d398326f99059fF775485246999027B3197955', sandboxFee: '0.1' },
  { code: 'USDC_ERC20', name: 'USD Coin (ERC-20)', ...usdc, network: 'Ethereum', tokenType: 'erc20', decimals: 6, contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', sandboxFee: '2', minWithdrawal: '20' },
  { code: 'USDC_BEP20', name: 'USD Coin (BEP-20)', ...usdc, network: 'BNB', tokenType: 'bep20', decimals: 18, contractAddress: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', sandboxFee: '0.1' },
  { code: 'USDC_BASE', name: 'USD Coin (Base)', ...usdc, network: 'Base', tokenType: 'erc20', decimals: 6, contractAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', sandboxFee: '0.01' },
  { code: 'EURC_BASE', name: 'Euro Coin (Base)', symbol: 'EURC', peg: 'EUR', baseMinDeposit: '1', minWithdrawal: '5', color: '#1E4FBF', network: 'Base', tokenType: 'erc20', decimals: 6, contractAddress: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42', sandboxFee: '0.01' },
  { code: 'LINK_ERC20', name: 'Chainlink (ERC-20)', ...link, network: 'Ethereum', tokenType: 'erc20', decimals: 18, contractAddress: '0x514910771AF9Ca656af840dff83E8264EcF986CA', sandboxFee: '0.15', minWithdrawal: '2' },
  { code: 'LINK_BEP20', name: 'Chainlink (BEP-20)', ...link, network: 'BNB', tokenType: 'bep20', decimals: 18, contractAddress: '0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD', sandboxFee: '0.01' },
  { code: 'ETH', name: 'Ether', symbol: 'ETH', peg: null, network: 'Ethereum', decimals: 18, contractAddress: null, baseMinDeposit: '0.001', minWithdrawal: '0.005', sandboxFee: '0.0003', color: '#627EEA' },
  { code: 'TRX', name: 'TRON', symbol: 'TRX', peg: null, network: 'Tron', decimals: 6, contractAddress: null, baseMinDeposit: '10', minWithdrawal: '20', sandboxFee: '1', color: '#FF060A' },
  { code: 'BNB', name: 'BNB', symbol: 'BNB', peg: null, network: 'BNB', decimals: 18, contractAddress: null, baseMinDeposit: '0.005', minWithdrawal: '0.01', sandboxFee: '0.0001', color: '#F0B90B' },
  { code: 'BTC', name: 'Bitcoin', symbol: 'BTC', peg: null, network: 'BTC', decimals: 8, contractAddress: null, baseMinDeposit: '0.0001', minWithdrawal: '0.0005', sandboxFee: '0.00002', color: '#F7931A' },
  { code: 'ETH_BASE', name: 'Ether (Base)', symbol: 'ETH', peg: null, network: 'Base', decimals: 18, contractAddress: null, baseMinDeposit: '0.0005', minWithdrawal: '0.001', sandboxFee: '0.000005', color: '#0052FF' },
];

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
