import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.ts';
import type { X402Chain } from '../../chains/x402/chain.ts';
import { feePayerBalanceNow, type SettlingSvmChain } from '../../chains/x402/svm.ts';
import { x402EnvOf } from '../../config/x402.ts';
import { networkNamed } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { limitsOf } from '../x402/networks.ts';
import { CachedReading } from '../solvency/reading.ts';
import type { X402StatusSchema } from './schemas.ts';

/** Smallest units per unit of an x402 network's native coin (ETH on Base and Ethereum, BNB on BNB Smart Chain). */
const NATIVE_DECIMALS = 18;

/** What the x402 node shows: the fee payer's balance (null without a fee payer) and the gas price, wei. */
export interface X402Reading {
  balance: bigint | null;
  gasPrice: bigint;
}

/** The x402 facilitator's fee payer, as GET /admin/networks shows it. */
export type X402StatusView = Static<typeof X402StatusSchema>;

/** The symbol of the coin an x402 network's fee payer pays gas in. */
export function x402Coin(chainId: number): string {
  const net = x402EnvOf(chainId);
  return net ? networkNamed(net).nativeSymbol : 'ETH';
}

/** Each x402 network's chain and the reading of its fee payer, bounded by `timeoutMs` (none when x402 is not enabled). */
export function x402Readings(
  ctx: Pick<AppContext, 'x402'>,
  timeoutMs: number,
): Array<{ chain: X402Chain; reading: CachedReading<X402Reading> }> {
  return (ctx.x402 ?? []).map((chain) => ({ chain, reading: x402Reading(chain, timeoutMs) }));
}

function x402Reading(chain: X402Chain, timeoutMs: number): CachedReading<X402Reading> {
  return new CachedReading(
    async () => {
      const [balance, gasPrice] = await Promise.all([
        chain.feePayer ? chain.publicClient.getBalance({ address: chain.feePayer }) : null,
        chain.publicClient.getGasPrice(),
      ]);
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

/** Lamports a Solana settlement costs its fee payer at the least: the base fee of its two signatures. */
const SOLANA_SETTLEMENT_LAMPORTS = 10_000n;

/** Solana's fee payer and the reading of its balance (lamports), when Solana is an x402 network. */
export function solanaReading(
  ctx: Pick<AppContext, 'x402Solana'>,
  timeoutMs: number,
): { chain: SettlingSvmChain; reading: CachedReading<bigint | null> } | undefined {
  const chain = ctx.x402Solana;
  return chain ? { chain, reading: new CachedReading(() => feePayerBalanceNow(chain), { maxAgeMs: 0, timeoutMs }) } : undefined;
}

/** Solana's fee payer state, read now: its balance and reserve in SOL, and the settlements it can still pay for at the base fee. */
export async function solanaStatus(
  ctx: Pick<AppContext, 'config'>,
  { chain, reading }: { chain: SettlingSvmChain; reading: CachedReading<bigint | null> },
  describe: (err: unknown) => string,
): Promise<X402StatusView> {
  const reserve = ctx.config.x402Svm?.feePayerReserveLamports ?? 0n;
  const base = { network: chain.network, coin: 'SOL', feePayer: chain.feePayer, reserve: toJsonNumber(reserve, 9) };
  try {
    const balance = await reading.fresh();
    const spare = balance === null ? null : balance - reserve;
    return {
      ...base,
      balance: balance === null ? null : toJsonNumber(balance, 9),
      settlementsLeft: spare === null ? null : spare <= 0n ? 0 : Number(spare / SOLANA_SETTLEMENT_LAMPORTS),
      nodeReachable: true,
      error: null,
    };
  } catch (err) {
    return { ...base, balance: null, settlementsLeft: null, nodeReachable: false, error: describe(err) };
  }
}

/** One network's fee payer state, read now; a node that fails is reported here, never thrown. */
export async function x402Status(
  ctx: Pick<AppContext, 'config'>,
  { chain, reading }: { chain: X402Chain; reading: CachedReading<X402Reading> },
  describe: (err: unknown) => string,
): Promise<X402StatusView> {
  const { feePayerReserveWei, gasCeiling } = limitsOf(ctx.config.x402, chain.network);
  const base = {
    network: chain.network,
    coin: x402Coin(chain.chainId),
    feePayer: chain.feePayer ?? null,
    reserve: toJsonNumber(feePayerReserveWei, NATIVE_DECIMALS),
  };
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
