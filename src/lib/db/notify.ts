import { sql } from 'kysely';
import pg from 'pg';
import type { Database, Executor } from './index.ts';

/** The one channel for cache invalidations; payloads say what changed. */
export const CACHE_CHANNEL = 'cg_cache';

/**
 * Announces a change to every instance. Inside a transaction PostgreSQL delivers it only on
 * commit, so no instance drops a cache entry before the change is visible.
 */
export async function notifyChange(db: Executor, payload: string): Promise<void> {
  await sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`.execute(db);
}

/** Receives the change notices of every instance (PostgreSQL LISTEN, or PGlite's own). */
export interface ChangeListener {
  /** True while notices are being received; caches must not be trusted otherwise. */
  readonly healthy: boolean;
  onChange(handler: (payload: string) => void): void;
  /**
   * Applies a change on this instance at once, after its transaction committed; the other instances
   * learn of it from the notice within milliseconds.
   */
  emitLocal(payload: string): void;
  close(): Promise<void>;
}

/** Reconnection backoff of the listener: 250 ms doubling up to 2 s. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 2000;

export async function listenForChanges(database: Database, databaseUrl = database.url): Promise<ChangeListener> {
  const handlers: Array<(payload: string) => void> = [];
  const emit = (payload: string) => handlers.forEach((h) => h(payload));
  if (database.pglite) {
    const unlisten = await database.pglite.listen(CACHE_CHANNEL, emit);
    return {
      healthy: true,
      onChange: (h) => void handlers.push(h),
      emitLocal: emit,
      close: async () => {
        await unlisten().catch(() => {});
      },
    };
  }
  if (!databaseUrl) throw new Error('a PostgreSQL listener needs the database URL');
  let client: pg.Client | undefined;
  /** The newest connection made: events of older ones are ignored. */
  let latest: pg.Client | undefined;
  let healthy = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = RECONNECT_FIRST_MS;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    latest = c;
    c.on('notification', (msg) => msg.channel === CACHE_CHANNEL && emit(msg.payload ?? ''));
    // A broken line shows as 'error' and/or 'end'; either means notices may be missed from now on.
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${CACHE_CHANNEL}`);
    } catch {
      return lost(c);
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    healthy = true;
    delayMs = RECONNECT_FIRST_MS;
    // Anything may have changed while we were not listening: caches start again from empty.
    emit('*');
  };
  /** The connection `c` is gone (or never came): caches are bypassed, and a new one is tried later. */
  const lost = (c: pg.Client) => {
    if (c !== latest) return; // an old connection's late event
    latest = undefined;
    void c.end().catch(() => {});
    const wasHealthy = healthy;
    client = undefined;
    healthy = false;
    if (wasHealthy) emit('*');
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
  };
  await connect();
  return {
    get healthy() {
      return healthy;
    },
    onChange: (h) => void handlers.push(h),
    emitLocal: emit,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      healthy = false;
      await c?.end().catch(() => {});
    },
  };
}
