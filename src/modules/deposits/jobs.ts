import type { AppContext } from '../../context.ts';
import { expiryJob, type JobEnv, type JobSpec } from '../../lib/jobs.ts';
import type { DepositService } from './service.ts';

/** Deposits whose window closed with nothing received expire (lib/jobs.ts: expiryJob). */
export function depositJobs(_env: JobEnv<AppContext>, deposits: DepositService): JobSpec[] {
  return [expiryJob('deposit-expiry', 'deposits', () => deposits.expiryRound())];
}
