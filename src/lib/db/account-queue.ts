import { CompiledQuery, sql, type QueryResult, type RawBuilder } from 'kysely';
import { eachInTurn, KeyedBatches, PieceFailed, type BatchOutcome, type BatchWork } from './account-batch.ts';
import { isRetryableTransactionError, type Db, type Trx } from './index.ts';
import { canPipeline, pipelined } from './prepared.ts';

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

/** A piece of work that is one statement, whatever came before it: such pieces can go out together. */
interface StatementWork extends BatchWork {
  statement: RawBuilder<unknown>;
}

const isStatement = (work: BatchWork): work is StatementWork => 'statement' in work;

/**
 * `serializableInAccountQueue` for work that is one statement, `statement`: its result. On
 * PostgreSQL, a batch made only of such statements is sent in one round trip (see runBatch).
 */
export function serializableStatementInAccountQueue<R>(db: Db, accountId: string, statement: RawBuilder<R>): Promise<QueryResult<R>> {
  const work = Object.assign((trx: Trx) => statement.execute(trx), { statement });
  return batches.submit(db, accountId, work);
}

/** A connection holding an account's lock between batches, and how many batches it has run. */
interface Held {
  conn: Db;
  batches: number;
  /** Lets the connection go: the lock is released, then the connection returns to the pool. */
  release: () => void;
}

/** Batches an account runs in a row under one lock before letting it go (another instance may be waiting). */
const MAX_HELD_BATCHES = 8;
const held = new WeakMap<Db, Map<string, Held>>();

/**
 * The account's lock on a connection of its own: the one the last batch left, or a new one. A batch
 * that ends leaves its lock held until the end of the event loop's turn: the account's next batch
 * of this process, which the batches' queue starts at once when commits are waiting, then runs
 * without unlocking and locking again (two round trips of each batch's four plus one a commit).
 */
async function lockAccount(db: Db, accountId: string): Promise<Held> {
  let mine = held.get(db);
  if (!mine) held.set(db, (mine = new Map()));
  const kept = mine.get(accountId);
  if (kept) {
    mine.delete(accountId);
    return kept;
  }
  return new Promise<Held>((resolve, reject) => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    db.connection()
      .execute(async (conn) => {
        await sql`select pg_advisory_lock(${ACCOUNT_COMMIT_SPACE}, hashtext(${accountId}))`.execute(conn);
        resolve({ conn, batches: 0, release });
        try {
          await released;
        } finally {
          await sql`select pg_advisory_unlock(${ACCOUNT_COMMIT_SPACE}, hashtext(${accountId}))`.execute(conn);
        }
      })
      // A lock never taken fails the batch; a failed unlock went with its connection (the lock is
      // the session's: a broken connection has let it go).
      .catch(reject);
  });
}

/** After a batch: the lock kept for the account's next batch of this turn, else let go. */
function keepOrRelease(db: Db, accountId: string, h: Held): void {
  const mine = held.get(db)!;
  if (++h.batches >= MAX_HELD_BATCHES || mine.has(accountId)) return h.release();
  mine.set(accountId, h);
  setImmediate(() => {
    if (mine.get(accountId) !== h) return;
    mine.delete(accountId);
    h.release();
  });
}

/**
 * One batch of an account's commits: the account's lock, then one SERIALIZABLE transaction, retried.
 * On PostgreSQL, a batch of statements alone (plain withdrawal commits: nearly all) goes out in one
 * round trip, BEGIN, the statements and COMMIT pipelined (`inOneRoundTrip`), instead of one round
 * trip each, all of them under the lock. Any other batch, and a batch run again with savepoints,
 * goes one statement at a time.
 */
async function runBatch(db: Db, accountId: string, works: BatchWork[]): Promise<BatchOutcome[]> {
  const h = await lockAccount(db, accountId);
  let ok = false;
  try {
    const conn = h.conn;
    const statements = canPipeline(db) && works.every(isStatement) ? works : undefined;
    let savepoints = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes =
          statements && !savepoints
            ? await inOneRoundTrip(conn, statements)
            : await conn.transaction().setIsolationLevel('serializable').execute((trx) => eachInTurn(trx, works, savepoints));
        ok = true;
        return outcomes;
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
    // A batch that failed lets its connection go: it may be broken.
    if (ok) keepOrRelease(db, accountId, h);
    else h.release();
  }
}

const BEGIN = CompiledQuery.raw('start transaction isolation level serializable');
const COMMIT = CompiledQuery.raw('commit');

/**
 * Runs a batch of statements as one SERIALIZABLE transaction in one round trip: BEGIN, each
 * statement in turn and COMMIT are pipelined on the connection, and their answers read together.
 * The same transaction as `eachInTurn` without savepoints gives, statement by statement: when one
 * fails, the ones after it fail as the transaction is aborted, and the COMMIT rolls it back. That
 * is then a serialization failure to retry, or `PieceFailed`, for the batch to run again with
 * savepoints. A failed COMMIT (a serialization failure found there) is thrown as it is.
 */
async function inOneRoundTrip(conn: Db, works: StatementWork[]): Promise<BatchOutcome[]> {
  const queries = [BEGIN, ...works.map((w) => w.statement.compile(conn)), COMMIT].map(pipelined);
  const answers = await conn.getExecutor().provideConnection((c) => Promise.allSettled(queries.map((q) => c.executeQuery(q))));
  const [begin, ...rest] = answers;
  const commit = rest.pop()!;
  if (begin!.status === 'rejected') throw begin!.reason;
  const failed = rest.find((a) => a.status === 'rejected');
  if (failed) {
    if (isRetryableTransactionError(failed.reason)) throw failed.reason;
    throw new PieceFailed('a piece of the batch failed', { cause: failed.reason });
  }
  if (commit.status === 'rejected') throw commit.reason;
  return rest.map((a) => ({ ok: true, value: (a as PromiseFulfilledResult<unknown>).value }));
}
