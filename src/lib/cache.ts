/**
 * A small in-process cache for data that changes rarely (API keys, tenant settings, fee quotes).
 * Entries expire after `ttlMs` as a safety net, but freshness comes from change notices: every
 * write announces itself (see notifyChange) and every instance drops the entries it names. While
 * the notice channel is down the cache is bypassed, so a revoked key never outlives its revocation.
 */
export class NoticeCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly isHealthy: () => boolean,
  ) {}

  /** The entry for `key` when `get` would answer it without loading (fresh, and the cache in use). */
  peek(key: string): V | undefined {
    if (!this.isHealthy()) return undefined;
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.isHealthy()) return load();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    // A notice that arrived while loading may concern this very value: then do not keep it.
    if (value !== undefined && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expires: now + this.ttlMs });
    }
    return value;
  }

  private generation = 0;

  /** Drops one entry, or everything with `*`. */
  invalidate(key: string): void {
    this.generation++;
    if (key === '*') this.entries.clear();
    else this.entries.delete(key);
  }

  clear(): void {
    this.invalidate('*');
  }
}
