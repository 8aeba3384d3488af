/**
 * What the gateway knows of the networks and tokens x402 settles in, to show a settlement's atomic
 * units as the token's own amount (the dashboard, the CSV export). Only facts that cannot change
 * are here: the catalogue's tokens on their main chains and Circle's USDC on the networks x402 is
 * used on. A token outside them is unknown, and its amounts stay in atomic units.
 */
import { X402_CHAIN_IDS, x402EnvOf } from '../../config/x402.ts';
import { CURRENCIES, networkNamed } from '../../lib/currencies/catalogue.ts';
import { DEFAULT_USDC } from '../../chains/x402/chain.ts';
import { SOLANA_X402_NETWORKS } from '../../config/x402-svm.ts';

/** A token or coin's ticker and the decimals of its atomic unit. */
export interface KnownUnit {
  symbol: string;
  decimals: number;
}

/** A network as people read it, the coin its fees are paid in, and its name in the currency catalogue. */
export interface KnownNetwork {
  name: string;
  coin: KnownUnit;
  /** The catalogue's name of the network (`Base`), only for its main chain: a block explorer of it shows this chain. */
  catalogueNetwork: string | null;
}

const EVM_NAMES: Readonly<Record<number, string>> = {
  1: 'Ethereum',
  11155111: 'Ethereum Sepolia',
  56: 'BNB Smart Chain',
  97: 'BNB Smart Chain Testnet',
  8453: 'Base',
  84532: 'Base Sepolia',
};

const SOL: KnownUnit = { symbol: 'SOL', decimals: 9 };
const USDC: KnownUnit = { symbol: 'USDC', decimals: 6 };
/** Solana's networks, with Circle's USDC mint where the gateway knows it (base58: compared as written). */
const SOLANA: Readonly<Record<string, { name: string; catalogueNetwork: string | null; usdc: string | null }>> = {
  [SOLANA_X402_NETWORKS.mainnet]: { name: 'Solana', catalogueNetwork: 'Solana', usdc: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  [SOLANA_X402_NETWORKS.devnet]: { name: 'Solana Devnet', catalogueNetwork: null, usdc: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' },
  [SOLANA_X402_NETWORKS.testnet]: { name: 'Solana Testnet', catalogueNetwork: null, usdc: null },
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]+$/;

/**
 * An address or transaction hash as settlements store it and lists compare it: EVM hex in
 * lowercase (its letter case is only a checksum), anything else (Solana's base58) as written,
 * since there the case is part of the value.
 */
export function addressKey(text: string): string {
  return EVM_ADDRESS.test(text) ? text.toLowerCase() : text;
}

/** The chain id of a CAIP-2 EVM network, or undefined for another family. */
function chainIdOf(network: string): number | undefined {
  const m = /^eip155:([1-9]\d{0,15})$/.exec(network);
  return m ? Number(m[1]) : undefined;
}

/** The catalogue network whose main chain this chain id is, or undefined. */
function mainChainOf(chainId: number) {
  const env = x402EnvOf(chainId);
  return env && X402_CHAIN_IDS[env][0] === chainId ? networkNamed(env) : undefined;
}

/** What the gateway knows of a CAIP-2 network, or null when nothing. */
export function knownNetwork(network: string): KnownNetwork | null {
  const solana = SOLANA[network];
  if (solana) return { name: solana.name, coin: SOL, catalogueNetwork: solana.catalogueNetwork };
  const chainId = chainIdOf(network);
  if (chainId === undefined) return null;
  const env = x402EnvOf(chainId);
  const name = EVM_NAMES[chainId];
  if (!env || !name) return null;
  // An EVM chain counts its gas in wei, 10^-18 of its coin (ETH on Ethereum and Base, BNB on BNB Smart Chain).
  return { name, coin: { symbol: networkNamed(env).nativeSymbol, decimals: 18 }, catalogueNetwork: mainChainOf(chainId)?.api ?? null };
}

/** The ticker and decimals of a token on a network, or null when the gateway does not know it there. */
export function knownAsset(network: string, asset: string): KnownUnit | null {
  const solana = SOLANA[network];
  if (solana) return asset === solana.usdc ? USDC : null;
  const chainId = chainIdOf(network);
  if (chainId === undefined) return null;
  const key = addressKey(asset);
  if (DEFAULT_USDC[chainId]?.toLowerCase() === key) return USDC;
  const main = mainChainOf(chainId);
  const currency = main && CURRENCIES.find((c) => c.network === main.api && c.contractAddress?.toLowerCase() === key);
  return currency ? { symbol: currency.symbol, decimals: currency.decimals } : null;
}
