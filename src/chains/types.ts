import type { NetworkEnvName } from '../config.ts';
import type { CryptoCode } from '../lib/currencies/catalogue.ts';
import type { Trx } from '../lib/db/index.ts';
import type { FeeOracle } from './fees.ts';

/**
 * What a transfer carried: a currency of the catalogue (native coin or listed token), or a token
 * outside the catalogue, known only by its contract. An adapter names the asset that actually
 * moved, never the one the receiving address was made for.
 */
export type TransferAsset = { currencyCode: CryptoCode; contract?: undefined } | { currencyCode: null; contract: string };

/** A transfer to an address, as the chain shows it now. */
export type ChainTransfer = TransferFields & TransferAsset;

/** A catalogue currency's transfer: the only kind that becomes a payment. */
export type CatalogueTransfer = TransferFields & { currencyCode: CryptoCode; contract?: undefined };

interface TransferFields {
  txHash: string;
  /** Output index (Bitcoin vout) or log index (EVM, Tron): with txHash, the transfer's natural key. */
  outputIndex: number;
  toAddress: string;
  /** Atomic units of the asset (for an unlisted token, its raw units: its decimals are unknown). */
  units: bigint;
  /** Null while unconfirmed (in the mempool). */
  blockHeight: number | null;
  blockHash: string | null;
  /** Signals replace-by-fee: not final before it confirms. */
  rbf: boolean;
  /**
   * Who paid it, as the chain names them (EVM: the transaction's sender, or the token Transfer's
   * `from`; Bitcoin: the addresses of the coins its inputs spend; Tron: the caller); absent where
   * the chain does not say. Incoming screening looks at these.
   */
  senders?: readonly string[];
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
  /**
   * EVM: the nonce this payout must use, assigned by the caller from the database (never two
   * withdrawals on one nonce); every replacement of it reuses it. Other families ignore it.
   */
  nonce?: number;
  /**
   * Bitcoin: coins (`txid:vout`) that other open payouts' stored transactions spend. They may not
   * have reached the node yet (a broadcast that failed), so the UTXO listing can still show them;
   * spending one again would make two payouts fight over it. Other families ignore it.
   */
  heldCoins?: ReadonlySet<string>;
  /**
   * Bitcoin: the payments of a bundle (`ChainAdapter.bundlesPayouts`), one output each in this
   * order, change after them; `to` and `units` are then the first's. Absent: `to` and `units` alone.
   */
  outputs?: ReadonlyArray<{ to: string; units: bigint }>;
}

/**
 * What replacing a signed transfer needs to know of it, stored beside it (JSON, amounts as decimal
 * strings). Each family reads only its own kind.
 */
export type TransferTerms =
  /** EIP-1559: the nonce all candidates share, and the fees this one bid (wei per gas). */
  | { family: 'evm'; nonce: number; gas: string; maxFeePerGas: string; maxPriorityFeePerGas: string }
  /**
   * BIP 125: the coins it spends (a replacement spends the same ones, so only one can confirm), its
   * fee in satoshis, its size and its fee rate in sat/vB (rounded up).
   */
  | { family: 'btc'; inputs: Array<{ txid: string; vout: number; sats: string }>; fee: string; vsize: number; feeRate: string }
  /** Tron: when the transaction expires (ms since the epoch); after that no block can take it. */
  | { family: 'tron'; expiration: number };

/** A signed transaction, kept in the database before it is broadcast. */
export interface SignedTransfer {
  txHash: string;
  /** The raw signed transaction as the network takes it. */
  raw: string;
  /** How it can be replaced; absent where the adapter never replaces (the sandbox). */
  terms?: TransferTerms;
}

/** The newest stored candidate of a withdrawal still waiting for its block, as the round sees it. */
export interface PendingTransfer {
  transfer: OutgoingTransfer;
  current: SignedTransfer & { terms: TransferTerms };
  /** Blocks mined since it was first broadcast (0: this block). */
  blocksPending: number;
  /** Whether the node has it (mempool, pending pool); false when it was dropped or never arrived. */
  known: boolean;
  /** Confirmations after which this network's blocks are taken as final (no reorg undoes them). */
  finality: number;
  /**
   * EVM: a new nonce from the database's assignment, for a payout whose nonce something else used
   * (a transaction from the hot wallet this service did not send) once that is final.
   */
  freshNonce?: () => Promise<number>;
}

/** Why a candidate was replaced. */
export type ReplacementReason =
  /** Left unconfirmed for the network's set number of blocks. */
  | 'stuck'
  /** Priced under what the network takes now (an EIP-1559 base fee above its max fee, a fee rate under the ~3-block estimate). */
  | 'underpriced'
  /** Tron: past its expiration, it can never confirm. */
  | 'expired';

