import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import type { DepositService } from './service.ts';

/**
 * Deposits whose window closed with nothing received expire. Where every change of the database is
 * seen, the job sleeps until the earliest open deposit expires, or a change of the deposits wakes
 * it; elsewhere it runs every 5 s, since other instances create deposits unseen.
 */
export function depositJobs(_env: JobEnv<AppContext>, deposits: DepositService): JobSpec[] {
  let dueInMs: number | null = null;
  return [
    {
      name: 'deposit-expiry',
      intervalMs: 5000,
      round: async () => {
        dueInMs = (await deposits.expiryRound()).nextDueMs;
      },
      idleIntervalMs: 60_000,
      wakeTables: ['deposits'],
      dueInMs: () => dueInMs,
    },
  ];
}
