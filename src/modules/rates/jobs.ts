import type { AppContext } from '../../context.ts';
import { CURRENCIES, FIAT_CURRENCIES } from '../../lib/currencies/catalogue.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { ratePolicy, rateProvidersFor } from './providers.ts';
import { logRateRefresh, refreshRates } from './service.ts';

/** USD prices of every catalogued asset and fiat currency, from the configured sources. */
export function rateJobs({ ctx, log }: JobEnv<AppContext>): JobSpec[] {
  const providers = rateProvidersFor(ctx.config);
  const assets = [...new Set([...CURRENCIES.map((c) => c.symbol), ...FIAT_CURRENCIES.map((f) => f.code)])];
  return [
    {
      name: 'exchange-rates',
      intervalMs: ctx.config.rateRefreshS * 1000,
      round: async () => logRateRefresh(log, await refreshRates(ctx.db, providers, assets, ratePolicy(ctx.config))),
    },
  ];
}
