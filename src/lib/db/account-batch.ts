import { sql } from 'kysely';
import { Coalescer } from '../coalesce.ts';
import { isRetryableTransactionError, type Db, type Trx } from './index.ts';

/** One piece of work of a batch: it runs inside the batch's transaction. */
export type BatchWork = (trx: Trx) => Promise<unknown>;

/** What one piece of work of a batch came to: its value, or the error it threw (its writes undone). */
export type BatchOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The batches of one key, and how many of its submitted pieces of work are still unanswered. */
interface KeyQueue {
  batches: Coalescer<BatchWork, BatchOutcome>;
  pending: number;
}

/**
 * Group commit: the pieces of work submitted under one key (an account) while a batch of that key
 * runs go to the next batch together (up to `maxBatch`), which `run` executes under one lock and in
 * one transaction, so a burst pays for one lock, one BEGIN and one COMMIT (its WAL flush) instead
 * of one each. One queue per database and key, in this process only: what keeps instances apart is
 * what `run` takes in the database. A key's queue is dropped once all its work is answered, so the
 * map holds only the keys with work in flight.
 */
export class KeyedBatches {
  private readonly queues = new WeakMap<Db, Map<string, KeyQueue>>();

  constructor(
    private readonly run: (db: Db, key: string, works: BatchWork[]) => Promise<BatchOutcome[]>,
    private readonly maxBatch: number,
  ) {}

  async submit<T>(db: Db, key: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    let keys = this.queues.get(db);
    if (!keys) this.queues.set(db, (keys = new Map()));
    let queue = keys.get(key);
    if (!queue) {
      // A batch that fails as a whole (its COMMIT refused, its retries spent, its connection lost)
      // is run again one piece at a time: the piece that failed it then fails alone.
      const batches = new Coalescer<BatchWork, BatchOutcome>((works) => this.run(db, key, works), { maxBatch: this.maxBatch, splitOnError: true });
      keys.set(key, (queue = { batches, pending: 0 }));
    }
    queue.pending++;
    try {
      const outcome = await queue.batches.submit(work);
      if (!outcome.ok) throw outcome.error;
      return outcome.value as T;
    } finally {
      if (--queue.pending === 0 && keys.get(key) === queue) keys.delete(key);
    }
  }
}

/** Thrown out of a transaction run without savepoints when one of its pieces failed: run it again with them. */
export class PieceFailed extends Error {}

/**
 * Runs each piece of work in turn inside `trx`, each seeing the writes of the pieces before it, as
 * if they had committed one after the other. Without `savepoints` (a batch's first attempt: its
 * pieces nearly always succeed, and each savepoint is one more round trip under the lock) a piece
 * that throws fails the whole transaction with `PieceFailed`, for the caller to roll it back and
 * run again with them. With `savepoints`, each piece runs in one of its own: a piece that throws is
 * rolled back to it (its writes undone, the transaction usable again) and answered with its error,
 * while the others keep theirs. A serialization failure or a deadlock is always thrown, so that
 * the whole transaction is retried: the database's verdict is on the transaction, not on the
 * statement. A lone piece needs no savepoint: its failure is the transaction's.
 */
export async function eachInTurn(trx: Trx, works: BatchWork[], savepoints: boolean): Promise<BatchOutcome[]> {
  if (works.length === 1) return [{ ok: true, value: await works[0]!(trx) }];
  const outcomes: BatchOutcome[] = [];
  for (const [i, work] of works.entries()) {
    // Never released: a released savepoint keeps its subtransaction id all the same, so releasing
    // would cost a round trip for nothing. The batch's size keeps them few.
    if (savepoints) await sql.raw(`savepoint batch_item_${i}`).execute(trx);
    try {
      outcomes.push({ ok: true, value: await work(trx) });
    } catch (error) {
      if (isRetryableTransactionError(error)) throw error;
      if (!savepoints) throw new PieceFailed('a piece of the batch failed', { cause: error });
      await sql.raw(`rollback to savepoint batch_item_${i}`).execute(trx);
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
