import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import type { DepositService } from './service.ts';

/** Deposits whose window closed with nothing received expire. */
export function depositJobs(_env: JobEnv<AppContext>, deposits: DepositService): JobSpec[] {
  return [{ name: 'deposit-expiry', intervalMs: 5000, round: () => deposits.expireDue() }];
}
