import type { AppContext } from '../../context.ts';
import { foldCountDeltas } from '../../lib/db/counts.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { pruneRound } from './retention.ts';

/** Deltas folded a round: one statement, a few milliseconds. */
const FOLD_BATCH = 5000;

/**
 * The retention policies (retention.ts) every 10 minutes: a round removes at most 10 batches of
 * 1,000 rows a policy, so what a long pause left is caught up over a few rounds, never in one
 * long transaction. And the lists' counts (lib/db/counts.ts): the deltas the counted tables' triggers append are folded
 * into the counts every 2 s while writes come, so a list's total sums a few rows, not the account's
 * history. Only writes bring deltas: idle until one does; a full batch leaves more for the next round.
 */
export function systemJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  let full = false;
  return [
    {
      name: 'list-counts-fold',
      intervalMs: 2000,
      round: async () => {
        full = (await foldCountDeltas(ctx.db, FOLD_BATCH)) === FOLD_BATCH;
      },
      idleIntervalMs: 60_000,
      wakeTables: ['list_count_deltas'],
      busy: () => full,
    },
    { name: 'retention', intervalMs: 600_000, round: () => pruneRound(ctx.db, ctx.config.retention) },
  ];
}
