import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ModeMismatchError, bootstrapFirstStart, claimInstallationMode, formatFirstStart, modeLine } from './bootstrap.ts';
import { ConfigError, loadConfig, publicMetrics, type Config, type X402NetworkSettings } from './config.ts';
import { X402_CHAIN_IDS } from './config/x402.ts';
import { startMetricsListener } from './metrics.ts';
import type { AppContext } from './context.ts';
import { openDatabase, retryWhileUnreachable, type Database } from './lib/db/index.ts';
import { migrate } from './lib/db/migrate.ts';
import { DataDirLockedError } from './lib/db/data-dir-lock.ts';
import { startWorkers } from './worker.ts';
import { systemLookup } from './lib/http/urls.ts';
import { warmDashboard } from './modules/dashboard/routes.ts';
import { warmPayScripts } from './modules/pay/bundle.ts';
import { DEV_KEYS, anvilBinary, startDevnet, type Devnet } from './chains/evm/devnet.ts';
import { checkColdAddresses } from './chains/address-validation.ts';
import { connectX402, x402FromConfig, type X402Chain } from './chains/x402/chain.ts';
import { connectSvmX402 } from './chains/x402/svm.ts';
import { privateKeyToAccount } from 'viem/accounts';
import { join } from 'node:path';

/** The sandbox devnet's saved chain, in the embedded database's DATA_DIR. */
const DEVNET_STATE_FILE = '.devnet-state.json';

/** `npm start`: API, payment page and workers in one process (ROLE picks a subset). */
async function main(): Promise<void> {
  const startup = new StartupClock();
  const config = configOrExit();
  // The sandbox devnet (a process of its own) starts while the database opens and migrates.
  const network = x402Network(config);
  network.catch(() => {}); // its failure is thrown where it is awaited
  const database = await openDatabaseOrExit(config);
  startup.mark('database');
  await prepareDatabase(database, config);
  startup.mark('migrations');
  const redis = connectRedis(config);
  const { x402, devnets } = await network;
  // Solana's node must answer at start: its mints' decimals are read from it.
  const x402Solana = config.x402Svm ? await connectSvmX402(config.x402Svm) : undefined;
  startup.mark('devnet');
  // Default webhook URLs are looked up when set, so a typo is said at the field (modules/tenants/webhook-urls.ts).
  const ctx: AppContext = { config, database, db: database.db, redis, x402, x402Solana, lookupHost: systemLookup() };

  // The app is built before the first-start credentials are created: were it to fail (a bad
  // TRUST_PROXY, say), credentials created but never printed would be lost for good, since later
  // starts print nothing. Once created they are printed at once, before anything else can fail.
  const app = await buildApp(ctx);
  startup.mark('app');
  const first = await bootstrapFirstStart(ctx);
  if (first) process.stdout.write(`${formatFirstStart(first, config.publicBaseUrl, config.mode, config.networks)}\n`);
  app.log.info({ mode: config.mode, networks: config.networks }, modeLine(config.mode, config.networks));

  logDevnets(app, devnets);
  const metricsListener = await startMetrics(app, config);
  if (config.passwordHashCost < 15)
    app.log.warn(
      `PASSWORD_HASH_COST is ${config.passwordHashCost}: new dashboard passwords are hashed with less work than the default 15 asks`,
    );
  const workers = config.role === 'api' ? null : startWorkers(ctx, app.log);
  await listenOrReady(app, config, startup);

  const shutdown = gracefulShutdown(app, async () => {
    // Stop accepting at once while the workers finish their rounds; the database stays open
    // until both the in-flight requests and the workers are done.
    await Promise.all([workers?.stop(), app.close(), metricsListener?.close()]);
    redis?.disconnect();
    await Promise.all(devnets.map((d) => d.stop()));
    await database.close();
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** The shared rate limits' Redis, when configured; the rate limiter falls back to memory while it is away. */
function connectRedis(config: Config): Redis | undefined {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', () => {});
  return redis;
}

/** The sandbox devnets started, and how a wallet reaches them. */
function logDevnets(app: Awaited<ReturnType<typeof buildApp>>, devnets: readonly Devnet[]): void {
  for (const devnet of devnets) {
    app.log.info(
      {
        rpcUrl: devnet.rpcUrl,
        network: `eip155:${devnet.chainId}`,
        usdc: devnet.usdc,
        usdt: devnet.usdt,
        demoBuyer: privateKeyToAccount(DEV_KEYS.buyer).address,
      },
      'x402 sandbox: local devnet started (anvil) with test USDC and a funded demo buyer',
    );
  }
}

/** Listens for HTTP (then warms the browser bundles), or in the worker role only readies the app. */
async function listenOrReady(app: Awaited<ReturnType<typeof buildApp>>, config: Config, startup: StartupClock): Promise<void> {
  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ startupMs: startup.mark('listening') }, 'started');
    warmDashboard(app.log);
    warmPayScripts(app.log);
  } else {
    await app.ready();
    app.log.info('worker role: background jobs only, no HTTP listener');
  }
}

