import type { ChainTip, SignedTransfer } from '../types.ts';
import {
  BitcoinChain,
  sendersOf,
  signalsRbf,
  type BitcoinOptions,
  type BitcoinTx,
  type BitcoinTxStatus,
  type Utxo,
} from './bitcoin-chain.ts';
import { toUnits } from '../../lib/money.ts';

/** The parts of an Esplora transaction the adapter reads (https://github.com/Blockstream/esplora/blob/master/API.md). */
interface EsploraTx {
  txid: string;
  /** `prevout`: the coin the input spends (null for a coinbase). */
  vin: Array<{ sequence: number; prevout?: { scriptpubkey_address?: string } | null }>;
  vout: Array<{ scriptpubkey_address?: string; value: number }>;
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

function toTx(t: EsploraTx): BitcoinTx {
  const senders = sendersOf(t.vin.map((i) => i.prevout?.scriptpubkey_address));
  const outputs = t.vout.map((o) => ({ address: o.scriptpubkey_address, sats: BigInt(o.value) }));
  return { txid: t.txid, rbf: signalsRbf(t.vin.map((i) => i.sequence)), outputs, ...(senders ? { senders } : {}) };
}

/**
 * Bitcoin through an Esplora-compatible REST API (Blockstream's, mempool.space's, or your own
 * electrs): blocks by height (`/block/:hash` for their time) and their transactions 25 a page, the mempool's txids, `/tx/:id/status`,
 * `/fee-estimates` (sat/vB by confirmation target), `/address/:a/utxo`, `/address/:a` (balances in blocks) and `POST /tx`.
 */
export class EsploraChain extends BitcoinChain {
  private readonly fetcher: typeof fetch;

  constructor(
    private readonly baseUrl: string,
    opts: BitcoinOptions & { fetcher?: typeof fetch } = {},
  ) {
    super(opts, 'esplora-fee-estimates');
    this.fetcher = opts.fetcher ?? fetch;
  }

  private async get<T>(path: string, as: 'json' | 'text' = 'json'): Promise<T> {
    const found = await this.find<T>(path, as);
    if (found === null) throw new Error(`esplora ${path}: HTTP 404`);
    return found;
  }

  /** Like `get`, but null when Esplora answers 404 (no such block or transaction). */
  private async find<T>(path: string, as: 'json' | 'text' = 'json'): Promise<T | null> {
    const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, '')}${path}`, { signal: AbortSignal.timeout(10_000) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`esplora ${path}: HTTP ${res.status}`);
    return (as === 'json' ? await res.json() : await res.text()) as T;
  }

  async tip(): Promise<ChainTip | null> {
    const [height, hash] = await Promise.all([
      this.get<string>('/blocks/tip/height', 'text'),
      this.get<string>('/blocks/tip/hash', 'text'),
    ]);
    return { height: Number(height), hash: hash.trim() };
  }

  async blockHash(height: number): Promise<string | null> {
    return (await this.find<string>(`/block-height/${height}`, 'text'))?.trim() ?? null;
  }

  async blockTime(height: number): Promise<number | null> {
    const hash = await this.blockHash(height);
    if (!hash) return null;
    return (await this.find<{ timestamp: number }>(`/block/${hash}`))?.timestamp ?? null;
  }

  protected async blockTxs(hash: string): Promise<BitcoinTx[]> {
    const out: BitcoinTx[] = [];
    for (let start = 0; ; start += 25) {
      const page = await this.get<EsploraTx[]>(`/block/${hash}/txs/${start}`);
      out.push(...page.map(toTx));
      if (page.length < 25) return out;
    }
  }

  protected async mempoolTxs(limit: number): Promise<BitcoinTx[]> {
    const out: BitcoinTx[] = [];
    for (const txid of (await this.get<string[]>('/mempool/txids')).slice(0, limit)) {
      const tx = await this.get<EsploraTx>(`/tx/${txid}`).catch(() => null);
      if (tx && !tx.status.confirmed) out.push(toTx(tx));
    }
    return out;
  }

  protected async txStatus(txid: string): Promise<BitcoinTxStatus> {
    const s = await this.find<EsploraTx['status']>(`/tx/${txid}/status`);
    if (!s) return null;
    if (!s.confirmed) return { confirmed: false };
    if (s.block_height == null || s.block_hash == null) throw new Error(`esplora: tx ${txid} confirmed without its block`);
    return { confirmed: true, height: s.block_height, hash: s.block_hash };
  }

  protected async feeRateMsatPerVb(): Promise<bigint | null> {
    const estimates = await this.get<Record<string, number>>('/fee-estimates');
    const rate = estimates['3'] ?? estimates['2'] ?? estimates['1'];
    // sat/vB arrives as a JSON float (2.007): read its decimal digits, not float × 1000
    // (2.007 × 1000 is 2007.0000000000002, one msat too many once rounded up).
    return rate === undefined ? null : msatPerVb(rate);
  }

  /** Esplora lists the address's coins as the mempool leaves them: less those it spends, plus its unconfirmed outputs. */
  async utxosOf(address: string): Promise<Utxo[]> {
    const list = await this.get<Array<{ txid: string; vout: number; value: number; status?: { confirmed: boolean } }>>(
      `/address/${address}/utxo`,
    );
    return list.map((u) => ({ txid: u.txid, vout: u.vout, sats: BigInt(u.value), confirmed: u.status?.confirmed === true }));
  }

  /** What the addresses hold in blocks: each one's `chain_stats`, funded less spent (the mempool left out). */
  protected async balanceInBlocks(addresses: readonly string[]): Promise<bigint> {
    let sum = 0n;
    for (const a of addresses) {
      const { chain_stats: stats } = await this.get<{ chain_stats: { funded_txo_sum: number; spent_txo_sum: number } }>(`/address/${a}`);
      sum += BigInt(stats.funded_txo_sum) - BigInt(stats.spent_txo_sum);
    }
    return sum;
  }

  /**
   * POST /tx; a node that already has the transaction is fine. Every refusal is retried, never
   * permanent: a replacement refused because an earlier candidate is in a block or still wins the
   * mempool (Core's text in the 400 body: "bad-txns-inputs-missingorspent", "txn-mempool-conflict",
   * "insufficient fee, rejecting replacement …") leaves the other candidates standing.
   */
  async broadcast(signed: SignedTransfer): Promise<void> {
    const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, '')}/tx`, {
      method: 'POST',
      body: signed.raw,
      signal: AbortSignal.timeout(10_000),
    });
    if (res.ok) return;
    const text = await res.text();
    if (/already|txn-already-known|Transaction already in block chain/i.test(text)) return;
    throw new Error(`esplora POST /tx: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
}

/** A sat/vB rate as Esplora prints it, in whole msat/vB, rounded up (a fee is never short). */
export function msatPerVb(satPerVb: number): bigint {
  return toUnits(satPerVb, 3, 'up');
}
