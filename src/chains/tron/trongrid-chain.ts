import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check, hex } from '@scure/base';
import { CURRENCIES, findCurrency, type CryptoCode, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { FeeOracle } from '../fees.ts';
import type { Db } from '../../lib/db/index.ts';
import { convertUnits, parseRatio } from '../../lib/money.ts';
import type { ChainAdapter, ChainTip, ChainTransfer, OutgoingTransfer, SignedTransfer, TransferPlace } from '../types.ts';
import { parseExact, stringifyExact } from './exact-json.ts';

export { parseExact, stringifyExact } from './exact-json.ts';

const base58check = createBase58check(sha256);

/** Tron's base58check `T…` form of a 21-byte `41…` hex address. */
export function tronAddressFromHex(hex41: string): string {
  return base58check.encode(hex.decode(hex41.replace(/^0x/, '').toLowerCase()));
}

export function tronAddressToHex(address: string): string {
  return hex.encode(base58check.decode(address));
}

/** A Tron signature over a transaction id: deterministic (RFC 6979, low-s) secp256k1, as r ‖ s ‖ v hex. */
export function signTronTxId(txId: string, key: Uint8Array): string {
  const sig = secp256k1.sign(hex.decode(txId), key, { prehash: false, format: 'recovered' });
  return hex.encode(new Uint8Array([...sig.slice(1), sig[0]!]));
}

/** Protocol-buffers encoding (hex) of a length-delimited field. */
function pbBytes(field: number, valueHex: string): string {
  return varintHex(BigInt((field << 3) | 2)) + varintHex(BigInt(valueHex.length / 2)) + valueHex.toLowerCase();
}

/** Protocol-buffers encoding (hex) of a varint field. */
function pbVarint(field: number, value: bigint): string {
  return varintHex(BigInt(field << 3)) + varintHex(value);
}

/** A protocol-buffers varint as hex. */
export function varintHex(n: bigint): string {
  let out = '';
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    out += (n > 0n ? low | 0x80 : low).toString(16).padStart(2, '0');
  } while (n > 0n);
  return out;
}

/** `needle` occurs in `hay` at a whole-byte offset. */
function containsAligned(hay: string, needle: string): boolean {
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) if (i % 2 === 0) return true;
  return false;
}

/** A TRC-20 `transfer(address,uint256)` call's destination and amount, if `data` is one. */
function decodeTransfer(data: string | undefined): { to: string; amount: bigint } | null {
  if (!data || !data.startsWith('a9059cbb') || data.length < 8 + 128) return null;
  const to = tronAddressFromHex(`41${data.slice(8 + 24, 8 + 64)}`);
  return { to, amount: BigInt(`0x${data.slice(8 + 64, 8 + 128)}`) };
}

/** The parts of a TronGrid block the adapter reads (https://developers.tron.network/reference). */
interface TronBlock {
  blockID: string;
  block_header: { raw_data: { number: number; timestamp: number } };
  transactions?: Array<{
    txID: string;
    ret?: Array<{ contractRet?: string }>;
    raw_data: { contract: Array<{ type: string; parameter: { value: Record<string, unknown> } }> };
  }>;
}

