/**
 * Who may read /metrics (custody and liabilities per currency, backlogs, balances of the fee
 * payer): in a live installation only a scrape with METRICS_TOKEN, or the metrics' own listener on
 * METRICS_HOST:METRICS_PORT; the sandbox stays open unless a token or a port is set. /metrics was
 * open to anyone on the public port, live or not.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startMetricsListener } from '../../src/metrics.ts';
import { freePort } from '../../src/lib/net.ts';
import { ADMIN_TOKEN, describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { startGateway } from '../helpers/processes.ts';

const TOKEN = 'metrics-token-' + 'm'.repeat(32);

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describeEngines('/metrics on the public port', (engine) => {
  const sandbox = useTestApp(engine);
  const live = useTestApp(engine, { config: { mode: 'live' } });
  const liveWithToken = useTestApp(engine, { config: { mode: 'live' }, env: { METRICS_TOKEN: TOKEN } });
  const sandboxWithToken = useTestApp(engine, { env: { METRICS_TOKEN: TOKEN } });
  const ownPort = useTestApp(engine, { env: { METRICS_PORT: '19464' } });

  it('the sandbox serves it to anyone, as before', async () => {
    const res = await scrape(sandbox());
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /^# HELP solvency_custody /m);
  });

  it('a live installation without METRICS_TOKEN or METRICS_PORT does not serve it: 404, and it is not documented', async () => {
    const res = await scrape(live());
    assert.deepEqual([res.statusCode, res.json().code], [404, 'exceptions.route.notFound']);
    assert.ok(!res.body.includes('solvency'));
    assert.equal((await scrape(live(), `Bearer ${ADMIN_TOKEN}`)).statusCode, 404, 'the admin token opens nothing here either');
    const doc = (await live().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(doc.paths['/metrics'], undefined);
  });

  it('with METRICS_TOKEN it answers only a scrape that sends it (401 with WWW-Authenticate otherwise), live or sandbox', async () => {
    for (const t of [liveWithToken(), sandboxWithToken()]) {
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Bearer ${TOKEN}x`,
        `Bearer ${ADMIN_TOKEN}`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ]) {
        const res = await scrape(t, authorization);
        assert.deepEqual([res.statusCode, res.json().code], [401, 'exceptions.metrics.invalidToken'], String(authorization));
        assert.match(String(res.headers['www-authenticate']), /^Bearer/);
        assert.ok(!res.body.includes('solvency'));
      }
      for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
        const res = await scrape(t, authorization);
        assert.equal(res.statusCode, 200);
        assert.match(res.body, /^# HELP solvency_custody /m);
      }
    }
  });

  it('with METRICS_PORT the public port serves none, even in the sandbox', async () => {
    assert.equal((await scrape(ownPort())).statusCode, 404);
  });
});

describe('the metrics listener (METRICS_HOST:METRICS_PORT)', () => {
  const app = useTestApp('pglite', { env: { METRICS_PORT: '19465' } });

  it('serves GET /metrics alone, and with a token only to a scrape that sends it', async () => {
    const open = await startMetricsListener({ host: '127.0.0.1', port: 0 }, app().app.metrics.registry);
    const guarded = await startMetricsListener({ host: '127.0.0.1', port: 0, token: TOKEN }, app().app.metrics.registry);
    try {
      assert.match(open.url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await fetch(open.url);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(await res.text(), /^# HELP solvency_custody /m);
      const base = open.url.replace('/metrics', '');
      for (const [method, path] of [
        ['GET', '/healthz'],
        ['GET', '/v1/currencies'],
        ['GET', '/admin/solvency'],
        ['GET', '/'],
        ['POST', '/metrics'],
        ['GET', '/metrics/x'],
      ]) {
        const other = await fetch(`${base}${path}`, { method });
        assert.equal(other.status, 404, `${method} ${path}`);
        assert.equal(((await other.json()) as { code: string }).code, 'exceptions.route.notFound');
      }
      const refused = await fetch(guarded.url);
      assert.equal(refused.status, 401);
      assert.equal(((await refused.json()) as { code: string }).code, 'exceptions.metrics.invalidToken');
      assert.equal((await fetch(guarded.url, { headers: { authorization: 'Bearer nope' } })).status, 401);
      const ok = await fetch(guarded.url, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /^# HELP solvency_custody /m);
    } finally {
      await open.close();
      await guarded.close();
    }
  });
});

describe('metrics settings', () => {
  it('refuses a short METRICS_TOKEN and a METRICS_PORT that is PORT; reads the token from METRICS_TOKEN_FILE', () => {
    assert.throws(
      () => loadConfig({ METRICS_TOKEN: 'short' }),
      (e: unknown) => e instanceof ConfigError && /METRICS_TOKEN must be at least 32/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ PORT: '8080', METRICS_PORT: '8080' }),
      (e: unknown) => e instanceof ConfigError && /METRICS_PORT/.test(e.message),
    );
    assert.throws(() => loadConfig({ METRICS_PORT: '70000' }), ConfigError);
    const dir = mkdtempSync(join(tmpdir(), 'cg-metrics-'));
    try {
      writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
      assert.equal(loadConfig({ METRICS_TOKEN_FILE: join(dir, 'token') }).metrics.token, TOKEN);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(loadConfig({ METRICS_PORT: '9464' }).metrics, { token: undefined, port: 9464, host: '127.0.0.1' });
  });

  it('a gateway process with METRICS_PORT serves /metrics there and not on its public port', async () => {
    const metricsPort = await freePort();
    const gw = await startGateway({
      role: 'api',
      env: { DATA_DIR: 'memory://', METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN, ADMIN_TOKEN },
    });
    try {
      assert.equal((await fetch(`${gw.url}/metrics`)).status, 404);
      assert.equal((await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 404);
      const own = `http://127.0.0.1:${metricsPort}/metrics`;
      assert.equal((await fetch(own)).status, 401);
      const ok = await fetch(own, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /^http_requests_total\{/m);
    } finally {
      await gw.stop();
    }
    assert.equal(await gw.exited, 0);
  });
});
