import type { AppContext } from '../../context.ts';
import { expiryJob, type JobEnv, type JobSpec } from '../../lib/jobs.ts';
import { expireDeposits } from './read.ts';

/** Deposits whose window closed with nothing received expire (lib/jobs.ts: expiryJob). */
export function depositJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  return [expiryJob('deposit-expiry', 'deposits', () => expireDeposits(ctx))];
}
