/**
 * Whether the database answers, as this process last saw it. The first failure that means "the
 * database is unreachable" (see isDatabaseUnavailable) opens an outage: one warning is logged,
 * background jobs wait (whenUp) instead of failing every tick, and a probe pings the database with
 * backoff until it answers; then one more line says it is back and for how long it was gone.
 * Requests are not held back: each one tries and answers 503 while the database is away.
 */
export interface AvailabilityLog {
  warn(obj: object, msg: string): void;
}

/** Backoff of the probe while the database is away: 250 ms doubling up to 2 s. */
const PROBE_FIRST_MS = 250;
const PROBE_MAX_MS = 2000;

export class DatabaseAvailability {
  private down: { since: number; reason: string } | undefined;
  private waiters: Array<() => void> = [];
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private log: AvailabilityLog | undefined;
  /** Outages seen since the process started (metrics, tests). */
  outages = 0;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly isUnavailable: (err: unknown) => boolean,
  ) {}

  /** Where the two outage lines go (the process's logger, once it exists). */
  logTo(log: AvailabilityLog): void {
    this.log = log;
  }

  get up(): boolean {
    return this.down === undefined;
  }

  /**
   * Looks at an error: when it means the database is unreachable, an outage is opened (once) and
   * true returned, so the caller answers or waits quietly instead of reporting a failure of its own.
   */
  noteFailure(err: unknown): boolean {
    if (!this.isUnavailable(err)) return false;
    if (this.down || this.closed) return true;
    this.outages++;
    const reason = err instanceof Error ? err.message : String(err);
    this.down = { since: Date.now(), reason };
    this.log?.warn({ reason }, 'database unreachable: requests answer 503 and background jobs are paused until it is back');
    this.probe(PROBE_FIRST_MS);
    return true;
  }

  /** Resolves at once when the database is up, else once the probe finds it back (or on close). */
  whenUp(): Promise<void> {
    if (!this.down || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.release();
  }

  private probe(delayMs: number): void {
    this.probeTimer = setTimeout(async () => {
      if (this.closed) return;
      try {
        await this.ping();
      } catch {
        return this.probe(Math.min(delayMs * 2, PROBE_MAX_MS));
      }
      const since = this.down?.since ?? Date.now();
      this.down = undefined;
      this.log?.warn({ downForMs: Date.now() - since }, 'database reachable again: resuming');
      this.release();
    }, delayMs);
    this.probeTimer.unref();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
