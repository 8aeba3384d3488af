import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { createWatchers, type PaymentListener } from './watcher.ts';

/** One watcher per served network; what it sees goes to `listener` (invoices and deposits). */
export function paymentJobs({ ctx }: JobEnv<AppContext>, listener: PaymentListener): JobSpec[] {
  return createWatchers(ctx.config, ctx.db, listener).map((w) => ({
    name: `watch-${w.network}`,
    intervalMs: ctx.config.watchIntervalMs,
    round: () => w.round(),
  }));
}
