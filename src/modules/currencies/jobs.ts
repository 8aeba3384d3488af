import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { servedCurrencies } from '../../lib/currencies/catalogue.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { defaultOracles, refreshFees } from './fees.ts';

/** Network fee quotes of the served currencies, refreshed from each network's oracle. */
export function currencyJobs({ ctx, log }: JobEnv<AppContext>, adapters: ChainAdapter[]): JobSpec[] {
  const oracles = defaultOracles(ctx.db, ctx.config, adapters);
  return [
    {
      name: 'network-fees',
      intervalMs: ctx.config.feeRefreshS * 1000,
      round: () =>
        refreshFees(ctx.db, oracles, (code, err) => log.warn({ err, code }, 'network fee quote failed'), servedCurrencies(ctx.config)),
    },
  ];
}
