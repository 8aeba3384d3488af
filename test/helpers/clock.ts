import type { Timers } from '../../src/lib/timers.ts';

/**
 * A test's own clock for a component that takes its timers (src/lib/timers.ts): timers fire only
 * when the test moves it on. Node's mock timers would replace the process's setTimeout and
 * clearTimeout for every file of the shard, undici's included (nodejs/undici#4755).
 */
export class Clock implements Timers {
  private now = 0;
  /** The wall time the clock started at (subscription billing reads `date()` through the app context's clock). */
  constructor(private readonly origin = Date.now()) {}
  private readonly due = new Map<number, { at: number; fn: () => void }>();
  private next = 1;

  setTimeout(fn: () => void, ms: number): number {
    this.due.set(this.next, { at: this.now + ms, fn });
    return this.next++;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  /** The wall time this clock shows: where it started plus how far it was moved. */
  date(): Date {
    return new Date(this.origin + this.now);
  }

  /** Moves the clock on by `ms`, firing what falls due on the way, earliest first. */
  tick(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const first = [...this.due.entries()].filter(([, t]) => t.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!first) break;
      this.due.delete(first[0]);
      this.now = first[1].at;
      first[1].fn();
    }
    this.now = until;
  }
}
