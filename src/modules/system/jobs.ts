import type { AppContext } from '../../context.ts';
import { foldCountDeltas } from '../../lib/db/counts.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { embeddedVacuumRound } from './embedded-vacuum.ts';
import { pruneRound } from './retention.ts';

/** Deltas folded a round: one statement, a few milliseconds. */
const FOLD_BATCH = 5000;
/** PostgreSQL's autovacuum_naptime: the embedded autovacuum's first look, and its idle interval. */
const NAPTIME_MS = 60_000;

/** The installation's own upkeep: the lists' counts, the retention policies, the embedded database's autovacuum. */
export function systemJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  let full = false;
  let vacuumed = false;
  const vacuumFrom = performance.now() + NAPTIME_MS;
  return [
    // The deltas the counted tables' triggers append (lib/db/counts.ts), folded into the counts every
    // 2 s while writes come, so a list's total sums a few rows. Only writes bring deltas: idle until
    // one does; a full batch leaves more for the next round.
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
    // What only grows (retention.ts), every 10 minutes: at most 10 batches of 1,000 rows a policy a
    // round, so what a long pause left is caught up over a few rounds, never in one long transaction.
    { name: 'retention', intervalMs: 600_000, round: () => pruneRound(ctx.db, ctx.config.retention) },
    // PGlite has no autovacuum daemon (embedded-vacuum.ts): a table a round, at most every 10 s
    // while the database changes and while more tables are due, every minute when idle (PostgreSQL's
    // own naptime). Like autovacuum's launcher, it first looks a naptime after the start: a process
    // that lives less than a minute never pays for it (the suite's gateways: 5-10 % more CPU).
    ...(ctx.database.engine === 'pglite'
      ? [
          {
            name: 'embedded-autovacuum',
            intervalMs: 10_000,
            idleIntervalMs: NAPTIME_MS,
            round: async () => {
              vacuumed = performance.now() >= vacuumFrom && (await embeddedVacuumRound(ctx.db)) !== null;
            },
            busy: () => vacuumed,
          },
        ]
      : []),
  ];
}
