/**
 * The request log (developers section): every /v1 request with a principal is recorded
 * (method, path without its query string, status, latency, request id, error code, who), except
 * successful reads beyond 20 a second per tenant; buffered in memory and written in one INSERT a
 * second (or every 2,000 rows); a database outage keeps at most 20,000 rows, dropping the oldest.
 * Never the key, never the query string.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ReadBudget, RequestLogBuffer, errorCodeOf, type RequestLogRow } from '../../src/modules/request-log/recorder.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';
import { member } from '../users/helpers.ts';

/** A stand-in for the database's INSERT that can be made to fail; records each INSERT's rows. */
function fakeDb() {
  const inserts: RequestLogRow[][] = [];
  const state = { failing: false };
  const db = async (rows: RequestLogRow[]) => {
    if (state.failing) throw new Error('connection refused');
    inserts.push([...rows]);
  };
  return { db, inserts, state };
}

const row = (n: number): RequestLogRow => ({
  tenant_id: randomUUID(),
  account_id: null,
  actor: 'api key cgk_x…',
  method: 'GET',
  path: `/v1/n/${n}`,
  status: 200,
  latency_ms: '1.000',
  request_id: `r-${n}`,
  error_code: null,
  created_at: new Date(),
});

describe('request log buffer', () => {
  it('writes 200 rows in one INSERT at once, the rest on the timer or at close', async () => {
    const { db, inserts } = fakeDb();
    const buffer = new RequestLogBuffer(db, { intervalMs: 60_000, batchRows: 200, maxBuffered: 10_000, readsPerSecond: 20 });
    for (let i = 0; i < 199; i++) buffer.add(row(i));
    await buffer.flush().then(
      () => undefined,
      () => undefined,
    );
    // flush() was called by hand here; without it nothing is written before 200 rows or the timer.
    assert.equal(inserts.length, 1);
    for (let i = 0; i < 200; i++) buffer.add(row(i));
    await until(() => inserts.length === 2, 2000, 'the 200-row write');
    assert.equal(inserts[1]!.length, 200);
    buffer.add(row(999));
    await buffer.close();
    assert.deepEqual(
      inserts.map((x) => x.length),
      [199, 200, 1],
    );
  });

  it('keeps rows through an outage (at most maxBuffered, oldest dropped) and writes them in order after', async () => {
    const { db, inserts, state } = fakeDb();
    const errors: unknown[] = [];
    const buffer = new RequestLogBuffer(db, { intervalMs: 60_000, batchRows: 50, maxBuffered: 120, readsPerSecond: 20 }, (err) =>
      errors.push(err),
    );
    state.failing = true;
    for (let i = 0; i < 300; i++) buffer.add(row(i));
    await buffer.flush();
    assert.equal(inserts.length, 0);
    assert.ok(errors.some((e) => e !== null));
    assert.equal(buffer.pending, 120);
    assert.equal(buffer.dropped, 180);
    state.failing = false;
    await buffer.close();
    const written = inserts.flat().map((r) => r.request_id);
    assert.deepEqual(
      written,
      Array.from({ length: 120 }, (_, i) => `r-${180 + i}`),
    );
    assert.equal(errors.at(-1), null);
  });

  it('logs at most readsPerSecond successful reads of a tenant a second, each tenant on its own budget', () => {
    let now = 1_000_000;
    const budget = new ReadBudget(3, () => now);
    const taken = (tenant: string, n: number) => Array.from({ length: n }, () => budget.take(tenant)).filter(Boolean).length;
    assert.equal(taken('a', 5), 3);
    assert.equal(taken('b', 2), 2);
    now += 999;
    assert.equal(taken('a', 1), 0, 'still the same second');
    now += 1;
    assert.equal(taken('a', 5), 3, 'a new second, a new budget');
  });

  it('reads the code of an error body only', () => {
    assert.equal(errorCodeOf('{"code":"exceptions.invoice.notFound","message":"x"}'), 'exceptions.invoice.notFound');
    assert.equal(errorCodeOf('not json'), null);
    assert.equal(errorCodeOf('{"data":1}'), null);
    assert.equal(errorCodeOf(undefined), null);
  });
});

