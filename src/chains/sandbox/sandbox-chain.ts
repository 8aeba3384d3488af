import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Db, Trx } from '../../lib/db/index.ts';
import { findCurrency, networkOf, type CryptoCode } from '../../lib/currencies/catalogue.ts';
import { SandboxFeeOracle, type FeeOracle } from '../fees.ts';
import { fundFromFaucet, faucetUnits } from './faucet.ts';
import { dropTransfer, hashFor, injectTransfer, mineBlocks, reorgChain, tipOf, type SandboxTransferInput } from './controls.ts';
import {
  FeeUnavailableError,
  confirmationsOf,
  type ChainAdapter,
  type ChainTip,
  type ChainTransfer,
  type OutgoingTransfer,
  type SignedTransfer,
  type TransferPlace,
} from '../types.ts';

/**
 * A sandbox network: a chain kept in the database (so every instance sees the same one), fed by the
 * operator. It implements the adapter interface exactly like a real network, and adds the operator
 * controls: inject a transfer (seen at once in the mempool), mine blocks, drop a mempool transfer,
 * and reorganise the last blocks.
 */
export class SandboxChain implements ChainAdapter {
  readonly sandbox = true;
  readonly feeOracle: FeeOracle;
  // One query reads any number of blocks: a watcher catches up with any mine in one round.
  readonly maxBlocksPerRound: number = 1_000_000;

  constructor(
    readonly network: NetworkEnvName,
    private readonly db: Db,
  ) {
    this.feeOracle = new SandboxFeeOracle(db);
  }

  async tip(): Promise<ChainTip | null> {
    return tipOf(this.db, this.network);
  }

  async blockHash(height: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('sandbox_blocks')
      .select('hash')
      .where('network', '=', this.network)
      .where('height', '=', height)
      .executeTakeFirst();
    return row?.hash ?? null;
  }

  async blockTime(height: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('sandbox_blocks')
      .select('created_at')
      .where('network', '=', this.network)
      .where('height', '=', height)
      .executeTakeFirst();
    return row ? Math.floor(new Date(row.created_at).getTime() / 1000) : null;
  }

  async transfersSince(
    fromHeight: number,
    toHeight: number,
    ours: (addresses: string[]) => Promise<Set<string>>,
  ): Promise<ChainTransfer[]> {
    const rows = await this.db
      .selectFrom('sandbox_transfers as t')
      .leftJoin('sandbox_blocks as b', (j) => j.onRef('b.network', '=', 't.network').onRef('b.height', '=', 't.block_height'))
      .select([
        't.tx_hash',
        't.output_index',
        't.to_address',
        't.currency_code',
        't.contract',
        't.amount',
        't.block_height',
        't.rbf',
        't.sender',
        'b.hash',
      ])
      .where('t.network', '=', this.network)
      .where('t.dropped', '=', false)
      .where((eb) =>
        eb.or([eb('t.block_height', 'is', null), eb.and([eb('t.block_height', '>=', fromHeight), eb('t.block_height', '<=', toHeight)])]),
      )
      .orderBy('t.created_at')
      .execute();
    const mine = await ours([...new Set(rows.map((r) => r.to_address))]);
    return rows
      .filter((r) => mine.has(r.to_address))
      .map((r) => ({
        txHash: r.tx_hash,
        outputIndex: r.output_index,
        toAddress: r.to_address,
        ...(r.contract !== null ? { currencyCode: null, contract: r.contract } : { currencyCode: r.currency_code as CryptoCode }),
        units: BigInt(r.amount),
        blockHeight: r.block_height,
        blockHash: r.hash,
        rbf: r.rbf,
        ...(r.sender !== null ? { senders: [r.sender] } : {}),
      }));
  }

  async locateTransfer(txHash: string, outputIndex: number): Promise<TransferPlace | null> {
    const row = await this.db
      .selectFrom('sandbox_transfers as t')
      .leftJoin('sandbox_blocks as b', (j) => j.onRef('b.network', '=', 't.network').onRef('b.height', '=', 't.block_height'))
      .select(['t.block_height', 't.dropped', 'b.hash'])
      .where('t.network', '=', this.network)
      .where('t.tx_hash', '=', txHash)
      .where('t.output_index', '=', outputIndex)
      .executeTakeFirst();
    if (!row || row.dropped) return null;
    return { blockHeight: row.block_height, blockHash: row.hash };
  }

