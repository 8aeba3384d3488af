import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase, type Database, type Engine } from '../src/lib/db/index.ts';
import { migrate } from '../src/lib/db/migrate.ts';
import { createTenant, issueApiKey } from '../src/modules/tenants/service.ts';
import { createScratchDatabase } from '../test/helpers/processes.ts';

export const ADMIN_TOKEN = 'bench-admin-token-' + 'x'.repeat(32);

/** What one bench hands back: its figures under stable names (numbers, or nested groups of them). */
export interface Figures {
  [name: string]: number | string | Figures;
}

const started = performance.now();
/** A progress line on stderr (stdout is the tables, or the one JSON object with --json). */
export function progress(message: string): void {
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
}

/** The seconds of each timed load run (BENCH_SECONDS, default 5). */
export const seconds = (): number => Number(process.env.BENCH_SECONDS ?? 5);

/** `a / b` rounded to three places (0 when b is 0). */
export const ratio = (a: number, b: number): number => (b > 0 ? round(a / b, 3) : 0);
export const round = (x: number, places = 1): number => Number(x.toFixed(places));

/** The engines a per-engine bench covers: PostgreSQL (with BENCH_DATABASE_URL) and PGlite. */
export function benchEngines(): Engine[] {
  return process.env.BENCH_DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
}

/**
 * A migrated database of the engine: on PostgreSQL a throwaway database created next to
 * BENCH_DATABASE_URL's and dropped on close; PGlite in memory. Default: PostgreSQL when the URL is set.
 */
export async function openBenchDatabase(engine?: Engine): Promise<Database> {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  const usePg = engine ? engine === 'postgres' : Boolean(baseUrl);
  if (usePg && !baseUrl) throw new Error('PostgreSQL benches need BENCH_DATABASE_URL');
  if (!usePg) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    return database;
  }
  const scratch = await createScratchDatabase(baseUrl!, 'cg_bench');
  const database = await openDatabase({ databaseUrl: scratch.url });
  await migrate(database.db);
  const close = database.close;
  return { ...database, close: async () => (await close(), await scratch.drop()) };
}

/**
 * The gateway as a benchmark drives it: a migrated database (see openBenchDatabase; `embedded`
 * means PGlite), no rate limit in the way, listening on loopback, with one tenant and a full-scope key.
 */
export async function startBenchGateway(opts: { embedded?: boolean; engine?: Engine; ctx?: Partial<AppContext> } = {}) {
  const database = await openBenchDatabase(opts.embedded ? 'pglite' : opts.engine);
  const config = { ...loadConfig({ RATE_LIMIT: '100000000/60', ADMIN_TOKEN }), logLevel: 'warn' };
  const app = await buildApp({ config, database, db: database.db, ...opts.ctx }, { logger: false });
  const tenant = await createTenant(database.db, 'Bench merchant');
  const { key } = await issueApiKey(database.db, { tenantId: tenant.id, accountId: tenant.accountId, scopes: ['*'] });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    key,
    tenant,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type BenchGateway = Awaited<ReturnType<typeof startBenchGateway>>;

/** What one load run measured. */
export interface LoadResult {
  label: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Answers the check refused (wrong status or body). */
  wrong: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds?: number;
  connections?: number;
  /** A POST whose JSON body is made fresh for every request (unique order ids). */
  post?: () => unknown;
  /** Exactly this many requests instead of a timed run (and no warm-up: each request is used up). */
  amount?: number;
  /** Every answer's status and body; false counts as wrong, and any wrong answer fails the run. */
  check: (status: number, body: string) => boolean;
}

/**
 * With BENCH_PROFILE=<regex>, the timed part of each load run whose label matches is CPU-profiled
 * (this process: the in-process gateway and the load generator) into BENCH_PROFILE_DIR (default
 * bench-profiles/), one .cpuprofile per run, for Chrome DevTools or `node --cpu-prof`'s readers.
 */
export async function profileIf(label: string): Promise<{ stop: () => Promise<void> } | undefined> {
  const pattern = process.env.BENCH_PROFILE;
  if (!pattern || !new RegExp(pattern).test(label)) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      const dir = process.env.BENCH_PROFILE_DIR ?? 'bench-profiles';
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${label.replace(/[^\w.-]+/g, '_')}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      progress(`profile of ${label}: ${file}`);
    },
  };
}

