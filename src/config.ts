/** Service configuration, read once from the environment. Every variable is optional. */
import {
  ConfigError,
  adminToken,
  bool,
  cents,
  cidrList,
  fraction,
  int,
  optionalInt,
  rateLimit,
  setting,
  required,
  type RateLimitSetting,
} from './config/env.ts';
import {
  NETWORK_ENV_NAMES,
  bitcoinSettings,
  chainSettings,
  checkColdStorage,
  type ChainSettings,
  type NetworkEnvName,
} from './config/chains.ts';
import { retention, type Retention } from './config/retention.ts';
import { ratesSettings, type RateProviderName } from './config/rates.ts';
import { metricsSettings, type MetricsSettings } from './config/metrics.ts';
import { screeningSettings, type ScreeningSettings } from './config/screening.ts';
import { approvalSettings, type ApprovalSettings } from './config/approvals.ts';
import { subscriptionSettings, type SubscriptionSettings } from './config/subscriptions.ts';
import { emailSettings, type EmailSettings } from './config/email.ts';
import { signInSettings, type SignInSettings } from './config/sign-in.ts';
import { x402Settings, type X402Settings } from './config/x402.ts';
import { svmX402Settings, type SvmX402Settings } from './config/x402-svm.ts';

export { NETWORK_ENV_NAMES, type ChainSettings, type ColdStorage, type NetworkEnvName } from './config/chains.ts';

export { ConfigError, parseRateLimit, type RateLimitSetting } from './config/env.ts';
export { RATE_PROVIDER_NAMES, type RateProviderName } from './config/rates.ts';
export { publicMetrics, type MetricsSettings } from './config/metrics.ts';
export type { ScreeningSettings } from './config/screening.ts';
export type { X402NetworkSettings, X402Settings } from './config/x402.ts';
export type { EmailSettings, Mailbox } from './config/email.ts';

export type Role = 'api' | 'worker' | 'all';

/**
 * The mode of the whole installation, never of one network: `sandbox` simulates every
 * network with test money; `live` serves only the networks that are configured, with real money.
 */
export type Mode = 'sandbox' | 'live';

/** What one client may hold of the HTTP server: how long each phase may take and how many connections. */
export interface HttpLimits {
  /** Milliseconds a connection has to send its complete request headers (also a connection that sends nothing). */
  headersTimeoutMs: number;
  /** Milliseconds a connection has to send its complete request, headers and body. */
  requestTimeoutMs: number;
  /** Milliseconds an idle kept-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Milliseconds without a byte moving after which a connection is closed, unless its request is still being handled. */
  idleTimeoutMs: number;
  /** Open connections served in total; more are answered 503 exceptions.service.busy with Retry-After. */
  maxConnections: number;
  /** Open connections served per client address (per /64 for IPv6; trusted proxies exempt); more are answered 503 likewise. */
  maxConnectionsPerIp: number;
}

