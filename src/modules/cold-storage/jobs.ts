import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { coldStorageRound } from './round.ts';

/** How often the hot wallets' levels are read and their excess moved: each round asks every node a few questions per currency. */
const ROUND_MS = 15_000;

/**
 * Cold storage, on the workers holding a live network's hot-wallet key: moves in flight followed,
 * levels stored, the excess above each ceiling moved to cold. Any number of workers may run it:
 * a second move of one currency, or one on a nonce another payout holds, is refused by the database.
 */
export function coldStorageJobs({ ctx, log }: JobEnv<AppContext>, signers: ChainAdapter[]): JobSpec[] {
  const live = signers.filter((s) => !s.sandbox && s.hotWallet);
  if (live.length === 0) return [];
  const round = async () => {
    const out = await coldStorageRound(ctx, live);
    for (const f of out.failures)
      log.warn({ coldTransferOrNetwork: f.payoutId, error: f.error }, 'cold storage round: node error, retried next round');
    if (out.moved) log.info({ moved: out.moved }, 'cold storage round: hot wallet excess moved to cold storage');
    if (out.replaced) log.info({ replaced: out.replaced }, 'cold storage round: stuck moves replaced with higher fees');
    return out;
  };
  return [{ name: 'cold-storage', intervalMs: Math.max(ctx.config.watchIntervalMs, ROUND_MS), round }];
}
