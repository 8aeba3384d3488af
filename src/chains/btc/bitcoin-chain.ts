import { hex } from '@scure/base';
import { WIF, p2wpkh } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { FeeOracle } from '../fees.ts';
import type {
  ChainAdapter,
  ChainTip,
  ChainTransfer,
  OutgoingTransfer,
  PayoutOutcome,
  PendingTransfer,
  ReplacementDecision,
  SignedTransfer,
  TransferPlace,
  TransferTerms,
} from '../types.ts';
import { outpoint, rateToReplace, replaces, signPayout, termsInputs, type HotWallet, type SignedPayout, type Utxo } from './payout.ts';

export type { Utxo } from './payout.ts';

/** A transaction as the adapter reads it, whichever backend served it. */
export interface BitcoinTx {
  txid: string;
  /** Some input has nSequence below 0xfffffffe (BIP 125): replaceable until it confirms. */
  rbf: boolean;
  outputs: Array<{ address?: string; sats: bigint }>;
  /** The addresses of the coins its inputs spend, where the backend printed them (none for a coinbase). */
  senders?: string[];
}

/** The distinct addresses among those a backend printed for a transaction's inputs; undefined when it printed none. */
export function sendersOf(addresses: Array<string | undefined>): string[] | undefined {
  const found = [...new Set(addresses.filter((a): a is string => typeof a === 'string' && a.length > 0))];
  return found.length ? found : undefined;
}

/** Where a transaction stands: in a block of the best chain, in the mempool, or unknown (null). */
export type BitcoinTxStatus = { confirmed: true; height: number; hash: string } | { confirmed: false } | null;

/** Mempool transactions read per round at most. */
const MAX_MEMPOOL_TXS = 5000;
/** vbytes of a one-input, two-output P2WPKH payment: what a deposit's sweep or a withdrawal costs. */
const TYPICAL_VBYTES = 141n;

/**
 * Bitcoin over any backend that can list a block's and the mempool's transactions, tell a
 * transaction's status, estimate a fee rate, list an address's UTXOs and broadcast: Esplora's REST
 * API or Bitcoin Core's JSON-RPC. Incoming payments are outputs to our addresses in the new blocks
 * and the mempool (one set lookup per batch); a transaction that signals replace-by-fee is not final
 * before it confirms; reorgs show as a changed block hash on the rescanned range and as transactions
 * the node no longer knows. Withdrawals are built from the hot wallet's confirmed UTXOs as a PSBT
 * (@scure/btc-signer: coin selection, the ~3-block fee rate, change back to the hot wallet), signed
 * with every input signalling replace-by-fee, and kept before broadcasting; one left stuck or
 * underpriced is replaced by BIP 125 (same coins, higher fee from the change), up to the operator's
 * fee-rate ceiling.
 */
export abstract class BitcoinChain implements ChainAdapter {
  readonly sandbox = false;
  readonly bundlesPayouts = true;
  readonly network = 'BTC' as const;
  readonly maxBlocksPerRound = 50;
  readonly feeOracle: FeeOracle;
  private readonly wallet?: HotWallet;
  /** The hot wallet's P2WPKH address, when a key is configured (worker role). */
  readonly hotWallet?: string;
  /** The operator's ceiling on a payout's fee rate, sat/vB. */
  readonly maxFeeRate: bigint;
  /** Blocks a payout may wait unconfirmed before it is replaced. */
  readonly replaceAfterBlocks: number;

  constructor(opts: BitcoinOptions, feeSource: string) {
    if (opts.hotWalletKey) {
      const raw = opts.hotWalletKey.trim();
      const key = /^(0x)?[0-9a-fA-F]{64}$/.test(raw) ? hex.decode(raw.replace(/^0x/, '')) : WIF().decode(raw);
      const spend = p2wpkh(secp256k1.getPublicKey(key, true));
      // A P2WPKH output always has an address; scure types it optional for scripts that have none.
      if (!spend.address) throw new Error('BTC: the hot wallet key gives no address');
      this.wallet = { key, address: spend.address, script: spend.script };
      this.hotWallet = spend.address;
    }
    this.maxFeeRate = opts.maxFeeRate ?? 500n;
    this.replaceAfterBlocks = opts.replaceAfterBlocks ?? 3;
    this.feeOracle = { source: feeSource, quote: () => this.quoteFee() };
  }

  abstract tip(): Promise<ChainTip | null>;
  abstract blockHash(height: number): Promise<string | null>;
  abstract blockTime(height: number): Promise<number | null>;
  /** Every transaction of the block with this hash. */
  protected abstract blockTxs(hash: string): Promise<BitcoinTx[]>;
  /** Up to `limit` unconfirmed transactions. */
  protected abstract mempoolTxs(limit: number): Promise<BitcoinTx[]>;
  /** Null only when the node says it has no such transaction; an unreachable node throws. */
  protected abstract txStatus(txid: string): Promise<BitcoinTxStatus>;
  /** The fee rate for confirmation within about three blocks, in millisatoshis per vbyte. */
  protected abstract feeRateMsatPerVb(): Promise<bigint | null>;
  /** The unspent outputs of an address. */
  abstract utxosOf(address: string): Promise<Utxo[]>;