export interface Config extends SignInSettings {
  /** sandbox or live: derived from whether any network has an RPC URL, or stated by MODE. */
  mode: Mode;
  /** The networks this installation serves: all of them (simulated) in sandbox, the configured ones in live. */
  networks: NetworkEnvName[];
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  /** Milliseconds a start waits for a live process holding DATA_DIR to let go before it exits 2 (DATA_DIR_LOCK_WAIT_MS). */
  dataDirLockWaitMs: number;
  /** The embedded database's shared_buffers (PGLITE_SHARED_BUFFERS, default 8MB): resident for good once started; its files stay in the OS page cache besides. */
  pgliteSharedBuffers: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminToken?: string;
  role: Role;
  trustProxy?: string[];
  webhookAllowPrivate: boolean;
  rateLimit: RateLimitSetting;
  withdrawalQuoteTtlS: number;
  /** Seconds a conversion quote can be committed (CONVERT_QUOTE_TTL_S). */
  convertQuoteTtlS: number;
  /** The commission of every conversion, in US cents, taken inside its fromAmount (CONVERT_COMMISSION_USD). */
  convertCommissionUsdCents: bigint;
  webhookRetryBaseS: number;
  /** Milliseconds one webhook attempt may take, connect to last byte. */
  webhookTimeoutMs: number;
  sandboxConfirmations?: number;
  /** System default deposit commission rate as a decimal string (0.01 = 1 %). */
  depositCommission: string;
  /** Accounts a tenant may hold unless the operator sets its own maximum. */
  defaultMaxAccounts: number;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Seconds between network-fee refreshes, and the age after which a fee quote counts as missing. */
  feeRefreshS: number;
  feeMaxAgeS: number;
  /** Seconds between exchange-rate refreshes, and the age after which a rate is refused as stale. */
  rateRefreshS: number;
  rateMaxAgeS: number;
  /** Where prices come from: the sandbox's fixed table alone, or public APIs checked against each other. */
  ratesProviders: RateProviderName[];
  /** Largest spread between fresh sources of one asset, relative to the lowest (0.01 = 1 %). */
  ratesMaxDivergence: string;
  /** Fresh sources that must price an asset before it is quoted (2 by default in live mode, 1 in sandbox). */
  ratesMinSources: number;
  /** Largest move from an asset's last accepted price one source alone may make (RATES_MAX_JUMP, 0.2 = 20 %). */
  ratesMaxJump: string;
  /** How far a stablecoin may trade from its peg before conversions with it are refused (STABLECOIN_DEPEG_BAND). */
  stablecoinDepegBand: string;
  /** Kraken's API origin (RATES_KRAKEN_URL); `ratesUrl` is Coinbase's. */
  ratesKrakenUrl?: string;
  /** Minutes a deposit address is watched for its top-up (the deposit's expiresAt). */
  depositWindowMin: number;
  /** Minutes an invoice stays payable when the merchant does not say, and the most it may ask for. */
  invoiceExpiryMin: number;
  invoiceMaxExpiryMin: number;
  /**
   * Share of an invoice's crypto amount the customer may fall short by and still count as paid
   * (decimal string, 0.005 = 0.5 %; default 0: any shortfall is partially_paid).
   */
  underpaymentTolerance: string;
  /** Milliseconds between watcher rounds of each network. */
  watchIntervalMs: number;
  /** Seconds Bitcoin withdrawals wait to share one transaction (`BTC_BATCH_WINDOW_S`; 0: each paid alone). */
  btcBatchWindowS: number;
  ratesUrl?: string;
  /** x402 facilitator: its networks, each with its RPC (absent: a local devnet in the sandbox), fee payer, accepted assets and limits. */
  x402: X402Settings;
  /** x402 on Solana (`SOLANA_X402_*`); null: none. */
  x402Svm: SvmX402Settings | null;
  logLevel: string;
  chains: Record<NetworkEnvName, ChainSettings>;
  /** What `BTC_RPC_URL` points at: an Esplora REST API (default) or Bitcoin Core's JSON-RPC. */
  btcBackend: 'esplora' | 'core';
  /** Timeouts and connection caps of the HTTP server. */
  http: HttpLimits;
  /** Days kept of what only grows; money history is never pruned. */
  retention: Retention;
  /** Who may scrape /metrics and where (METRICS_TOKEN, METRICS_HOST, METRICS_PORT). */
  metrics: MetricsSettings;
  /** Destination screening before a withdrawal is quoted and signed (SCREENING_*). */
  screening: ScreeningSettings;
  /** Operator approval of large withdrawals, and how long approval may take. */
  withdrawalApproval: ApprovalSettings;
  /** SMTP and the sender; null (no SMTP_URL): no mail is sent. */
  email: EmailSettings | null;
  /** Subscription billing: invoice lead time, grace, dunning, portal links (SUBSCRIPTION_*). */
  subscriptions: SubscriptionSettings;
}