/** Energy of a TRC-20 transfer to an address that holds the token already (USDT), and bytes of bandwidth. */
const TRC20_ENERGY = 65_000n;
const TRC20_BANDWIDTH = 345n;
const TRX_BANDWIDTH = 268n;

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
    for (const c of CURRENCIES.filter((c) => c.network === 'Tron' && c.contractAddress)) {
      this.tokens.set(opts.contracts?.[c.code] ?? c.contractAddress!, c);
    }
    if (opts.hotWalletKey) {
      this.hotKey = hex.decode(opts.hotWalletKey.replace(/^0x/, ''));
      const pub = secp256k1.getPublicKey(this.hotKey, false).slice(1);
      this.hotWallet = tronAddressFromHex(`41${hex.encode(keccak_256(pub).slice(-20))}`);
    }
    this.feeOracle = { source: 'tron-chain-parameters', quote: (c) => this.quoteFee(c) };
  }

  private async call<T>(path: string, body: unknown = {}): Promise<T> {
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

  async transfersSince(fromHeight: number, toHeight: number, ours: (addresses: string[]) => Promise<Set<string>>): Promise<ChainTransfer[]> {
    const candidates: ChainTransfer[] = [];
    for (let h = Math.max(0, fromHeight); h <= toHeight; h++) {
      // A block the watcher saw under the tip but the node does not serve (a node of the pool
      // behind the others) is read again next round, never skipped.
      const block = await this.blockAt(h);
      if (!block) throw new Error(`trongrid: block ${h} is not available yet`);
      for (const tx of block.transactions ?? []) {
        if (tx.ret?.[0]?.contractRet && tx.ret[0].contractRet !== 'SUCCESS') continue;
        const contract = tx.raw_data.contract[0];
        if (!contract) continue;
        const v = contract.parameter.value;
        let transfer: { to: string; amount: bigint; currency: CurrencyDef } | null = null;
        if (contract.type === 'TransferContract' && typeof v.to_address === 'string' && (typeof v.amount === 'number' || typeof v.amount === 'bigint')) {
          transfer = { to: tronAddressFromHex(v.to_address), amount: BigInt(v.amount), currency: findCurrency('TRX')! };
        } else if (contract.type === 'TriggerSmartContract' && typeof v.contract_address === 'string') {
          const token = this.tokens.get(tronAddressFromHex(v.contract_address));
          const call = decodeTransfer(v.data as string | undefined);
          if (token && call) transfer = { to: call.to, amount: call.amount, currency: token };
        }
        if (!transfer || transfer.amount <= 0n) continue;
        candidates.push({
          txHash: tx.txID,
          outputIndex: 0,
          toAddress: transfer.to,
          currencyCode: transfer.currency.code,
          units: transfer.amount,
          blockHeight: h,
          blockHash: block.blockID,
          rbf: false,
        });
      }
    }
    const mine = await ours([...new Set(candidates.map((c) => c.toAddress))]);
    return candidates.filter((c) => mine.has(c.toAddress));
  }

  /**
   * Its block from `gettransactioninfobyid` (a failed contract call is no transfer), else the
   * pending pool from `gettransactionfrompending`; both answer `{}` for a transaction they do not
   * hold, and `{ Error }` when the node fails, which throws.
   */
  async locateTransfer(txHash: string): Promise<TransferPlace | null> {
    const info = await this.call<{ blockNumber?: number; receipt?: { result?: string }; Error?: string }>('/wallet/gettransactioninfobyid', { value: txHash });
    if (info.Error) throw new Error(`trongrid gettransactioninfobyid: ${info.Error}`);
    if (info.blockNumber !== undefined) {
      if (info.receipt?.result && info.receipt.result !== 'SUCCESS') return null;
      const hash = await this.blockHash(info.blockNumber);
      // A node of the pool behind the one that answered: unconfirmed until they agree.
      return hash ? { blockHeight: info.blockNumber, blockHash: hash } : { blockHeight: null, blockHash: null };
    }
    const pending = await this.call<{ txID?: string; Error?: string }>('/wallet/gettransactionfrompending', { value: txHash });
    if (pending.Error) throw new Error(`trongrid gettransactionfrompending: ${pending.Error}`);
    return pending.txID ? { blockHeight: null, blockHash: null } : null;
  }

  /** Energy × energy price and bandwidth × byte price, from /wallet/getchainparameters (sun). */
  private async quoteFee(currency: CurrencyDef): Promise<bigint | null> {
    const params = await this.call<{ chainParameter: Array<{ key: string; value?: number | bigint }> }>('/wallet/getchainparameters');
    const get = (k: string) => BigInt(params.chainParameter.find((p) => p.key === k)?.value ?? 0);
    const energyPrice = get('getEnergyFee');
    const bytePrice = get('getTransactionFee');
    if (!currency.contractAddress) return TRX_BANDWIDTH * bytePrice; // in sun (TRX has 6 decimals)
    // A token transfer burns TRX for its energy and bandwidth; quoted in the token at current prices.
    const sun = TRC20_ENERGY * energyPrice + TRC20_BANDWIDTH * bytePrice;
    if (!this.db) return null;
    const rows = await this.db.selectFrom('exchange_rates').select(['asset', 'usd_price']).where('asset', 'in', ['TRX', currency.symbol]).execute();
    const trx = rows.find((r) => r.asset === 'TRX')?.usd_price;
    const token = rows.find((r) => r.asset === currency.symbol)?.usd_price;
    if (!trx || !token) return null;
    return convertUnits(sun, { price: parseRatio(trx), decimals: 6 }, { price: parseRatio(token), decimals: currency.decimals }, 'up');
  }

  /** The token contract of a currency here (null for TRX). */
  private contractOf(code: CryptoCode): string | null {
    for (const [address, c] of this.tokens) if (c.code === code) return address;
    return null;
  }

  async hotWalletBalance(code: CryptoCode): Promise<bigint> {
    if (!this.hotWallet) return 0n;
    const contract = this.contractOf(code);
    if (!contract) {
      const account = await this.call<{ balance?: number | bigint }>('/wallet/getaccount', { address: this.hotWallet, visible: true });
      return BigInt(account.balance ?? 0);
    }
    const res = await this.call<{ constant_result?: string[] }>('/wallet/triggerconstantcontract', {
      owner_address: this.hotWallet,
      contract_address: contract,
      function_selector: 'balanceOf(address)',
      parameter: tronAddressToHex(this.hotWallet).slice(2).padStart(64, '0'),
      visible: true,
    });
    const word = res.constant_result?.[0];
    return word ? BigInt(`0x${word}`) : 0n;
  }

  /**
   * The node builds the transaction (TRX transfer, or a TRC-20 `transfer` call with a fee limit);
   * its id is checked against its data, signed here over the id and kept before broadcasting.
   */
  async signTransfer(t: OutgoingTransfer): Promise<SignedTransfer> {
    if (!this.hotKey || !this.hotWallet) throw new Error('TRON: no hot wallet key configured');
    const contract = this.contractOf(t.currencyCode);
    const call = `a9059cbb${tronAddressToHex(t.to).slice(2).padStart(64, '0')}${t.units.toString(16).padStart(64, '0')}`;
    let tx: { txID: string; raw_data: unknown; raw_data_hex: string; Error?: string };
    if (!contract) {
      tx = await this.call('/wallet/createtransaction', { owner_address: this.hotWallet, to_address: t.to, amount: t.units, visible: true });
    } else {
      const res = await this.call<{ result?: { result?: boolean; message?: string }; transaction?: typeof tx }>('/wallet/triggersmartcontract', {
        owner_address: this.hotWallet,
        contract_address: contract,
        function_selector: 'transfer(address,uint256)',
        parameter: call.slice(8),
        fee_limit: 100_000_000,
        call_value: 0,
        visible: true,
      });
      if (!res.result?.result || !res.transaction) throw new Error(`TRON: triggersmartcontract failed: ${res.result?.message ?? 'no transaction'}`);
      tx = res.transaction;
    }
    if (tx.Error || !tx.txID) throw new Error(`TRON: the node did not build the transaction: ${tx.Error ?? 'no txID'}`);
    // Sign only what was asked for: the id is the SHA-256 of the raw data, and the raw data carries
    // exactly the contract we requested (owner, destination or token, amount), byte for byte.
    if (hex.encode(sha256(hex.decode(tx.raw_data_hex))) !== tx.txID) throw new Error('TRON: the node returned a transaction whose id does not match its data');
    const expected = contract
      ? pbBytes(1, tronAddressToHex(this.hotWallet)) + pbBytes(2, tronAddressToHex(contract)) + pbBytes(4, call)
      : pbBytes(1, tronAddressToHex(this.hotWallet)) + pbBytes(2, tronAddressToHex(t.to)) + pbVarint(3, t.units);
    if (!containsAligned(tx.raw_data_hex.toLowerCase(), expected)) throw new Error('TRON: the node returned a transaction other than the transfer requested');
    return { txHash: tx.txID, raw: JSON.stringify({ ...tx, signature: [signTronTxId(tx.txID, this.hotKey)] }) };
  }

  async broadcast(signed: SignedTransfer): Promise<void> {
    const res = await this.call<{ result?: boolean; code?: string; message?: string }>('/wallet/broadcasttransaction', JSON.parse(signed.raw));
    if (res.result || res.code === 'DUP_TRANSACTION_ERROR') return;
    throw new Error(`TRON broadcast refused: ${res.code ?? ''} ${res.message ?? ''}`);
  }

  async transactionConfirmations(txHash: string): Promise<number | null> {
    const info = await this.call<{ blockNumber?: number }>('/wallet/gettransactioninfobyid', { value: txHash }).catch(() => null);
    if (!info) return null;
    if (info.blockNumber === undefined) return 0;
    const tip = await this.tip();
    return tip ? tip.height - info.blockNumber + 1 : 0;
  }
}
