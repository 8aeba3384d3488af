import type { TronCall } from './balances.ts';
import type { ChainParameters } from './resources.ts';

/** Energy of a TRC-20 transfer to an address that holds the token already, and to one that holds none. */
export const TRC20_ENERGY_TO_HOLDER = 65_000n;
export const TRC20_ENERGY_TO_NEW_HOLDER = 130_000n;
/** Sun per whole TRX: stake is counted in whole TRX. */
const SUN = 1_000_000n;

/** What the node says of one account's resources and of the chain's prices. */
export interface TronResources {
  /** The account exists on chain (has ever received TRX); a token-only deposit address does not. */
  exists: boolean;
  /** TRX (sun). */
  balance: bigint;
  /** Energy left to spend: own stake and energy delegated to it, less what it used. */
  energy: bigint;
  /** Bytes of bandwidth left: free daily bandwidth and staked, less what it used. */
  freeBytes: bigint;
  /** Chain-wide energy per day and TRX staked for it: energy per TRX staked = limit / weight. */
  totalEnergyLimit: bigint;
  totalEnergyWeight: bigint;
}

/** The chain's prices: sun per energy burned, per byte of bandwidth burned, and a new account's free bandwidth. */
export interface TronPrices {
  energyFee: bigint;
  byteFee: bigint;
  freeNetLimit: bigint;
  /** Burned by a TRX transfer that creates its receiver's account (its bandwidth fee and the creation fee). */
  activation: bigint;
}

/** The next step of a token sweep. */
export type TokenSweepStep =
  | { step: 'sweep'; cost: bigint }
  /** The hot wallet's stake could lend the energy once what it lent others comes back: cheaper to wait than to burn. */
  | { step: 'wait'; cost: bigint }
  | { step: 'delegate'; stake: bigint; cost: bigint }
  | { step: 'topup'; amount: bigint; cost: bigint };

/** `/wallet/getchainparameters` read as the prices a sweep is planned with. */
export async function tronPrices(call: TronCall): Promise<TronPrices> {
  const params = await call<ChainParameters>('/wallet/getchainparameters', {});
  const get = (k: string, fallback: bigint) => BigInt(params.chainParameter.find((p) => p.key === k)?.value ?? fallback);
  return {
    energyFee: get('getEnergyFee', 0n),
    byteFee: get('getTransactionFee', 0n),
    freeNetLimit: get('getFreeNetLimit', 600n),
    activation: get('getCreateAccountFee', 100_000n) + get('getCreateNewAccountFeeInSystemContract', 1_000_000n),
  };
}

/** An account's resources (`getaccount`, `getaccountresource`); an account the chain does not hold has none. */
export async function tronResources(call: TronCall, address: string): Promise<TronResources> {
  const account = await call<{ balance?: number | bigint; address?: string }>('/wallet/getaccount', { address, visible: true });
  type R = Partial<
    Record<
      'freeNetLimit' | 'freeNetUsed' | 'NetLimit' | 'NetUsed' | 'EnergyLimit' | 'EnergyUsed' | 'TotalEnergyLimit' | 'TotalEnergyWeight',
      number | bigint
    >
  >;
  const r = await call<R>('/wallet/getaccountresource', { address, visible: true });
  const n = (v: number | bigint | undefined) => BigInt(v ?? 0);
  const pos = (v: bigint) => (v > 0n ? v : 0n);
  return {
    exists: account.address !== undefined || account.balance !== undefined,
    balance: n(account.balance),
    energy: pos(n(r.EnergyLimit) - n(r.EnergyUsed)),
    freeBytes: pos(n(r.freeNetLimit) - n(r.freeNetUsed)) + pos(n(r.NetLimit) - n(r.NetUsed)),
    totalEnergyLimit: n(r.TotalEnergyLimit),
    totalEnergyWeight: n(r.TotalEnergyWeight),
  };
}

/**
 * Bandwidth a signed transaction takes, as java-tron counts it: the serialized `Transaction` (its raw
 * data and one 65-byte signature) plus 64 bytes kept for its result.
 */
export function bandwidthOf(rawHex: string): bigint {
  const raw = BigInt(rawHex.length / 2);
  let lengthBytes = 1n;
  for (let v = raw >> 7n; v > 0n; v >>= 7n) lengthBytes++;
  return 1n + lengthBytes + raw + 67n + 64n;
}

/** Sun a transaction of `bytes` burns for bandwidth: none when the account's own bandwidth covers all of it. */
export function bandwidthCost(bytes: bigint, freeBytes: bigint, prices: TronPrices): bigint {
  return freeBytes >= bytes ? 0n : bytes * prices.byteFee;
}

/** Sun of TRX to stake for `energy` a day at the chain's ratio, rounded up to whole TRX with one to spare. */
export function stakeFor(energy: bigint, r: Pick<TronResources, 'totalEnergyLimit' | 'totalEnergyWeight'>): bigint {
  if (r.totalEnergyLimit <= 0n) return -1n;
  return ((energy * r.totalEnergyWeight + r.totalEnergyLimit - 1n) / r.totalEnergyLimit + 1n) * SUN;
}

/**
 * The cheapest next step of a TRC-20 sweep needing `energy` and `bytes`: sweep once the address can
 * pay for what it lacks; else borrow the missing energy from the hot wallet's stake when it can lend
 * it (`delegatable` sun, `getcandelegatedmaxsize` less what is being lent; waiting while its
 * whole energy stake, `staked`, could but is lent to other addresses; an address the chain does not hold is first
 * activated with 1 sun, as a delegation needs an account); else top up exactly the TRX that burning
 * for the rest costs. Costs are the TRX burned, in sun, activating the account included.
 */
export function planTokenSweep(
  a: TronResources,
  need: { energy: bigint; bytes: bigint },
  prices: TronPrices,
  hot: { delegatable: bigint; staked: bigint },
): TokenSweepStep {
  const freeBytes = a.exists ? a.freeBytes : prices.freeNetLimit;
  const missing = need.energy > a.energy ? need.energy - a.energy : 0n;
  const bytes = bandwidthCost(need.bytes, freeBytes, prices);
  const burn = missing * prices.energyFee + bytes;
  if (a.exists && a.balance >= burn) return { step: 'sweep', cost: burn };
  const activation = a.exists ? 0n : prices.activation;
  const stake = missing > 0n ? stakeFor(missing, a) : -1n;
  if (stake > 0n && hot.delegatable >= stake) {
    if (!a.exists) return { step: 'topup', amount: 1n, cost: activation + bytes };
    return { step: 'delegate', stake, cost: bytes };
  }
  if (stake > 0n && hot.staked >= stake) return { step: 'wait', cost: 0n };
  return { step: 'topup', amount: burn - a.balance, cost: activation + burn };
}
