import {
  BlockNotFoundError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type Hex,
  type HttpTransport,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { NetworkEnvName } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import { CURRENCIES, knownCurrency, networkNamed, type CryptoCode, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { FeeOracle } from '../fees.ts';
import { quoteEvmFee } from './fee-quote.ts';
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
} from '../types.ts';
import { EvmHotWallet } from './hot-wallet.ts';
import { nativeTransfers, tokenTransfers, transferLogs } from './transfers.ts';

export { NATIVE_OUTPUT_INDEX } from './transfers.ts';

export interface EvmChainOptions {
  network: Extract<NetworkEnvName, 'ETHEREUM' | 'BNB' | 'BASE'>;
  rpcUrl: string;
  /** The hot wallet's key (worker role only); without it the adapter watches but does not send. */
  hotWalletKey?: string;
  /** Token contracts by currency (default: the catalogue's mainnet contracts). */
  contracts?: Partial<Record<CryptoCode, Address>>;
  /** The operator's ceiling on a payout's max fee, wei per gas (`<NET>_MAX_FEE_GWEI`; default 200 gwei). */
  maxFeePerGas?: bigint;
  /** Blocks a payout may wait before it is replaced (`<NET>_REPLACE_AFTER_BLOCKS`; default 3). */
  replaceAfterBlocks?: number;
}

/**
 * One adapter for Ethereum, BNB Smart Chain and Base (viem). Incoming payments are found per
 * block range: native transfers from the blocks' transactions and token transfers from one
 * `eth_getLogs` over the catalogue's contracts, then one set lookup of the destinations — the cost
 * follows the chain's traffic, not the number of addresses watched. Reorgs show as changed block
 * hashes on the rescanned range and as receipts that are gone.
 */
export class EvmChain implements ChainAdapter {
  readonly sandbox = false;
  readonly maxBlocksPerRound = 500;
  readonly network: EvmChainOptions['network'];
  readonly client: PublicClient;
  readonly feeOracle: FeeOracle;
  /** The hot wallet's payouts, in a process that holds its key (worker role). */
  private readonly payouts?: EvmHotWallet;
  private readonly tokens: Map<string, CurrencyDef>;
  private readonly contractOf: Map<CryptoCode, Address>;
  private readonly native: CurrencyDef;

  constructor(
    opts: EvmChainOptions,
    private readonly db?: Db,
  ) {
    this.network = opts.network;
    const api = networkNamed(opts.network);
    const transport = http(opts.rpcUrl, { batch: { wait: 2 }, retryCount: 2 });
    // No cached block number: every round and confirmation count reads the chain as it is now.
    this.client = createPublicClient<HttpTransport, undefined>({ transport, cacheTime: 0 });

    this.native = knownCurrency(api.nativeCode);
    this.tokens = new Map();
    this.contractOf = new Map();
    for (const c of CURRENCIES.filter((c) => c.network === api.api)) {
      if (!c.contractAddress) continue;
      const address = getAddress(opts.contracts?.[c.code] ?? c.contractAddress);
      this.tokens.set(address.toLowerCase(), c);
      this.contractOf.set(c.code, address);
    }
    if (opts.hotWalletKey) {
      this.payouts = new EvmHotWallet({
        client: this.client,
        account: privateKeyToAccount(opts.hotWalletKey as Hex),
        contractOf: this.contractOf,
        maxFeePerGas: opts.maxFeePerGas ?? 200n * 10n ** 9n,
        replaceAfterBlocks: opts.replaceAfterBlocks ?? 3,
      });
    }
    this.feeOracle = {
      source: `evm-fee-history:${opts.network}`,
      quote: (currency) => quoteEvmFee(this.client, this.db, this.native, currency),
    };
  }

  /** The token contract of a currency on this network (null for the native coin). */
  contractFor(code: CryptoCode): Address | null {
    return this.contractOf.get(code) ?? null;
  }

  /** The currency code of the coin that pays gas here. */
  get nativeCode(): CryptoCode {
    return this.native.code;
  }

  get hotWallet(): Address | undefined {
    return this.payouts?.address;
  }

  async tip(): Promise<ChainTip | null> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    return { height: Number(block.number), hash: block.hash };
  }

  async blockHash(height: number): Promise<string | null> {
    return (await this.block(height))?.hash ?? null;
  }

  async blockTime(height: number): Promise<number | null> {
    const block = await this.block(height);
    return block ? Number(block.timestamp) : null;
  }

  /** The block at `height`, or null past the tip; a node that cannot answer throws. */
  private async block(height: number) {
    return this.client.getBlock({ blockNumber: BigInt(height) }).catch((err) => {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    });
  }

  async transfersSince(
    fromHeight: number,
    toHeight: number,
    ours: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<ChainTransfer[]> {
    const heights: bigint[] = [];
    for (let h = BigInt(Math.max(0, fromHeight)); h <= BigInt(toHeight); h++) heights.push(h);
    const [first, last] = [heights[0], heights[heights.length - 1]];
    const [blocks, logs, pending, latest] = await Promise.all([
      Promise.all(heights.map((blockNumber) => this.client.getBlock({ blockNumber, includeTransactions: true }))),
      first !== undefined && last !== undefined
        ? transferLogs(this.client, [...this.contractOf.values()], first, last)
        : Promise.resolve([]),
      // A node without a pending view only costs the early sight of a transfer, never the transfer.
      this.client.getBlock({ blockTag: 'pending', includeTransactions: true }).catch(() => null),
      this.client.getBlockNumber(),
    ]);
    const candidates = [...nativeTransfers(this.native.code, blocks, pending, latest), ...tokenTransfers(logs, this.tokens)];
    const mine = await ours([...new Set(candidates.map((c) => c.toAddress))]);
    return candidates.filter((c) => mine.has(c.toAddress));
  }

  /**
   * A receipt of success in a block of the best chain, or a transaction still pending; a failed
   * transaction, or one the node no longer knows (replaced, reorganised away), is gone.
   */
  async locateTransfer(txHash: string): Promise<TransferPlace | null> {
    const hash = txHash as Hex;
    const receipt = await this.client.getTransactionReceipt({ hash }).catch((err) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });
    if (receipt) {
      if (receipt.status !== 'success') return null;
      const height = Number(receipt.blockNumber);
      const canonical = (await this.blockHash(height)) === receipt.blockHash;
      // A receipt from a block off the best chain is a node mid-reorg: unconfirmed until it settles.
      return canonical ? { blockHeight: height, blockHash: receipt.blockHash } : { blockHeight: null, blockHash: null };
    }
    const tx = await this.client.getTransaction({ hash }).catch((err) => {
      if (err instanceof TransactionNotFoundError) return null;
      throw err;
    });
    if (!tx) return null;
    // Mined between the two calls: its block, as the next round would see it.
    return tx.blockNumber === null
      ? { blockHeight: null, blockHash: null }
      : { blockHeight: Number(tx.blockNumber), blockHash: tx.blockHash };
  }

  async hotWalletBalance(code: CryptoCode): Promise<bigint> {
    return this.payouts?.balance(code) ?? 0n;
  }

  /** The hot wallet's and the deposit addresses' balances at the latest block, native or token, summed. */
  custodyBalance(code: CryptoCode, deposits: readonly string[], hotWallet: string | undefined = this.hotWallet): Promise<bigint> {
    return this.balanceAt(code, hotWallet ? [hotWallet, ...deposits] : deposits);
  }

  /** What these addresses hold at the latest block, native or token, summed. */
  async balanceAt(code: CryptoCode, of: readonly string[]): Promise<bigint> {
    const contract = this.contractFor(code);
    const addresses = of.map((a) => getAddress(a));
    let sum = 0n;
    // In slices, so thousands of addresses go out as a few batched requests, not all at once.
    for (let i = 0; i < addresses.length; i += 100) {
      const reads = addresses
        .slice(i, i + 100)
        .map((address) =>
          contract
            ? this.client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
            : this.client.getBalance({ address }),
        );
      for (const units of await Promise.all(reads)) sum += units;
    }
    return sum;
  }

  nonces(): Promise<{ mined: number; pending: number }> {
    return this.payoutsOrThrow().nonces();
  }

  signTransfer(t: OutgoingTransfer): Promise<SignedTransfer> {
    return this.payoutsOrThrow().sign(t);
  }

  replaceTransfer(p: PendingTransfer): Promise<ReplacementDecision> {
    return this.payoutsOrThrow().replace(p);
  }

  payoutOutcome(txHash: string): Promise<PayoutOutcome | null> {
    return this.payoutsOrThrow().outcome(txHash);
  }

  private payoutsOrThrow(): EvmHotWallet {
    if (!this.payouts) throw new Error(`${this.network}: no hot wallet key configured`);
    return this.payouts;
  }

  async broadcast(signed: SignedTransfer): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: signed.raw as Hex });
    } catch (err) {
      // Already known to the node (a rebroadcast): nothing to do.
      if (/already known|known transaction|nonce too low/i.test((err as Error).message)) {
        const mined = await this.client.getTransaction({ hash: signed.txHash as Hex }).catch(() => null);
        if (mined) return;
      }
      throw err;
    }
  }

  async transactionConfirmations(txHash: string): Promise<number | null> {
    const receipt = await this.client.getTransactionReceipt({ hash: txHash as Hex }).catch(() => null);
    if (!receipt) {
      const pending = await this.client.getTransaction({ hash: txHash as Hex }).catch(() => null);
      return pending ? 0 : null;
    }
    const tip = await this.client.getBlockNumber();
    return Number(tip - receipt.blockNumber) + 1;
  }
}