  /**
   * The sandbox hot wallet holds what the ledger says the network's custody holds: the coins
   * received and not yet sent out.
   */
  async hotWalletBalance(currency: CryptoCode): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_balances_now')
      .select('balance')
      .where('ledger_account', '=', `custody:${this.network}`)
      .where('currency_code', '=', currency)
      .executeTakeFirst();
    return row ? BigInt(row.balance) : 0n;
  }

  /** Sandbox: the faucet puts what a payout lacks into the hot wallet (faucet.ts), the caller booking it. */
  fundHotWallet(trx: Trx, currency: CryptoCode, units: bigint, withdrawalId: string): Promise<string> {
    return fundFromFaucet(trx, this.network, currency, units, withdrawalId);
  }

  /**
   * A sandbox chain never sweeps and has no hot wallet of its own: deposits stay at their addresses
   * and payouts leave from the network as a whole. What it holds for the gateway is what came into
   * `deposits` and what the faucet gave, less what the payouts it was given sent, in blocks
   * (`hotWallet` is ignored).
   */
  async custodyBalance(currency: CryptoCode, deposits: readonly string[]): Promise<bigint> {
    const inBlocks = this.db
      .selectFrom('sandbox_transfers')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('units'))
      .where('network', '=', this.network)
      .where('currency_code', '=', currency)
      .where('dropped', '=', false)
      .where('block_height', 'is not', null);
    const received =
      deposits.length === 0 ? { units: '0' } : await inBlocks.where('to_address', 'in', [...deposits]).executeTakeFirstOrThrow();
    const paid = await inBlocks
      .where('tx_hash', 'in', (eb) => eb.selectFrom('withdrawal_transactions').select('tx_hash').where('network', '=', this.network))
      .executeTakeFirstOrThrow();
    return BigInt(received.units) + (await faucetUnits(this.db, this.network, currency)) - BigInt(paid.units);
  }

  /**
   * "Signs" deterministically: the same withdrawal always gives the same transaction and hash. The
   * sandbox's fee market is the network fee the operator sets: with none, a payout cannot be priced.
   */
  async signTransfer(t: OutgoingTransfer): Promise<SignedTransfer> {
    const currency = findCurrency(t.currencyCode);
    if (!currency || networkOf(currency).env !== this.network) throw new RangeError(`${t.currencyCode} is not on ${this.network}`);
    if ((await this.feeOracle.quote(currency)) === null)
      throw new FeeUnavailableError(`${this.network}: the sandbox network fee of ${currency.code} is unset`);
    const txHash = hashFor(this.network, createHash('sha256').update(`${this.network}:withdrawal:${t.id}`).digest('hex'));
    return { txHash, raw: JSON.stringify({ txHash, to: t.to, currencyCode: t.currencyCode, units: t.units.toString() }) };
  }

  /** Puts the transaction in the sandbox mempool; a second broadcast of it changes nothing. */
  async broadcast(signed: SignedTransfer): Promise<void> {
    const tx = JSON.parse(signed.raw) as { txHash: string; to: string; currencyCode: string; units: string };
    await this.db
      .insertInto('sandbox_transfers')
      .values({
        network: this.network,
        tx_hash: tx.txHash,
        output_index: 0,
        to_address: tx.to,
        currency_code: tx.currencyCode,
        amount: tx.units,
      })
      .onConflict((oc) => oc.columns(['network', 'tx_hash', 'output_index']).doNothing())
      .execute();
  }

  async transactionConfirmations(txHash: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('sandbox_transfers')
      .select(['block_height', 'dropped'])
      .where('network', '=', this.network)
      .where('tx_hash', '=', txHash)
      .executeTakeFirst();
    if (!row || row.dropped) return null;
    return confirmationsOf(row.block_height, await this.tip());
  }

  /** Operator: an incoming transfer, in the mempool at once (0 confirmations). */
  inject(request: SandboxTransferInput): Promise<{ txHash: string; outputIndex: number }> {
    return injectTransfer(this.db, this.network, request);
  }

  /** Operator: adds `count` blocks; the first takes every transfer waiting in the mempool. */
  mine(count: number): Promise<ChainTip> {
    return mineBlocks(this.db, this.network, count);
  }

  /** Operator: drops a transfer still in the mempool (a double spend or an evicted transaction). */
  drop(txHash: string): Promise<boolean> {
    return dropTransfer(this.db, this.network, txHash);
  }

  /**
   * Operator: orphans the last `depth` blocks. Their transfers go back to the mempool, or are gone
   * with `dropTransfers` (double-spent in the winning chain). Mine afterwards to grow the new branch.
   */
  reorg(depth: number, opts: { dropTransfers?: boolean } = {}): Promise<ChainTip | null> {
    return reorgChain(this.db, this.network, depth, opts);
  }
}
