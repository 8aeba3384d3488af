/** Each network's settings from the environment: node, keys, confirmations, payout replacement and fee ceilings. */
import { decimalUnits, int, secret } from './env.ts';

/** Networks as CONTRACT §2 names them in environment variables. */
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

/** Blocks a payout waits before it is replaced, per network: about 30 s to a minute on EVM, 30 min on Bitcoin. */
const REPLACE_AFTER_BLOCKS: Record<NetworkEnvName, number> = { BTC: 3, ETHEREUM: 3, BNB: 15, BASE: 20, TRON: 20 };
/** The default fee ceilings: gwei per gas on the EVM networks, sat/vB on Bitcoin. */
const MAX_FEE_DEFAULTS: Partial<Record<NetworkEnvName, string>> = { ETHEREUM: '200', BNB: '20', BASE: '5', BTC: '500' };

/** Each network's node, keys and confirmations (`<NET>_RPC_URL`, `<NET>_XPUB`, …). */
export function chainSettings(env: NodeJS.ProcessEnv): Record<NetworkEnvName, ChainSettings> {
  const chains = {} as Record<NetworkEnvName, ChainSettings>;
  for (const net of NETWORK_ENV_NAMES) {
    const confirmations = env[`${net}_CONFIRMATIONS`];
    chains[net] = {
      rpcUrl: env[`${net}_RPC_URL`] || undefined,
      xpub: env[`${net}_XPUB`] || undefined,
      hotWalletKey: secret(env, `${net}_HOT_WALLET_KEY`),
      sweepXprv: secret(env, `${net}_SWEEP_XPRV`),
      confirmations: confirmations ? int(env, `${net}_CONFIRMATIONS`, 0) : undefined,
      replaceAfterBlocks: int(env, `${net}_REPLACE_AFTER_BLOCKS`, REPLACE_AFTER_BLOCKS[net], 1),
      maxFee: maxFee(env, net),
      sweepMaxCostShare: decimalUnits(env, `${net}_SWEEP_MAX_COST_SHARE`, 6, decimalUnits(env, 'SWEEP_MAX_COST_SHARE', 6, 50_000n)),
    };
  }
  return chains;
}

/** A network's fee ceiling in its own unit: wei per gas from `<NET>_MAX_FEE_GWEI`, sat/vB from `BTC_MAX_FEE_RATE`. */
function maxFee(env: NodeJS.ProcessEnv, net: NetworkEnvName): bigint | undefined {
  const fallback = MAX_FEE_DEFAULTS[net];
  if (fallback === undefined) return undefined;
  if (net === 'BTC') return decimalUnits(env, 'BTC_MAX_FEE_RATE', 0, BigInt(fallback));
  return decimalUnits(env, `${net}_MAX_FEE_GWEI`, 9, BigInt(fallback) * 10n ** 9n);
}
