import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type PostgresPool, type Transaction } from 'kysely';
import pg from 'pg';
import { DatabaseAvailability } from './availability.ts';
import { lockDataDirWhenFree, type DataDirLockedError } from './data-dir-lock.ts';
import { PGliteDialect, WriteSignal } from './pglite-dialect.ts';
import { memoryTemplate, seedFromTemplate } from './pglite-template.ts';
import type { DB } from './schema.ts';

export type { DB } from './schema.ts';
export type { WriteSignal } from './pglite-dialect.ts';
export { now, nowOnce, nowPlus, onlyRow } from './expressions.ts';
export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Either the database or a transaction on it: repositories accept both. */
export type Executor = Kysely<DB> | Transaction<DB>;

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Closes every connection (and, for PGlite, flushes and closes the data directory). */
  close(): Promise<void>;
  /** PostgreSQL connection string (for the change listener's own connection). */
  url?: string;
  /** The embedded instance, when the engine is PGlite (tests clone it). */
  pglite?: PGlite;
  /** Whether the database answers: outages are noted once, jobs wait for its return. */
  availability: DatabaseAvailability;
  /**
   * The embedded database only (one process, so every change passes through it): told after each
   * committed change. Absent on PostgreSQL, where other instances change it unseen.
   */
  writes?: WriteSignal;
}

// int8 values (counts, sums) stay exact strings on both engines, like NUMERIC.
pg.types.setTypeParser(20, (v) => v);
pg.types.setTypeParser(1700, (v) => v);

const pgliteParsers = {
  [pgliteTypes.INT8]: (v: string) => v,
  [pgliteTypes.NUMERIC]: (v: string) => v,
};

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory, or memory:// */
  dataDir?: string;
  /** PGlite on disk: how long a live holder of the directory is waited for (none by default: the service passes DATA_DIR_LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** PGlite on disk: told once when the directory is held and the wait begins. */
  onLockWait?: (holder: DataDirLockedError['holder'], waitMs: number) => void;
  /** PGlite: start from this dump of a data directory (tests). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /**
   * PGlite: shared_buffers, else initdb's 128MB. They are touched in full at start, and so resident
   * for good; the embedded database's files are in the OS page cache (or in memory) anyway.
   */
  sharedBuffers?: string;
  /**
   * PostgreSQL: how long a statement may wait for a connection (a new one, or a turn of the pool's)
   * before it fails as the database being unavailable; 5 s by default.
   */
  connectTimeoutMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, { max: options.poolSize ?? 20, connectTimeoutMs: options.connectTimeoutMs });
    return postgresDatabase(pool, options.databaseUrl);
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // One process per data directory: PGlite does not lock it, and two writers would ruin it.
  const unlock = dataDir.startsWith('memory://')
    ? () => {}
    : await lockDataDirWhenFree(dataDir, { waitMs: options.lockWaitMs, onWait: options.onLockWait });
  const instance = await createPglite(dataDir, options).catch((err: unknown) => {
    unlock();
    throw err;
  });
  return pgliteDatabase(instance, async () => {
    await instance.close();
    unlock();
  });
}

/** A pool of connections to a PostgreSQL server, broken ones dropped without crashing the process. */
export function postgresPool(url: string, options: { max: number; connectTimeoutMs?: number; idleTimeoutMs?: number }): pg.Pool {
  // Without a connect timeout a request would wait for ever on a database that went away.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMillis: options.idleTimeoutMs } : {}),
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a broken connection that is checked out between two statements (a transaction, an
  // advisory lock holder): its next query fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * The database on a pool of PostgreSQL connections (`postgresPool`, or in the tests a share of one
 * that outlives the database). Closing it ends the pool, after the queries already queued.
 */
export function postgresDatabase(pool: PostgresPool & { readonly ended: boolean }, url: string): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const availability = new DatabaseAvailability(() => ping(db), isDatabaseUnavailable);
  return {
    db,
    engine: 'postgres',
    url,
    availability,
    close: async () => {
      availability.close();
      await db.destroy();
      // Kysely ends the pool only if it ever used it: a closed database refuses queries either way.
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * The database on an open PGlite instance. `release` runs when it is closed, after its queries:
 * the instance's owner closes it there (or, in the tests, resets it for another use).
 */
export function pgliteDatabase(instance: PGlite, release: () => Promise<void>): Database {
  const writes = new WriteSignal();
  const dialect = new PGliteDialect(instance, writes);
  const db = new Kysely<DB>({ dialect });
  const availability = new DatabaseAvailability(() => ping(db), isDatabaseUnavailable);
  return {
    db,
    engine: 'pglite',
    pglite: instance,
    availability,
    writes,
    close: async () => {
      availability.close();
      await dialect.close();
      await db.destroy();
      await release();
    },
  };
}

/**
 * The embedded instance; a new data directory starts from the installation's empty cluster when
 * there is one, and so does an in-memory one (from its tarball) unless it is given its own.
 */
export async function createPglite(dataDir: string, options: OpenOptions): Promise<PGlite> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory && !options.loadDataDir) seedFromTemplate(dataDir);
  const loadDataDir = options.loadDataDir ?? (inMemory ? memoryTemplate() : undefined);
  return PGlite.create({
    dataDir,
    parsers: pgliteParsers,
    ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/** True when the error is PostgreSQL's unique-violation (SQLSTATE 23505), optionally on one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return !!e && e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

const UNREACHABLE_MESSAGES = ['Connection terminated', 'is not queryable', 'timeout exceeded when trying to connect', 'Connection ended'];

/**
 * True when the database could not be reached or dropped the connection (network errors, a server
 * shutting down or restarting, SQLSTATE class 08, 57P01–57P03, 53300): the request failed for want
 * of a database, not because of anything it asked, and may be tried again shortly.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return UNREACHABLE_MESSAGES.some((m) => message.includes(m));
}

/** True for failures a SERIALIZABLE transaction should simply retry (40001, 40P01). */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01';
}

export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Runs `work`, trying again with backoff (250 ms doubling up to 4 s) for as long as it fails only
 * because the database cannot be reached; `onWait` hears the first such failure. Any other error
 * (bad credentials, a database that does not exist) is thrown at once. For start-up, so that a
 * gateway started before its database waits for it instead of exiting.
 */
export async function retryWhileUnreachable<T>(work: () => Promise<T>, onWait: (err: unknown) => void): Promise<T> {
  let delayMs = 250;
  let told = false;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (!told) onWait(err);
      told = true;
      await new Promise((r) => setTimeout(r, delayMs));
      delayMs = Math.min(delayMs * 2, 4000);
    }
  }
}
