import { hex } from '@scure/base';
import { CURRENCIES, type CryptoCode, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { FeeOracle } from '../fees.ts';
import type { Db } from '../../lib/db/index.ts';
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
import { parseExact, stringifyExact } from './exact-json.ts';
import { TronTxBuilder, signBuilt, tronAddressOfKey } from './sweep-tx.ts';
import { quoteTronFee, type ChainParameters } from './resources.ts';
import { blockTransfers, type TronBlock } from './blocks.ts';
import { tronBalance } from './balances.ts';

export { parseExact, stringifyExact } from './exact-json.ts';
export { signTronTxId, tronAddressFromHex, tronAddressToHex, varintHex } from './transaction.ts';

/** What a replacement of a Tron transfer is decided on. */
type TronTerms = Extract<TransferTerms, { family: 'tron' }>;

/** What `gettransactioninfobyid` tells of a transaction in a block (`{}` for one in none). */
interface TxInfo {
  blockNumber?: number;
  /** Sun burned for bandwidth and energy; absent when it burned none. */
  fee?: number | bigint;
  receipt?: { result?: string };
  /** `FAILED` when the contract call failed; absent on success. */
  result?: string;
}

/**
 * Tron through a TronGrid-compatible HTTP API (`/wallet/*`). Incoming TRX (TransferContract) and
 * TRC-20 transfers of the catalogue's contracts (TriggerSmartContract `transfer`, successful only)
 * are read from the new blocks, then looked up in one set query. The fee quote prices the energy
 * and bandwidth a transfer burns at the chain's current parameters. Withdrawals are created by the
 * node (TRX, or TRC-20 `transfer`), signed here (secp256k1 over the transaction id) and stored
 * before broadcasting.
 */
export class TronGridChain implements ChainAdapter {
  readonly sandbox = false;
  readonly network = 'TRON' as const;
  readonly maxBlocksPerRound = 100;
  readonly feeOracle: FeeOracle;
  private readonly fetcher: typeof fetch;
  private readonly tokens = new Map<string, CurrencyDef>();
  private readonly hotKey?: Uint8Array;
  readonly hotWallet?: string;

  constructor(
    private readonly baseUrl: string,
    opts: { hotWalletKey?: string; fetcher?: typeof fetch; contracts?: Partial<Record<CryptoCode, string>> } = {},
    private readonly db?: Db,
  ) {
    this.fetcher = opts.fetcher ?? fetch;
    for (const c of CURRENCIES.filter((c) => c.network === 'Tron')) {
      if (c.contractAddress) this.tokens.set(opts.contracts?.[c.code] ?? c.contractAddress, c);
    }
    if (opts.hotWalletKey) {
      this.hotKey = hex.decode(opts.hotWalletKey.replace(/^0x/, ''));
      this.hotWallet = tronAddressOfKey(this.hotKey);
    }
    this.feeOracle = {
      source: 'tron-chain-parameters',
      quote: async (c) => quoteTronFee(await this.call<ChainParameters>('/wallet/getchainparameters'), c, this.db),
    };
  }

  /** One TronGrid call (POST, exact JSON); the sweeper builds and reads its transactions through it too. */
  async call<T>(path: string, body: unknown = {}): Promise<T> {
    const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stringifyExact(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`trongrid ${path}: HTTP ${res.status}`);
    return parseExact(await res.text()) as T;
  }

  async tip(): Promise<ChainTip | null> {
    const b = await this.call<TronBlock>('/wallet/getnowblock');
    return { height: b.block_header.raw_data.number, hash: b.blockID };
  }

  async blockHash(height: number): Promise<string | null> {
    return (await this.blockAt(height))?.blockID ?? null;
  }

  async blockTime(height: number): Promise<number | null> {
    const b = await this.blockAt(height);
    // Tron block headers carry milliseconds.
    return b ? Math.floor(b.block_header.raw_data.timestamp / 1000) : null;
  }

  /** The block at `height`, or null past the tip (the node answers `{}`); a failed call throws. */
  private async blockAt(height: number): Promise<TronBlock | null> {
    const b = await this.call<Partial<TronBlock> & { Error?: string }>('/wallet/getblockbynum', { num: height });
    if (b.Error) throw new Error(`trongrid getblockbynum: ${b.Error}`);
    return b.blockID ? (b as TronBlock) : null;
  }

  async transfersSince(
    fromHeight: number,
    toHeight: number,
    ours: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<ChainTransfer[]> {
    const candidates: ChainTransfer[] = [];
    for (let h = Math.max(0, fromHeight); h <= toHeight; h++) {
      // A block the watcher saw under the tip but the node does not serve (a node of the pool
      // behind the others) is read again next round, never skipped.
      const block = await this.blockAt(h);
      if (!block) throw new Error(`trongrid: block ${h} is not available yet`);
      candidates.push(...blockTransfers(block, h, this.tokens));
    }
    const mine = await ours([...new Set(candidates.map((c) => c.toAddress))]);
    return candidates.filter((c) => mine.has(c.toAddress));
  }

  /**
   * Its block from `gettransactioninfobyid` (a failed contract call is no transfer), else the
   * pending pool; both answer `{}` for a transaction they do not hold, and `{ Error }` when the node
   * fails, which throws.
   */
  async locateTransfer(txHash: string): Promise<TransferPlace | null> {
    const info = await this.transactionInfo(txHash);
    if (info.blockNumber !== undefined) {
      if (info.receipt?.result && info.receipt.result !== 'SUCCESS') return null;
      const hash = await this.blockHash(info.blockNumber);
      // A node of the pool behind the one that answered: unconfirmed until they agree.
      return hash ? { blockHeight: info.blockNumber, blockHash: hash } : { blockHeight: null, blockHash: null };
    }
    return (await this.inPendingPool(txHash)) ? { blockHeight: null, blockHash: null } : null;
  }

  /** What the full node's (`wallet`) or the solidified (`walletsolidity`) view knows of a transaction in a block. */
  private async transactionInfo(txHash: string, view: 'wallet' | 'walletsolidity' = 'wallet'): Promise<TxInfo> {
    const info = await this.call<TxInfo & { Error?: string }>(`/${view}/gettransactioninfobyid`, { value: txHash });
    if (info.Error) throw new Error(`trongrid ${view}/gettransactioninfobyid: ${info.Error}`);
    return info;
  }

  private async inPendingPool(txHash: string): Promise<boolean> {
    const pending = await this.call<{ txID?: string; Error?: string }>('/wallet/gettransactionfrompending', { value: txHash });
    if (pending.Error) throw new Error(`trongrid gettransactionfrompending: ${pending.Error}`);
    return Boolean(pending.txID);
  }

  /** The token contract of a currency here (null for TRX). */
  contractOf(code: CryptoCode): string | null {
    for (const [address, c] of this.tokens) if (c.code === code) return address;
    return null;
  }

  async hotWalletBalance(code: CryptoCode): Promise<bigint> {
    return this.hotWallet ? tronBalance((path, body) => this.call(path, body), this.hotWallet, this.contractOf(code)) : 0n;
  }

  custodyBalance(code: CryptoCode, deposits: readonly string[], hotWallet: string | undefined = this.hotWallet): Promise<bigint> {
    return this.balanceAt(code, hotWallet ? [hotWallet, ...deposits] : deposits);
  }

  /** What these accounts hold, TRX staked for resources included (it is still theirs). */
  async balanceAt(code: CryptoCode, addresses: readonly string[]): Promise<bigint> {
    let sum = 0n;
    for (const address of addresses)
      sum += await tronBalance((path, body) => this.call(path, body), address, this.contractOf(code), { staked: true });
    return sum;
  }

  /**
   * The node builds the transaction (TRX transfer, or a TRC-20 `transfer` call with a fee limit); it
   * is checked to be exactly that transfer, signed here over its id and kept before broadcasting,
   * its expiration as the terms a replacement is decided on.
   */
  async signTransfer(t: OutgoingTransfer): Promise<SignedTransfer & { terms: TronTerms }> {
    if (!this.hotKey || !this.hotWallet) throw new Error('TRON: no hot wallet key configured');
    const contract = this.contractOf(t.currencyCode);
    const builder = new TronTxBuilder((path, body) => this.call(path, body));
    const built = contract
      ? await builder.trc20(this.hotWallet, contract, t.to, t.units)
      : await builder.trx(this.hotWallet, t.to, t.units);
    const signed = signBuilt(built, this.hotKey);
    return { txHash: signed.txHash, raw: signed.raw, terms: { family: 'tron', expiration: built.expiration } };
  }

  /**
   * A node refuses for good a transaction past its expiration, or whose reference block it no longer
   * holds: sending it again cannot help, and whether it is in a block or can never be is for
   * `transactionConfirmations` and `replaceTransfer` to answer, so that refusal is no error here.
   */
  async broadcast(signed: SignedTransfer): Promise<void> {
    const res = await this.call<{ result?: boolean; code?: string; message?: string }>(
      '/wallet/broadcasttransaction',
      parseExact(signed.raw),
    );
    if (res.result || ['DUP_TRANSACTION_ERROR', 'TRANSACTION_EXPIRATION_ERROR', 'TAPOS_ERROR'].includes(res.code ?? '')) return;
    throw new Error(`TRON broadcast refused: ${res.code ?? ''} ${readable(res.message)}`);
  }

  /**
   * In a block: confirmations under the head; in the pending pool: 0; known to neither: null, which
   * the round answers by broadcasting it again. A node that fails throws: no answer is not "unknown".
   */
  async transactionConfirmations(txHash: string): Promise<number | null> {
    const info = await this.transactionInfo(txHash);
    if (info.blockNumber === undefined) return (await this.inPendingPool(txHash)) ? 0 : null;
    const tip = await this.tip();
    return tip ? Math.max(0, tip.height - info.blockNumber + 1) : 0;
  }

  /**
   * Replaced only once it can provably never confirm: the solidified head, irreversible so no fork
   * can still take it, is at or past its expiration, and it is in no block. A block takes only
   * transactions that expire after its parent's time, so one taken at all sits at or under that
   * head. Tron burns fees at fixed prices: there is nothing to bid up, so never `capped`.
   */
  async replaceTransfer(pending: PendingTransfer): Promise<ReplacementDecision> {
    const { terms, txHash } = pending.current;
    if (terms.family !== 'tron') throw new Error(`TRON: cannot replace a transfer with ${terms.family} terms`);
    // The head first: the block views read after it cover at least the blocks under it.
    const solidified = await this.solidifiedTime();
    if (solidified < terms.expiration) return { action: 'wait' };
    for (const view of ['wallet', 'walletsolidity'] as const) {
      if ((await this.transactionInfo(txHash, view)).blockNumber !== undefined) return { action: 'wait' };
    }
    const signed = await this.signTransfer(pending.transfer);
    if (signed.terms.expiration <= solidified) throw new Error('TRON: the node built a replacement that has already expired');
    return { action: 'replace', reason: 'expired', signed };
  }

  /** The timestamp (ms) of the latest solidified block, which no fork can undo (`/walletsolidity/getnowblock`). */
  private async solidifiedTime(): Promise<number> {
    const b = await this.call<Partial<TronBlock> & { Error?: string }>('/walletsolidity/getnowblock');
    if (b.Error || !b.block_header) throw new Error(`trongrid walletsolidity/getnowblock: ${b.Error ?? 'no block'}`);
    return b.block_header.raw_data.timestamp;
  }

  /** The TRX (sun) a transaction in a block burned for bandwidth and energy (`fee`, absent when none); null in no block. */
  /** The TRX burned, and whether the call succeeded (a TRC-20 call can revert or run out of energy and move nothing). */
  async payoutOutcome(txHash: string): Promise<PayoutOutcome | null> {
    const info = await this.transactionInfo(txHash);
    if (info.blockNumber === undefined) return null;
    const succeeded = info.result !== 'FAILED' && (info.receipt?.result === undefined || info.receipt.result === 'SUCCESS');
    return { succeeded, cost: BigInt(info.fee ?? 0) };
  }
}

/** A node's message as text: java-tron writes it as hex of UTF-8 unless the request was `visible`. */
function readable(message: string | undefined): string {
  if (!message || !/^(?:[0-9a-f]{2})+$/i.test(message)) return message ?? '';
  return Buffer.from(message, 'hex').toString('utf8');
}
