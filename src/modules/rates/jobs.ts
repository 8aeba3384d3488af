import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { pricingNotes, ratePolicy, rateProvidersFor } from './providers.ts';
import { RATED_ASSETS, logRateRefresh, refreshRates } from './service.ts';

/** USD prices of every catalogued asset and fiat currency, from the configured sources. */
export function rateJobs({ ctx, log }: JobEnv<AppContext>): JobSpec[] {
  const providers = rateProvidersFor(ctx.config);
  // Said once at start, where the operator reads the configuration's consequences.
  for (const note of pricingNotes(ctx.config, RATED_ASSETS))
    log.warn({ ratesProvider: ctx.config.ratesProviders, minSources: ctx.config.ratesMinSources }, note);
  return [
    {
      name: 'exchange-rates',
      intervalMs: ctx.config.rateRefreshS * 1000,
      round: async () => logRateRefresh(log, await refreshRates(ctx.db, providers, RATED_ASSETS, ratePolicy(ctx.config))),
    },
  ];
}
