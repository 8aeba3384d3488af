import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, type Registry } from 'prom-client';
import { sql } from 'kysely';
import type { DatabaseAvailability } from './lib/db/availability.ts';
import type { Db } from './lib/db/index.ts';
import type { MetricsSettings } from './config.ts';
import { AppError, type ErrorCode } from './lib/errors.ts';
import { scrapeAllowed } from './lib/http/metrics.ts';
import { outboxBacklog } from './lib/outbox.ts';
import { deliveryBacklog } from './modules/webhooks/deliveries.ts';
import { payoutsPending, withdrawalsOpen } from './modules/withdrawals/read.ts';
import { rateHealth } from './modules/rates/service.ts';
import { chainCursors, unconfirmedPayments } from './modules/operations/chain-state.ts';
import { storedShortfalls } from './modules/cold-storage/levels.ts';
import { toGaugeValue } from './lib/money.ts';

/** One value of a gauge: its labels (none for a single number) and the value. */
type Sample = [labels: Record<string, string>, value: number];

/** A gauge read from the database at scrape time. */
interface StateGauge {
  name: string;
  help: string;
  labelNames?: string[];
  read: (db: Db) => Promise<Sample[]>;
}

const count = (n: string) => Number(n);

/** The shared state every instance reports the same: backlogs, open work, scan heights, rate health. */
const STATE_GAUGES: StateGauge[] = [
  {
    name: 'outbox_pending_events',
    help: 'Events written but not yet processed',
    read: async (db) => [[{}, (await outboxBacklog(db)).pending]],
  },
  {
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest unprocessed event',
    read: async (db) => [[{}, (await outboxBacklog(db)).oldestAgeS]],
  },
  {
    name: 'webhook_deliveries',
    help: 'Webhook deliveries by status (pending, delivered, failed)',
    labelNames: ['status'],
    read: async (db) =>
      (
        await db
          .selectFrom('webhook_deliveries')
          .select(['status', sql<string>`count(*)`.as('n')])
          .groupBy('status')
          .execute()
      ).map((r) => [{ status: r.status }, count(r.n)]),
  },
  {
    name: 'webhook_attempts',
    help: 'Webhook attempts by what they led to: delivered, retried, failed (given up)',
    labelNames: ['outcome'],
    read: async (db) =>
      (
        await db
          .selectFrom('webhook_attempts')
          .select(['outcome', sql<string>`count(*)`.as('n')])
          .groupBy('outcome')
          .execute()
      ).map((r) => [{ outcome: r.outcome }, count(r.n)]),
  },
  {
    name: 'webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest webhook delivery not yet delivered or given up',
    read: async (db) => [[{}, (await deliveryBacklog(db)).oldestAgeS]],
  },
  {
    name: 'withdrawals_open',
    help: 'Withdrawals not yet final, per network and status (created: waiting to be signed, e.g. for hot wallet funds)',
    labelNames: ['network', 'status'],
    read: async (db) => (await withdrawalsOpen(db)).map((r) => [{ network: r.network, status: r.status }, count(r.n)]),
  },
  {
    name: 'withdrawals_waiting_oldest_age_seconds',
    help: 'Age of the oldest withdrawal not yet signed, per network (it waits for hot wallet funds, or for a worker holding the key)',
    labelNames: ['network'],
    read: async (db) =>
      (
        await db
          .selectFrom('withdrawals')
          .select(['network', sql<string>`extract(epoch from now() - min(created_at))`.as('age')])
          .where('status', '=', 'created')
          .groupBy('network')
          .execute()
      ).map((r) => [{ network: r.network }, Number(r.age)]),
  },
  {
    name: 'withdrawals_fee_capped',
    help: 'Sent payouts whose replacement waits because it would bid above the fee ceiling (<NET>_MAX_FEE_GWEI, BTC_MAX_FEE_RATE), per network',
    labelNames: ['network'],
    read: async (db) => (await payoutsPending(db)).map((r) => [{ network: r.network }, count(r.capped)]),
  },
  {
    name: 'withdrawals_pending_replacements',
    help: 'Replacement transactions signed for payouts not yet final (stuck, underpriced or expired candidates), per network',
    labelNames: ['network'],
    read: async (db) => (await payoutsPending(db)).map((r) => [{ network: r.network }, count(r.replacements)]),
  },
  {
    name: 'hot_wallet_shortfall',
    help: "What a network's hot wallet lacks of a currency for the withdrawal queue, in whole units (0: covered), as a worker holding its key last read it; GET /admin/hot-wallets says what to refill from cold storage",
    labelNames: ['network', 'currency'],
    read: async (db) =>
      (await storedShortfalls(db)).map((r) => [{ network: r.network, currency: r.currency }, toGaugeValue(r.units, r.decimals)]),
  },
  {
    name: 'chain_scanned_height',
    help: 'Next block height the watcher will scan, per network',
    labelNames: ['network'],
    read: async (db) => (await chainCursors(db)).map((r) => [{ network: r.network }, r.nextHeight]),
  },
  {
    name: 'chain_scan_age_seconds',
    help: 'Seconds since the watcher last finished a round on each network (grows while it is stopped or its node unreachable)',
    labelNames: ['network'],
    read: async (db) => (await chainCursors(db)).map((r) => [{ network: r.network }, r.ageS]),
  },
  {
    name: 'payments_unconfirmed',
    help: 'Payments seen on chain and waiting for their confirmations, per network',
    labelNames: ['network'],
    read: async (db) => (await unconfirmedPayments(db)).map((r) => [{ network: r.network }, r.n]),
  },
  {
    name: 'exchange_rate_source_age_seconds',
    help: 'Seconds since each exchange-rate source last stored a price (above RATE_MAX_AGE_S it no longer counts)',
    labelNames: ['source'],
    read: async (db) => (await rateHealth(db)).sourceAges.map((r) => [{ source: r.source }, r.ageS]),
  },
  {
    name: 'exchange_rates_refused',
    help: 'Assets without a price to quote with at the last refresh, per reason (sourcesDisagree, stale, missing, tooFewSources)',
    labelNames: ['reason'],
    read: async (db) => (await rateHealth(db)).refused.map((r) => [{ reason: r.reason }, r.n]),
  },
];

