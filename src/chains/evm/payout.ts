import type { ReplacementDecision, TransferTerms } from '../types.ts';

/** The EIP-1559 terms of one EVM candidate, as bigints. */
export interface EvmBid {
  nonce: number;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** What the network asks now: the latest block's base fee and the node's suggested tip (wei per gas). */
export interface FeeMarket {
  baseFee: bigint;
  tip: bigint;
}

/**
 * How much more a replacement must bid, on both the max fee and the tip, for nodes to take it in
 * place of the one they hold: geth and anvil ask for 10 %; 12.5 % leaves room for rounding.
 */
const BUMP_PER_MILLE = 1125n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const bumped = (value: bigint) => {
  const up = ceilDiv(value * BUMP_PER_MILLE, 1000n);
  return up > value ? up : value + 1n;
};
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * A first bid: twice the base fee plus the tip (room for six full blocks of base-fee rises before
 * it is underpriced), never above the operator's ceiling; the tip never above the max fee.
 */
export function firstBid(market: FeeMarket, ceiling: bigint): Pick<EvmBid, 'maxFeePerGas' | 'maxPriorityFeePerGas'> {
  const maxFeePerGas = min(market.baseFee * 2n + market.tip, ceiling);
  return { maxFeePerGas, maxPriorityFeePerGas: min(market.tip, maxFeePerGas) };
}

/** The terms as stored beside the candidate. */
export function evmTerms(bid: EvmBid): TransferTerms {
  return {
    family: 'evm',
    nonce: bid.nonce,
    gas: bid.gas.toString(),
    maxFeePerGas: bid.maxFeePerGas.toString(),
    maxPriorityFeePerGas: bid.maxPriorityFeePerGas.toString(),
  };
}

/** The stored terms read back as a bid. */
export function bidOf(terms: Extract<TransferTerms, { family: 'evm' }>): EvmBid {
  return {
    nonce: terms.nonce,
    gas: BigInt(terms.gas),
    maxFeePerGas: BigInt(terms.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(terms.maxPriorityFeePerGas),
  };
}

/** Why a pending candidate should be replaced, or null to let it wait. */
export function replacementReason(
  bid: EvmBid,
  market: FeeMarket,
  opts: { blocksPending: number; replaceAfterBlocks: number; nextNonce: number },
): 'underpriced' | 'stuck' | null {
  // No block can take it while the base fee is above what it offers.
  if (bid.maxFeePerGas < market.baseFee) return 'underpriced';
  // Waiting behind an earlier nonce is not being stuck: only the next one to mine is bumped.
  if (opts.blocksPending >= opts.replaceAfterBlocks && bid.nonce === opts.nextNonce) return 'stuck';
  return null;
}

/**
 * The replacement's fees, same nonce and gas: at least the bump nodes require on both the max fee
 * and the tip, and enough to be mined now (twice the base fee plus the current tip); capped when
 * that takes more than the ceiling, or when even the ceiling is under the base fee.
 */
export function bumpBid(
  bid: EvmBid,
  market: FeeMarket,
  ceiling: bigint,
  reason: 'underpriced' | 'stuck',
): { bid: EvmBid } | Extract<ReplacementDecision, { action: 'capped' }> {
  const tip = max(bumped(bid.maxPriorityFeePerGas), market.tip);
  const wanted = max(bumped(bid.maxFeePerGas), market.baseFee * 2n + tip);
  const maxFeePerGas = min(wanted, ceiling);
  const maxPriorityFeePerGas = min(tip, maxFeePerGas);
  const tooLow =
    maxFeePerGas < bumped(bid.maxFeePerGas) || maxPriorityFeePerGas < bumped(bid.maxPriorityFeePerGas) || maxFeePerGas < market.baseFee;
  if (tooLow) {
    const detail = `a replacement needs ${wanted} wei/gas (base fee ${market.baseFee}, tip ${tip}); the ceiling is ${ceiling} wei/gas`;
    return { action: 'capped', reason, detail };
  }
  return { bid: { ...bid, maxFeePerGas, maxPriorityFeePerGas } };
}
