import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { configuredSecrets, loggablePath, loggableUrl } from '../../src/lib/http/log-redaction.ts';
import { generateApiKey } from '../../src/lib/auth/api-keys.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { freshDatabase, testConfig, testXpub } from '../helpers/harness.ts';

describe('secrets stay out of the logs', () => {
  it('redacts keys in RPC provider URLs and credentials in service URLs wherever a log line quotes them', async () => {
    const infuraKey = '0123456789abcdef0123456789abcdef';
    const alchemy = 'AbCdEfGhIjKlMnOpQrStUvWx-12';
    const env = {
      ETHEREUM_RPC_URL: `https://mainnet.infura.io/v3/${infuraKey}`,
      BASE_RPC_URL: `https://base-mainnet.g.alchemy.com/v2/${alchemy}`,
      TRON_RPC_URL: 'https://api.trongrid.io/?apikey=9f8e7d6c5b4a39281706f5e4d3c2b1a0',
      BTC_RPC_URL: 'http://gate:n0t-a-real-passw0rd@127.0.0.1:8332/',
      ...Object.fromEntries((['ETHEREUM', 'BASE', 'TRON', 'BTC'] as const).map((n) => [`${n}_XPUB`, testXpub(n)])),
    };
    const config = testConfig({}, env);
    const secrets = configuredSecrets(config);
    for (const s of [infuraKey, alchemy, '9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'n0t-a-real-passw0rd']) assert.ok(secrets.includes(s), s);
    assert.ok(!secrets.includes('v3') && !secrets.includes('mainnet.infura.io'), 'only key-like parts');

    let captured = '';
    const stream = new Writable({ write: (chunk, _enc, done) => ((captured += chunk.toString()), done()) });
    const database = await freshDatabase('pglite');
    const app = await buildApp({ config, database, db: database.db }, { logger: { level: 'info', stream } });
    try {
      const err = new Error(`HTTP request failed. URL: ${env.ETHEREUM_RPC_URL} Details: fetch failed`);
      app.log.error({ err, rpc: env.BASE_RPC_URL }, `watch-ETHEREUM round failed: ${env.TRON_RPC_URL} and ${env.BTC_RPC_URL}`);
      assert.match(captured, /\[redacted\]/);
      for (const s of [infuraKey, alchemy, '9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'n0t-a-real-passw0rd'])
        assert.ok(!captured.includes(s), `${s} leaked: ${captured}`);
      assert.match(captured, /mainnet\.infura\.io\/v3\/\[redacted\]/, 'the rest of the message stays readable');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('logs query values the API reads and redacts any other', () => {
    assert.equal(loggableUrl('/v1/invoice?id=abc&apiKey=cgk_secret&limit=5'), '/v1/invoice?id=abc&apiKey=[redacted]&limit=5');
    assert.equal(loggableUrl('/v1/invoice?orderId=cgk_looks_like_a_key'), '/v1/invoice?orderId=[redacted]');
  });

  it('redacts a key, an admin token or a 32-byte token pasted into the path or any query value, and keeps ids, hashes and addresses', () => {
    const key = generateApiKey();
    const admin = `cga_${randomBytes(32).toString('base64url')}`;
    const token = randomBytes(32).toString('base64url');
    assert.equal(loggableUrl(`/v1/x402/settlements/${key}`), '/v1/x402/settlements/[redacted]');
    assert.equal(loggableUrl(`/v1/${key}/invoice/list?page=2`), '/v1/[redacted]/invoice/list?page=2');
    assert.equal(loggableUrl(`/admin/tenants/${admin}`), '/admin/tenants/[redacted]');
    assert.equal(loggableUrl(`/auth/invite/${token}`), '/auth/invite/[redacted]');
    assert.equal(loggableUrl(`/v1/invoice/${encodeURIComponent(key).replace('_', '%5F')}`), '/v1/invoice/[redacted]', 'percent-encoded');
    assert.equal(loggableUrl(`/v1/invoice/CGK_${key.slice(4, 20)}`), '/v1/invoice/[redacted]', 'any case, cut short');
    assert.equal(loggableUrl(`/v1/invoice?id=${key}`), '/v1/invoice?id=[redacted]');
    assert.equal(loggableUrl(`/v1/invoice?orderId=${token}`), '/v1/invoice?orderId=[redacted]');
    assert.equal(loggableUrl(`/auth/invite?token=${token}`), '/auth/invite?token=[redacted]');
    const id = randomUUID();
    const hash = `0x${'ab'.repeat(32)}`;
    for (const path of [
      `/v1/x402/settlements/${id}`,
      `/v1/invoice?id=${id}&transaction=${hash}`,
      '/v1/invoice?payer=0x52908400098527886E0F7030069857D2E4169EE7',
      '/pay/inv_1/state',
      '/v1/invoice/list',
    ]) {
      assert.equal(loggableUrl(path), path);
    }
    assert.equal(loggablePath('/v1/currencies'), '/v1/currencies');
  });

  it('a key pasted into the URL never reaches the request log lines', async () => {
    let captured = '';
    const stream = new Writable({ write: (chunk, _enc, done) => ((captured += chunk.toString()), done()) });
    const database = await freshDatabase('pglite');
    const app = await buildApp({ config: testConfig(), database, db: database.db }, { logger: { level: 'info', stream } });
    try {
      const key = generateApiKey();
      const token = randomBytes(32).toString('base64url');
      for (const url of [`/v1/x402/settlements/${key}`, `/v1/${key}`, `/auth/invite?token=${token}`, `/dashboard/invite/${token}`]) {
        await app.inject({ method: 'GET', url, headers: { 'x-tenant-api-key': key } });
      }
      assert.match(captured, /\/v1\/x402\/settlements\/\[redacted\]/, 'the request is logged, its key redacted');
      assert.ok(!captured.includes(key) && !captured.includes(key.slice(4)), `the key leaked: ${captured}`);
      assert.ok(!captured.includes(token), `the token leaked: ${captured}`);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
