import { hex } from '@scure/base';
import { NETWORK, Transaction, WIF, p2wpkh, selectUTXO } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { CryptoCode } from '../../modules/currencies/catalogue.ts';
import type { FeeOracle } from '../../modules/currencies/fees.ts';
import type { ChainAdapter, ChainTip, ChainTransfer, OutgoingTransfer, SignedTransfer } from '../types.ts';

/** The parts of an Esplora transaction the adapter reads (https://github.com/Blockstream/esplora/blob/master/API.md). */
interface EsploraTx {
  txid: string;
  vin: Array<{ sequence: number }>;
  vout: Array<{ scriptpubkey_address?: string; value: number }>;
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

/** Blocks scanned per round at most. */
const MAX_BLOCKS_PER_ROUND = 50;
/** vbytes of a one-input, two-output P2WPKH payment: what a deposit's sweep or a withdrawal costs. */
const TYPICAL_VBYTES = 141n;

/**
 * Bitcoin through an Esplora-compatible REST API (Blockstream's, mempool.space's, or your own
 * electrs). Incoming payments are outputs to our addresses in the new blocks' transactions and in
 * the mempool (one set lookup per batch); a transaction that signals replace-by-fee (an input with
 * nSequence below 0xfffffffe, BIP 125) is not final before it confirms; reorgs show as a changed
 * block hash on the rescanned range and as transactions the node no longer knows. Withdrawals are
 * built from the hot wallet's UTXOs as a PSBT (@scure/btc-signer: coin selection, the ~3-block fee
 * rate, change back to the hot wallet), signed, and kept before broadcasting.
 */
export class EsploraChain implements ChainAdapter {
  readonly sandbox = false;
  readonly network = 'BTC' as const;
  readonly feeOracle: FeeOracle;
  private readonly hotKey?: Uint8Array;
  /** The hot wallet's P2WPKH address, when a key is configured (worker role). */
  readonly hotWallet?: string;

  constructor(
    private readonly baseUrl: string,
    opts: { hotWalletKey?: string; fetcher?: typeof fetch } = {},
  ) {
    this.fetcher = opts.fetcher ?? fetch;
    if (opts.hotWalletKey) {
      const raw = opts.hotWalletKey.trim();
      this.hotKey = /^(0x)?[0-9a-fA-F]{64}$/.test(raw) ? hex.decode(raw.replace(/^0x/, '')) : WIF().decode(raw);
      this.hotWallet = p2wpkh(secp256k1.getPublicKey(this.hotKey, true)).address!;
    }
    this.feeOracle = { source: 'esplora-fee-estimates', quote: () => this.quoteFee() };
  }

  private readonly fetcher: typeof fetch;

