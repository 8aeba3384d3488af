import { Gauge, type Registry } from 'prom-client';
import { sql } from 'kysely';
import type { DatabaseAvailability } from './lib/db/availability.ts';
import type { Db } from './lib/db/index.ts';
import { outboxBacklog } from './lib/outbox.ts';
import { deliveryBacklog } from './modules/webhooks/deliveries.ts';
import { withdrawalsOpen } from './modules/withdrawals/service.ts';
import { rateHealth } from './modules/rates/service.ts';

/**
 * Gauges read from the database at scrape time, so every instance reports the same shared state:
 * the outbox backlog and its oldest event's age, how far each network has been scanned, and the
 * payments still waiting for confirmations.
 */
export function registerStateMetrics(registry: Registry, db: Db, availability?: DatabaseAvailability): void {
  // While the database is unreachable these keep their last values (database_up says why), and
  // the scrape still answers with the process's own metrics instead of failing as a whole.
  const gauge = (cfg: { name: string; help: string; labelNames?: string[]; collect: (this: Gauge) => Promise<void> }) =>
    new Gauge({
      name: cfg.name,
      help: cfg.help,
      labelNames: cfg.labelNames ?? [],
      registers: [registry],
      async collect() {
        try {
          await cfg.collect.call(this);
        } catch (err) {
          if (!availability?.noteFailure(err)) throw err;
        }
      },
    });
  gauge({
    name: 'outbox_pending_events',
    help: 'Events written but not yet processed',
    async collect() {
      this.set((await outboxBacklog(db)).pending);
    },
  });
  gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest unprocessed event',
    async collect() {
      this.set((await outboxBacklog(db)).oldestAgeS);
    },
  });
  gauge({
    name: 'webhook_deliveries',
    help: 'Webhook deliveries by status (pending, delivered, failed)',
    labelNames: ['status'],
    async collect() {
      this.reset();
      const rows = await db.selectFrom('webhook_deliveries').select(['status', sql<string>`count(*)`.as('n')]).groupBy('status').execute();
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  gauge({
    name: 'webhook_attempts',
    help: 'Webhook attempts by what they led to: delivered, retried, failed (given up)',
    labelNames: ['outcome'],
    async collect() {
      this.reset();
      const rows = await db.selectFrom('webhook_attempts').select(['outcome', sql<string>`count(*)`.as('n')]).groupBy('outcome').execute();
      for (const r of rows) this.set({ outcome: r.outcome }, Number(r.n));
    },
  });
  gauge({
    name: 'webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest webhook delivery not yet delivered or given up',
    async collect() {
      this.set((await deliveryBacklog(db)).oldestAgeS);
    },
  });
  gauge({
    name: 'withdrawals_open',
    help: 'Withdrawals not yet final, per network and status (created: waiting to be signed, e.g. for hot wallet funds)',
    labelNames: ['network', 'status'],
    async collect() {
      this.reset();
      for (const r of await withdrawalsOpen(db)) this.set({ network: r.network, status: r.status }, Number(r.n));
    },
  });
  gauge({
    name: 'chain_scanned_height',
    help: 'Next block height the watcher will scan, per network',
    labelNames: ['network'],
    async collect() {
      const rows = await db.selectFrom('chain_cursors').select(['network', 'next_height']).execute();
      for (const r of rows) this.set({ network: r.network }, r.next_height);
    },
  });
  gauge({
    name: 'payments_unconfirmed',
    help: 'Payments seen on chain and waiting for their confirmations, per network',
    labelNames: ['network'],
    async collect() {
      this.reset();
      const rows = await db
        .selectFrom('payments')
        .select(['network', sql<string>`count(*)`.as('n')])
        .where('status', '=', 'seen')
        .groupBy('network')
        .execute();
      for (const r of rows) this.set({ network: r.network }, Number(r.n));
    },
  });
  gauge({
    name: 'exchange_rate_source_age_seconds',
    help: 'Seconds since each exchange-rate source last stored a price (above RATE_MAX_AGE_S it no longer counts)',
    labelNames: ['source'],
    async collect() {
      this.reset();
      for (const r of (await rateHealth(db)).sourceAges) this.set({ source: r.source }, r.ageS);
    },
  });
  gauge({
    name: 'exchange_rates_refused',
    help: 'Assets without a price to quote with at the last refresh, per reason (sourcesDisagree, stale, missing, tooFewSources)',
    labelNames: ['reason'],
    async collect() {
      this.reset();
      for (const r of (await rateHealth(db)).refused) this.set({ reason: r.reason }, r.n);
    },
  });
}
