/**
 * The timer functions a background component schedules with: the process's own, or a test's clock
 * (test/helpers/clock.ts). A test that mocked the process's timers instead would mock them for
 * every other file of its shard too, undici's included (nodejs/undici#4755).
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The process's timers; a handle is unref'd when the component asks (`unref`) so as not to hold the process. */
export const processTimers: Timers & { unref(handle: unknown): void } = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  unref: (handle) => void (handle as { unref?: () => void }).unref?.(),
};
