import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { WebhookDeliverer, deliveryOptions, dispatchEvents } from './deliveries.ts';

/** Events turned into deliveries per dispatch transaction. */
const DISPATCH_BATCH = 500;

/**
 * Outbox events become deliveries (dispatch), deliveries are sent (deliver); on stop the deliverer
 * finishes the requests it has in flight. A dispatch round goes on while it finds full batches and
 * starts a delivery round as soon as it made deliveries, so new events do not wait for the next tick.
 */
export function webhookJobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  const deliverer = new WebhookDeliverer(ctx.db, deliveryOptions(ctx.config));
  const dispatch = async () => {
    let n: number;
    do {
      n = await dispatchEvents(ctx.db, DISPATCH_BATCH);
      // Failures surface in the deliver job's own rounds.
      if (n > 0) void deliverer.round().catch(() => {});
    } while (n === DISPATCH_BATCH);
  };
  return [
    // Where every write is seen (the embedded database), dispatch waits for new events and deliver
    // runs at least every 5 s for retries that fall due; elsewhere both run every 200 ms.
    { name: 'webhook-dispatch', intervalMs: 200, round: dispatch, idleIntervalMs: 30_000, wakeTables: ['outbox_events'] },
    { name: 'webhook-deliver', intervalMs: 200, round: () => deliverer.round(), afterStop: () => deliverer.drain(true), idleIntervalMs: 5_000, wakeTables: ['webhook_deliveries'] },
  ];
}
