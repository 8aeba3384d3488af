import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseAvailability } from '../db/availability.ts';
import { secretsEqual } from '../auth/api-keys.ts';
import { bearerToken } from './security.ts';

/** Prometheus metrics of one app instance (its own registry, so several apps can share a process). */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
}

/**
 * The process's own metrics (CPU, memory, heap, event-loop lag), collected once per process
 * however many apps it builds. The lag is sampled every 100 ms instead of prom-client's 10: the
 * 10 ms sampler woke an idle gateway 100 times a second, most of its idle CPU, and a stall long
 * enough to matter still shows in the histogram's p99.
 */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 100 });
  }
  return processMetrics;
}

export function createMetrics(): Metrics {
  // The process metrics' objects, shared; what the app registers next is its own.
  const registry = Registry.merge([processRegistry()]);
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL, so labels stay bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** `database_up` (as this process last saw it) and `database_outages_total` since it started. */
export function registerAvailabilityMetrics(registry: Registry, availability: DatabaseAvailability): void {
  new Gauge({
    name: 'database_up',
    help: '1 while the database answers this process, 0 during an outage it noticed',
    registers: [registry],
    collect() {
      this.set(availability.up ? 1 : 0);
    },
  });
  new Counter({
    name: 'database_outages_total',
    help: 'Database outages this process noticed since it started',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(availability.outages);
    },
  });
}

/** Whether a scrape may read the metrics: no token configured, or its `Authorization: Bearer` is the token (constant time). */
export function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (token === undefined) return true;
  const sent = bearerToken(authorization);
  return sent !== '' && secretsEqual(sent, token);
}
