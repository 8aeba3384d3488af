import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { CachedReading } from '../solvency/reading.ts';
import type { X402StatusSchema } from './schemas.ts';

/** Wei per unit of the x402 network's native coin (ETH on Base). */
const NATIVE_DECIMALS = 18;

/** What the x402 node shows: the fee payer's balance (null without a fee payer) and the gas price, wei. */
export interface X402Reading {
  balance: bigint | null;
  gasPrice: bigint;
}

/** The x402 facilitator's fee payer, as GET /admin/networks shows it. */
export type X402StatusView = Static<typeof X402StatusSchema>;

/** The reading of the fee payer, bounded by `timeoutMs`; null when x402 is not enabled. */
export function x402Reading(ctx: Pick<AppContext, 'x402'>, timeoutMs: number): CachedReading<X402Reading> | null {
  const chain = ctx.x402;
  if (!chain) return null;
  return new CachedReading(
    async () => {
      const [balance, gasPrice] = await Promise.all([chain.feePayer ? chain.publicClient.getBalance({ address: chain.feePayer }) : null, chain.publicClient.getGasPrice()]);
      return { balance, gasPrice };
    },
    { maxAgeMs: 0, timeoutMs },
  );
}

/**
 * How many settlements the fee payer can still pay for: what it holds above the reserve over one
 * settlement's most gas (X402_GAS_CEILING, the estimate's cap) at the current gas price — a floor,
 * as a settlement usually takes less.
 */
export function settlementsLeft(balance: bigint, reserve: bigint, gasCeiling: bigint, gasPrice: bigint): number | null {
  const perSettlement = gasCeiling * gasPrice;
  if (perSettlement <= 0n) return null;
  const spare = balance - reserve;
  return spare <= 0n ? 0 : Number(spare / perSettlement);
}

/** The fee payer's state, read now; a node that fails is reported here, never thrown. */
export async function x402Status(
  ctx: Pick<AppContext, 'config' | 'x402'>,
  reading: CachedReading<X402Reading> | null,
  describe: (err: unknown) => string,
): Promise<X402StatusView | null> {
  const chain = ctx.x402;
  if (!chain || !reading) return null;
  const { feePayerReserveWei, gasCeiling } = ctx.config.x402;
  const base = { network: chain.network, feePayer: chain.feePayer ?? null, reserve: toJsonNumber(feePayerReserveWei, NATIVE_DECIMALS) };
  try {
    const { balance, gasPrice } = await reading.fresh();
    return {
      ...base,
      balance: balance === null ? null : toJsonNumber(balance, NATIVE_DECIMALS),
      settlementsLeft: balance === null ? null : settlementsLeft(balance, feePayerReserveWei, gasCeiling, gasPrice),
      nodeReachable: true,
      error: null,
    };
  } catch (err) {
    return { ...base, balance: null, settlementsLeft: null, nodeReachable: false, error: describe(err) };
  }
}
