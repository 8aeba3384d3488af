import { hex } from '@scure/base';
import { Address, NETWORK, OutScript } from '@scure/btc-signer';
import { toUnits } from '../../lib/money.ts';
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

/** A transaction as Bitcoin Core's `getblock <hash> 2` and `getrawtransaction <txid> true` show it. */
interface CoreTx {
  txid: string;
  /** `txid`/`vout`: the coin spent (absent on a coinbase); `prevout` only at the higher verbosities of Core 23+. */
  vin: Array<{ sequence: number; txid?: string; vout?: number; prevout?: { scriptPubKey?: { address?: string } } }>;
  /** `address` since Core 22; `addresses` before. Values in BTC. */
  vout: Array<{ value: number; n: number; scriptPubKey: { address?: string; addresses?: string[] } }>;
  blockhash?: string;
  confirmations?: number;
}

interface RpcReply<T> {
  result: T | null;
  error: { code: number; message: string } | null;
  id: number | string;
}

export class CoreRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** RPC_INVALID_ADDRESS_OR_KEY: no such transaction or block. RPC_INVALID_PARAMETER: height out of range. */
const NOT_FOUND = new Set([-5, -8]);
/** Mempool transactions asked for in one JSON-RPC batch. */
const BATCH = 100;

const outputAddress = (o: CoreTx['vout'][number]) => o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0];

function toTx(t: CoreTx): BitcoinTx {
  const senders = sendersOf(t.vin.map((i) => i.prevout?.scriptPubKey?.address));
  return {
    txid: t.txid,
    rbf: signalsRbf(t.vin.map((i) => i.sequence)),
    outputs: t.vout.map((o) => ({ address: outputAddress(o), sats: toUnits(o.value, 8) })),
    ...(senders ? { senders } : {}),
  };
}

/**
 * Bitcoin through Bitcoin Core's JSON-RPC (`BTC_BACKEND=core`, `BTC_RPC_URL=http://user:pass@host:8332`;
 * the node needs `txindex=1` to answer for confirmed transactions it does not hold in a wallet).
 * Blocks are read whole with `getblock … 2`, the mempool with `getrawmempool` and batched
 * `getrawtransaction`, the fee rate with `estimatesmartfee 3` (BTC/kvB, read exactly as sat per
 * kvB = msat/vB), the hot wallet's and deposits' coins with one `scantxoutset` over their addresses,
 * and signed transactions go out with `sendrawtransaction`. Amounts, which Core prints in BTC, are
 * parsed as decimals into satoshis, never through floating-point arithmetic.
 */
export class BitcoinCoreChain extends BitcoinChain {
  private readonly fetcher: typeof fetch;
  private readonly endpoint: string;
  private readonly authorization?: string;
  private nextId = 1;