/**
 * Migrates the database (waiting while it is unreachable: a gateway started before its database
 * waits) and checks it belongs to an installation of this mode, or exits with code 2.
 */
async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await retryWhileUnreachable(
    () => migrate(database.db),
    (err) =>
      console.error(`waiting for the database: ${(err as Error).message || (err as { code?: string }).code} (retrying until it answers)`),
  );
  try {
    await claimInstallationMode(database.db, config.mode);
  } catch (err) {
    if (err instanceof ModeMismatchError) {
      console.error(`configuration error: ${err.message}`);
      await database.close();
      process.exit(2);
    }
    throw err;
  }
}

/** The database, or exit code 2 with one line when another process holds the embedded one's DATA_DIR. */
async function openDatabaseOrExit(config: Config) {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sharedBuffers: config.pgliteSharedBuffers,
      lockWaitMs: config.dataDirLockWaitMs,
      onLockWait: (holder, waitMs) =>
        console.error(`DATA_DIR ${config.dataDir} is in use by process ${holder.pid}; waiting up to ${waitMs / 1000} s for it to exit`),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
}

/** The configuration, or exit code 2 with the reason when it is wrong. */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    checkColdAddresses(config.chains);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
}

/**
 * x402: the configured networks, and (sandbox, API roles) for each test network (Sepolia, BSC testnet,
 * Base Sepolia) without an RPC a local devnet of its chain id with test USDC (on BNB Smart Chain also
 * a Permit2-only test USDT). A live installation never starts a devnet: a network without its RPC
 * has no facilitator.
 */
async function x402Network(config: Config): Promise<{ x402: X402Chain[]; devnets: Devnet[] }> {
  const x402 = await x402FromConfig(config);
  const sandbox = config.mode === 'sandbox' && config.role !== 'worker' && anvilBinary() !== null;
  // Only a test network's chain id gets a devnet: a main network without its RPC stays off, as
  // a devnet answering for a real chain's id would be taken for it.
  const missing = sandbox
    ? config.x402.networks.filter((n) => !n.rpcUrl && n.env !== undefined && X402_CHAIN_IDS[n.env][1] === n.chainId)
    : [];
  const started = await Promise.all(missing.map((n) => sandboxDevnet(config, n)));
  return { x402: [...x402, ...started.map((s) => s.chain)], devnets: started.map((s) => s.devnet) };
}

/** One x402 network's sandbox devnet and its chain, paid for by anvil's development fee payer. */
async function sandboxDevnet(config: Config, n: X402NetworkSettings): Promise<{ devnet: Devnet; chain: X402Chain }> {
  // With the embedded database on disk the chain is kept beside it: a restart finds its contracts
  // and payments as they were (one process per DATA_DIR). Instances sharing PostgreSQL keep none,
  // and neither does an in-memory database (memory://), whose payments are gone at exit anyway.
  const kept = !config.databaseUrl && !config.dataDir.startsWith('memory://');
  // Base Sepolia's keeps the name it always had, so an existing sandbox keeps its chain.
  const file = n.chainId === 84532 ? DEVNET_STATE_FILE : `.devnet-state-${n.chainId}.json`;
  const usdt = n.env === 'BNB';
  const devnet = await startDevnet({ chainId: n.chainId, blockTimeS: 2, statePath: kept ? join(config.dataDir, file) : undefined, usdt });
  const assets = [devnet.usdc, ...(devnet.usdt ? [devnet.usdt] : [])];
  return { devnet, chain: await connectX402({ network: n.network, rpcUrl: devnet.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets }) };
}

/**
 * The metrics' own listener when METRICS_PORT is set (every role: a worker has metrics too, and no
 * other listener); says once when a live installation serves /metrics nowhere.
 */
async function startMetrics(app: Awaited<ReturnType<typeof buildApp>>, config: Config) {
  const { port, host } = config.metrics;
  if (port !== undefined) {
    const listener = await startMetricsListener({ ...config.metrics, port }, app.metrics.registry);
    app.log.info({ url: listener.url, token: config.metrics.token !== undefined }, 'metrics: served on their own listener only');
    return listener;
  }
  if (publicMetrics(config.mode, config.metrics) === 'off') {
    app.log.warn(
      `metrics: GET /metrics is off in a live installation until METRICS_TOKEN (a bearer token for the scrape) or METRICS_PORT (a listener of its own, on METRICS_HOST, default ${host}) is set`,
    );
  }
  return undefined;
}

/** Milliseconds since the process started at each step of start-up (logged once it listens). */
class StartupClock {
  private readonly steps: Record<string, number> = { loaded: Math.round(performance.now()) };
  mark(step: string): Record<string, number> {
    this.steps[step] = Math.round(performance.now());
    return this.steps;
  }
}

/** SIGTERM/SIGINT: `stop` once, within 25 s, then exit. */
function gracefulShutdown(app: { log: { info: (o: object, m: string) => void; error: (m: string) => void } }, stop: () => Promise<void>) {
  let stopping = false;
  return async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
