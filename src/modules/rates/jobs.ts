import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { ratePolicy, rateProvidersFor } from './providers.ts';
import { RATED_ASSETS, logRateRefresh, refreshRates } from './service.ts';

/** USD prices of every catalogued asset and fiat currency, from the configured sources. */
export function rateJobs({ ctx, log }: JobEnv<AppContext>): JobSpec[] {
  const providers = rateProvidersFor(ctx.config);
  return [
    {
      name: 'exchange-rates',
      intervalMs: ctx.config.rateRefreshS * 1000,
      round: async () => logRateRefresh(log, await refreshRates(ctx.db, providers, RATED_ASSETS, ratePolicy(ctx.config))),
    },
  ];
}
