/** Each network's settings from the environment: node, keys, confirmations, payout replacement and fee ceilings. */
import { decimalUnits, int, optionalInt, secret, setting } from './env.ts';

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
      sweepMaxCostShare: decimalUnits(env, `${net}_SWEEP_MAX_COST_SHARE`, 6) ?? decimalUnits(env, 'SWEEP_MAX_COST_SHARE', 6)!,
    };
  }
  return chains;
}

/** A network's fee ceiling in its own unit: wei per gas from `<NET>_MAX_FEE_GWEI`, sat/vB from `BTC_MAX_FEE_RATE`. */
function maxFee(env: NodeJS.ProcessEnv, net: NetworkEnvName): bigint | undefined {
  if (net === 'BTC') return decimalUnits(env, 'BTC_MAX_FEE_RATE', 0);
  return decimalUnits(env, `${net}_MAX_FEE_GWEI`, 9);
}
