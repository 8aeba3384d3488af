import { encodeFunctionData, keccak256, type Abi, type Address, type Hex, type LocalAccount, type PublicClient } from 'viem';

/** A contract call the fee payer sends. */
export interface ContractCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

/** EIP-1559 fees to send a settlement with; absent: the wallet asks the node when it sends. */
export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined;

/** What a settlement is sent with, once the operator's limits allow it. */
export interface Spend {
  gas: bigint;
  fees: Fees;
}

/** A transaction of the fee payer, signed and not yet known to be on the node. */
export interface SignedTransaction {
  hash: Hex;
  /** The raw signed bytes, as eth_sendRawTransaction takes them. */
  raw: Hex;
  nonce: number;
}

/**
 * What a broadcast came to: the node has the transaction (`sent`); it does not, so nothing was sent
 * and the nonce is handed out again (`unsent`); or it could not say (`unknown`: the send failed and
 * the node did not answer the question either). An unknown transaction keeps its nonce: it may be in
 * the node's pool and be mined, so the caller keeps its bytes and the worker follows it
 * (follow.ts `followSubmitted`), broadcasting it again until it is mined or its nonce is taken.
 */
export type BroadcastOutcome = 'sent' | 'unsent' | 'unknown';

/**
 * Signs and sends the fee payer's transactions, with nonces it assigns itself.
 *
 * Each transaction is signed here, so its hash is known, and recorded by the caller, before it is
 * sent. When the send fails (the node refused it, the request or its answer was lost, a retry found
 * it already known), the node is asked for that hash: a transaction it has is sent, whatever the
 * error said, and is followed like any other; one it does not have was never sent, and its nonce is
 * handed out again; when the node cannot be asked, the outcome is unknown (see BroadcastOutcome).
 *
 * Why not viem's nonce manager: it forgets what it handed out when a send fails, yet the sends
 * already signed with the nonces after it go on, so the nonce of the failed one could stay unused
 * for good; every later transaction of the fee payer then waited behind that gap, unmined. And a
 * send whose answer was lost was taken for failed while its transaction could still be mined.
 *
 * Nonces come from the node's pending count at the first send and after any failure (a second
 * instance with the same fee payer, a transaction sent by hand), never lower than what this sender
 * has handed out; a nonce whose transaction never reached the node is reused before a new one, so
 * no gap stays. The token refuses a second transfer of the same authorization, so a transaction
 * signed again for it (after an unsent one) can never pay twice.
 */
export class FeePayerSender {
  /** The next nonce never handed out; undefined until read from the node. */
  private next: number | undefined;
  /** Nonces handed out whose transactions never reached the node: used again first. */
  private readonly free = new Set<number>();
  /** Whether the node's count is read before the next nonce is handed out. */
  private resync = true;
  /** Nonces are handed out one at a time (a read of the node's count may come first). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: PublicClient,
    readonly account: LocalAccount,
    private readonly chainId: number,
  ) {}

  /** Signs the call with the next nonce; nothing is sent yet. */
  async sign(call: ContractCall, opts: Spend): Promise<SignedTransaction> {
    const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args });
    const fees = opts.fees ?? { gasPrice: await this.client.getGasPrice() };
    const nonce = await this.take();
    try {
      const raw = await this.account.signTransaction({ chainId: this.chainId, to: call.address, data, gas: opts.gas, nonce, ...fees });
      return { hash: keccak256(raw), raw, nonce };
    } catch (err) {
      this.release(nonce);
      throw err;
    }
  }

  /** Sends a transaction `sign` made; see BroadcastOutcome. An unsent one's nonce is handed out again. */
  async broadcast(tx: SignedTransaction): Promise<BroadcastOutcome> {
    try {
      await this.client.request({ method: 'eth_sendRawTransaction', params: [tx.raw] });
      return 'sent';
    } catch {
      const known = await this.known(tx.hash);
      if (known === true) return 'sent';
      if (known === undefined) return 'unknown';
      this.release(tx.nonce);
      return 'unsent';
    }
  }

  /** A transaction signed here and not used after all (its claim was settled meanwhile): its nonce is handed out again. */
  discard(tx: SignedTransaction): void {
    this.release(tx.nonce);
  }

  /** Whether the node has the transaction (in its pool or mined); undefined when it cannot say. */
  private async known(hash: Hex): Promise<boolean | undefined> {
    try {
      return (await this.client.request({ method: 'eth_getTransactionByHash', params: [hash] })) != null;
    } catch {
      return undefined;
    }
  }

  /** The next nonce: a released one first, after a read of the node's count where one is due. */
  private take(): Promise<number> {
    const turn = this.queue.then(async () => {
      if (this.resync || this.free.size > 0) {
        const address = this.account.address;
        const [mined, pending] = await Promise.all([
          this.client.getTransactionCount({ address, blockTag: 'latest' }),
          this.client.getTransactionCount({ address, blockTag: 'pending' }),
        ]);
        // A released nonce the chain has mined was used meanwhile (by another sender of this key).
        // The pending count is no such proof: a node may count the transactions queued behind a gap.
        for (const n of this.free) if (n < mined) this.free.delete(n);
        this.next = Math.max(this.next ?? 0, pending);
        this.resync = false;
      }
      if (this.free.size > 0) {
        const lowest = Math.min(...this.free);
        this.free.delete(lowest);
        return lowest;
      }
      // The first turn reads the node's count (resync starts true), so a nonce is known by now.
      if (this.next === undefined) throw new Error('x402: no nonce was read from the node');
      return this.next++;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** A nonce whose transaction the node does not have: handed out again, after a fresh count. */
  private release(nonce: number): void {
    this.free.add(nonce);
    this.resync = true;
  }
}
