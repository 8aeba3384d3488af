import { sql } from 'kysely';
import type { Config, NetworkEnvName } from '../../config.ts';
import { now, type Db, type Trx } from '../../lib/db/index.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { orphanPayment, paymentMachine } from './status.ts';
import { firstHeight, readCursor, saveCursor } from './watcher-cursor.ts';
import type { Payment, PaymentStatus } from '../../lib/db/schema.ts';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import { chainAdapters } from '../../chains/registry.ts';
import { confirmationsOf, type CatalogueTransfer, type ChainAdapter, type ChainTransfer } from '../../chains/types.ts';
import { addressOwner, recordUnlisted, transferColumns } from './unlisted.ts';
import { bookHold, holdPayment, screenSenders, storedSenders, type SenderCheck } from './hold.ts';

export type { Payment };

/** What happened to a payment in a watcher round. */
export type PaymentChange = 'seen' | 'confirmed' | 'orphaned';

/** Receives payment changes inside the watcher's transaction (invoices and deposits settle here). */
export interface PaymentListener {
  onPaymentChanged(trx: Trx, payment: Payment, change: PaymentChange): Promise<void>;
}

/** One listener that tells each of `listeners` in turn (each ignores purposes not its own). */
export function allListeners(...listeners: PaymentListener[]): PaymentListener {
  return {
    async onPaymentChanged(trx, payment, change) {
      for (const l of listeners) await l.onPaymentChanged(trx, payment, change);
    },
  };
}

// Sandbox defaults stay small so a demo settles after a mine or two; real networks use safe depths.
const SANDBOX_CONFIRMATIONS: Record<NetworkEnvName, number> = { BTC: 2, ETHEREUM: 3, BNB: 3, BASE: 3, TRON: 2 };
const REAL_CONFIRMATIONS: Record<NetworkEnvName, number> = { BTC: 2, ETHEREUM: 12, BNB: 15, BASE: 12, TRON: 20 };

/** Confirmations a payment on `network` needs before it counts as final. */
export function confirmationsRequired(config: Config, network: NetworkEnvName): number {
  const own = config.chains[network].confirmations;
  if (own !== undefined) return own;
  if (config.mode === 'sandbox') return config.sandboxConfirmations ?? SANDBOX_CONFIRMATIONS[network];
  return REAL_CONFIRMATIONS[network];
}

/** What one round saw. */
export interface RoundResult {
  skipped: boolean;
  seen: number;
  confirmed: number;
  orphaned: number;
  tipHeight: number | null;
}

/**
 * Turns what a chain shows into payments. Each transfer to one of our addresses becomes one payment
 * keyed by (network, tx hash, output or log index): seeing it again is a no-op. A payment is final
 * at the network's confirmation threshold (an RBF-signalling one never before it confirms); an
 * unconfirmed payment the chain no longer has is taken back out (orphaned). Rounds of one network
 * run under an advisory lock, so any number of workers can run them and each change happens once.
 *
 * No block is skipped and no payment is stranded: the cursor moves only as far as the scan went
 * (a round takes at most the adapter's `maxBlocksPerRound` new blocks, the rest next round); a
 * network's first scan starts where its first address was handed out (found by block time), not at
 * the tip; and a pending payment outside the scanned blocks is looked up by its transaction,
 * wherever it landed, so it confirms however many blocks arrive at once.
 */
