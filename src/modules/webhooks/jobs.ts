import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import type { OutboxHandler } from '../../lib/outbox.ts';
import { WebhookDeliverer, deliveryOptions, dispatchEvents } from './deliveries.ts';

/** Events turned into deliveries per dispatch transaction. */
const DISPATCH_BATCH = 500;

/**
 * Outbox events become deliveries (dispatch), deliveries are sent (deliver); on stop the deliverer
 * finishes the requests it has in flight. A dispatch round goes on while it finds full batches and
 * starts a delivery round as soon as it made deliveries, so new events do not wait for the next tick.
 * `also` is handed every dispatched batch too (the mail jobs are written from it).
 */
export function webhookJobs({ ctx }: JobEnv<AppContext>, also?: OutboxHandler): JobSpec[] {
  const deliverer = new WebhookDeliverer(ctx.db, deliveryOptions(ctx.config));
  const dispatch = async () => {
    let n: number;
    do {
      n = await dispatchEvents(ctx.db, DISPATCH_BATCH, also);
      // Failures surface in the deliver job's own rounds.
      if (n > 0) void deliverer.round().catch(() => {});
    } while (n === DISPATCH_BATCH);
  };
  // Only where every write is seen does the deliver job sleep until a delivery falls due; elsewhere
  // the question would only add a statement to every 200 ms round.
  const embedded = ctx.database.writes !== undefined;
  let dueInMs: number | null = null;
  const deliver = async () => {
    await deliverer.round();
    if (embedded) dueInMs = await deliverer.dueInMs();
  };
  return [
    // Where every write is seen (the embedded database), dispatch waits for new events, and deliver
    // for new or settled deliveries or the next one to fall due (a retry's time, a lapsed lease of
    // an earlier run), at most a minute either; elsewhere both run every 200 ms.
    { name: 'webhook-dispatch', intervalMs: 200, round: dispatch, idleIntervalMs: 60_000, wakeTables: ['outbox_events'] },
    {
      name: 'webhook-deliver',
      intervalMs: 200,
      round: deliver,
      afterStop: () => deliverer.drain(true),
      idleIntervalMs: 60_000,
      wakeTables: ['webhook_deliveries'],
      // Leases in doubt are freed by the next round, which no write may announce.
      busy: () => deliverer.inDoubt,
      dueInMs: () => dueInMs,
    },
  ];
}
