import autocannon, { type Request } from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/lib/db/index.ts';
import { migrate } from '../src/lib/db/migrate.ts';
import { createTenant, issueApiKey } from '../src/modules/tenants/service.ts';

/**
 * The gateway as a benchmark drives it: migrated database (PostgreSQL with BENCH_DATABASE_URL
 * unless `embedded`, else PGlite in memory), no rate limit in the way, listening on loopback, with
 * one tenant and a full-scope key.
 */
export async function startBenchGateway(opts: { embedded?: boolean; ctx?: Partial<AppContext> } = {}) {
  const databaseUrl = opts.embedded ? undefined : process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await migrate(database.db);
  const config = { ...loadConfig({ RATE_LIMIT: '100000000/60', ADMIN_TOKEN: 'bench-admin-token-' + 'x'.repeat(32) }), logLevel: 'warn' };
  const app = await buildApp({ config, database, db: database.db, ...opts.ctx }, { logger: false });
  const tenant = await createTenant(database.db, 'Bench merchant');
  const { key } = await issueApiKey(database.db, { tenantId: tenant.id, accountId: tenant.accountId, scopes: ['*'] });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    key,
    tenant,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** What one load run measured. */
export interface LoadResult {
  label: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Drives one URL over loopback for a fixed time at a fixed concurrency (bounded, stops by itself). */
export async function load(
  label: string,
  url: string,
  opts: {
    headers?: Record<string, string>;
    seconds?: number;
    connections?: number;
    /** A POST whose JSON body is made fresh for every request (unique order ids). */
    post?: () => unknown;
  } = {},
): Promise<LoadResult> {
  const post = opts.post;
  const requests = post
    ? [{ method: 'POST' as const, setupRequest: (req: Request): Request => ({ ...req, body: JSON.stringify(post()) }) }]
    : undefined;
  const headers = post ? { 'content-type': 'application/json', ...opts.headers } : opts.headers;
  // One second of warm-up first (JIT, caches, connection pools), not counted.
  await autocannon({ url, headers, requests, duration: 1, connections: opts.connections ?? 10 });
  const result = await autocannon({
    url,
    headers,
    requests,
    duration: opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 5),
    connections: opts.connections ?? 10,
    pipelining: 1,
  });
  return {
    label,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`);
  const pad = (cells: string[]) => cells.map((c, i) => c.padEnd(i === 0 ? 24 : 12)).join('');
  console.log('  ' + pad(['case', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']));
  for (const r of rows) {
    console.log(
      '  ' + pad([r.label, r.requestsPerSec.toFixed(0), r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), String(r.non2xx), String(r.errors)]),
    );
  }
}
