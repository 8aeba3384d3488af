/** A value read, and when its reading started (ms since the epoch). */
export interface Read<T> {
  value: T;
  at: number;
}

/**
 * A slow reading (chain nodes) kept for scrapes: a scrape takes the latest when it is young enough,
 * else starts one and waits a little for it, else answers with the latest it has: /metrics never
 * waits long for a node, and a node that fails leaves the last value standing. A reading that takes
 * longer than its timeout is given up.
 */
export class CachedReading<T> {
  private latest?: Read<T>;
  private refreshing?: Promise<unknown>;
  private readonly underway = new Set<Promise<unknown>>();
  /** When this reading was created: the age of a value never read is counted from here. */
  readonly createdAt = Date.now();

  constructor(
    private readonly read: () => Promise<T>,
    private readonly opts: { maxAgeMs: number; timeoutMs: number },
  ) {}

  /** A new reading started now, kept as the latest when it succeeds; rejects on failure or timeout. */
  async fresh(): Promise<T> {
    const at = Date.now();
    const inner = this.read();
    this.underway.add(inner);
    void inner.catch(() => {}).finally(() => this.underway.delete(inner));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.opts.timeoutMs} ms`)), this.opts.timeoutMs);
    });
    try {
      const value = await Promise.race([inner, timeout]);
      if (!this.latest || this.latest.at <= at) this.latest = { value, at };
      return value;
    } finally {
      clearTimeout(timer);
    }
  }

  /** For a scrape: never rejects; undefined only before the first reading succeeded. */
  async recent(waitMs: number): Promise<Read<T> | undefined> {
    if (this.latest && Date.now() - this.latest.at < this.opts.maxAgeMs) return this.latest;
    this.refreshing ??= this.fresh()
      .catch(() => undefined)
      .finally(() => (this.refreshing = undefined));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.refreshing, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
    return this.latest;
  }

  /** The latest value without reading (undefined before the first success). */
  peek(): Read<T> | undefined {
    return this.latest;
  }

  /** Waits (at most `capMs`) for the readings under way to end: at shutdown they may still use the database. */
  async settle(capMs = 5_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.underway]), new Promise((r) => (timer = setTimeout(r, capMs)))]);
    clearTimeout(timer);
  }
}
