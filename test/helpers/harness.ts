import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe } from 'node:test';
import pg from 'pg';
import { sql } from 'kysely';
import { HDKey } from '@scure/bip32';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Config, type NetworkEnvName } from '../../src/config.ts';
import { DERIVATION } from '../../src/chains/hd-wallet.ts';
import type { AppContext } from '../../src/context.ts';
import { openDatabase, type Database, type Engine } from '../../src/lib/db/index.ts';
import { loadMigrations, migrate } from '../../src/lib/db/migrate.ts';
import { pooledPglite, pooledPostgres, withClient } from './db-pool.ts';
import { issueApiKey, createTenant } from '../../src/modules/tenants/service.ts';

export const ADMIN_TOKEN = 'test-admin-token-' + 'x'.repeat(32);

/** METRICS_TOKEN of the tests that scrape a live installation (whose /metrics is off without one). */
export const METRICS_TOKEN = 'test-metrics-token-' + 'm'.repeat(32);
export const METRICS_AUTH = { authorization: `Bearer ${METRICS_TOKEN}` };

/** The engines this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function availableEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs `fn` once per engine; the PostgreSQL suite is skipped (and says so) without TEST_DATABASE_URL. */
export function describeEngines(name: string, fn: (engine: Engine) => void): void {
  for (const engine of ['pglite', 'postgres'] as const) {
    const skip = engine === 'postgres' && !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : false;
    describe(`${name} [${engine}]`, { skip }, () => fn(engine));
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const m of loadMigrations()) h.update(`${m.version}:${m.sql}`);
  return h.digest('hex').slice(0, 12);
}

// Every test file runs in its own process; making the template (initdb and migrations, seconds)
// once per schema and PGlite version instead of once per file saves most of a file's start-up.
const TEMPLATE_CACHE = fileURLToPath(new URL('../../node_modules/.cache/cryptogate/', import.meta.url));
const PGLITE_VERSION = (
  JSON.parse(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The migrated template's data directory as a tarball: from the cache, else made and cached. It
 * holds the one database the tests use: initdb's template0 and template1 (two thirds of the files,
 * which every test database would unpack again, some 150 ms of CPU each) are dropped, since a test
 * database is never a template of another.
 */
async function pgliteTemplateDump(): Promise<Blob> {
  const file = join(TEMPLATE_CACHE, `pglite-${PGLITE_VERSION}-${migrationsHash()}-one-database.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  // On a fresh clone the first shards start together and each would make it (initdb, the
  // migrations: seconds of CPU while they share two cores): one makes it, the others wait for its
  // file. A maker that died leaves a lock older than a minute, which is then taken over.
  mkdirSync(TEMPLATE_CACHE, { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const age = (() => {
        try {
          return Date.now() - statSync(lock).mtimeMs;
        } catch {
          return 0; // gone meanwhile: try again
        }
      })();
      if (age > 60_000) rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    return await makePgliteTemplate(file);
  } finally {
    rmSync(lock, { force: true });
  }
}

async function makePgliteTemplate(file: string): Promise<Blob> {
  const template = await openDatabase({ dataDir: 'memory://' });
  await migrate(template.db);
  await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(template.db);
  for (const name of ['template0', 'template1']) await sql`drop database ${sql.id(name)}`.execute(template.db);
  const dump = await template.pglite!.dumpDataDir('none');
  await template.close();
  // Written under a unique name and renamed: files running at once never read half a template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/**
 * A migrated PGlite in the template's state: a clone of it, or an instance of this process reset to
 * it (test/helpers/db-pool.ts). Its shared_buffers are the gateway's default
 * (PGLITE_SHARED_BUFFERS, 16MB): PGlite's own 128MB would be zeroed again for every test database.
 */
async function freshPglite(): Promise<Database> {
  return pooledPglite(() => (pgliteTemplate ??= pgliteTemplateDump()));
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated PostgreSQL database in the template database's state (the template made once per
 * schema): a new one created from it, or one of this process reset to it (test/helpers/db-pool.ts).
 */
async function freshPostgres(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL!;
  return pooledPostgres(async () => {
    const template = `cg_tpl_${migrationsHash()}`;
    const name = `cg_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(4242001)');
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount === 0) {
        await admin.query(`create database ${template}`);
        const tdb = await openDatabase({ databaseUrl: withDatabase(base, template), poolSize: 1 });
        await migrate(tdb.db);
        await tdb.close();
      }
      await admin.query(`create database ${name} template ${template}`);
      // A test database outlives no crash of the server (those tests run clusters of their own):
      // its commits need not wait for their WAL to reach the disk. Six PostgreSQL-heavy files:
      // the server's CPU 13.1-13.5 → 10.8-11.3 s (two runs each way).
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      await admin.query('select pg_advisory_unlock(4242001)');
    } finally {
      await admin.end();
    }
    const drop = () => withClient(base, (c) => c.query(`drop database if exists ${name} with (force)`).catch(() => {})).then(() => {});
    return { url: withDatabase(base, name), drop };
  });
}

