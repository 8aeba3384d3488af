/** Each network's settings from the environment: node, keys, confirmations, payout replacement and fee ceilings. */
import { ConfigError, boundedInt, decimalUnits, defaulted, int, optionalCents, optionalInt, secret, setting } from './env.ts';

/** Networks as they are named in environment variables. */
export const NETWORK_ENV_NAMES = ['BTC', 'ETHEREUM', 'BNB', 'BASE', 'TRON'] as const;
export type NetworkEnvName = (typeof NETWORK_ENV_NAMES)[number];

export interface ChainSettings {
  rpcUrl?: string;
  xpub?: string;
  hotWalletKey?: string;
  /** The private side of `xpub` (worker role only), for sweeping deposit addresses. */
  sweepXprv?: string;
  confirmations?: number;
  /** Blocks a payout may wait unconfirmed before it is replaced with a higher fee (`<NET>_REPLACE_AFTER_BLOCKS`). */
  replaceAfterBlocks: number;
  /**
   * The operator's fee ceiling for payouts and their replacements: EVM networks in wei per gas
   * (`<NET>_MAX_FEE_GWEI`), Bitcoin in sat/vB (`BTC_MAX_FEE_RATE`); Tron has none (its fee limit
   * is per call). Above it a payout waits, and shows in metrics.
   */
  maxFee?: bigint;
  /**
   * The largest share of a sweep's value its cost may take, in millionths (`<NET>_SWEEP_MAX_COST_SHARE`,
   * else `SWEEP_MAX_COST_SHARE`, default 0.05): a dearer sweep waits for more deposits.
   */
  sweepMaxCostShare: bigint;
  /** Cold storage (`<NET>_COLD_ADDRESS`, `<NET>_HOT_MAX_USD`, `<NET>_HOT_TARGET_USD`); absent when not set. */
  cold?: ColdStorage;
}

/** Where the hot wallet's excess goes, and the levels that decide it, per currency in US cents. */
export interface ColdStorage {
  /** The cold address, as written (checked against the network at start: chains/address-validation.ts). */
  address: string;
  /** Above this value the excess is moved; null: nothing is moved automatically (the address is only read). */
  hotMaxUsdCents: bigint | null;
  /** What a move leaves in the hot wallet besides what the withdrawal queue needs. */
  hotTargetUsdCents: bigint | null;
}

/** Each network's node, keys and confirmations (`<NET>_RPC_URL`, `<NET>_XPUB`, …). */
export function chainSettings(env: NodeJS.ProcessEnv): Record<NetworkEnvName, ChainSettings> {
  const chains = {} as Record<NetworkEnvName, ChainSettings>;
  for (const net of NETWORK_ENV_NAMES) {
    chains[net] = {
      rpcUrl: setting(env, `${net}_RPC_URL`),
      xpub: setting(env, `${net}_XPUB`),
      hotWalletKey: secret(env, `${net}_HOT_WALLET_KEY`),
      sweepXprv: secret(env, `${net}_SWEEP_XPRV`),
      confirmations: optionalInt(env, `${net}_CONFIRMATIONS`),
      replaceAfterBlocks: int(env, `${net}_REPLACE_AFTER_BLOCKS`, 1),
      maxFee: maxFee(env, net),
      sweepMaxCostShare:
        decimalUnits(env, `${net}_SWEEP_MAX_COST_SHARE`, 6) ??
        defaulted(decimalUnits(env, 'SWEEP_MAX_COST_SHARE', 6), 'SWEEP_MAX_COST_SHARE'),
      ...coldStorage(env, net),
    };
  }
  return chains;
}

/**
 * A network's cold storage: the address alone (read for solvency), or with the ceiling above which
 * the excess moves there and the target it leaves (half the ceiling unless set). A ceiling without
 * an address, a target without a ceiling, or a target not strictly between zero and the ceiling
 * refuses to start.
 */
function coldStorage(env: NodeJS.ProcessEnv, net: NetworkEnvName): { cold?: ColdStorage } {
  const address = setting(env, `${net}_COLD_ADDRESS`)?.trim();
  const max = optionalCents(env, `${net}_HOT_MAX_USD`);
  const target = optionalCents(env, `${net}_HOT_TARGET_USD`);
  if (max !== undefined && !address)
    throw new ConfigError(`${net}_HOT_MAX_USD needs ${net}_COLD_ADDRESS: the excess above the ceiling has nowhere to go`);
  if (target !== undefined && max === undefined)
    throw new ConfigError(
      `${net}_HOT_TARGET_USD needs ${net}_HOT_MAX_USD: the target is the level a move above the ceiling brings the hot wallet down to`,
    );
  if (max === 0n) throw new ConfigError(`${net}_HOT_MAX_USD must be above zero`);
  if (target !== undefined && max !== undefined && (target === 0n || target >= max)) {
    throw new ConfigError(
      `${net}_HOT_TARGET_USD must be above zero and below ${net}_HOT_MAX_USD: the hot wallet keeps it for payouts and the move's own fee`,
    );
  }
  if (!address) return {};
  return { cold: { address, hotMaxUsdCents: max ?? null, hotTargetUsdCents: max === undefined ? null : (target ?? max / 2n) } };
}

/** Cold storage is for live networks: a sandbox network, or one not configured, refuses it at start. */
export function checkColdStorage(chains: Record<NetworkEnvName, ChainSettings>, live: readonly NetworkEnvName[]): void {
  for (const net of NETWORK_ENV_NAMES) {
    if (chains[net].cold && !live.includes(net)) {
      throw new ConfigError(
        `${net}_COLD_ADDRESS is set but ${net} is not a live network here (set ${net}_RPC_URL and ${net}_XPUB): cold storage moves real funds only`,
      );
    }
  }
}

/** A network's fee ceiling in its own unit: wei per gas from `<NET>_MAX_FEE_GWEI`, sat/vB from `BTC_MAX_FEE_RATE`. */
function maxFee(env: NodeJS.ProcessEnv, net: NetworkEnvName): bigint | undefined {
  if (net === 'BTC') return decimalUnits(env, 'BTC_MAX_FEE_RATE', 0);
  return decimalUnits(env, `${net}_MAX_FEE_GWEI`, 9);
}

/** Bitcoin's own settings: its backend's API, and how long payouts wait to share a transaction. */
export function bitcoinSettings(env: NodeJS.ProcessEnv): { btcBackend: 'esplora' | 'core'; btcBatchWindowS: number } {
  const btcBackend = setting(env, 'BTC_BACKEND');
  if (btcBackend !== 'esplora' && btcBackend !== 'core') throw new ConfigError(`BTC_BACKEND must be esplora or core, got "${btcBackend}"`);
  return { btcBackend, btcBatchWindowS: boundedInt(env, 'BTC_BATCH_WINDOW_S', 0, 3600) };
}