export class Watcher {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly adapter: ChainAdapter,
    private readonly listener?: PaymentListener,
    /** Blocks rescanned below the cursor on every round, to notice reorgs. */
    private readonly reorgDepth = 12,
  ) {}

  get network(): NetworkEnvName {
    return this.adapter.network;
  }

  /** A sandbox network's chain is in the database: only a change of the database can bring it news. */
  get sandbox(): boolean {
    return this.adapter.sandbox;
  }

  /**
   * Pending payments the scan did not show, looked up one by one (how deep their block now lies
   * below the scanned range makes no difference): still there (`located`), or dropped (`gone`).
   */
  private async recheckPending(pending: Payment[], transfers: ChainTransfer[]): Promise<{ gone: Payment[]; located: CatalogueTransfer[] }> {
    const present = new Set(transfers.map((t) => `${t.txHash}:${t.outputIndex}`));
    const gone: Payment[] = [];
    const located: CatalogueTransfer[] = [];
    for (const p of pending) {
      if (present.has(`${p.tx_hash}:${p.output_index}`)) continue;
      const place = await this.adapter.locateTransfer(p.tx_hash, p.output_index);
      if (!place) gone.push(p);
      else {
        located.push({
          txHash: p.tx_hash,
          outputIndex: p.output_index,
          toAddress: p.address,
          currencyCode: p.currency_code as CryptoCode,
          units: BigInt(p.amount),
          rbf: p.rbf,
          ...place,
        });
      }
    }
    return { gone, located };
  }

  async round(): Promise<RoundResult> {
    const network = this.adapter.network;
    const required = confirmationsRequired(this.config, network);
    // Read the chain outside the transaction: a real adapter talks to a node, and the embedded
    // database has one connection that the sandbox adapter also needs.
    const tip = await this.adapter.tip();
    const cursor = await readCursor(this.db, network);
    const start = cursor?.next_height ?? (await firstHeight(this.db, this.adapter, tip));
    const fromHeight = Math.max(0, start - this.reorgDepth);
    // The last block this round reads (below `fromHeight` when there is none to read).
    const toHeight = tip ? Math.min(tip.height, start + this.adapter.maxBlocksPerRound - 1) : -1;
    const pending = await this.db.selectFrom('payments').selectAll().where('network', '=', network).where('status', '=', 'seen').execute();
    const transfers = await this.adapter.transfersSince(fromHeight, toHeight, (addresses) => this.ours(addresses));
    const { gone, located } = await this.recheckPending(pending, transfers);
    const checks = await screenSenders(this.db, this.config, this.adapter, transfers);

    return this.db.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`watcher:${network}`})) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return { skipped: true, seen: 0, confirmed: 0, orphaned: 0, tipHeight: tip?.height ?? null };
      const result: RoundResult = { skipped: false, seen: 0, confirmed: 0, orphaned: 0, tipHeight: tip?.height ?? null };
      for (const t of [...transfers, ...located]) {
        // A token outside the catalogue is only recorded for the operator: never a payment.
        if (t.currencyCode === null) await recordUnlisted(trx, network, t);
        if (t.currencyCode === null) continue;
        const confirmations = confirmationsOf(t.blockHeight, tip);
        const final = confirmations >= Math.max(required, t.rbf ? 1 : 0);
        const change = await this.record(trx, t, confirmations, final, checks.get(`${t.txHash}:${t.outputIndex}`));
        if (change === 'seen') result.seen++;
        if (change === 'confirmed') result.confirmed++;
      }
      for (const p of gone) {
        const row = await orphanPayment(trx, p);
        if (row) {
          result.orphaned++;
          await this.tell(trx, row, 'orphaned');
        }
      }
      await saveCursor(trx, network, toHeight + 1, cursor);
      return result;
    });
  }

  /** Which of these addresses we handed out (one set lookup per batch). */
  private async ours(addresses: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < addresses.length; i += 1000) {
      const batch = addresses.slice(i, i + 1000);
      if (batch.length === 0) continue;
      const rows = await this.db
        .selectFrom('addresses')
        .select('address')
        .where('network', '=', this.adapter.network)
        .where('address', 'in', batch)
        .execute();
      for (const r of rows) found.add(r.address);
    }
    return found;
  }

  /** Tells the listener of a change, unless screening holds the payment (then its invoice or deposit hears nothing). */
  private async tell(trx: Trx, row: Payment, change: PaymentChange): Promise<void> {
    if (!row.on_hold) await this.listener?.onPaymentChanged(trx, row, change);
  }

  /**
   * A payment seen for the first time: stored with its owner and senders, told as seen (and
   * confirmed if final), or held when screening flagged a sender.
   */
  private async insert(trx: Trx, t: CatalogueTransfer, confirmations: number, final: boolean, check?: SenderCheck): Promise<PaymentChange> {
    const network = this.adapter.network;
    const owner = await addressOwner(trx, network, t.toAddress);
    if (!owner) throw new Error(`${network}: ${t.toAddress} is not an address of ours`);
    const row = await trx
      .insertInto('payments')
      .values({
        ...transferColumns(network, t, owner),
        currency_code: t.currencyCode,
        amount: t.units,
        block_height: t.blockHeight,
        block_hash: t.blockHash,
        confirmations,
        rbf: t.rbf,
        status: final ? 'confirmed' : 'seen',
        // The one place a payment is told apart from another asset sent to the same address.
        counted: t.currencyCode === owner.currency_code,
        confirmed_at: final ? now() : null,
        senders: storedSenders(t, check),
        on_hold: check?.flag != null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (check?.flag) await holdPayment(trx, row, check.flag);
    await this.tell(trx, row, 'seen');
    if (final) await this.tell(trx, row, 'confirmed');
    return final ? 'confirmed' : 'seen';
  }

  /** Inserts or updates one payment; returns the change worth telling, if any. */
  private async record(
    trx: Trx,
    t: CatalogueTransfer,
    confirmations: number,
    final: boolean,
    check?: SenderCheck,
  ): Promise<PaymentChange | null> {
    const network = this.adapter.network;
    const existing = await trx
      .selectFrom('payments')
      .selectAll()
      .where('network', '=', network)
      .where('tx_hash', '=', t.txHash)
      .where('output_index', '=', t.outputIndex)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) return (await ownTransaction(trx, network, t.txHash)) ? null : this.insert(trx, t, confirmations, final, check);
    if (existing.status === 'confirmed') return null;
    const next: PaymentStatus = final ? 'confirmed' : 'seen';
    const unchanged =
      existing.status === next &&
      existing.block_height === t.blockHeight &&
      existing.block_hash === t.blockHash &&
      existing.confirmations === confirmations;
    if (unchanged) return null;
    const set = { block_height: t.blockHeight, block_hash: t.blockHash, confirmations, ...(final ? { confirmed_at: now() } : {}) };
    // Only the status goes through the machine; deeper confirmations of a seen payment are no move.
    const row =
      existing.status === next
        ? await trx
            .updateTable('payments')
            .set({ ...set, updated_at: now() })
            .where('id', '=', existing.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await moveStatus(trx, paymentMachine, 'payments', existing, next, { set });
    if (existing.status === 'orphaned') await this.tell(trx, row, 'seen');
    if (final) {
      // Held, it is owed in suspense from now on: nobody is credited until the operator decides.
      if (row.on_hold) await bookHold(trx, row);
      await this.tell(trx, row, 'confirmed');
      return 'confirmed';
    }
    return existing.status === 'orphaned' ? 'seen' : null;
  }
}

/**
 * Whether a transaction is one of the gateway's own sweep steps (gas topped up from the hot wallet,
 * energy lent): it reaches our address but is custody moving, never a customer's payment. Sweepers
 * store each before they send it, so the watcher can never see it first.
 */
async function ownTransaction(trx: Trx, network: NetworkEnvName, txHash: string): Promise<boolean> {
  const row = await trx
    .selectFrom('sweep_transactions')
    .select('id')
    .where('network', '=', network)
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** One watcher per adapter of the networks this installation serves (chains/registry.ts). */
export function createWatchers(config: Config, db: Db, listener: PaymentListener): Watcher[] {
  return chainAdapters(config, db).map((adapter) => new Watcher(db, config, adapter, listener));
}
