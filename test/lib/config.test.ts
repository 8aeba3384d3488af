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
    assert.equal(c.underpaymentTolerance, '0');
    assert.equal(c.trustProxy, undefined);
  });

  it('reads valid values', () => {
    const c = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32', INVOICE_UNDERPAYMENT_TOLERANCE: '0.005', INVOICE_MAX_EXPIRY_MIN: '1440' });
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
    };
    for (const [name, value] of Object.entries(cases)) {
      assert.throws(() => loadConfig({ [name]: value }), (err: unknown) => err instanceof ConfigError && err.message.includes(name), name);
    }
    assert.throws(() => loadConfig({ TRUST_PROXY: 'proxy.internal' }), ConfigError);
  });

  it('reads the rate sources and how they are combined', () => {
    const d = loadConfig({});
    assert.deepEqual([d.ratesProviders, d.ratesMaxDivergence, d.ratesMinSources, d.ratesUrl, d.ratesKrakenUrl], [['sandbox'], '0.01', 1, undefined, undefined]);
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
      assert.throws(() => loadConfig(env), (err: unknown) => err instanceof ConfigError && err.message.includes(name), JSON.stringify(env));
    }
  });

  it('reads a hot-wallet key from a mounted file, and says which one it cannot read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-key-'));
    try {
      const file = join(dir, 'base.key');
      writeFileSync(file, `0x${'ab'.repeat(32)}\n`, { mode: 0o600 });
      assert.equal(loadConfig({ BASE_HOT_WALLET_KEY_FILE: file }).chains.BASE.hotWalletKey, `0x${'ab'.repeat(32)}`);
      assert.equal(loadConfig({ BASE_HOT_WALLET_KEY: '0x01' }).chains.BASE.hotWalletKey, '0x01');
      assert.throws(() => loadConfig({ BASE_HOT_WALLET_KEY_FILE: join(dir, 'missing') }), (err: unknown) => err instanceof ConfigError && /BASE_HOT_WALLET_KEY_FILE/.test(err.message) && !/ab{4}/.test(err.message));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
