import type { ClaimedDelivery } from './claim.ts';

/** A claimed delivery waiting for its turn, and until when (performance.now()) its lease holds. */
export interface Held {
  delivery: ClaimedDelivery;
  leaseEnd: number;
}

/**
 * How many deliveries an origin that answers quickly may have claimed per request it may take at
 * once: the next ones wait in this process, so one claim feeds several sends.
 */
export const PREFETCH = 8;

/** An answer faster than this (and at most a tenth of the timeout) marks its origin as quick. */
const QUICK_MS = 1000;

/**
 * What one process holds for each receiving origin: the requests it sends there now and the
 * claimed deliveries waiting to be sent. An origin gets at most `perOrigin` requests at once; it
 * may have `perOrigin × PREFETCH` deliveries claimed while its last answer was quick, only
 * `perOrigin` otherwise (so a slow or dead endpoint holds no more leases than it has requests).
 */
export class OriginQueues {
  private readonly sending = new Map<string, number>();
  private readonly waiting = new Map<string, Held[]>();
  private readonly quick = new Set<string>();
  /** Requests in flight, all origins. */
  total = 0;

  constructor(
    private readonly perOrigin: number,
    private readonly timeoutMs: number,
  ) {}

  /** Deliveries held for the origin: sending and waiting. */
  held(origin: string): number {
    return (this.sending.get(origin) ?? 0) + (this.waiting.get(origin)?.length ?? 0);
  }

  /** The origins this process holds deliveries for. */
  origins(): string[] {
    return [...new Set([...this.sending.keys(), ...this.waiting.keys()])];
  }

  /** How many more each held origin may be given by a claim (origins not listed: `perOrigin`). */
  room(): Map<string, number> {
    return new Map(this.origins().map((o) => [o, this.cap(o) - this.held(o)]));
  }

  /** Deliveries held in all: the bound on what one more claim may take is `limit - heldTotal`. */
  heldTotal(): number {
    let n = this.total;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  private cap(origin: string): number {
    return this.quick.has(origin) ? this.perOrigin * PREFETCH : this.perOrigin;
  }

  add(held: Held): void {
    const q = this.waiting.get(held.delivery.origin);
    if (q) q.push(held);
    else this.waiting.set(held.delivery.origin, [held]);
  }

  /** The next delivery the origin may be sent now (counted as sending), if any. */
  next(origin: string, concurrency: number): Held | undefined {
    if (this.total >= concurrency || (this.sending.get(origin) ?? 0) >= this.perOrigin) return undefined;
    const q = this.waiting.get(origin);
    const held = q?.shift();
    if (q && q.length === 0) this.waiting.delete(origin);
    if (held) {
      this.sending.set(origin, (this.sending.get(origin) ?? 0) + 1);
      this.total++;
    }
    return held;
  }

  /**
   * A request to the origin ended, answered (`statusCode`) or not, after `latencyMs`; null: the
   * delivery taken by `next` was not sent after all.
   */
  done(origin: string, answered: boolean | null, latencyMs = 0): void {
    const left = (this.sending.get(origin) ?? 1) - 1;
    if (left > 0) this.sending.set(origin, left);
    else this.sending.delete(origin);
    this.total--;
    if (answered === null) return;
    if (answered && latencyMs < Math.min(QUICK_MS, this.timeoutMs / 10)) {
      // Bounded memory over a long run through many origins: forgetting only costs a smaller claim.
      if (this.quick.size >= 10_000) this.quick.clear();
      this.quick.add(origin);
    } else this.quick.delete(origin);
  }

  /** Whether to claim more for the origin: it has a free request, or half its line is gone. */
  wantsMore(origin: string): boolean {
    const held = this.held(origin);
    const cap = this.cap(origin);
    return held < cap && (held < this.perOrigin || held <= cap / 2);
  }

  /** Takes every waiting delivery out (to give their leases back). */
  takeWaiting(): Held[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    return all;
  }
}
