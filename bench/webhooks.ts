import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.ts';
import type { Database, Engine } from '../src/lib/db/index.ts';
import { enqueue } from '../src/lib/outbox.ts';
import { createTenant } from '../src/modules/tenants/service.ts';
import { WebhookDeliverer, deliveryBacklog, deliveryOptions, dispatchEvents } from '../src/modules/webhooks/deliveries.ts';
import { sendWebhook, signBody } from '../src/modules/webhooks/sender.ts';
import { ADMIN_TOKEN, benchEngines, openBenchDatabase, progress, ratio, round, type Figures } from './lib.ts';

type DeliveryOptions = ReturnType<typeof deliveryOptions>;
type Payload = Record<string, unknown>;

/** Baseline: the same signed POSTs sent straight to the receiver, as many at a time as a worker sends to one origin. */
async function directRate(url: string, secret: string, payload: Payload, events: number, opts: DeliveryOptions): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.perOrigin }, async () => {
      while (next < events) {
        next++;
        const body = JSON.stringify({ event: 'withdrawal.statusChanged', data: payload, timestamp: new Date().toISOString() });
        await sendWebhook(url, body, { 'x-webhook-signature': signBody(secret, body) }, opts);
      }
    }),
  );
  return events / ((performance.now() - started) / 1000);
}

/** The gateway: events in the outbox (withdrawal events carry their URL), then dispatched and delivered. */
async function outboxRun(database: Database, tenantId: string, payload: Payload, events: number, opts: DeliveryOptions) {
  for (let i = 0; i < events; i += 500) {
    await database.db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(events, i + 500); j++) {
        await enqueue(trx, {
          tenantId,
          type: 'withdrawal.statusChanged',
          aggregateType: 'withdrawal',
          aggregateId: `s-${j}`,
          payload: { ...payload, id: `s-${j}` },
        });
      }
    });
  }
  const deliverer = new WebhookDeliverer(database.db, opts);
  let oldest = 0;
  const t0 = performance.now();
  // What the worker's jobs do (dispatch and a delivery round every 200 ms; finished sends start the
  // next round at once), with the backlog sampled every 100 ms.
  let lastSample = 0;
  while (deliverer.counts.delivered < events) {
    await dispatchEvents(database.db, 500);
    await deliverer.round();
    if (performance.now() - lastSample > 100) {
      lastSample = performance.now();
      oldest = Math.max(oldest, (await deliveryBacklog(database.db)).oldestAgeS);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await deliverer.drain();
  return { rate: events / ((performance.now() - t0) / 1000), oldest };
}

/**
 * Webhook deliveries per second from the outbox to a local receiver (dispatch, claim with a lease,
 * sign, POST, record the attempt), and the age of the oldest pending delivery under that load,
 * against the same number of signed POSTs sent straight to the same receiver at the same
 * concurrency with no database at all. Same process, same run. The receiver takes signed POSTs
 * only; it must get every event exactly once.
 */
async function benchWebhooksOn(engine: Engine): Promise<Figures> {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
  let received = 0;
  let wrong = 0;
  const receiver = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.headers['x-webhook-signature']) wrong++;
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const database = await openBenchDatabase(engine);
  progress(`webhooks (${database.engine}): ${events} direct signed POSTs, then ${events} events through the outbox`);
  const opts = deliveryOptions(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', ADMIN_TOKEN }));
  const tenant = await createTenant(database.db, 'Bench merchant');
  const secret = (await database.db.selectFrom('tenants').select('webhook_secret').where('id', '=', tenant.id).executeTakeFirstOrThrow())
    .webhook_secret;
  const payload = {
    id: 'x',
    status: 'paid',
    amount: 25,
    fiatCurrencyCode: 'USD',
    webhookUrl: url,
    items: [{ name: 'T-shirt', quantity: 2, cost: 12.5 }],
  };
  try {
    const bareRate = await directRate(url, secret, payload, events, opts);
    received = 0;
    const { rate, oldest } = await outboxRun(database, tenant.id, payload, events, opts);
    console.log(
      `\nWebhook deliveries (${database.engine}), ${events} events to one local receiver, ${opts.perOrigin} at a time (the per-origin cap)`,
    );
    console.log(`  direct signed POSTs (no database):   ${bareRate.toFixed(0)} /s`);
    console.log(`  gateway (${database.engine}) outbox → delivered: ${rate.toFixed(0)} /s  (${received} received)`);
    console.log(`  oldest pending delivery under load:  ${oldest.toFixed(2)} s`);
    console.log(`  ratio gateway/direct: ${ratio(rate, bareRate).toFixed(3)}`);
    if (received !== events || wrong > 0) throw new Error(`the receiver got ${received} deliveries of ${events} events, ${wrong} unsigned`);
    return {
      events,
      deliveredPerSec: round(rate),
      directPerSec: round(bareRate),
      ratio: ratio(rate, bareRate),
      oldestPendingS: round(oldest, 2),
    };
  } finally {
    await database.close();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
}

/** The webhook bench on each engine: `postgres` (with BENCH_DATABASE_URL) and `pglite`. */
export async function benchWebhooks(): Promise<Figures> {
  const out: Figures = {};
  for (const engine of benchEngines()) out[engine] = await benchWebhooksOn(engine);
  return out;
}