/**
 * Registers the database-backed gauges. While the database is unreachable they keep their last
 * values (database_up says why), and the scrape still answers with the process's own metrics
 * instead of failing as a whole.
 */
export function registerStateMetrics(registry: Registry, db: Db, availability?: DatabaseAvailability): void {
  for (const g of STATE_GAUGES) {
    new Gauge({
      name: g.name,
      help: g.help,
      labelNames: g.labelNames ?? [],
      registers: [registry],
      async collect() {
        let samples: Sample[];
        try {
          samples = await g.read(db);
        } catch (err) {
          if (!availability?.noteFailure(err)) throw err;
          return;
        }
        if (g.labelNames) this.reset();
        for (const [labels, value] of samples) this.set(labels, value);
      },
    });
  }
}

/** The metrics' own listener (METRICS_PORT): where it listens, and how to close it. */
export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * A listener on METRICS_HOST:METRICS_PORT that serves GET /metrics alone (with METRICS_TOKEN, only
 * to a scrape that sends it), so the public port need not serve it at all: a private interface or
 * loopback for Prometheus, the public one for merchants. Every other path is a 404.
 */
export async function startMetricsListener(settings: MetricsSettings & { port: number }, registry: Registry): Promise<MetricsListener> {
  const fail = (res: ServerResponse, code: ErrorCode) => {
    const err = new AppError(code);
    if (code === 'exceptions.metrics.invalidToken') res.setHeader('www-authenticate', 'Bearer realm="metrics"');
    res.writeHead(err.statusCode, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(err.toBody()));
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return fail(res, 'exceptions.route.notFound');
    if (!scrapeAllowed(settings.token, req.headers.authorization)) return fail(res, 'exceptions.metrics.invalidToken');
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => fail(res, 'exceptions.internal'),
    );
  });
  // A scrape is one short request: a client that holds a connection open gets no more than this.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
