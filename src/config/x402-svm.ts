/** x402 on Solana from the environment: `SOLANA_X402_*`. */
import { ConfigError, int, secret, setting, wei } from './env.ts';

/** Solana's networks as x402 names them (CAIP-2: the first 32 characters of the genesis hash). */
export const SOLANA_X402_NETWORKS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const;

export interface SvmX402Settings {
  network: string;
  rpcUrl: string;
  /** The fee payer's keypair as Solana's tools write it (a JSON array of 64 bytes, or base58). */
  feePayerKey: string;
  /** Accepted SPL mints; empty: the network's USDC. */
  assets: string[];
  /** Lamports the fee payer keeps; below it settles answer fee_payer_reserve_low. */
  feePayerReserveLamports: bigint;
  receiptTimeoutMs: number;
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Solana's x402 network when `SOLANA_X402_NETWORK` names one; it then needs its node and its fee payer. */
export function svmX402Settings(env: NodeJS.ProcessEnv): SvmX402Settings | null {
  const named = setting(env, 'SOLANA_X402_NETWORK');
  if (named === undefined) return null;
  const network = (SOLANA_X402_NETWORKS as Record<string, string>)[named] ?? named;
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(network)) {
    throw new ConfigError(
      `SOLANA_X402_NETWORK must be mainnet, devnet, testnet or a CAIP-2 Solana network (solana:<genesis hash, 32 characters>), got "${named}"`,
    );
  }
  const rpcUrl = setting(env, 'SOLANA_X402_RPC_URL');
  if (!rpcUrl || !/^https?:\/\//.test(rpcUrl))
    throw new ConfigError('SOLANA_X402_RPC_URL must be the http(s) URL of a Solana JSON-RPC node when SOLANA_X402_NETWORK is set');
  const feePayerKey = secret(env, 'SOLANA_X402_FEE_PAYER_KEY');
  if (!feePayerKey)
    throw new ConfigError(
      'SOLANA_X402_FEE_PAYER_KEY (or SOLANA_X402_FEE_PAYER_KEY_FILE) is needed when SOLANA_X402_NETWORK is set: the facilitator pays the fees of the transactions it settles',
    );
  const assets = (setting(env, 'SOLANA_X402_ASSETS') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = assets.find((a) => !BASE58.test(a));
  if (bad) throw new ConfigError(`SOLANA_X402_ASSETS must be mint addresses (base58), got "${bad}"`);
  return {
    network,
    rpcUrl,
    feePayerKey,
    assets,
    feePayerReserveLamports: wei(env, 'SOLANA_X402_FEE_PAYER_RESERVE_LAMPORTS') ?? 0n,
    receiptTimeoutMs: int(env, 'X402_RECEIPT_TIMEOUT_MS', 100),
  };
}
