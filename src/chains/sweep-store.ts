import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder, type Selectable } from 'kysely';
import { now, type Db, type Trx } from '../lib/db/index.ts';
import { moveStatus } from '../lib/state-machine.ts';
import { sweepTxMachine } from './sweep-status.ts';
import type { DB, SweepTxPurpose } from '../lib/db/schema.ts';

/** A query of the network's sweep transactions, as `rows` filters it. */
type SweepRows = SelectQueryBuilder<DB, 'sweep_transactions', Selectable<DB['sweep_transactions']>>;

/** A signed sweep transaction to store before it is broadcast. */
export interface SignedSweepTx {
  network: string;
  address: string;
  purpose: SweepTxPurpose;
  currencyCode: string;
  txHash: string;
  raw: string;
  expiresAtMs: number;
  paymentIds?: string[];
}

/** A stored sweep transaction as the sweeper reads it back. */
export interface StoredSweepTx {
  address: string;
  purpose: SweepTxPurpose;
  seq: number;
  currencyCode: string;
  txHash: string;
  raw: string;
  expiresAtMs: number;
  paymentIds: string[];
}

/**
 * The transactions sweepers sign, stored before broadcast (`sweep_transactions`). The next one of an
 * address and purpose takes the next `seq`; two signers of the same step collide on the key and the
 * loser gets the stored transaction back, to broadcast that one instead of its own.
 */
export class SweepStore {
  constructor(
    private readonly db: Db,
    private readonly network: string,
  ) {}

  /** Stores `tx` unless another of its step is stored already; returns the one stored, to broadcast. */
  async store(tx: SignedSweepTx): Promise<StoredSweepTx> {
    const seq = await this.db
      .selectFrom('sweep_transactions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('network', '=', this.network)
      .where('address', '=', tx.address)
      .where('purpose', '=', tx.purpose)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('sweep_transactions')
      .values({
        id: randomUUID(),
        status: 'signed',
        network: this.network,
        address: tx.address,
        purpose: tx.purpose,
        seq: seq.n,
        currency_code: tx.currencyCode,
        tx_hash: tx.txHash,
        raw: tx.raw,
        expires_at_ms: tx.expiresAtMs,
        payment_ids: JSON.stringify(tx.paymentIds ?? []),
      })
      .onConflict((oc) => oc.columns(['network', 'address', 'purpose', 'seq']).doNothing())
      .execute();
    const stored = (
      await this.rows((q) => q.where('address', '=', tx.address).where('purpose', '=', tx.purpose).where('seq', '=', seq.n))
    )[0];
    if (!stored) throw new Error(`sweep: the ${tx.purpose} of ${tx.address} was not stored`);
    return stored;
  }

  /** Transactions signed and not yet settled: in no irreversible block, not expired. */
  open(): Promise<StoredSweepTx[]> {
    return this.rows((q) => q.where('status', '=', 'signed'));
  }

  /** Confirmed token sweeps whose follow-ups (energy reclaimed, leftover TRX swept) are not done. */
  unfollowed(): Promise<StoredSweepTx[]> {
    return this.rows((q) => q.where('status', '=', 'confirmed').where('purpose', '=', 'sweep').where('followed_up', '=', false));
  }

  /** Addresses with a transaction still open or a sweep whose follow-ups wait: nothing new is signed for them. */
  async busy(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('sweep_transactions')
      .select('address')
      .where('network', '=', this.network)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'signed'),
          eb.and([eb('status', '=', 'confirmed'), eb('purpose', '=', 'sweep'), eb('followed_up', '=', false)]),
        ]),
      )
      .execute();
    return new Set(rows.map((r) => r.address));
  }

  /** Sweeps of `address` that failed in a block (e.g. OUT_OF_ENERGY): each doubles the next one's energy. */
  async failedSweeps(address: string): Promise<number> {
    const r = await this.db
      .selectFrom('sweep_transactions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('network', '=', this.network)
      .where('address', '=', address)
      .where('purpose', '=', 'sweep')
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    return r.n;
  }

  /** Settles a stored transaction inside the caller's database transaction; false if another did first. */
  async settle(trx: Trx, txHash: string, status: 'confirmed' | 'failed' | 'expired', fee: bigint | null): Promise<boolean> {
    const row = await trx
      .selectFrom('sweep_transactions')
      .select(['id', 'status'])
      .where('network', '=', this.network)
      .where('tx_hash', '=', txHash)
      .forUpdate()
      .executeTakeFirst();
    if (row?.status !== 'signed') return false;
    await moveStatus(trx, sweepTxMachine, 'sweep_transactions', row, status, {
      set: { fee: fee === null ? null : fee.toString(), resolved_at: now() },
    });
    return true;
  }

  async followedUp(txHash: string): Promise<void> {
    await this.db
      .updateTable('sweep_transactions')
      .set({ followed_up: true })
      .where('network', '=', this.network)
      .where('tx_hash', '=', txHash)
      .execute();
  }

  private async rows(filter: (q: SweepRows) => SweepRows): Promise<StoredSweepTx[]> {
    const base = this.db.selectFrom('sweep_transactions').selectAll().where('network', '=', this.network);
    const rows = await filter(base).orderBy('created_at').execute();
    return rows.map((r) => ({
      address: r.address,
      purpose: r.purpose,
      seq: r.seq,
      currencyCode: r.currency_code,
      txHash: r.tx_hash,
      raw: r.raw,
      expiresAtMs: Number(r.expires_at_ms),
      paymentIds: JSON.parse(r.payment_ids) as string[],
    }));
  }
}
