import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { createWatchers, type PaymentListener } from './watcher.ts';

/**
 * A sandbox network's watcher idles this long between rounds where every change of the database is
 * seen (the embedded database): its chain changes only with the database, which wakes it at once.
 */
export const SANDBOX_WATCH_IDLE_MS = 120_000;

/** What a sandbox watcher's round reads: its chain, and which addresses are ours. */
const SANDBOX_WATCH_TABLES = ['sandbox_blocks', 'sandbox_transfers', 'addresses'];

/** One watcher per served network; what it sees goes to `listener` (invoices and deposits). */
export function paymentJobs({ ctx }: JobEnv<AppContext>, listener: PaymentListener): JobSpec[] {
  return createWatchers(ctx.config, ctx.db, listener).map((w) => ({
    name: `watch-${w.network}`,
    intervalMs: ctx.config.watchIntervalMs,
    round: () => w.round(),
    ...(w.sandbox ? { idleIntervalMs: SANDBOX_WATCH_IDLE_MS, wakeTables: SANDBOX_WATCH_TABLES } : {}),
  }));
}
