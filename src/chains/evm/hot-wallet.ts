import {
  TransactionReceiptNotFoundError,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import {
  FeeUnavailableError,
  type OutgoingTransfer,
  type PayoutOutcome,
  type PendingTransfer,
  type ReplacementDecision,
  type SignedTransfer,
  type TransferTerms,
} from '../types.ts';
import { bidOf, bumpBid, evmTerms, firstBid, replacementReason, type EvmBid, type FeeMarket } from './payout.ts';

/** What the hot wallet needs of its network. */
export interface EvmHotWalletOptions {
  client: PublicClient;
  account: LocalAccount;
  /** Token contracts by currency on this network. */
  contractOf: ReadonlyMap<CryptoCode, Address>;
  /** The operator's ceiling on a payout's max fee, wei per gas. */
  maxFeePerGas: bigint;
  /** Blocks a payout may wait before it is replaced. */
  replaceAfterBlocks: number;
}

/**
 * The EVM hot wallet's payouts: signed on the nonce the database assigned (no nonce manager: a
 * nonce lives with its withdrawal), replaced on the same nonce with higher fees when stuck or
 * underpriced, and what each one finally cost. Signing is local; nothing here broadcasts.
 */
export class EvmHotWallet {
  private chainId?: number;

  constructor(private readonly o: EvmHotWalletOptions) {}

  get address(): Address {
    return this.o.account.address;
  }

  /** What the wallet holds of a currency: its native balance, or its token balance. */
  async balance(code: CryptoCode): Promise<bigint> {
    const contract = this.o.contractOf.get(code);
    if (!contract) return this.o.client.getBalance({ address: this.address });
    return this.o.client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [this.address] });
  }

  async nonces(): Promise<{ mined: number; pending: number }> {
    const [mined, pending] = await Promise.all([
      this.o.client.getTransactionCount({ address: this.address, blockTag: 'latest' }),
      this.o.client.getTransactionCount({ address: this.address, blockTag: 'pending' }),
    ]);
    return { mined, pending };
  }

  /**
   * An EIP-1559 payout on the nonce the caller assigned: gas as estimated plus a fifth, fees bid at
   * twice the base fee plus the tip under the ceiling; signed, not sent.
   */
  async sign(t: OutgoingTransfer): Promise<SignedTransfer> {
    const call = this.callOf(t);
    const nonce = t.nonce ?? (await this.nonces()).pending;
    // A node that gives no base fee or tip cannot price the payout: it waits (feeUnavailable).
    const market = await this.feeMarket().catch((err: Error) => {
      throw new FeeUnavailableError(`no fee market from the node: ${err.message}`);
    });
    const estimate = await this.o.client.estimateGas({ account: this.address, ...call });
    return this.signBid(call, { nonce, gas: (estimate * 6n) / 5n, ...firstBid(market, this.o.maxFeePerGas) });
  }

  /**
   * Same nonce, higher fees, when the candidate is underpriced (its max fee under the base fee) or
   * has waited the set number of blocks as the next nonce to mine; capped at the ceiling. A nonce
   * that something else used, final for `finality` blocks, gets a fresh one from the caller.
   */
  async replace(p: PendingTransfer): Promise<ReplacementDecision> {
    if (p.current.terms.family !== 'evm') throw new Error('not an EVM candidate');
    const bid = bidOf(p.current.terms);
    const call = this.callOf(p.transfer);
    const { mined } = await this.nonces();
    if (bid.nonce < mined) {
      if (!p.freshNonce || !(await this.usedLongAgo(bid.nonce, p.finality))) return { action: 'wait' };
      const nonce = await p.freshNonce();
      const signed = await this.signBid(call, { ...bid, nonce, ...firstBid(await this.feeMarket(), this.o.maxFeePerGas) });
      return { action: 'replace', reason: 'stuck', signed };
    }
    const market = await this.feeMarket();
    const reason = replacementReason(bid, market, {
      blocksPending: p.blocksPending,
      replaceAfterBlocks: this.o.replaceAfterBlocks,
      nextNonce: mined,
    });
    if (!reason) return { action: 'wait' };
    const next = bumpBid(bid, market, this.o.maxFeePerGas, reason);
    if (!('bid' in next)) return next;
    return { action: 'replace', reason, signed: await this.signBid(call, next.bid) };
  }

  /**
   * Whether it succeeded (a reverted token transfer is mined, pays its gas and moves nothing), and
   * gas used times its effective price plus the L1 data fee an OP-stack chain (Base) charges.
   */
  async outcome(txHash: string): Promise<PayoutOutcome | null> {
    const receipt = await this.o.client.getTransactionReceipt({ hash: txHash as Hex }).catch((err) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });
    if (!receipt) return null;
    const l1Fee = (receipt as { l1Fee?: bigint | string | null }).l1Fee;
    return { succeeded: receipt.status === 'success', cost: receipt.gasUsed * receipt.effectiveGasPrice + (l1Fee ? BigInt(l1Fee) : 0n) };
  }

  /** Whether the wallet's count passed `nonce` at least `finality` blocks ago: no reorg gives it back. */
  private async usedLongAgo(nonce: number, finality: number): Promise<boolean> {
    const tip = await this.o.client.getBlockNumber();
    const depth = BigInt(Math.max(1, finality));
    if (tip < depth) return false;
    return (await this.o.client.getTransactionCount({ address: this.address, blockNumber: tip - depth })) > nonce;
  }

  /** The latest base fee and the node's suggested tip. */
  private async feeMarket(): Promise<FeeMarket> {
    const [block, tip] = await Promise.all([this.o.client.getBlock({ blockTag: 'latest' }), this.o.client.estimateMaxPriorityFeePerGas()]);
    return { baseFee: block.baseFeePerGas ?? 0n, tip };
  }

  /** The call a payout makes: a value transfer, or the token's `transfer`. */
  private callOf(t: OutgoingTransfer): { to: Address; data?: Hex; value?: bigint } {
    const contract = this.o.contractOf.get(t.currencyCode);
    if (!contract) return { to: t.to as Address, value: t.units };
    return { to: contract, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [t.to as Address, t.units] }) };
  }

  private async signBid(
    call: { to: Address; data?: Hex; value?: bigint },
    bid: EvmBid,
  ): Promise<SignedTransfer & { terms: TransferTerms }> {
    const chainId = this.chainId ?? (this.chainId = await this.o.client.getChainId());
    const raw = await this.o.account.signTransaction({
      type: 'eip1559',
      chainId,
      ...call,
      nonce: bid.nonce,
      gas: bid.gas,
      maxFeePerGas: bid.maxFeePerGas,
      maxPriorityFeePerGas: bid.maxPriorityFeePerGas,
    });
    return { txHash: keccak256(raw), raw, terms: evmTerms(bid) };
  }
}
