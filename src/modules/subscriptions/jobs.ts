import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { billingRound } from './billing.ts';

/**
 * Subscription billing: invoices issued ahead of each period, payments noted, periods advanced,
 * dunning and expiry. Safe on several workers (billing.ts locks each subscription, SKIP LOCKED, and
 * a period is billed once by its unique key). A paid invoice wakes it where changes are seen.
 */
export function subscriptionJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  return [
    {
      name: 'subscription-billing',
      intervalMs: 30_000,
      round: () => billingRound(ctx),
      idleIntervalMs: 300_000,
      wakeTables: ['invoices', 'subscriptions', 'payments'],
    },
  ];
}