/** What to do with a pending candidate. */
export type ReplacementDecision =
  /** Leave it: it is priced to confirm and has not waited too long. */
  | { action: 'wait' }
  /** It should be replaced, but the fee that takes is above the operator's ceiling: it waits, and shows. */
  | { action: 'capped'; reason: Exclude<ReplacementReason, 'expired'>; detail: string }
  /**
   * A replacement, signed and not sent, that conflicts with every earlier candidate (same nonce,
   * same inputs; or the earlier one expired), so at most one of them can ever confirm.
   */
  | { action: 'replace'; reason: ReplacementReason; signed: SignedTransfer & { terms: TransferTerms } };

/** The network refused a transaction for good (it will never be accepted as it is). */
export class PermanentBroadcastError extends Error {}

/** What a payout transaction in a block did: see `ChainAdapter.payoutOutcome`. */
export interface PayoutOutcome {
  succeeded: boolean;
  cost: bigint;
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
  /**
   * Who paid a transaction, asked of the node for a new payment whose transfer did not say
   * (Bitcoin Core prints no input's address at the verbosities every version serves). Absent
   * where transfers always carry their senders.
   */
  sendersOf?(txHash: string): Promise<string[]>;
  /** Live deposit network fee quotes for this network's currencies. */
  readonly feeOracle: FeeOracle;
  /** What the hot wallet holds of a currency, in atomic units. */
  hotWalletBalance(currency: CryptoCode): Promise<bigint>;
  /** The hot wallet's address, in a process that holds its key (real networks only). */
  readonly hotWallet?: string;
  /**
   * What the chain shows the gateway holding of a currency, in atomic units, counting transactions
   * in blocks only (the solvency view): the hot wallet (`hotWallet`, else the adapter's own; none:
   * left out) plus `deposits`, the deposit addresses not swept yet. Read from the node, never from
   * the ledger; a node that cannot be reached throws.
   */
  custodyBalance(currency: CryptoCode, deposits: readonly string[], hotWallet?: string): Promise<bigint>;
  /**
   * What these addresses hold together of a currency, in blocks (the cold address, for the solvency
   * view). Read from the node; absent on the sandbox, which has no cold storage.
   */
  balanceAt?(currency: CryptoCode, addresses: readonly string[]): Promise<bigint>;
  /**
   * Bitcoin: pays several transfers in one transaction (`OutgoingTransfer.outputs`), each output
   * at its place in every candidate, so they share one fee. Absent: one transfer per transaction.
   */
  readonly bundlesPayouts?: boolean;
  /** Builds and signs a transfer from the hot wallet; does not send it. */
  signTransfer(transfer: OutgoingTransfer): Promise<SignedTransfer>;
  /** Sends a signed transaction; sending one the chain already has is a no-op. */
  broadcast(signed: SignedTransfer): Promise<void>;
  /** Confirmations of a sent transaction: 0 in the mempool, null when the chain does not have it. */
  transactionConfirmations(txHash: string): Promise<number | null>;
  /**
   * EVM: the hot wallet's transaction counts, in blocks (`mined`: no nonce under it can be used
   * again) and with the node's pending pool (`pending`). The caller assigns each new payout the
   * lowest nonce from the larger of the two up that no open withdrawal holds. Absent on families
   * without nonces.
   */
  nonces?(): Promise<{ mined: number; pending: number }>;
  /**
   * Whether a pending candidate must be replaced, and the replacement signed (not sent). Absent:
   * candidates are only ever rebroadcast (the sandbox).
   */
  replaceTransfer?(pending: PendingTransfer): Promise<ReplacementDecision>;
  /**
   * What became of a payout transaction in a block (null while it is in none): whether it did what
   * it was sent to do (an EVM or Tron contract call can be mined and revert, or run out of energy,
   * and move nothing), and what it paid the network in the atomic units of the network's native
   * coin (gas used × effective price, inputs − outputs, TRX burned).
   */
  payoutOutcome?(txHash: string, terms: TransferTerms | undefined): Promise<PayoutOutcome | null>;
  /**
   * Sandbox only: puts `units` of a currency into the network's hot wallet from the sandbox
   * faucet, for the payout `withdrawalId`, inside the caller's transaction (which books them as
   * custody in, referring to the id returned). The chain counts them as custody at once, like a
   * genesis allocation. Absent on real networks: their hot wallets are funded by the operator.
   */
  fundHotWallet?(trx: Trx, currency: CryptoCode, units: bigint, withdrawalId: string): Promise<string>;
}

/**
 * Signing found no network fee to pay (no fee quote, or a node that will not price the
 * transaction): the payout waits, saying so (`feeUnavailable`), and is signed once there is one.
 */
export class FeeUnavailableError extends Error {}

/** Confirmations of a transfer at `blockHeight` under `tip`: 0 while unconfirmed. */
export function confirmationsOf(blockHeight: number | null, tip: ChainTip | null): number {
  if (blockHeight === null || tip === null || blockHeight > tip.height) return 0;
  return tip.height - blockHeight + 1;
}
