import { sql } from 'kysely';
import { eachInTurn, KeyedBatches, PieceFailed, type BatchOutcome, type BatchWork } from './account-batch.ts';
import { isRetryableTransactionError, type Db, type Trx } from './index.ts';

/**
 * The advisory-lock key space of the commits of an account (withdrawals, plain or refunding or
 * converting, and conversions); the second key is the account's hash. One space for all of them, so
 * each waits for the one before it, whatever it is.
 */
const ACCOUNT_COMMIT_SPACE = 7_310_001;
const MAX_ATTEMPTS = 8;
/** Commits one transaction takes at most: enough to spread a COMMIT over a burst, few enough to keep it short. */
const MAX_BATCH = 32;

const batches = new KeyedBatches(runBatch, MAX_BATCH);

/**
 * Runs `work` in one SERIALIZABLE transaction, retried on serialization failures, queued behind
 * the other commits of the same account. The queue is a PostgreSQL advisory lock of the account,
 * held by the connection (so by whichever instance runs the commit, and let go if it dies) and
 * taken before the transaction begins: each commit's snapshot then already sees the previous
 * commit's debit, instead of a burst of commits all failing on the balance row and retrying.
 * SERIALIZABLE stays the guarantee; the lock only keeps concurrent commits from tripping over it.
 *
 * The lock and the transaction are shared (group commit, lib/db/account-batch.ts): the commits of
 * the account that arrive in this process while one runs wait for it, then run together, in turn,
 * under one lock and in one transaction. Each gets its own value or its own error (its writes
 * undone: when one fails, the batch runs again with a savepoint per commit), and sees the commits
 * before it as if they had committed first; none is answered before the transaction has committed.
 * A serialization failure retries the whole batch. Another instance's batch waits for the lock.
 * `work` must therefore touch the database through `trx` only, like any transaction's, and may run
 * more than once.
 */
export function serializableInAccountQueue<T>(db: Db, accountId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  return batches.submit(db, accountId, work);
}

/** One batch of an account's commits: the account's lock, then one SERIALIZABLE transaction, retried. */
async function runBatch(db: Db, accountId: string, works: BatchWork[]): Promise<BatchOutcome[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${ACCOUNT_COMMIT_SPACE}, hashtext(${accountId}))`.execute(conn);
    try {
      let savepoints = false;
      for (let attempt = 1; ; attempt++) {
        try {
          return await conn.transaction().setIsolationLevel('serializable').execute((trx) => eachInTurn(trx, works, savepoints));
        } catch (err) {
          // A piece failed in the first run, which had no savepoints: run the batch again with them.
          if (err instanceof PieceFailed) {
            savepoints = true;
            attempt--;
            continue;
          }
          if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(err)) {
            await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
            continue;
          }
          throw err;
        }
      }
    } finally {
      await sql`select pg_advisory_unlock(${ACCOUNT_COMMIT_SPACE}, hashtext(${accountId}))`.execute(conn);
    }
  });
}