  constructor(rpcUrl: string, opts: BitcoinOptions & { fetcher?: typeof fetch } = {}) {
    super(opts, 'bitcoin-core-estimatesmartfee');
    this.fetcher = opts.fetcher ?? fetch;
    // fetch refuses URLs with credentials: they travel as Basic auth instead.
    const url = new URL(rpcUrl);
    if (url.username || url.password) {
      this.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    this.endpoint = url.toString();
  }

  private async post<T>(body: unknown): Promise<T> {
    const res = await this.fetcher(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.authorization ? { authorization: this.authorization } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    // Core answers RPC errors with HTTP 404/500 and a JSON body; anything else is a transport failure.
    if (!res.ok && !(res.headers.get('content-type') ?? '').includes('json')) throw new Error(`bitcoin core: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  private async rpc<T>(method: string, ...params: unknown[]): Promise<T> {
    const reply = await this.post<RpcReply<T>>({ jsonrpc: '1.0', id: this.nextId++, method, params });
    if (reply.error) throw new CoreRpcError(reply.error.code, `bitcoin core ${method}: ${reply.error.message}`);
    return reply.result as T;
  }

  /** The result, or null when Core says there is no such object. */
  private async maybe<T>(method: string, ...params: unknown[]): Promise<T | null> {
    try {
      return await this.rpc<T>(method, ...params);
    } catch (err) {
      if (err instanceof CoreRpcError && NOT_FOUND.has(err.code)) return null;
      throw err;
    }
  }

  async tip(): Promise<ChainTip | null> {
    const info = await this.rpc<{ blocks: number; bestblockhash: string }>('getblockchaininfo');
    return { height: info.blocks, hash: info.bestblockhash };
  }

  async blockHash(height: number): Promise<string | null> {
    return this.maybe<string>('getblockhash', height);
  }

  async blockTime(height: number): Promise<number | null> {
    const hash = await this.blockHash(height);
    if (!hash) return null;
    return (await this.maybe<{ time: number }>('getblockheader', hash))?.time ?? null;
  }

  protected async blockTxs(hash: string): Promise<BitcoinTx[]> {
    const block = await this.rpc<{ tx: CoreTx[] }>('getblock', hash, 2);
    return block.tx.map(toTx);
  }

  protected async mempoolTxs(limit: number): Promise<BitcoinTx[]> {
    const txids = (await this.rpc<string[]>('getrawmempool')).slice(0, limit);
    const out: BitcoinTx[] = [];
    for (let i = 0; i < txids.length; i += BATCH) {
      const batch = txids
        .slice(i, i + BATCH)
        .map((txid) => ({ jsonrpc: '1.0', id: this.nextId++, method: 'getrawtransaction', params: [txid, true] }));
      const replies = await this.post<Array<RpcReply<CoreTx>>>(batch);
      // A transaction that left the mempool between the two calls answers with an error: skip it.
      for (const r of replies) if (r.result && !r.result.blockhash) out.push(toTx(r.result));
    }
    return out;
  }

  /**
   * Who paid a transaction: the addresses of the coins its inputs spend, each read from the
   * transaction that made it (one batch; `txindex=1` serves them). A coin the node does not know
   * names nobody; a node that cannot be reached throws.
   */
  async sendersOf(txHash: string): Promise<string[]> {
    const tx = await this.maybe<CoreTx>('getrawtransaction', txHash, true);
    const spent = (tx?.vin ?? []).filter(
      (i): i is typeof i & { txid: string; vout: number } => typeof i.txid === 'string' && typeof i.vout === 'number',
    );
    if (spent.length === 0) return [];
    const batch = spent.map((i) => ({ jsonrpc: '1.0', id: this.nextId++, method: 'getrawtransaction', params: [i.txid, true] }));
    const replies = new Map((await this.post<Array<RpcReply<CoreTx>>>(batch)).map((r) => [r.id, r]));
    const addresses = batch.map((call, k) => {
      const r = replies.get(call.id);
      if (r?.error && !NOT_FOUND.has(r.error.code))
        throw new CoreRpcError(r.error.code, `bitcoin core getrawtransaction: ${r.error.message}`);
      const out = r?.result?.vout.find((o) => o.n === spent[k]?.vout);
      return out ? outputAddress(out) : undefined;
    });
    return sendersOf(addresses) ?? [];
  }

  protected async txStatus(txid: string): Promise<BitcoinTxStatus> {
    const tx = await this.maybe<CoreTx>('getrawtransaction', txid, true);
    if (!tx) return null;
    if (!tx.blockhash) return { confirmed: false };
    const header = await this.maybe<{ height: number; confirmations: number }>('getblockheader', tx.blockhash);
    if (!header || header.confirmations < 1) return null; // its block left the best chain
    return { confirmed: true, height: header.height, hash: tx.blockhash };
  }

  protected async feeRateMsatPerVb(): Promise<bigint | null> {
    const est = await this.rpc<{ feerate?: number; errors?: string[] }>('estimatesmartfee', 3);
    // BTC per 1000 vB × 1e8 = sat per 1000 vB = msat per vB.
    return est.feerate === undefined ? null : toUnits(est.feerate, 8, 'up');
  }

  async utxosOf(address: string): Promise<Utxo[]> {
    return (await this.utxosOfMany([address])).get(address) ?? [];
  }

  /**
   * Every address's confirmed UTXOs from one scan of the UTXO set, less those a mempool transaction
   * already spends (the scan reads blocks only: a pending payout's coins would be spent twice).
   */
  override async utxosOfMany(addresses: string[]): Promise<Map<string, Utxo[]>> {
    const out = new Map<string, Utxo[]>(addresses.map((a) => [a, []]));
    if (addresses.length === 0) return out;
    const byScript = new Map(addresses.map((a) => [hex.encode(OutScript.encode(Address(NETWORK).decode(a))), a]));
    const scan = await this.scan(addresses);
    const unspent = await this.unspentWithMempool(scan.unspents);
    for (const [i, u] of scan.unspents.entries()) {
      const address = byScript.get(u.scriptPubKey.toLowerCase());
      if (address && unspent[i]) out.get(address)?.push({ txid: u.txid, vout: u.vout, sats: toUnits(u.amount, 8), confirmed: true });
    }
    return out;
  }

  /** The coins of the UTXO set as of the tip (blocks only) paying these addresses: one `scantxoutset`. */
  private async scan(addresses: readonly string[]) {
    const scan = await this.rpc<{
      success: boolean;
      unspents: Array<{ txid: string; vout: number; scriptPubKey: string; amount: number }>;
    }>(
      'scantxoutset',
      'start',
      addresses.map((a) => `addr(${a})`),
    );
    if (!scan.success) throw new Error('bitcoin core: scantxoutset did not finish');
    return scan;
  }

  protected async balanceInBlocks(addresses: readonly string[]): Promise<bigint> {
    if (addresses.length === 0) return 0n;
    return (await this.scan(addresses)).unspents.reduce((sum, u) => sum + toUnits(u.amount, 8), 0n);
  }

  /** For each coin, whether it is unspent counting the mempool: `gettxout … true` answers null for one a mempool transaction spends. */
  private async unspentWithMempool(coins: Array<{ txid: string; vout: number }>): Promise<boolean[]> {
    const out: boolean[] = [];
    for (let i = 0; i < coins.length; i += BATCH) {
      const batch = coins
        .slice(i, i + BATCH)
        .map((c) => ({ jsonrpc: '1.0', id: this.nextId++, method: 'gettxout', params: [c.txid, c.vout, true] }));
      // JSON-RPC does not promise a batch's replies in order: match them by id.
      const replies = new Map((await this.post<Array<RpcReply<unknown>>>(batch)).map((r) => [r.id, r]));
      for (const call of batch) {
        const r = replies.get(call.id);
        if (!r || r.error) throw new CoreRpcError(r?.error?.code ?? 0, `bitcoin core gettxout: ${r?.error?.message ?? 'no reply'}`);
        out.push(r.result !== null);
      }
    }
    return out;
  }

  /**
   * sendrawtransaction; a transaction the node already has (in its mempool or the chain) is fine.
   * Every refusal is retried, never permanent: a replacement refused because an earlier candidate
   * is in a block (-25 "bad-txns-inputs-missingorspent") or still wins the mempool (-26
   * "txn-mempool-conflict", "insufficient fee, rejecting replacement …") leaves the other
   * candidates standing.
   */
  async broadcast(signed: SignedTransfer): Promise<void> {
    try {
      await this.rpc<string>('sendrawtransaction', signed.raw);
    } catch (err) {
      if (err instanceof CoreRpcError && (err.code === -27 || /already/i.test(err.message))) return;
      throw err;
    }
  }
}
