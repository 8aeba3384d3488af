import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.publicBaseUrl, 'http://127.0.0.1:8080');
    assert.equal(c.invoiceExpiryMin, 60);
    assert.equal(c.invoiceMaxExpiryMin, 43200);
    assert.equal(c.dataDirLockWaitMs, 5000);
    assert.equal(loadConfig({ DATA_DIR_LOCK_WAIT_MS: '0' }).dataDirLockWaitMs, 0);
    assert.equal(c.underpaymentTolerance, '0');
    assert.equal(c.trustProxy, undefined);
    assert.deepEqual(c.http, {
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
      maxConnections: 10_000,
      maxConnectionsPerIp: 256,
    });
    assert.deepEqual(c.adminAuthFailures, { points: 10, seconds: 900 });
    assert.equal(c.passwordHashCost, 15);
  });

  it('bounds the password work factor', () => {
    assert.equal(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost, 12);
    for (const bad of ['11', '21', '15.5', 'high']) assert.throws(() => loadConfig({ PASSWORD_HASH_COST: bad }), ConfigError, bad);
  });

  it('reads the HTTP limits and the admin failure budget', () => {
    const c = loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '20000',
      HTTP_KEEPALIVE_TIMEOUT_MS: '65000',
      HTTP_IDLE_TIMEOUT_MS: '15000',
      HTTP_MAX_CONNECTIONS: '500',
      HTTP_MAX_CONNECTIONS_PER_IP: '20',
      ADMIN_AUTH_FAILURES: '5/3600',
    });
    assert.deepEqual(c.http, {
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 15_000,
      maxConnections: 500,
      maxConnectionsPerIp: 20,
    });
    assert.deepEqual(c.adminAuthFailures, { points: 5, seconds: 3600 });
  });

  it('refuses an ADMIN_TOKEN under 32 characters, without quoting it', () => {
    const short = 'a-guessable-token-of-31-chars!!';
    assert.equal(short.length, 31);
    assert.throws(
      () => loadConfig({ ADMIN_TOKEN: short }),
      (err: unknown) =>
        err instanceof ConfigError && /ADMIN_TOKEN must be at least 32 characters/.test(err.message) && !err.message.includes(short),
    );
    assert.equal(loadConfig({ ADMIN_TOKEN: `${short}x` }).adminToken, `${short}x`);
    assert.equal(loadConfig({ ADMIN_TOKEN: '' }).adminToken, undefined, 'unset: one is generated');
  });

  it('refuses a header deadline longer than the request deadline', () => {
    assert.throws(
      () => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' }),
      (err: unknown) => err instanceof ConfigError && /HTTP_HEADERS_TIMEOUT_MS/.test(err.message),
    );
  });

  it('reads valid values', () => {
    const c = loadConfig({
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32',
      INVOICE_UNDERPAYMENT_TOLERANCE: '0.005',
      INVOICE_MAX_EXPIRY_MIN: '1440',
    });
    assert.deepEqual(c.trustProxy, ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32']);
    assert.equal(c.underpaymentTolerance, '0.005');
    assert.equal(c.invoiceMaxExpiryMin, 1440);
  });

  it('refuses malformed values with a ConfigError that names the variable', () => {
    const cases: Record<string, string> = {
      TRUST_PROXY: '10.0.0.0/33',
      INVOICE_UNDERPAYMENT_TOLERANCE: '1.5',
      INVOICE_EXPIRY_MIN: '5',
      PORT: 'eighty',
      ROLE: 'boss',
      RATE_LIMIT: '10 per minute',
      DEPOSIT_COMMISSION: '2',
      WEBHOOK_ALLOW_PRIVATE: 'maybe',
      RATES_PROVIDER: 'oracle',
      HTTP_HEADERS_TIMEOUT_MS: 'soon',
      HTTP_REQUEST_TIMEOUT_MS: '50',
      HTTP_KEEPALIVE_TIMEOUT_MS: '-1',
      HTTP_IDLE_TIMEOUT_MS: '1.5',
      HTTP_MAX_CONNECTIONS: '0',
      HTTP_MAX_CONNECTIONS_PER_IP: 'many',
      DATA_DIR_LOCK_WAIT_MS: '5s',
      ADMIN_AUTH_FAILURES: '10',
    };
    for (const [name, value] of Object.entries(cases)) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (err: unknown) => err instanceof ConfigError && err.message.includes(name),
        name,
      );
    }
    assert.throws(() => loadConfig({ TRUST_PROXY: 'proxy.internal' }), ConfigError);
  });

  it('reads the rate sources and how they are combined', () => {
    const d = loadConfig({});
    assert.deepEqual(
      [d.ratesProviders, d.ratesMaxDivergence, d.ratesMinSources, d.ratesUrl, d.ratesKrakenUrl],
      [['sandbox'], '0.01', 1, undefined, undefined],
    );
    const c = loadConfig({
      RATES_PROVIDER: 'coinbase, kraken',
      RATES_URL: 'http://127.0.0.1:9001/',
      RATES_KRAKEN_URL: 'https://kraken.internal:8443',
      RATES_MAX_DIVERGENCE: '0.005',
      RATES_MIN_SOURCES: '2',
    });
    assert.deepEqual(c.ratesProviders, ['coinbase', 'kraken']);
    assert.equal(c.ratesUrl, 'http://127.0.0.1:9001');
    assert.equal(c.ratesKrakenUrl, 'https://kraken.internal:8443');
    assert.equal(c.ratesMaxDivergence, '0.005');
    assert.equal(c.ratesMinSources, 2);
    assert.deepEqual(loadConfig({ RATES_PROVIDER: 'kraken' }).ratesProviders, ['kraken']);
  });

  it('refuses rate settings that would mix the sandbox table with markets or could never be met', () => {
    const cases: [string, NodeJS.ProcessEnv][] = [
      ['RATES_PROVIDER', { RATES_PROVIDER: 'sandbox,coinbase' }],
      ['RATES_PROVIDER', { RATES_PROVIDER: 'kraken,sandbox' }],
      ['RATES_PROVIDER', { RATES_PROVIDER: 'coinbase,coinbase' }],
      ['RATES_PROVIDER', { RATES_PROVIDER: 'coinbase,binance' }],
      ['RATES_PROVIDER', { RATES_PROVIDER: ' , ' }],
      ['RATES_MIN_SOURCES', { RATES_PROVIDER: 'coinbase,kraken', RATES_MIN_SOURCES: '3' }],
      ['RATES_MIN_SOURCES', { RATES_MIN_SOURCES: '0' }],
      ['RATES_MAX_DIVERGENCE', { RATES_MAX_DIVERGENCE: '1.5' }],
      ['RATES_MAX_DIVERGENCE', { RATES_MAX_DIVERGENCE: '-0.01' }],
      ['RATES_KRAKEN_URL', { RATES_KRAKEN_URL: 'ftp://kraken.internal' }],
      ['RATES_URL', { RATES_URL: 'not a url' }],
    ];
    for (const [name, env] of cases) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.message.includes(name),
        JSON.stringify(env),
      );
    }
  });

  it('reads a hot-wallet key from a mounted file, and says which one it cannot read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-key-'));
    try {
      const file = join(dir, 'base.key');
      writeFileSync(file, `0x${'ab'.repeat(32)}\n`, { mode: 0o600 });
      assert.equal(loadConfig({ BASE_HOT_WALLET_KEY_FILE: file }).chains.BASE.hotWalletKey, `0x${'ab'.repeat(32)}`);
      assert.equal(loadConfig({ BASE_HOT_WALLET_KEY: '0x01' }).chains.BASE.hotWalletKey, '0x01');
      assert.throws(
        () => loadConfig({ BASE_HOT_WALLET_KEY_FILE: join(dir, 'missing') }),
        (err: unknown) => err instanceof ConfigError && /BASE_HOT_WALLET_KEY_FILE/.test(err.message) && !/ab{4}/.test(err.message),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
