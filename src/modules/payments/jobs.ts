import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { createWatchers, type PaymentListener } from './watcher.ts';
import { moveSandboxUnlisted } from './unlisted-ops.ts';
import { NETWORK_ENV_NAMES } from '../../config.ts';

/**
 * A sandbox network's watcher idles this long between rounds where every change of the database is
 * seen (the embedded database): its chain changes only with the database, which wakes it at once.
 */
export const SANDBOX_WATCH_IDLE_MS = 120_000;

/** What a sandbox watcher's round reads: its chain, and which addresses are ours. */
const SANDBOX_WATCH_TABLES = ['sandbox_blocks', 'sandbox_transfers', 'addresses'];

/**
 * One watcher per served network; what it sees goes to `listener` (invoices and deposits). In a
 * sandbox installation, the operator's moves of unlisted tokens are made by a job of their own
 * (real networks' are made by their sweepers, which hold the keys).
 */
export function paymentJobs({ ctx }: JobEnv<AppContext>, listener: PaymentListener): JobSpec[] {
  const watchers = createWatchers(ctx.config, ctx.db, listener).map(
    (w): JobSpec => ({
      name: `watch-${w.network}`,
      intervalMs: ctx.config.watchIntervalMs,
      round: () => w.round(),
      ...(w.sandbox ? { idleIntervalMs: SANDBOX_WATCH_IDLE_MS, wakeTables: SANDBOX_WATCH_TABLES } : {}),
    }),
  );
  if (ctx.config.mode !== 'sandbox') return watchers;
  const moves: JobSpec = {
    name: 'sandbox-unlisted-moves',
    intervalMs: 1_000,
    round: async () => {
      for (const network of NETWORK_ENV_NAMES) await moveSandboxUnlisted(ctx.db, network);
    },
    idleIntervalMs: SANDBOX_WATCH_IDLE_MS,
    wakeTables: ['unlisted_token_transfers'],
  };
  return [...watchers, moves];
}
