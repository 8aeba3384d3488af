/** The x402 facilitator's networks from the environment: one (`X402_NETWORK`) or several (`X402_NETWORKS`). */
import { ConfigError, int, required, requiredWei, setting, wei } from './env.ts';

/** The catalogue's EVM networks that x402 can settle on, as environment variables name them. */
export const X402_NETWORK_ENV_NAMES = ['ETHEREUM', 'BNB', 'BASE'] as const;
export type X402NetworkEnvName = (typeof X402_NETWORK_ENV_NAMES)[number];

/** The chain ids of each: its main network, then its public test network. */
export const X402_CHAIN_IDS: Readonly<Record<X402NetworkEnvName, readonly number[]>> = {
  ETHEREUM: [1, 11155111],
  BNB: [56, 97],
  BASE: [8453, 84532],
};

/** One x402 network: its node, its fee payer, the tokens it accepts and the operator's limits on it. */
export interface X402NetworkSettings {
  /** CAIP-2 id, e.g. eip155:8453. */
  network: string;
  chainId: number;
  /** The catalogue network whose `<NET>_X402_*` settings apply; absent for a chain id of none (one-network form only). */
  env?: X402NetworkEnvName;
  rpcUrl?: string;
  feePayerKey?: string;
  /** Accepted token contracts; empty: the network's defaults (chains/x402/chain.ts). */
  assets: string[];
  receiptTimeoutMs: number;
  /** Most gas one settlement may use (its estimate); above it: gas_ceiling_exceeded. */
  gasCeiling: bigint;
  /** Wei the fee payer keeps; below it nothing is broadcast: fee_payer_reserve_low. */
  feePayerReserveWei: bigint;
  /** Wei of this network's coin all settlements on it may spend per rolling 24 h (null: no limit): gas_budget_exhausted. */
  gasBudgetWei: bigint | null;
  /** The same per tenant: tenant_gas_budget_exhausted. */
  tenantGasBudgetWei: bigint | null;
}

/**
 * x402 facilitator settings: `X402_NETWORK`'s own values as they always were (the one-network form),
 * and every network the facilitator settles on, each with its settings resolved.
 */
export interface X402Settings extends X402NetworkSettings {
  networks: X402NetworkSettings[];
}

function caip2(name: string, value: string): number {
  if (!/^eip155:[1-9]\d*$/.test(value)) throw new ConfigError(`${name} must be a CAIP-2 EVM network such as eip155:8453, got "${value}"`);
  return Number(value.slice('eip155:'.length));
}

/** The catalogue network a chain id belongs to, if any. */
export function x402EnvOf(chainId: number): X402NetworkEnvName | undefined {
  return X402_NETWORK_ENV_NAMES.find((net) => X402_CHAIN_IDS[net].includes(chainId));
}

function weiOf(name: string, raw: string | undefined): bigint | null {
  if (raw === undefined) return null;
  if (!/^\d{1,78}$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return BigInt(raw.trim());
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/** One network's settings: its own `<NET>_X402_*`, else `X402_*` (node, key and assets: only for X402_NETWORK's network). */
function networkSettings(env: NodeJS.ProcessEnv, network: string, primary: X402NetworkSettings): X402NetworkSettings {
  const chainId = caip2('X402_NETWORKS', network);
  const net = x402EnvOf(chainId);
  const own = network === primary.network;
  if (!net && !own) {
    throw new ConfigError(
      `X402_NETWORKS names ${network}, a chain of none of ${X402_NETWORK_ENV_NAMES.join(', ')}: only X402_NETWORK's network may be another chain`,
    );
  }
  // `<NET>_X402_*` when set (and the network belongs to a catalogue network), else the fallback.
  const of = (name: string | undefined, fallback: string | undefined) => (name && setting(env, name)) || fallback;
  const limit = (name: string | undefined, fallback: bigint | null) => weiOf(name ?? 'X402_*', of(name, fallback?.toString()));
  const mine = (v: string | undefined) => (own ? v : undefined);
  return {
    network,
    chainId,
    ...(net ? { env: net } : {}),
    rpcUrl: of(net && `${net}_X402_RPC_URL`, mine(primary.rpcUrl)),
    feePayerKey: of(net && `${net}_X402_FEE_PAYER_KEY`, mine(primary.feePayerKey)),
    assets: list(of(net && `${net}_X402_ASSETS`, mine(primary.assets.join(',')))),
    receiptTimeoutMs: primary.receiptTimeoutMs,
    gasCeiling: limit(net && `${net}_X402_GAS_CEILING`, primary.gasCeiling) ?? primary.gasCeiling,
    feePayerReserveWei: limit(net && `${net}_X402_FEE_PAYER_RESERVE_WEI`, primary.feePayerReserveWei) ?? primary.feePayerReserveWei,
    gasBudgetWei: limit(net && `${net}_X402_GAS_BUDGET_WEI`, primary.gasBudgetWei),
    tenantGasBudgetWei: limit(net && `${net}_X402_TENANT_GAS_BUDGET_WEI`, primary.tenantGasBudgetWei),
  };
}

/** The x402 facilitator's networks, fee payers and spending limits (`X402_*`, `<NET>_X402_*`). */
export function x402Settings(env: NodeJS.ProcessEnv): X402Settings {
  const network = required(env, 'X402_NETWORK');
  const chainId = caip2('X402_NETWORK', network);
  const primary: X402NetworkSettings = {
    network,
    chainId,
    rpcUrl: setting(env, 'X402_RPC_URL'),
    feePayerKey: setting(env, 'X402_FEE_PAYER_KEY'),
    assets: list(setting(env, 'X402_ASSETS')),
    receiptTimeoutMs: int(env, 'X402_RECEIPT_TIMEOUT_MS', 100),
    gasCeiling: requiredWei(env, 'X402_GAS_CEILING'),
    feePayerReserveWei: requiredWei(env, 'X402_FEE_PAYER_RESERVE_WEI'),
    gasBudgetWei: wei(env, 'X402_GAS_BUDGET_WEI'),
    tenantGasBudgetWei: wei(env, 'X402_TENANT_GAS_BUDGET_WEI'),
  };
  const named = list(setting(env, 'X402_NETWORKS'));
  const networks = (named.length > 0 ? named : [network]).map((n) => networkSettings(env, n, primary));
  const seen = new Map<string, string>();
  for (const n of networks) {
    const key = n.env ?? n.network;
    const before = seen.get(key);
    if (before)
      throw new ConfigError(
        `X402_NETWORKS names ${before} and ${n.network}: one x402 network per catalogue network (${key}), as each has one set of ${key}_X402_* settings`,
      );
    seen.set(key, n.network);
  }
  const net = x402EnvOf(chainId);
  return { ...primary, ...(net ? { env: net } : {}), networks };
}
