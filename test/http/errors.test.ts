import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { ADMIN_TOKEN, describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';

interface Operation {
  method: string;
  path: string;
}

function assertErrorBody(body: any, context: string): void {
  assert.equal(typeof body, 'object', `${context}: JSON error body`);
  assert.equal(typeof body.code, 'string', context);
  assert.ok(body.code.startsWith('exceptions.'), `${context}: ${body.code}`);
  assert.equal(typeof body.message, 'string', context);
  if ('extension' in body) assert.equal(typeof body.extension, 'object', context);
  assert.deepEqual(
    Object.keys(body).filter((k) => !['code', 'message', 'extension'].includes(k)),
    [],
    `${context}: nothing but code, message, extension`,
  );
}

const JUNK_VALUES: unknown[] = [
  null,
  -1e308,
  1e308,
  -1,
  0.000000001,
  '',
  'x'.repeat(10_000),
  '\u0000\uD83D\uDCA9\u202E',
  [],
  [1, 'a', null],
  { nested: { deeper: [{}] } },
  true,
];

const BODIES: Array<string | undefined> = [
  '{bad',
  '[]',
  '"string"',
  '42',
  'null',
  '{}',
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
];

function junkObject(seed: number, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { unknownExtra: 'ignored' };
  keys.forEach((k, i) => (out[k] = JUNK_VALUES[(seed + i) % JUNK_VALUES.length]));
  return out;
}

const QUERIES = [
  'page=0',
  'limit=1000',
  'page=99999999999999999999',
  'page=abc&limit=-5',
  'network=Mars',
  'id=not-a-uuid&orderId=',
  'status=bogus',
  'accountId=123',
];

describeEngines('bad input on every route', (engine) => {
  const app = useTestApp(engine, { config: { bodyLimit: 64 * 1024 } });

  async function operations(t: TestApp): Promise<Array<Operation & { keys: string[] }>> {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const ops: Array<Operation & { keys: string[] }> = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        ops.push({ method: method.toUpperCase(), path, keys: Object.keys(schema?.properties ?? {}) });
      }
    }
    return ops;
  }

  it('never answers 5xx, and every error is the API error body with an exceptions.* code', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const ops = await operations(t);
    assert.ok(ops.length >= 15, `found ${ops.length} operations`);
    let calls = 0;
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, () => randomUUID());
      const headers: Record<string, string> = op.path.startsWith('/admin')
        ? { authorization: `Bearer ${ADMIN_TOKEN}` }
        : { 'x-tenant-api-key': key };
      const requests: Array<{ url: string; payload?: string }> = QUERIES.map((q) => ({ url: `${url}?${q}` }));
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        for (const payload of BODIES) requests.push({ url, payload });
        for (let seed = 0; seed < JUNK_VALUES.length; seed++) {
          requests.push({ url, payload: JSON.stringify(junkObject(seed, op.keys)) });
        }
      }
      for (const r of requests) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: r.url,
          headers: { ...headers, ...(r.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        calls++;
        const context = `${op.method} ${r.url} ${r.payload?.slice(0, 80) ?? ''}`;
        assert.ok(res.statusCode < 500 || res.statusCode === 503, `${context} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (res.statusCode >= 400) assertErrorBody(res.json(), context);
      }
    }
    assert.ok(calls > 200);
  });

  it('answers malformed JSON with 400, an oversized body with 413, an unknown route with a JSON 404', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const headers = { 'x-tenant-api-key': key, 'content-type': 'application/json' };
    const malformed = await t.app.inject({ method: 'POST', url: '/v1/accounts', headers, payload: '{"name":' });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().code, 'exceptions.request.malformedJson');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers,
      payload: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    assert.equal(huge.statusCode, 413);
    assert.equal(huge.json().code, 'exceptions.request.bodyTooLarge');

    const missing = await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'exceptions.route.notFound');

    const textPlain = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-tenant-api-key': key, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    assert.equal(textPlain.statusCode, 415);
    assertErrorBody(textPlain.json(), 'text/plain');

    // Errors the router raises before any hook runs get the same body and a request id.
    for (const url of ['/v1/invoice/%E0%A4%A', `/pay/${'a'.repeat(300)}/state`]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'exceptions.validation.failed', url);
      assert.ok(res.headers['x-request-id'], url);
    }
  });

  it('reports the offending fields, validates known fields strictly and ignores unknown ones', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const strict = await t.call('POST', '/v1/accounts', { key, body: { name: 5 } });
    assert.equal(strict.status, 400);
    assert.equal(strict.body.code, 'exceptions.validation.failed');
    assert.deepEqual(
      strict.body.extension.fields.map((f: any) => [f.location, f.field]),
      [['body', 'name']],
    );

    const missing = await t.call('POST', '/v1/accounts', { key, body: {} });
    assert.equal(missing.body.extension.fields[0].field, 'name');

    const extra = await t.call('POST', '/v1/accounts', { key, body: { name: 'Extra', foo: 'bar', nested: { a: 1 } } });
    assert.equal(extra.status, 201);
    assert.equal(extra.body.data.name, 'Extra');
    assert.equal('foo' in extra.body.data, false);
  });

  it('gives every response an x-request-id, echoing the one sent', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const mine = await t.call('GET', '/v1/accounts', { key, headers: { 'x-request-id': 'merchant-req-42' } });
    assert.equal(mine.headers['x-request-id'], 'merchant-req-42');
    const generated = await t.call('GET', '/v1/accounts', { key });
    assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const onError = await t.call('GET', '/v1/accounts', { headers: { 'x-request-id': 'err-1' } });
    assert.equal(onError.status, 401);
    assert.equal(onError.headers['x-request-id'], 'err-1');
    const notFound = await t.call('GET', '/nope', { headers: { 'x-request-id': 'nf-1' } });
    assert.equal(notFound.headers['x-request-id'], 'nf-1');
    // A header that could smuggle text into logs is replaced, not echoed.
    const hostile = await t.call('GET', '/healthz', { headers: { 'x-request-id': 'a b\tc' } });
    assert.notEqual(hostile.headers['x-request-id'], 'a b\tc');
  });
});
