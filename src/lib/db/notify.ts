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
  let healthy = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => msg.channel === CACHE_CHANNEL && emit(msg.payload ?? ''));
    c.on('error', () => lost());
    c.on('end', () => lost());
    await c.connect();
    await c.query(`listen ${CACHE_CHANNEL}`);
    client = c;
    healthy = true;
    // Anything may have changed while we were not listening.
    emit('*');
  };
  const lost = () => {
    if (!healthy && client === undefined) return;
    healthy = false;
    client = undefined;
    emit('*');
    if (!closed) retry = setTimeout(() => void connect().catch(lost), 1000);
  };
  await connect().catch(() => {
    healthy = false;
    if (!closed) retry = setTimeout(() => void connect().catch(lost), 1000);
  });
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
