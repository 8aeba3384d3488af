import type { NetworkEnvName } from '../config.ts';
import type { CryptoCode } from '../lib/currencies/catalogue.ts';
import type { FeeOracle } from './fees.ts';

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

/** Where the chain has a transfer now: a block of the best chain, or the mempool (both null). */
export interface TransferPlace {
  blockHeight: number | null;
  blockHash: string | null;
}

/** A payment out of the hot wallet, as the withdrawal asks for it. */
export interface OutgoingTransfer {
  /** Idempotency key (the withdrawal id): the same key always signs the same transaction. */
  id: string;
  currencyCode: CryptoCode;
  to: string;
  units: bigint;
}

/** A signed transaction, kept in the database before it is broadcast. */
export interface SignedTransfer {
  txHash: string;
  /** The raw signed transaction as the network takes it. */
  raw: string;
}

/** The network refused a transaction for good (it will never be accepted as it is). */
export class PermanentBroadcastError extends Error {}

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
  /** Unix time (seconds) in the header of the block at `height` on the best chain; null past the tip. */
  blockTime(height: number): Promise<number | null>;
  /** New blocks one watcher round takes at most, so a watcher far behind catches up in bounded steps. */
  readonly maxBlocksPerRound: number;
  /**
   * Transfers in blocks `fromHeight` to `toHeight` of the best chain, and in the mempool, whose
   * destination is one of ours. `ours` answers for a batch of addresses at once (a set lookup), so
   * the cost grows with the chain's traffic, not with the number of addresses watched.
   */
  transfersSince(fromHeight: number, toHeight: number, ours: (addresses: string[]) => Promise<Set<string>>): Promise<ChainTransfer[]>;
  /**
   * Where the chain has this transfer now, however deep (null: gone — dropped, replaced, failed or
   * reorganised away). Only a definite answer from the node says gone: a node that cannot be
   * reached throws, and one that shows the transfer in a block off its best chain answers
   * unconfirmed, so a hiccup never takes a payment back.
   */
  locateTransfer(txHash: string, outputIndex: number): Promise<TransferPlace | null>;
  /** Live deposit network fee quotes for this network's currencies. */
  readonly feeOracle: FeeOracle;
  /** What the hot wallet holds of a currency, in atomic units. */
  hotWalletBalance(currency: CryptoCode): Promise<bigint>;
  /** The hot wallet's address, in a process that holds its key (real networks only). */
  readonly hotWallet?: string;
  /** Builds and signs a transfer from the hot wallet; does not send it. */
  signTransfer(transfer: OutgoingTransfer): Promise<SignedTransfer>;
  /** Sends a signed transaction; sending one the chain already has is a no-op. */
  broadcast(signed: SignedTransfer): Promise<void>;
  /** Confirmations of a sent transaction: 0 in the mempool, null when the chain does not have it. */
  transactionConfirmations(txHash: string): Promise<number | null>;
}

/** Confirmations of a transfer at `blockHeight` under `tip`: 0 while unconfirmed. */
export function confirmationsOf(blockHeight: number | null, tip: ChainTip | null): number {
  if (blockHeight === null || tip === null || blockHeight > tip.height) return 0;
  return tip.height - blockHeight + 1;
}