  /** The unspent outputs of several addresses (one request where the backend can). */
  async utxosOfMany(addresses: string[]): Promise<Map<string, Utxo[]>> {
    const out = new Map<string, Utxo[]>();
    for (const a of addresses) out.set(a, await this.utxosOf(a));
    return out;
  }
  /** What these addresses hold together in blocks (the mempool left out), in satoshis. */
  protected abstract balanceInBlocks(addresses: readonly string[]): Promise<bigint>;

  async custodyBalance(_code: CryptoCode, deposits: readonly string[], hotWallet: string | undefined = this.hotWallet): Promise<bigint> {
    return this.balanceInBlocks(hotWallet ? [hotWallet, ...deposits] : deposits);
  }

  balanceAt(_code: CryptoCode, addresses: readonly string[]): Promise<bigint> {
    return this.balanceInBlocks(addresses);
  }

  /** Sends a raw transaction; one the node already has is fine. */
  abstract broadcast(signed: SignedTransfer): Promise<void>;

  async transfersSince(
    fromHeight: number,
    toHeight: number,
    ours: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<ChainTransfer[]> {
    const found: Array<{ tx: BitcoinTx; height: number | null; hash: string | null }> = [];
    for (let h = Math.max(0, fromHeight); h <= toHeight; h++) {
      // A block under the tip the node does not serve (it is behind, or mid-reorg) is read again
      // next round, never skipped.
      const hash = await this.blockHash(h);
      if (!hash) throw new Error(`bitcoin: block ${h} is not available yet`);
      for (const tx of await this.blockTxs(hash)) found.push({ tx, height: h, hash });
    }
    for (const tx of await this.mempoolTxs(MAX_MEMPOOL_TXS)) found.push({ tx, height: null, hash: null });
    const candidates: ChainTransfer[] = [];
    for (const { tx, height, hash } of found) {
      tx.outputs.forEach((o, index) => {
        if (!o.address || o.sats <= 0n) return;
        const paid = {
          txHash: tx.txid,
          outputIndex: index,
          toAddress: o.address,
          currencyCode: 'BTC' as const,
          units: o.sats,
          blockHeight: height,
          blockHash: hash,
          rbf: tx.rbf,
        };
        candidates.push(tx.senders ? { ...paid, senders: tx.senders } : paid);
      });
    }
    const mine = await ours([...new Set(candidates.map((c) => c.toAddress))]);
    return candidates.filter((c) => mine.has(c.toAddress));
  }

  /** Its block, or the mempool; gone once the node no longer knows the transaction. */
  async locateTransfer(txHash: string): Promise<TransferPlace | null> {
    const status = await this.txStatus(txHash);
    if (!status) return null;
    // A block off the best chain is a node mid-reorg: unconfirmed until it settles.
    if (!status.confirmed || (await this.blockHash(status.height)) !== status.hash) return { blockHeight: null, blockHash: null };
    return { blockHeight: status.height, blockHash: status.hash };
  }

  async transactionConfirmations(txHash: string): Promise<number | null> {
    const status = await this.txStatus(txHash).catch(() => null);
    if (!status) return null;
    if (!status.confirmed) return 0;
    const tip = await this.tip();
    return tip ? tip.height - status.height + 1 : 0;
  }

  /** The fee for confirmation within ~3 blocks times a typical payment's size, in satoshis rounded up. */
  private async quoteFee(): Promise<bigint | null> {
    const rate = await this.feeRateMsatPerVb();
    return rate === null ? null : (rate * TYPICAL_VBYTES + 999n) / 1000n;
  }

  /** The fee rate (sat/vB, rounded up, at least 1) for confirmation within about three blocks. */
  async feeRate(): Promise<bigint> {
    const rate = (await this.feeRateMsatPerVb()) ?? 1000n;
    const perVb = (rate + 999n) / 1000n;
    return perVb > 0n ? perVb : 1n;
  }

  /** What the hot wallet can spend now: its confirmed coins. */
  async hotWalletBalance(_code: CryptoCode): Promise<bigint> {
    if (!this.hotWallet) return 0n;
    return (await this.spendable()).reduce((sum, u) => sum + u.sats, 0n);
  }

  /**
   * The hot wallet's confirmed coins. Unconfirmed change is left alone: replacing the payout that
   * made it changes its txid, so a payout spending it could be invalidated, or pay twice if the
   * original confirms instead.
   */
  private async spendable(): Promise<Utxo[]> {
    return this.hotWallet ? (await this.utxosOf(this.hotWallet)).filter((u) => u.confirmed) : [];
  }

  private signer(): HotWallet {
    if (!this.wallet) throw new Error('BTC: no hot wallet key configured');
    return this.wallet;
  }

  /**
   * A P2WPKH payment from the hot wallet's confirmed coins at the ~3-block fee rate (never above
   * the ceiling: one priced under the estimate is replaced, or shows as capped), change to itself,
   * replaceable (BIP 125).
   */
  async signTransfer(t: OutgoingTransfer): Promise<SignedPayout> {
    const wallet = this.signer();
    const estimate = await this.feeRate();
    const coins = (await this.spendable()).filter((u) => !t.heldCoins?.has(outpoint(u)));
    const signed = signPayout(wallet, t, estimate < this.maxFeeRate ? estimate : this.maxFeeRate, coins);
    if (!signed) throw new Error(`BTC: the hot wallet cannot cover ${t.outputs ? 'these payments' : 'this payment'} and the fee`);
    return signed;
  }

  /**
   * Replaces a candidate left `replaceAfterBlocks` blocks unconfirmed (stuck) or priced under the
   * ~3-block estimate (underpriced): the same coins, so only one can confirm, the same payment, and
   * a fee by BIP 125 taken from the change (more confirmed coins when the change cannot pay it).
   */
  async replaceTransfer(pending: PendingTransfer): Promise<ReplacementDecision> {
    const prev = btcTerms(pending.current.terms);
    const estimate = await this.feeRate();
    const reason = pending.blocksPending >= this.replaceAfterBlocks ? 'stuck' : BigInt(prev.feeRate) < estimate ? 'underpriced' : null;
    if (!reason) return { action: 'wait' };
    const wallet = this.signer();
    // Its own coins are spent in the mempool: they come from its terms, never from the UTXO listing.
    const own = new Set(prev.inputs.map(outpoint));
    const more = (await this.spendable()).filter((u) => !own.has(outpoint(u)) && !pending.transfer.heldCoins?.has(outpoint(u)));
    const wanted = max(estimate, BigInt(prev.feeRate) + 1n);
    let rate = wanted < this.maxFeeRate ? wanted : this.maxFeeRate;
    // Rule 4 depends on the replacement's size, which the rate changes (change dropped, coins
    // added): raise the rate until the signed transaction meets it, within the ceiling.
    for (let attempt = 0; attempt < 8; attempt++) {
      const next = signPayout(wallet, pending.transfer, rate, more, termsInputs(prev));
      if (!next) throw new Error('BTC: the hot wallet cannot cover the replacement of this payment');
      if (replaces(next.terms, prev)) return { action: 'replace', reason, signed: next };
      const needed = max(rateToReplace(prev, next.terms.vsize), rate + 1n);
      if (needed > this.maxFeeRate) {
        return {
          action: 'capped',
          reason,
          detail: `a replacement needs ${max(wanted, needed)} sat/vB, above the ceiling of ${this.maxFeeRate} sat/vB`,
        };
      }
      rate = needed;
    }
    throw new Error('BTC: no fee rate for the replacement settled; tried again next round');
  }

  /**
   * The fee the candidate paid (its inputs less its outputs), once it is in a block of the best
   * chain. A payout signed before terms were kept has none to read: null, as before, nothing booked.
   */
  /** A Bitcoin payment in a block always did what it was sent to do; its cost is its fee (inputs − outputs). */
  async payoutOutcome(txHash: string, terms: TransferTerms | undefined): Promise<PayoutOutcome | null> {
    if (terms === undefined) return null;
    const fee = BigInt(btcTerms(terms).fee);
    const place = await this.locateTransfer(txHash);
    return place && place.blockHeight !== null ? { succeeded: true, cost: fee } : null;
  }
}

/** Options every Bitcoin backend takes. */
export interface BitcoinOptions {
  hotWalletKey?: string;
  /** The ceiling on a payout's fee rate, sat/vB (`BTC_MAX_FEE_RATE`); default 500. */
  maxFeeRate?: bigint;
  /** Blocks a payout may wait unconfirmed before it is replaced (`BTC_REPLACE_AFTER_BLOCKS`); default 3. */
  replaceAfterBlocks?: number;
}

function btcTerms(terms: TransferTerms | undefined): Extract<TransferTerms, { family: 'btc' }> {
  if (terms?.family !== 'btc') throw new Error(`BTC: a transfer signed without Bitcoin terms (${terms?.family ?? 'none'})`);
  return terms;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** BIP 125: an input with nSequence below 0xfffffffe signals replaceability. */
export function signalsRbf(sequences: number[]): boolean {
  return sequences.some((s) => s < 0xfffffffe);
}
