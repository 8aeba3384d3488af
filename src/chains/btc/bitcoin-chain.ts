import { hex } from '@scure/base';
import { NETWORK, Transaction, WIF, p2wpkh, selectUTXO } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { FeeOracle } from '../fees.ts';
import type { ChainAdapter, ChainTip, ChainTransfer, OutgoingTransfer, SignedTransfer, TransferPlace } from '../types.ts';

/** A transaction as the adapter reads it, whichever backend served it. */
export interface BitcoinTx {
  txid: string;
  /** Some input has nSequence below 0xfffffffe (BIP 125): replaceable until it confirms. */
  rbf: boolean;
  outputs: Array<{ address?: string; sats: bigint }>;
}

/** Where a transaction stands: in a block of the best chain, in the mempool, or unknown (null). */
export type BitcoinTxStatus = { confirmed: true; height: number; hash: string } | { confirmed: false } | null;

export interface Utxo {
  txid: string;
  vout: number;
  sats: bigint;
}

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
 * the node no longer knows. Withdrawals are built from the hot wallet's UTXOs as a PSBT
 * (@scure/btc-signer: coin selection, the ~3-block fee rate, change back to the hot wallet), signed,
 * and kept before broadcasting.
 */
export abstract class BitcoinChain implements ChainAdapter {
  readonly sandbox = false;
  readonly network = 'BTC' as const;
  readonly maxBlocksPerRound = 50;
  readonly feeOracle: FeeOracle;
  private readonly hotKey?: Uint8Array;
  /** The hot wallet's P2WPKH address, when a key is configured (worker role). */
  readonly hotWallet?: string;

  constructor(hotWalletKey: string | undefined, feeSource: string) {
    if (hotWalletKey) {
      const raw = hotWalletKey.trim();
      this.hotKey = /^(0x)?[0-9a-fA-F]{64}$/.test(raw) ? hex.decode(raw.replace(/^0x/, '')) : WIF().decode(raw);
      this.hotWallet = p2wpkh(secp256k1.getPublicKey(this.hotKey, true)).address!;
    }
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
  /** Sends a raw transaction; one the node already has is fine. */
  abstract broadcast(signed: SignedTransfer): Promise<void>;

  async transfersSince(fromHeight: number, toHeight: number, ours: (addresses: string[]) => Promise<Set<string>>): Promise<ChainTransfer[]> {
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
        candidates.push({ txHash: tx.txid, outputIndex: index, toAddress: o.address, currencyCode: 'BTC', units: o.sats, blockHeight: height, blockHash: hash, rbf: tx.rbf });
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

  async hotWalletBalance(_code: CryptoCode): Promise<bigint> {
    if (!this.hotWallet) return 0n;
    return (await this.utxosOf(this.hotWallet)).reduce((sum, u) => sum + u.sats, 0n);
  }

  /** A P2WPKH payment from the hot wallet's UTXOs at the ~3-block fee rate, change to itself. */
  async signTransfer(t: OutgoingTransfer): Promise<SignedTransfer> {
    if (!this.hotKey || !this.hotWallet) throw new Error('BTC: no hot wallet key configured');
    const rate = await this.feeRate();
    const spend = p2wpkh(secp256k1.getPublicKey(this.hotKey, true));
    const inputs = (await this.utxosOf(this.hotWallet)).map((u) => ({ ...spend, txid: u.txid, index: u.vout, witnessUtxo: { script: spend.script, amount: u.sats } }));
    const selected = selectUTXO(inputs, [{ address: t.to, amount: t.units }], 'default', {
      changeAddress: this.hotWallet,
      feePerByte: rate,
      bip69: true,
      createTx: true,
      network: NETWORK,
    });
    if (!selected?.tx) throw new Error('BTC: the hot wallet cannot cover this payment and its fee');
    const tx: Transaction = selected.tx;
    tx.sign(this.hotKey);
    tx.finalize();
    return { txHash: tx.id, raw: tx.hex };
  }
}

/** BIP 125: an input with nSequence below 0xfffffffe signals replaceability. */
export function signalsRbf(sequences: number[]): boolean {
  return sequences.some((s) => s < 0xfffffffe);
}
