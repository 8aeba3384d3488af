import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../src/lib/net.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Node's arguments for `npm start`'s script as the tests run it. V8 compiles PGlite's WebAssembly
 * with its baseline compiler alone (Liftoff), without tiering hot functions up with TurboFan: a
 * gateway process of a test lives seconds, and the tier-up's compiles were a quarter of a first
 * start's CPU (5.4-6.1 s → 4.1-4.2 s, two starts each) for no faster queries in that time. The test
 * processes run the same way (scripts/run-tests.mjs).
 */
export const START_ARGS = ['--liftoff-only', 'scripts/start.mjs'];

/** Node's arguments in package.json's `start` script (`node …`): exactly what `npm start` runs, for the benchmarks. */
export function npmStartArgs(): string[] {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const [node, ...args] = script.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs "${script}", not node`);
  return args;
}

/** A gateway running as its own process (`scripts/start.mjs`, what `npm start` runs), as an operator runs it. */
export interface GatewayProcess {
  role: 'api' | 'worker' | 'all';
  /** Base URL of the HTTP listener (roles api and all). */
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string | null>;
  /** SIGKILL: no shutdown hooks, as a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM and wait: a graceful stop. */
  stop(): Promise<void>;
}

/** Starts a gateway process and waits until it is ready (HTTP `/readyz`, or the worker's start line). */
export async function startGateway(opts: {
  role: 'api' | 'worker' | 'all';
  env: Record<string, string>;
  port?: number;
  readyTimeoutMs?: number;
  /** Hears what the process writes while it starts (before it is ready). */
  onOutput?: (all: string) => void;
  /** Node's arguments instead of START_ARGS (npmStartArgs(): what `npm start` runs). */
  nodeArgs?: string[];
  /**
   * Told of the process the moment it is spawned, before this function first yields to the event
   * loop (when `port` is given): what runs here runs before any child of the test is reaped.
   */
  onSpawn?: (proc: ChildProcess) => void;
}): Promise<GatewayProcess> {
  const port = opts.port ?? (await freePort());
  const proc = spawn(process.execPath, opts.nodeArgs ?? START_ARGS, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ROLE: opts.role,
      // Workers announce their start at info level; that line is how readiness is seen.
      LOG_LEVEL: opts.role === 'worker' ? 'info' : 'warn',
      // Base mainnet without an RPC URL: no local x402 devnet is started for these runs.
      X402_NETWORK: 'eip155:8453',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  opts.onSpawn?.(proc);
  let out = '';
  const hear = (c: Buffer) => {
    out += c.toString();
    opts.onOutput?.(out);
  };
  proc.stdout!.on('data', hear);
  proc.stderr!.on('data', hear);
  const exited = new Promise<number | string | null>((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  // A minute: test processes run side by side on two cores, and a gateway loads the app through tsx.
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`gateway (${opts.role}) exited before it was ready:\n${out.slice(-2000)}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`gateway (${opts.role}) not ready in time:\n${out.slice(-2000)}`);
    }
    if (opts.role === 'worker') {
      if (out.includes('worker role: background jobs only')) break;
    } else {
      const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    role: opts.role,
    url,
    port,
    proc,
    output: () => out,
    exited,
    async kill() {
      if (!gone) proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** A new, empty PostgreSQL database on the server of `baseUrl`; `drop()` removes it. */
export async function createScratchDatabase(baseUrl: string, prefix = 'cg_run'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    },
  };
}

/** A JSON call to a running gateway. */
export async function api(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; admin?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: any; headers: Record<string, string> }> {
  const headers: Record<string, string> = {};
  if (opts.key) headers['x-tenant-api-key'] = opts.key;
  if (opts.admin) headers.authorization = `Bearer ${opts.admin}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: Object.fromEntries(res.headers) };
}

/** A tenant and a full-scope key made through the operator API of a running gateway. */
export async function provisionTenant(
  base: string,
  adminToken: string,
  name = 'Load merchant',
): Promise<{ tenantId: string; accountId: string; key: string }> {
  const tenant = await api(base, 'POST', '/admin/tenants', { admin: adminToken, body: { name } });
  if (tenant.status !== 201) throw new Error(`create tenant: ${tenant.status} ${JSON.stringify(tenant.body)}`);
  const { id: tenantId, accountId } = tenant.body.data;
  const key = await api(base, 'POST', '/admin/api-keys', { admin: adminToken, body: { tenantId, accountId, scopes: ['*'] } });
  if (key.status !== 201) throw new Error(`issue key: ${key.status} ${JSON.stringify(key.body)}`);
  return { tenantId, accountId, key: key.body.data.key };
}