  private async get<T>(path: string, as: 'json' | 'text' = 'json'): Promise<T> {
    const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, '')}${path}`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`esplora ${path}: HTTP ${res.status}`);
    return (as === 'json' ? await res.json() : await res.text()) as T;
  }

  async tip(): Promise<ChainTip | null> {
    const [height, hash] = await Promise.all([this.get<string>('/blocks/tip/height', 'text'), this.get<string>('/blocks/tip/hash', 'text')]);
    return { height: Number(height), hash: hash.trim() };
  }

  async blockHash(height: number): Promise<string | null> {
    return (await this.get<string>(`/block-height/${height}`, 'text').catch(() => null))?.trim() ?? null;
  }

  /** All transactions of a block, 25 per page as Esplora serves them. */
  private async blockTxs(hash: string): Promise<EsploraTx[]> {
    const out: EsploraTx[] = [];
    for (let start = 0; ; start += 25) {
      const page = await this.get<EsploraTx[]>(`/block/${hash}/txs/${start}`);
      out.push(...page);
      if (page.length < 25) return out;
    }
  }

  async transfersSince(fromHeight: number, ours: (addresses: string[]) => Promise<Set<string>>): Promise<ChainTransfer[]> {
    const tip = await this.tip();
    if (!tip) return [];
    const last = Math.min(tip.height, fromHeight + MAX_BLOCKS_PER_ROUND - 1);
    const txs: EsploraTx[] = [];
    for (let h = Math.max(0, fromHeight); h <= last; h++) {
      const hash = await this.blockHash(h);
      if (hash) txs.push(...(await this.blockTxs(hash)).map((t) => ({ ...t, status: { confirmed: true, block_height: h, block_hash: hash } })));
    }
    const mempool = await this.get<string[]>('/mempool/txids');
    for (const txid of mempool.slice(0, 5000)) {
      const tx = await this.get<EsploraTx>(`/tx/${txid}`).catch(() => null);
      if (tx && !tx.status.confirmed) txs.push(tx);
    }
    const candidates: ChainTransfer[] = [];
    for (const tx of txs) {
      const rbf = tx.vin.some((i) => i.sequence < 0xfffffffe);
      tx.vout.forEach((o, index) => {
        if (!o.scriptpubkey_address || o.value <= 0) return;
        candidates.push({
          txHash: tx.txid,
          outputIndex: index,
          toAddress: o.scriptpubkey_address,
          currencyCode: 'BTC',
          units: BigInt(o.value),
          blockHeight: tx.status.confirmed ? tx.status.block_height! : null,
          blockHash: tx.status.confirmed ? tx.status.block_hash! : null,
          rbf,
        });
      });
    }
    const mine = await ours([...new Set(candidates.map((c) => c.toAddress))]);
    return candidates.filter((c) => mine.has(c.toAddress));
  }

  /** The node still knows the transaction (in a block of the best chain or in its mempool). */
  async hasTransfer(txHash: string): Promise<boolean> {
    const status = await this.get<{ confirmed: boolean; block_height?: number; block_hash?: string }>(`/tx/${txHash}/status`).catch(() => null);
    if (!status) return false;
    if (!status.confirmed) return true;
    return (await this.blockHash(status.block_height!)) === status.block_hash;
  }

  /** The fee for confirmation within ~3 blocks (sat/vB) times a typical payment's size, rounded up. */
  private async quoteFee(): Promise<bigint | null> {
    const estimates = await this.get<Record<string, number>>('/fee-estimates');
    const rate = estimates['3'] ?? estimates['2'] ?? estimates['1'];
    if (rate === undefined) return null;
    const milliSatPerVb = BigInt(Math.ceil(rate * 1000));
    return (milliSatPerVb * TYPICAL_VBYTES + 999n) / 1000n;
  }

  private async utxos(): Promise<Array<{ txid: string; vout: number; value: number }>> {
    return this.hotWallet ? this.utxosOf(this.hotWallet) : [];
  }

  /** The unspent outputs of an address. */
  async utxosOf(address: string): Promise<Array<{ txid: string; vout: number; value: number }>> {
    return this.get(`/address/${address}/utxo`);
  }

  /** The fee rate (sat/vB, rounded up) for confirmation within about three blocks. */
  async feeRate(): Promise<bigint> {
    const estimates = await this.get<Record<string, number>>('/fee-estimates');
    return BigInt(Math.ceil(estimates['3'] ?? estimates['2'] ?? estimates['1'] ?? 1));
  }

  async hotWalletBalance(_code: CryptoCode): Promise<bigint> {
    return (await this.utxos()).reduce((sum, u) => sum + BigInt(u.value), 0n);
  }

  /** A P2WPKH payment from the hot wallet's UTXOs at the ~3-block fee rate, change to itself. */
  async signTransfer(t: OutgoingTransfer): Promise<SignedTransfer> {
    if (!this.hotKey || !this.hotWallet) throw new Error('BTC: no hot wallet key configured');
    const rate = await this.feeRate();
    const spend = p2wpkh(secp256k1.getPublicKey(this.hotKey, true));
    const inputs = (await this.utxos()).map((u) => ({ ...spend, txid: u.txid, index: u.vout, witnessUtxo: { script: spend.script, amount: BigInt(u.value) } }));
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

  /** POST /tx; a node that already has the transaction is fine. */
  async broadcast(signed: SignedTransfer): Promise<void> {
    const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, '')}/tx`, { method: 'POST', body: signed.raw, signal: AbortSignal.timeout(10_000) });
    if (res.ok) return;
    const text = await res.text();
    if (/already|txn-already-known|Transaction already in block chain/i.test(text)) return;
    throw new Error(`esplora POST /tx: HTTP ${res.status} ${text.slice(0, 200)}`);
  }

  async transactionConfirmations(txHash: string): Promise<number | null> {
    const status = await this.get<{ confirmed: boolean; block_height?: number }>(`/tx/${txHash}/status`).catch(() => null);
    if (!status) return null;
    if (!status.confirmed) return 0;
    const tip = await this.tip();
    return tip ? tip.height - status.block_height! + 1 : 0;
  }
}