export async function freshDatabase(engine: Engine): Promise<Database> {
  return engine === 'pglite' ? freshPglite() : freshPostgres();
}

// A fixed test seed: its account keys stand in for an operator's NET_XPUB in live-mode tests.
const TEST_SEED = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));

/** The account key (NET_XPUB) of a network from a fixed test seed. */
export function testXpub(network: NetworkEnvName): string {
  return TEST_SEED.derive(DERIVATION[network].path).publicExtendedKey;
}

/**
 * The environment of a live network reached at `rpcUrl`: its RPC URL and an account key (NET_XPUB)
 * from a fixed test seed, as a live installation needs both.
 */
export function liveNetworkEnv(network: NetworkEnvName, rpcUrl: string): Record<string, string> {
  return { [`${network}_RPC_URL`]: rpcUrl, [`${network}_XPUB`]: testXpub(network) };
}

export function testConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  return {
    // Passwords at 2^12 instead of 2^15: every invited user of the suite costs a derivation.
    ...loadConfig({
      ADMIN_TOKEN,
      PUBLIC_BASE_URL: 'http://gateway.test',
      RATE_LIMIT: '100000/60',
      ADMIN_AUTH_FAILURES: '100000/60',
      PASSWORD_HASH_COST: '12',
      ...env,
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  engine: Engine;
  /** Operator call with the admin token. */
  admin(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Merchant call with a key. */
  call(
    method: string,
    url: string,
    opts?: { key?: string; body?: unknown; ip?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** A new tenant with one account and a key of the given scopes. */
  tenant(scopes?: string[], allowedIps?: string[]): Promise<{ tenantId: string; accountId: string; key: string; keyId: string }>;
  /** A tenant-wide key of a tenant (its whole tenant: what only such a caller changes, like webhook settings). */
  wideKey(tenantId: string, scopes?: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database of the engine; the caller closes it. */
export async function startTestApp(
  engine: Engine,
  opts: { config?: Partial<Config>; env?: NodeJS.ProcessEnv; database?: Database; ctx?: Partial<AppContext> } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await freshDatabase(engine));
  const ctx: AppContext = { config: testConfig(opts.config, opts.env), database, db: database.db, ...opts.ctx };
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  let closed = false;
  const t: TestApp = {
    app,
    ctx,
    engine,
    async admin(method, url, body) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      return { status: res.statusCode, body: res.body ? safeJson(res.body) : undefined };
    },
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.key) headers['x-tenant-api-key'] = o.key;
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(o.ip ? { remoteAddress: o.ip } : {}),
        ...(o.body !== undefined ? { payload: typeof o.body === 'string' ? o.body : (o.body as object) } : {}),
      });
      return { status: res.statusCode, body: res.body ? safeJson(res.body) : undefined, headers: res.headers };
    },
    async tenant(scopes = ['*'], allowedIps) {
      const tenant = await createTenant(database.db, `Tenant ${randomBytes(3).toString('hex')}`);
      const key = await issueApiKey(database.db, {
        tenantId: tenant.id,
        accountId: tenant.accountId,
        scopes,
        allowedIps: allowedIps ?? null,
      });
      return { tenantId: tenant.id, accountId: tenant.accountId, key: key.key, keyId: key.id };
    },
    async wideKey(tenantId, scopes = ['*']) {
      return (await issueApiKey(database.db, { tenantId, accountId: null, scopes, allowedIps: null })).key;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (!opts.database) await database.close();
    },
  };
  return t;
}

/**
 * Call inside a suite: builds a test app before its tests and closes it after. Returns a getter
 * (the app exists only once the suite's before-hook has run).
 */
export function useTestApp(engine: Engine, opts: Parameters<typeof startTestApp>[1] = {}): () => TestApp {
  let t: TestApp | undefined;
  before(async () => {
    t = await startTestApp(engine, opts);
  });
  // The runner keeps every suite and its hooks to the process's end: without the reference dropped
  // here, each closed app (routes, schemas, its context) would stay on the heap that long too.
  after(async () => {
    await t?.close();
    t = undefined;
  });
  return () => {
    if (!t) throw new Error('test app not started yet');
    return t;
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Call inside a suite: a fresh migrated database for its tests, closed after. Returns a getter. */
export function useTestDatabase(engine: Engine): () => Database {
  let database: Database | undefined;
  before(async () => {
    database = await freshDatabase(engine);
  });
  after(async () => {
    await database?.close();
    database = undefined;
  });
  return () => {
    if (!database) throw new Error('test database not open yet');
    return database;
  };
}
