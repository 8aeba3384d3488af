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
