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

/**
 * Listens for change notices: PGlite's in-process channel, or a dedicated PostgreSQL connection
 * that comes back by itself (with backoff) whenever the line breaks.
 */
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
  const listener = new PgChangeListener(databaseUrl, handlers);
  await listener.connect();
  return listener;
}

/** The PostgreSQL listener: one connection of its own, replaced whenever it breaks. */
class PgChangeListener implements ChangeListener {
  private client: pg.Client | undefined;
  /** The newest connection made: events of older ones are ignored. */
  private latest: pg.Client | undefined;
  private isHealthy = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private delayMs = RECONNECT_FIRST_MS;

  constructor(
    private readonly url: string,
    private readonly handlers: Array<(payload: string) => void>,
  ) {}

  get healthy(): boolean {
    return this.isHealthy;
  }

  onChange(h: (payload: string) => void): void {
    this.handlers.push(h);
  }

  emitLocal(payload: string): void {
    this.handlers.forEach((h) => h(payload));
  }

  async connect(): Promise<void> {
    const c = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    this.latest = c;
    c.on('notification', (msg) => msg.channel === CACHE_CHANNEL && this.emitLocal(msg.payload ?? ''));
    // A broken line shows as 'error' and/or 'end'; either means notices may be missed from now on.
    c.on('error', () => this.lost(c));
    c.on('end', () => this.lost(c));
    try {
      await c.connect();
      await c.query(`listen ${CACHE_CHANNEL}`);
    } catch {
      return this.lost(c);
    }
    if (this.closed) return void c.end().catch(() => {});
    this.client = c;
    this.isHealthy = true;
    this.delayMs = RECONNECT_FIRST_MS;
    // Anything may have changed while we were not listening: caches start again from empty.
    this.emitLocal('*');
  }

  /** The connection `c` is gone (or never came): caches are bypassed, and a new one is tried later. */
  private lost(c: pg.Client): void {
    if (c !== this.latest) return; // an old connection's late event
    this.latest = undefined;
    void c.end().catch(() => {});
    const wasHealthy = this.isHealthy;
    this.client = undefined;
    this.isHealthy = false;
    if (wasHealthy) this.emitLocal('*');
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, this.delayMs);
    this.retry.unref();
    this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    this.isHealthy = false;
    await c?.end().catch(() => {});
  }
}
