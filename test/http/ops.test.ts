import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { it } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { buildApp } from '../../src/app.ts';
import {
  ADMIN_TOKEN,
  METRICS_AUTH,
  METRICS_TOKEN,
  describeEngines,
  freshDatabase,
  startTestApp,
  liveNetworkEnv,
  testConfig,
  useTestApp,
} from '../helpers/harness.ts';

describeEngines('operability', (engine) => {
  const app = useTestApp(engine);

  it('publishes a valid OpenAPI 3.1 document covering every route, with the API-key scheme', async () => {
    const t = app();
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(structuredClone(doc));
    assert.ok(result.valid, JSON.stringify(result, null, 2).slice(0, 2000));
    assert.deepEqual(doc.components.securitySchemes.tenantApiKey, { type: 'apiKey', in: 'header', name: 'x-tenant-api-key' });
    const expected = [
      'get /v1/accounts',
      'post /v1/accounts',
      'get /v1/currencies',
      'get /v1/currencies/fiat',
      'get /v1/address-provision',
      'post /v1/address-provision',
      'post /v1/webhooks/deposit.statusChanged',
      'post /v1/webhooks/withdrawal.statusChanged',
      'post /admin/tenants',
      'get /admin/tenants/{id}',
      'patch /admin/tenants/{id}',
      'post /admin/tenants/{id}/webhook-secret',
      'post /admin/api-keys',
      'delete /admin/api-keys/{id}',
      'post /admin/customers/block',
      'put /admin/sandbox/network-fees',
    ];
    const present = Object.entries<any>(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    for (const op of expected) assert.ok(present.includes(op), `${op} missing from /openapi.json`);
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(item)) {
        if (p.startsWith('/v1/')) assert.deepEqual(op.security, [{ tenantApiKey: [] }, { session: [] }], `${m} ${p}`);
        if (p.startsWith('/admin/')) assert.deepEqual(op.security, [{ adminToken: [] }], `${m} ${p}`);
        if (p.startsWith('/v1/')) assert.ok(op.responses['401'] && op.responses['429'], `${m} ${p} documents its errors`);
      }
    }
  });

  it('serves the reference UI without any other host', async () => {
    const t = app();
    let res = await t.app.inject({ method: 'GET', url: '/docs' });
    for (let i = 0; i < 3 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      const next = new URL(String(res.headers.location), 'http://gateway.test/docs/').pathname;
      res = await t.app.inject({ method: 'GET', url: next });
    }
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    const foreign = [...res.body.matchAll(/(?:src|href)=["'](https?:)?\/\/([^/"']+)/g)].map((m) => m[2]);
    assert.deepEqual(foreign, [], 'no asset from another host');
    const scripts = [...res.body.matchAll(/src=["']([^"']+\.js)["']/g)].map((m) => m[1]!);
    assert.ok(scripts.length > 0);
    for (const src of scripts) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(src, 'http://gateway.test/docs/static/').pathname });
      assert.equal(asset.statusCode, 200, src);
    }
  });

  it('answers health and readiness, and exports Prometheus metrics by route and status', async () => {
    const t = app();
    assert.deepEqual((await t.call('GET', '/healthz')).body, { status: 'ok', mode: 'sandbox' });
    const ready = await t.call('GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.database, engine);
    const { key } = await t.tenant(['accounts.list']);
    await t.call('GET', '/v1/accounts', { key });
    await t.call('GET', '/v1/accounts');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.match(String(metrics.headers['content-type']), /text\/plain/);
    assert.match(metrics.body, /http_requests_total\{method="GET",route="\/v1\/accounts",status="200"\} \d+/);
    assert.match(metrics.body, /http_requests_total\{method="GET",route="\/v1\/accounts",status="401"\} \d+/);
    assert.match(metrics.body, /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/accounts",status="200"\}/);
    assert.match(metrics.body, /^outbox_pending_events \d+$/m);
    assert.match(metrics.body, /^outbox_oldest_pending_age_seconds [\d.]+$/m);
    assert.match(metrics.body, /# TYPE chain_scanned_height gauge/);
    assert.match(metrics.body, /# TYPE payments_unconfirmed gauge/);
  });

  it('reports not ready once the database is gone', async () => {
    const database = await freshDatabase(engine);
    const t = await startTestApp(engine, { database });
    try {
      await database.close();
      const res = await t.call('GET', '/readyz');
      assert.equal(res.status, 503);
      assert.equal(res.body.code, 'exceptions.service.unavailable');
      assert.equal((await t.call('GET', '/healthz')).status, 200);
    } finally {
      await t.app.close();
    }
  });

  it('keeps address provisioning disabled, after the auth and scope checks', async () => {
    const t = app();
    const scoped = await t.tenant(['addressProvision.list', 'addressProvision.create']);
    const other = await t.tenant(['deposits.create']);
    for (const method of ['GET', 'POST']) {
      assert.equal((await t.call(method, '/v1/address-provision')).status, 401);
      const forbidden = await t.call(method, '/v1/address-provision', { key: other.key, body: method === 'POST' ? {} : undefined });
      assert.equal(forbidden.status, 403);
      assert.equal(forbidden.body.code, 'exceptions.auth.insufficientScope');
      const disabled = await t.call(method, '/v1/address-provision', { key: scoped.key, body: method === 'POST' ? {} : undefined });
      assert.equal(disabled.status, 503);
      assert.equal(disabled.body.code, 'exceptions.addressProvision.temporarilyDisabled');
    }
  });

  it('validates and acknowledges the webhook reference payloads', async () => {
    const t = app();
    const deposits = await t.tenant(['deposits.list']);
    const withdrawals = await t.tenant(['withdrawals.list']);
    const now = new Date().toISOString();
    const deposit = {
      event: 'deposit.statusChanged',
      timestamp: now,
      data: {
        id: '6b0c1a3e-52a1-4a5c-9d0e-0f5d2b7c9e11',
        accountId: '0b7f3f5e-1c1d-4e0a-8d63-0d7d0c1d2e3f',
        orderId: 'top-up-1',
        status: 'completed',
        previousStatus: 'processing',
        cryptoCurrencyCode: 'USDT_TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
        depositTransactionHash: 'abc',
        actuallyReceivedAmount: 10,
        actuallyReceivedAmountUsd: 10,
      },
    };
    const ok = await t.call('POST', '/v1/webhooks/deposit.statusChanged', { key: deposits.key, body: deposit });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { data: { acknowledged: true } });
    const bad = await t.call('POST', '/v1/webhooks/deposit.statusChanged', {
      key: deposits.key,
      body: { ...deposit, data: { ...deposit.data, status: 'teleported' } },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'exceptions.validation.failed');
    assert.equal((await t.call('POST', '/v1/webhooks/deposit.statusChanged', { key: withdrawals.key, body: deposit })).status, 403);

    const withdrawal = {
      event: 'withdrawal.statusChanged',
      timestamp: now,
      data: {
        id: 'w-1',
        orderId: 'payout-1',
        accountId: '0b7f3f5e-1c1d-4e0a-8d63-0d7d0c1d2e3f',
        cryptoCurrencyCode: 'BTC',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        transactionHash: null,
        amount: 0.01,
        amountUsd: 600,
        status: 'processing',
        previousStatus: 'created',
        feeAmount: 0.0001,
        feeAmountUsd: 6,
        debitedAmount: 0.0101,
        createdAt: now,
        updatedAt: now,
        quoteId: null,
        transferId: null,
      },
    };
    assert.equal((await t.call('POST', '/v1/webhooks/withdrawal.statusChanged', { key: withdrawals.key, body: withdrawal })).status, 200);
    const { previousStatus: _dropped, ...incomplete } = withdrawal.data;
    const missing = await t.call('POST', '/v1/webhooks/withdrawal.statusChanged', {
      key: withdrawals.key,
      body: { ...withdrawal, data: incomplete },
    });
    assert.equal(missing.status, 400);
  });

  it('logs JSON lines with the request id and never a key, token or hot-wallet key', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase(engine);
    const hotKey = `0x${'cd'.repeat(32)}`;
    const ctx = {
      config: testConfig({}, { BASE_HOT_WALLET_KEY: hotKey, ...liveNetworkEnv('BASE', 'http://127.0.0.1:1'), METRICS_TOKEN }),
      database,
      db: database.db,
    };
    const logged = await buildApp(ctx, { logger: { level: 'info', stream } });
    try {
      const t = await startTestApp(engine, { database });
      const { key } = await t.tenant(['*']);
      await t.close();
      await logged.inject({ method: 'GET', url: '/v1/accounts', headers: { 'x-tenant-api-key': key, 'x-request-id': 'trace-77' } });
      await logged.inject({
        method: 'GET',
        url: '/admin/tenants/00000000-0000-4000-8000-000000000000',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const bodies = await Promise.all(
        ['/v1/currencies', '/v1/balances', '/openapi.json', '/metrics'].map(
          async (url) =>
            (await logged.inject({ method: 'GET', url, headers: url === '/metrics' ? METRICS_AUTH : { 'x-tenant-api-key': key } })).body,
        ),
      );
      assert.ok(
        bodies.every((b) => !b.includes(hotKey.slice(2))),
        'hot-wallet key in a response',
      );
      const all = lines.join('');
      assert.ok(!all.includes(hotKey.slice(2)), 'hot-wallet key in logs');
      assert.ok(
        lines.some((l) => JSON.parse(l).reqId === 'trace-77'),
        'request id in the log lines',
      );
      assert.ok(!all.includes(key), 'API key in logs');
      assert.ok(!all.includes(ADMIN_TOKEN), 'admin token in logs');
    } finally {
      await logged.close();
      await database.close();
    }
  });
});