describeEngines('request log', (engine) => {
  const app = useTestApp(engine);

  /** The tenant's logged rows once `n` are written (the buffer writes every second). */
  async function logged(t: TestApp, tenantId: string, n: number) {
    const rows = () => t.ctx.db.selectFrom('request_log').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
    await until(async () => (await rows()).length >= n, 5000, `${n} logged requests`);
    return rows();
  }

  it('records method, path, status, error code, request id and who; never the key or the query string', async () => {
    const t = app();
    const a = await t.tenant(['invoices.list', 'invoices.create', 'requestLog.list']);
    const secretQuery = `orderId=${randomUUID()}`;
    const ok = await t.call('GET', '/v1/invoice/list?limit=5&status=paid', { key: a.key, headers: { 'x-request-id': 'req-list-1' } });
    assert.equal(ok.status, 200);
    const missing = await t.call('GET', `/v1/invoice?${secretQuery}`, { key: a.key });
    assert.equal(missing.status, 404);
    const bad = await t.call('POST', '/v1/invoice', { key: a.key, body: { amount: 'x' } });
    assert.equal(bad.status, 400);
    // No principal: not logged (nobody to show it to).
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: 'cgk_nope' })).status, 401);

    const rows = await logged(t, a.tenantId, 3);
    assert.equal(rows.length, 3);
    assert.deepEqual(
      rows.map((r) => [r.method, r.path, r.status, r.error_code]),
      [
        ['GET', '/v1/invoice/list', 200, null],
        ['GET', '/v1/invoice', 404, 'exceptions.invoice.notFoundByOrderId'],
        ['POST', '/v1/invoice', 400, 'exceptions.validation.failed'],
      ],
    );
    assert.equal(rows[0]!.request_id, 'req-list-1');
    assert.equal(rows[1]!.request_id, missing.headers['x-request-id']);
    assert.ok(rows.every((r) => r.account_id === a.accountId && /^api key \S+…$/.test(r.actor) && Number(r.latency_ms) >= 0));
    const text = JSON.stringify(rows);
    assert.ok(!text.includes(a.key), 'the key is never logged');
    assert.ok(!text.includes(secretQuery) && !text.includes('status=paid'), 'no query string');

    const list = await t.call('GET', '/v1/request-log?limit=2', { key: a.key });
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 3);
    const first = list.body.data[0];
    assert.deepEqual(Object.keys(first).sort(), [
      'accountId',
      'actor',
      'apiKeyId',
      'createdAt',
      'errorCode',
      'id',
      'latencyMs',
      'method',
      'path',
      'requestId',
      'status',
    ]);
    assert.equal(first.path, '/v1/invoice', 'newest first');
    assert.equal(first.errorCode, 'exceptions.validation.failed');
    const errors = await t.call('GET', '/v1/request-log?status=4xx', { key: a.key });
    assert.deepEqual(
      errors.body.data.map((r: any) => r.status),
      [400, 404],
    );
    assert.equal((await t.call('GET', '/v1/request-log?status=404', { key: a.key })).body.total, 1);
    assert.equal((await t.call('GET', '/v1/request-log?status=abc', { key: a.key })).status, 400);
  });

  it('stores a key pasted into the path redacted, in the row and in the list', async () => {
    const t = app();
    const a = await t.tenant(['x402.list', 'requestLog.list']);
    const res = await t.call('GET', `/v1/x402/settlements/${a.key}`, { key: a.key });
    assert.equal(res.status, 400);
    const rows = await logged(t, a.tenantId, 1);
    assert.deepEqual(
      rows.map((r) => r.path),
      ['/v1/x402/settlements/[redacted]'],
    );
    const list = await t.call('GET', '/v1/request-log', { key: a.key });
    assert.ok(!JSON.stringify(list.body).includes(a.key.slice(4)), 'the key is never stored nor shown');
  });

  it("shows a tenant only its own requests; a tenant-wide key's unnamed account is null; scope requestLog.list", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    const wide = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, scopes: ['*'] })).body.data.key as string;
    assert.equal((await t.call('GET', '/v1/api-keys', { key: wide })).status, 200);
    assert.equal((await t.call('GET', `/v1/invoice/list?accountId=${a.accountId}`, { key: wide })).status, 200);
    assert.equal((await t.call('GET', '/v1/accounts', { key: b.key })).status, 200);
    const rows = await logged(t, a.tenantId, 2);
    assert.deepEqual(
      rows.map((r) => [r.path, r.account_id]),
      [
        ['/v1/api-keys', null],
        ['/v1/invoice/list', a.accountId],
      ],
    );
    await logged(t, b.tenantId, 1);
    const seen = (await t.call('GET', '/v1/request-log', { key: b.key })).body.data;
    assert.ok(seen.every((r: any) => r.accountId !== a.accountId) && seen.length >= 1);

    const none = await t.tenant(['invoices.list']);
    const refused = await t.call('GET', '/v1/request-log', { key: none.key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.extension.requiredScope, 'requestLog.list');
  });

  it("leaves out the dashboard's own reads; filters by API key; shows one call with its bodies, secrets redacted", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const other = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes: ['*'] })).body.data;
    const owner = await member(t, a.tenantId, 'owner');
    // The dashboard polls lists while a page is open: none of it is logged. What a person changes is.
    for (let i = 0; i < 3; i++) assert.equal((await owner.call('GET', `/v1/invoice/list?accountId=${a.accountId}`)).status, 200);
    assert.equal((await owner.call('PATCH', '/v1/settings', { body: { brandColor: '#112233' } })).status, 200);
    const made = await t.call('POST', '/v1/invoice', {
      key: a.key,
      body: { amount: 12.5, fiatCurrencyCode: 'USD', orderId: 'log-1', description: 'A mug' },
    });
    assert.equal(made.status, 201);
    const bad = await t.call('POST', '/v1/invoice', { key: other.key, body: { amount: 'x', fiatCurrencyCode: 'USD', orderId: 'log-2' } });
    assert.equal(bad.status, 400);
    // A new key in an answer, the webhook secret, and a key pasted into a body: never stored.
    const issued = await t.call('POST', '/v1/api-keys', {
      key: await t.wideKey(a.tenantId),
      body: { scopes: ['invoices.list'], accountId: a.accountId, name: 'Shop' },
    });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    const secret = (await t.call('POST', '/v1/webhook-settings/secret', { key: await t.wideKey(a.tenantId) })).body.data.secret;
    assert.equal(
      (
        await t.call('POST', '/v1/invoice', {
          key: a.key,
          body: { amount: 1, fiatCurrencyCode: 'USD', orderId: 'log-3', description: `oops ${a.key}` },
        })
      ).status,
      201,
    );

    const rows = await logged(t, a.tenantId, 6);
    assert.deepEqual(
      rows.filter((r) => r.api_key_id === null).map((r) => [r.method, r.path, r.actor]),
      [['PATCH', '/v1/settings', owner.email]],
    );
    const stored = JSON.stringify(rows);
    for (const s of [issued.body.data.key, secret, a.key, other.key]) assert.ok(!stored.includes(s), 'a secret was stored');

    const byKey = await t.call('GET', `/v1/request-log?apiKeyId=${other.id}`, { key: a.key });
    assert.deepEqual(
      byKey.body.data.map((r: any) => [r.path, r.status, r.apiKeyId]),
      [['/v1/invoice', 400, other.id]],
    );
    const mine = (await t.call('GET', `/v1/request-log?apiKeyId=${a.keyId}&status=201`, { key: a.key })).body.data;
    assert.equal(mine.length, 2);
    assert.equal((await t.call('GET', '/v1/request-log?apiKeyId=nope', { key: a.key })).status, 400);

    const one = await t.call('GET', `/v1/request-log/${mine[1].id}`, { key: a.key });
    assert.equal(one.status, 200);
    const d = one.body.data;
    assert.deepEqual(
      [d.method, d.path, d.status, d.apiKeyId, d.requestId],
      ['POST', '/v1/invoice', 201, a.keyId, made.headers['x-request-id']],
    );
    assert.equal(JSON.parse(d.requestBody).description, 'A mug');
    assert.equal(JSON.parse(d.responseBody).data.id, made.body.data.id);
    const refused = (await t.call('GET', `/v1/request-log/${byKey.body.data[0].id}`, { key: a.key })).body.data;
    assert.equal(JSON.parse(refused.responseBody).code, 'exceptions.validation.failed', 'an error body keeps its code');
    const keyCall = rows.find((r) => r.path === '/v1/api-keys')!;
    assert.match(keyCall.response_body!, /"key":"\[redacted\]"/);
    assert.equal((await t.call('GET', '/v1/request-log/999999999', { key: a.key })).body.code, 'exceptions.requestLog.notFound');
  });
});
