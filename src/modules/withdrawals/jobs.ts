import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { WithdrawalService } from './service.ts';

/**
 * Signs, broadcasts and confirms withdrawals on the networks `signers` can sign for: only a process
 * holding a network's hot-wallet key (the signer role) does; sandbox networks sign without one.
 */
export function withdrawalJobs({ ctx }: JobEnv<AppContext>, signers: ChainAdapter[]): JobSpec[] {
  const withdrawals = new WithdrawalService(ctx);
  return [{ name: 'withdrawals', intervalMs: ctx.config.watchIntervalMs, round: () => withdrawals.executeRound(signers) }];
}
