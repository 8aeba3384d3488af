import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { WebhookDeliverer, deliveryOptions, dispatchEvents } from './deliveries.ts';

/**
 * Outbox events become deliveries (dispatch), deliveries are sent (deliver); on stop the deliverer
 * finishes the requests it has in flight.
 */
export function webhookJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  const deliverer = new WebhookDeliverer(ctx.db, deliveryOptions(ctx.config));
  return [
    { name: 'webhook-dispatch', intervalMs: 200, round: () => dispatchEvents(ctx.db) },
    { name: 'webhook-deliver', intervalMs: 200, round: () => deliverer.round(), afterStop: () => deliverer.drain(true) },
  ];
}