/** Drives one URL over loopback at a fixed concurrency (bounded, stops by itself); fails on any bad answer. */
export async function load(label: string, url: string, opts: LoadOptions): Promise<LoadResult> {
  let wrong = 0;
  let sample = '';
  let lastAnswer = 0;
  const onResponse = (status: number, body: string) => {
    lastAnswer = performance.now();
    if (opts.check(status, body)) return;
    wrong++;
    sample ||= `${status} ${body.slice(0, 300)}`;
  };
  const post = opts.post;
  const requests = [
    post
      ? { method: 'POST' as const, setupRequest: (req: Request): Request => ({ ...req, body: JSON.stringify(post()) }), onResponse }
      : { method: 'GET' as const, onResponse },
  ];
  const headers = post ? { 'content-type': 'application/json', ...opts.headers } : opts.headers;
  const connections = opts.connections ?? 10;
  const base = { url, headers, requests, connections, pipelining: 1 };
  // One second of warm-up first (JIT, caches, connection pools), not counted.
  if (!opts.amount) await autocannon({ ...base, duration: 1 });
  const profiling = await profileIf(label);
  const t0 = performance.now();
  const result = await autocannon(opts.amount ? { ...base, amount: opts.amount } : { ...base, duration: opts.seconds ?? seconds() });
  await profiling?.stop();
  // autocannon ends a run on its next one-second tick, so an `amount` run is timed here, from the
  // start to the last answer; a timed run over its own (whole-second) duration.
  const elapsedS = opts.amount ? (lastAnswer - t0) / 1000 : result.duration;
  const out = {
    label,
    requestsPerSec: result.requests.total / elapsedS,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    wrong,
  };
  if (wrong > 0 || out.errors > 0) {
    throw new Error(`${label}: ${wrong} wrong answers, ${out.errors} errors or timeouts (first wrong: ${sample || 'none'})`);
  }
  return out;
}

/** The rounds of an alternating comparison (BENCH_ROUNDS, default 3). */
export const rounds = (): number => Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * A measured run and its baseline, alternated over `rounds()` rounds (baseline, measured, baseline,
 * …), each run `seconds()` long: a machine that speeds up or slows down during the bench (another
 * process, the JIT, the CPU's clock) then weighs on both sides alike. The ratio is the median of the
 * rounds' ratios; each side's figures are those of its median round.
 */
export async function compareLoads(
  baseline: () => Promise<LoadResult>,
  measured: () => Promise<LoadResult>,
): Promise<{ base: LoadResult; gw: LoadResult; ratio: number }> {
  const pairs: Array<{ base: LoadResult; gw: LoadResult; ratio: number }> = [];
  for (let i = 0; i < rounds(); i++) {
    const base = await baseline();
    const gw = await measured();
    pairs.push({ base, gw, ratio: ratio(gw.requestsPerSec, base.requestsPerSec) });
  }
  const r = median(pairs.map((p) => p.ratio));
  const byRate = (side: 'base' | 'gw') => {
    const rate = median(pairs.map((p) => p[side].requestsPerSec));
    return pairs.map((p) => p[side]).reduce((a, b) => (Math.abs(b.requestsPerSec - rate) < Math.abs(a.requestsPerSec - rate) ? b : a));
  };
  if (pairs.length > 1) console.log(`  ratios by round: ${pairs.map((p) => p.ratio.toFixed(3)).join(', ')}`);
  return { base: byRate('base'), gw: byRate('gw'), ratio: r };
}

/** The figures of one load run under stable names, prefixed (`gateway` → gatewayRps, gatewayP99Ms). */
export function figuresOf(prefix: string, r: LoadResult): Figures {
  return { [`${prefix}Rps`]: round(r.requestsPerSec), [`${prefix}P50Ms`]: round(r.p50Ms, 2), [`${prefix}P99Ms`]: round(r.p99Ms, 2) };
}

/** Status `status` and a JSON body `ok` accepts. */
export function jsonCheck(status: number, ok: (body: any) => boolean): (s: number, body: string) => boolean {
  return (s, body) => {
    if (s !== status) return false;
    try {
      return ok(JSON.parse(body));
    } catch {
      return false;
    }
  };
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`);
  const pad = (cells: string[]) => cells.map((c, i) => c.padEnd(i === 0 ? 28 : 11)).join('');
  console.log('  ' + pad(['case', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'wrong']));
  for (const r of rows) {
    console.log(
      '  ' + pad([r.label, r.requestsPerSec.toFixed(0), r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), String(r.non2xx), String(r.wrong)]),
    );
  }
}
