import type { NetworkEnvName } from '../config.ts';
import type { CryptoCode } from '../modules/currencies/catalogue.ts';
import type { FeeOracle } from '../modules/currencies/fees.ts';

/** A transfer to an address, as the chain shows it now. */
export interface ChainTransfer {
  txHash: string;
  /** Output index (Bitcoin vout) or log index (EVM, Tron): with txHash, the transfer's natural key. */
  outputIndex: number;
  toAddress: string;
  currencyCode: CryptoCode;
  /** Atomic units of the currency. */
  units: bigint;
  /** Null while unconfirmed (in the mempool). */
  blockHeight: number | null;
  blockHash: string | null;
  /** Signals replace-by-fee: not final before it confirms. */
  rbf: boolean;
}

/** The head of the best chain. */
export interface ChainTip {
  height: number;
  hash: string;
}

/**
 * What the service needs of a network family (Bitcoin, EVM, Tron, or the sandbox). Everything
 * above this interface is the same for sandbox and real networks.
 */
export interface ChainAdapter {
  readonly network: NetworkEnvName;
  readonly sandbox: boolean;
  /** The best chain's head, or null before the first block. */
  tip(): Promise<ChainTip | null>;
  /** Hash of the block at `height` on the best chain now (null past the tip): reorg detection. */
  blockHash(height: number): Promise<string | null>;
  /**
   * Transfers in blocks from `fromHeight` to the tip, and in the mempool, whose destination is one
   * of ours. `ours` answers for a batch of addresses at once (a set lookup), so the cost grows with
   * the chain's traffic, not with the number of addresses watched.
   */
  transfersSince(fromHeight: number, ours: (addresses: string[]) => Promise<Set<string>>): Promise<ChainTransfer[]>;
  /** Whether the chain (best chain or mempool) still has this transfer. */
  hasTransfer(txHash: string, outputIndex: number): Promise<boolean>;
  /** Live deposit network fee quotes for this network's currencies. */
  readonly feeOracle: FeeOracle;
}

/** Confirmations of a transfer at `blockHeight` under `tip`: 0 while unconfirmed. */
export function confirmationsOf(blockHeight: number | null, tip: ChainTip | null): number {
  if (blockHeight === null || tip === null || blockHeight > tip.height) return 0;
  return tip.height - blockHeight + 1;
}
