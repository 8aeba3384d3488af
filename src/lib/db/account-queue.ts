import { sql } from 'kysely';
import { isRetryableTransactionError, type Db, type Trx } from './index.ts';

/**
 * The advisory-lock key space of the commits of an account (withdrawals, plain or refunding or
 * converting, and conversions); the second key is the account's hash. One space for all of them, so
 * each waits for the one before it, whatever it is.
 */
const ACCOUNT_COMMIT_SPACE = 7_310_001;
const MAX_ATTEMPTS = 8;

/** Per database, the last commit of each account this process has queued (dropped once it is done). */
const tails = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * Runs `work` in one SERIALIZABLE transaction, retried on serialization failures, queued behind
 * the other commits of the same account. The queue is a PostgreSQL advisory lock of the account,
 * held by the connection (so by whichever instance runs the commit, and let go if it dies) and
 * taken before the transaction begins: each commit's snapshot then already sees the previous
 * commit's debit, instead of a burst of commits all failing on the balance row and retrying.
 * SERIALIZABLE stays the guarantee; the lock only keeps concurrent commits from tripping over it.
 *
 * The commits of one account in this process also wait their turn here before taking a
 * connection, so a burst on one account holds one connection of the pool, not one per commit
 * waiting on the lock.
 */
export function serializableInAccountQueue<T>(db: Db, accountId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  let accounts = tails.get(db);
  if (!accounts) tails.set(db, (accounts = new Map()));
  const run = () => lockedSerializable(db, accountId, work);
  const previous = accounts.get(accountId);
  const mine = previous ? previous.then(run, run) : run();
  const tail = mine.catch(() => {});
  accounts.set(accountId, tail);
  void tail.then(() => {
    if (accounts.get(accountId) === tail) accounts.delete(accountId);
  });
  return mine;
}

async function lockedSerializable<T>(db: Db, accountId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${ACCOUNT_COMMIT_SPACE}, hashtext(${accountId}))`.execute(conn);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await conn.transaction().setIsolationLevel('serializable').execute(work);
        } catch (err) {
          if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(err)) {
            await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
            continue;
          }
          throw err;
        }
      }
    } finally {
      // An unlock fails only with its connection, which takes the session's lock with it; the
      // commit's own outcome is what the caller is told.
      await sql`select pg_advisory_unlock(${ACCOUNT_COMMIT_SPACE}, hashtext(${accountId}))`.execute(conn).catch(() => {});
    }
  });
}