/**
 * The installation's mode from its networks, checked against MODE when that is set: a contradiction
 * refuses to start with a one-line reason rather than guessing which of the two the operator meant.
 */
function resolveMode(env: NodeJS.ProcessEnv, chains: Record<NetworkEnvName, ChainSettings>): { mode: Mode; networks: NetworkEnvName[] } {
  const configured = NETWORK_ENV_NAMES.filter((net) => chains[net].rpcUrl);
  checkColdStorage(chains, configured);
  const stated = setting(env, 'MODE');
  if (stated !== undefined && stated !== 'sandbox' && stated !== 'live')
    throw new ConfigError(`MODE must be sandbox or live, got "${stated}"`);
  if (stated === 'sandbox' && configured.length > 0) {
    throw new ConfigError(
      `MODE=sandbox contradicts ${configured.map((n) => `${n}_RPC_URL`).join(', ')}: sandbox simulates every network; unset the RPC URLs or set MODE=live`,
    );
  }
  if (stated === 'live' && configured.length === 0) {
    throw new ConfigError(
      'MODE=live needs at least one network: set its NET_RPC_URL and NET_XPUB (e.g. ETHEREUM_RPC_URL and ETHEREUM_XPUB)',
    );
  }
  if (configured.length === 0) return { mode: 'sandbox', networks: [...NETWORK_ENV_NAMES] };
  // A live network hands out addresses of its own account key: without one, money paid to them
  // could never be moved by anybody.
  const keyless = configured.filter((net) => !chains[net].xpub);
  if (keyless.length > 0) {
    throw new ConfigError(
      `${keyless.map((n) => `${n}_RPC_URL`).join(', ')} set without ${keyless.map((n) => `${n}_XPUB`).join(', ')}: a live network needs the account's extended public key for its deposit addresses`,
    );
  }
  return { mode: 'live', networks: configured };
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const limits: HttpLimits = {
    headersTimeoutMs: int(env, 'HTTP_HEADERS_TIMEOUT_MS', 100),
    requestTimeoutMs: int(env, 'HTTP_REQUEST_TIMEOUT_MS', 100),
    keepAliveTimeoutMs: int(env, 'HTTP_KEEPALIVE_TIMEOUT_MS', 100),
    idleTimeoutMs: int(env, 'HTTP_IDLE_TIMEOUT_MS', 100),
    maxConnections: int(env, 'HTTP_MAX_CONNECTIONS', 1),
    // A merchant backend's pool of 100-200 connections (one per parallel request), with room for
    // the kept-alive ones of its last burst that it has not closed yet.
    maxConnectionsPerIp: int(env, 'HTTP_MAX_CONNECTIONS_PER_IP', 1),
  };
  // Node refuses a headers timeout longer than the request timeout: the headers are part of the request.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  return limits;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT');
  const host = required(env, 'HOST');
  const role = setting(env, 'ROLE') as Role;
  if (!['api', 'worker', 'all'].includes(role)) throw new ConfigError(`ROLE must be api, worker or all, got "${role}"`);
  const commission = required(env, 'DEPOSIT_COMMISSION');
  if (!/^(0(\.\d{1,6})?|1(\.0+)?)$/.test(commission)) {
    throw new ConfigError('DEPOSIT_COMMISSION must be a decimal rate between 0 and 1 with at most 6 decimals');
  }
  const chains = chainSettings(env);
  const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const { mode, networks } = resolveMode(env, chains);
  return {
    mode,
    networks,
    port,
    host,
    publicBaseUrl: (setting(env, 'PUBLIC_BASE_URL') ?? `http://${publicHost}:${port}`).replace(/\/+$/, ''),
    ...embeddedDatabase(env),
    databaseUrl: setting(env, 'DATABASE_URL'),
    redisUrl: setting(env, 'REDIS_URL'),
    adminToken: adminToken(setting(env, 'ADMIN_TOKEN')),
    role,
    trustProxy: setting(env, 'TRUST_PROXY') ? cidrList('TRUST_PROXY', required(env, 'TRUST_PROXY')) : undefined,
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE'),
    rateLimit: rateLimit(env, 'RATE_LIMIT'),
    withdrawalQuoteTtlS: int(env, 'WITHDRAWAL_QUOTE_TTL_S', 1),
    convertQuoteTtlS: int(env, 'CONVERT_QUOTE_TTL_S', 1),
    convertCommissionUsdCents: cents(env, 'CONVERT_COMMISSION_USD'),
    webhookRetryBaseS: int(env, 'WEBHOOK_RETRY_BASE_S', 1),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 100),
    sandboxConfirmations: optionalInt(env, 'SANDBOX_CONFIRMATIONS'),
    depositCommission: commission,
    defaultMaxAccounts: int(env, 'DEFAULT_MAX_ACCOUNTS', 1),
    bodyLimit: int(env, 'BODY_LIMIT', 1024),
    feeRefreshS: int(env, 'FEE_REFRESH_S', 1),
    feeMaxAgeS: int(env, 'FEE_MAX_AGE_S', 1),
    rateRefreshS: int(env, 'RATE_REFRESH_S', 1),
    rateMaxAgeS: int(env, 'RATE_MAX_AGE_S', 1),
    ...ratesSettings(env, mode),
    depositWindowMin: int(env, 'DEPOSIT_WINDOW_MIN', 1),
    invoiceExpiryMin: int(env, 'INVOICE_EXPIRY_MIN', 15),
    invoiceMaxExpiryMin: int(env, 'INVOICE_MAX_EXPIRY_MIN', 15),
    underpaymentTolerance: fraction(env, 'INVOICE_UNDERPAYMENT_TOLERANCE'),
    watchIntervalMs: int(env, 'WATCH_INTERVAL_MS', 50),
    logLevel: required(env, 'LOG_LEVEL'),
    ...x402Networks(env),
    chains,
    ...bitcoinSettings(env),
    http: httpLimits(env),
    ...signInSettings(env),
    retention: retention(env),
    metrics: metricsSettings(env, port),
    ...governance(env, mode),
    subscriptions: subscriptionSettings(env),
    email: emailSettings(env, setting(env, 'PUBLIC_BASE_URL') ?? `http://${publicHost}`),
  };
}

/** x402's networks: the EVM ones (`X402_*`) and Solana's (`SOLANA_X402_*`). */
function x402Networks(env: NodeJS.ProcessEnv): Pick<Config, 'x402' | 'x402Svm'> {
  return { x402: x402Settings(env), x402Svm: svmX402Settings(env) };
}

/** The embedded database's settings: its directory, the wait for the directory's lock, its buffers. */
function embeddedDatabase(env: NodeJS.ProcessEnv): Pick<Config, 'dataDir' | 'dataDirLockWaitMs' | 'pgliteSharedBuffers'> {
  return {
    dataDir: required(env, 'DATA_DIR'),
    dataDirLockWaitMs: int(env, 'DATA_DIR_LOCK_WAIT_MS'),
    pgliteSharedBuffers: memorySize('PGLITE_SHARED_BUFFERS', required(env, 'PGLITE_SHARED_BUFFERS')),
  };
}

/** A PostgreSQL memory setting: a whole number of kB, MB or GB. */
function memorySize(name: string, value: string): string {
  if (!/^[1-9]\d{0,6}(kB|MB|GB)$/.test(value)) throw new ConfigError(`${name} must be a size such as 16MB (kB, MB or GB)`);
  return value;
}

/** What stands between a credential and the money, installation-wide: screening and operator approval. */
function governance(env: NodeJS.ProcessEnv, mode: Mode): Pick<Config, 'screening' | 'withdrawalApproval'> {
  return { screening: screeningSettings(env, mode), withdrawalApproval: approvalSettings(env) };
}
