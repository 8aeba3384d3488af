import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../../src/app.ts';
import type { HttpLimits } from '../../src/config.ts';
import type { Database } from '../../src/lib/db/index.ts';
import { createTenant, issueApiKey } from '../../src/modules/tenants/service.ts';
import { ADMIN_TOKEN, describeEngines, freshDatabase, startTestApp, testConfig, useTestApp, type TestApp } from '../helpers/harness.ts';
import { START_ARGS } from '../helpers/processes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Long enough for anything below to happen; nothing is asserted about how fast it happens. */
const DEADLINE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw TCP client: what it received, and whether (and when) the server closed the connection. */
interface RawClient {
  socket: net.Socket;
  received(): string;
  /** Resolves with everything received once the connection is closed; rejects after DEADLINE_MS. */
  closed: Promise<string>;
  isClosed(): boolean;
}

function rawClient(port: number, localAddress = '127.0.0.1'): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let data = '';
    let done = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => {}); // a reset is one way of being closed
    const closed = new Promise<string>((res, rej) => {
      const timer = setTimeout(
        () => rej(new Error(`connection still open after ${DEADLINE_MS} ms; received: ${data.slice(0, 200)}`)),
        DEADLINE_MS,
      );
      socket.once('close', () => {
        done = true;
        clearTimeout(timer);
        res(data);
      });
    });
    closed.catch(() => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed, isClosed: () => done }));
    socket.once('error', reject);
  });
}

/** Splits one raw HTTP/1.1 answer into status, lower-cased headers and body. */
function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  assert.ok(end > 0, `no complete HTTP answer in ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

/** One GET over a fresh raw connection from `localAddress`; the status, or null when the server closed it unanswered. */
async function rawGet(port: number, path: string, localAddress = '127.0.0.1'): Promise<number | null> {
  const c = await rawClient(port, localAddress);
  c.socket.write(`GET ${path} HTTP/1.1\r\nHost: gateway.test\r\nConnection: close\r\n\r\n`);
  const raw = await c.closed;
  return raw === '' ? null : parseAnswer(raw).status;
}

function assertSpecError(raw: string, status: number, code: string) {
  const answer = parseAnswer(raw);
  assert.equal(answer.status, status, raw.slice(0, 200));
  assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  const body = JSON.parse(answer.body);
  assert.equal(body.code, code);
  assert.equal(typeof body.message, 'string');
}

async function waitUntil(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The app on a real listening port, with test-only routes added before it is ready. */
async function listening(database: Database, http: Partial<HttpLimits>, extra?: (app: App) => void, trustProxy?: string[]) {
  const config = testConfig();
  const app = await buildApp(
    { config: { ...config, http: { ...config.http, ...http }, trustProxy }, database, db: database.db },
    { logger: false },
  );
  extra?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const connections = () => new Promise<number>((res, rej) => app.server.getConnections((err, n) => (err ? rej(err) : res(n))));
  return { app, port, connections };
}

describe('slow clients cannot hold connections [pglite]', () => {
  let database: Database;
  let app: App;
  let port: number;
  let key: string;
  before(async () => {
    database = await freshDatabase('pglite');
    ({ app, port } = await listening(
      database,
      { headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 400, idleTimeoutMs: 400 },
      (a) => {
        // A handler slower than the idle timeout (as an x402 settlement waiting for its receipt).
        a.get('/slow-handler', { config: { public: true, rateLimit: false } }, async () => {
          await sleep(1500);
          return { done: true };
        });
        // An answer that starts and then stops moving, as it does for a client that stops reading.
        a.get('/stalled-answer', { config: { public: true, rateLimit: false } }, (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
          reply.raw.write('partial');
        });
      },
    ));
    const tenant = await createTenant(database.db, 'Slow client target');
    key = (await issueApiKey(database.db, { tenantId: tenant.id, accountId: tenant.accountId, scopes: ['*'], allowedIps: null })).key;
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  it('answers 408 in the API error body and closes a body trickled one byte at a time', async () => {
    const c = await rawClient(port);
    c.socket.write(
      `POST /v1/invoice HTTP/1.1\r\nHost: gateway.test\r\nx-tenant-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{`,
    );
    const trickle = setInterval(() => !c.isClosed() && c.socket.write(' '), 100);
    try {
      assertSpecError(await c.closed, 408, 'exceptions.request.timeout');
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a trickled body it already answered (401 before the body came) without a second answer', async () => {
    const c = await rawClient(port);
    c.socket.write('POST /v1/invoice HTTP/1.1\r\nHost: gateway.test\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{');
    const trickle = setInterval(() => !c.isClosed() && c.socket.write(' '), 100);
    try {
      const raw = await c.closed;
      assert.equal(parseAnswer(raw).status, 401);
      assert.equal(raw.match(/HTTP\/1\.1 /g)?.length, 1, 'one answer only');
    } finally {
      clearInterval(trickle);
    }
  });

  it('answers 408 and closes headers that never end', async () => {
    const c = await rawClient(port);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\nx-slow: ');
    const trickle = setInterval(() => !c.isClosed() && c.socket.write('a'), 100);
    try {
      assertSpecError(await c.closed, 408, 'exceptions.request.timeout');
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection that never sends anything', async () => {
    const c = await rawClient(port);
    // The header deadline answers 408; the idle timeout, when it comes first, just closes.
    const raw = await c.closed;
    if (raw !== '') assertSpecError(raw, 408, 'exceptions.request.timeout');
  });

  it('closes a kept-alive connection once it idles past the keep-alive timeout', async () => {
    const c = await rawClient(port);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
    const raw = await c.closed;
    assert.equal(parseAnswer(raw).status, 200);
    assert.equal(raw.match(/HTTP\/1\.1 /g)?.length, 1, 'nothing but the one answer');
  });

  it('closes an answer nobody reads, but lets a handler slower than the idle timeout finish', async () => {
    const stalled = await rawClient(port);
    stalled.socket.write('GET /stalled-answer HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
    const partial = await stalled.closed;
    assert.match(partial, /^HTTP\/1\.1 200/);
    assert.ok(partial.endsWith('partial'), 'the connection was closed, not the answer completed');

    const slow = await rawClient(port);
    slow.socket.write('GET /slow-handler HTTP/1.1\r\nHost: gateway.test\r\nConnection: close\r\n\r\n');
    const answer = parseAnswer(await slow.closed);
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), { done: true });
  });

  it('answers 431 in the API error body to headers over the size limit', async () => {
    const c = await rawClient(port);
    c.socket.write(`GET /v1/accounts HTTP/1.1\r\nHost: gateway.test\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertSpecError(await c.closed, 431, 'exceptions.request.headersTooLarge');
  });

  it('answers a request Node cannot parse with 400 in the API error body', async () => {
    const c = await rawClient(port);
    c.socket.write('NOT AN HTTP REQUEST\r\n\r\n');
    assertSpecError(await c.closed, 400, 'exceptions.validation.failed');
  });
});

describe('connection caps [pglite]', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof listening>>;
  before(async () => {
    database = await freshDatabase('pglite');
    // Long deadlines: here a connection only closes because a cap refused it.
    server = await listening(
      database,
      {
        headersTimeoutMs: 60_000,
        requestTimeoutMs: 60_000,
        keepAliveTimeoutMs: 60_000,
        idleTimeoutMs: 60_000,
        maxConnectionsPerIp: 2,
        maxConnections: 4,
      },
      undefined,
      ['127.0.0.3'],
    );
  });
  after(async () => {
    await server.app.close();
    await database.close();
  });

  async function closeAll(clients: RawClient[]) {
    for (const c of clients) c.socket.destroy();
    await waitUntil(async () => (await server.connections()) === 0, 'the server to see the connections closed');
  }

  /** A raw GET over a connection opened over a cap: answered 503 busy with Retry-After, then closed. */
  async function assertBusy(c: RawClient) {
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
    const raw = await c.closed;
    assertSpecError(raw, 503, 'exceptions.service.busy');
    assert.equal(parseAnswer(raw).headers['retry-after'], '1');
    assert.equal(raw.match(/HTTP\/1\.1 /g)?.length, 1, 'one answer, then closed');
  }

  it('answers 503 busy with Retry-After on a connection over the per-IP cap; other IPs and freed slots are served', async () => {
    const held = [await rawClient(server.port), await rawClient(server.port)];
    await waitUntil(async () => (await server.connections()) === 2, 'two connections');
    await assertBusy(await rawClient(server.port));
    assert.equal(
      held.some((c) => c.isClosed()),
      false,
      'the held connections stay open',
    );
    assert.equal(await rawGet(server.port, '/healthz', '127.0.0.2'), 200, 'another address is served');

    held.shift()!.socket.destroy();
    await waitUntil(async () => (await server.connections()) === 1, 'the freed slot');
    assert.equal(await rawGet(server.port, '/healthz'), 200, 'a freed slot is usable again');
    await closeAll(held);
  });

  it('counts a trusted proxy only in the total, since its connections carry many clients', async () => {
    const held = [await rawClient(server.port, '127.0.0.3'), await rawClient(server.port, '127.0.0.3')];
    assert.equal(await rawGet(server.port, '/healthz', '127.0.0.3'), 200);
    await closeAll(held);
  });

  it("answers 503 busy with Retry-After on a connection over the total cap, a trusted proxy's too", async () => {
    const held = [];
    for (const address of ['127.0.0.1', '127.0.0.2', '127.0.0.4', '127.0.0.5']) held.push(await rawClient(server.port, address));
    await waitUntil(async () => (await server.connections()) === 4, 'four connections');
    await assertBusy(await rawClient(server.port, '127.0.0.6'));
    await assertBusy(await rawClient(server.port, '127.0.0.3'));
    assert.equal(
      held.some((c) => c.isClosed()),
      false,
    );
    held.pop()!.socket.destroy();
    await waitUntil(async () => (await server.connections()) === 3, 'the freed slot');
    assert.equal(await rawGet(server.port, '/healthz', '127.0.0.6'), 200);
    await closeAll(held);
  });

  it('cuts an over-cap connection that sends nothing, or trickles its headers, long before the header deadline', async () => {
    const held = [await rawClient(server.port), await rawClient(server.port)];
    await waitUntil(async () => (await server.connections()) === 2, 'two connections');
    const silent = await rawClient(server.port);
    const trickling = await rawClient(server.port);
    trickling.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\nx-slow: ');
    const trickle = setInterval(() => !trickling.isClosed() && trickling.socket.write('a'), 100);
    try {
      // The header deadline here is 60 s; the connections' own DEADLINE_MS (15 s) would fail first.
      for (const c of [silent, trickling]) assertSpecError(await c.closed, 503, 'exceptions.service.busy');
    } finally {
      clearInterval(trickle);
    }
    assert.equal(
      held.some((c) => c.isClosed()),
      false,
    );
    await closeAll(held);
  });

  it('holds at most its refusal budget of over-cap connections at once; past it, under a flood, closes at once', async () => {
    const held = [await rawClient(server.port), await rawClient(server.port)];
    await waitUntil(async () => (await server.connections()) === 2, 'two connections');
    // The budget is a tenth of HTTP_MAX_CONNECTIONS and at least 100: here 100.
    const refusing = await Promise.all(Array.from({ length: 100 }, () => rawClient(server.port)));
    await waitUntil(async () => (await server.connections()) === 102, 'the budget held');
    assert.equal(await rawGet(server.port, '/healthz'), null, 'a connection past the budget is closed unanswered');
    assert.equal(await rawGet(server.port, '/healthz', '127.0.0.2'), 200, 'the served connections are untouched');
    for (const c of refusing) assertSpecError(await c.closed, 503, 'exceptions.service.busy');
    await waitUntil(async () => (await server.connections()) === 2, 'the refused connections closed');
    await assertBusy(await rawClient(server.port));
    await closeAll(held);
  });
});

/** A TEST-NET address of its own per run, so budgets kept in a shared Redis never meet another run's. */
function freshIp(): string {
  return `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
}

async function adminCall(t: TestApp, ip: string, token: string | null) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/admin/tenants/00000000-0000-4000-8000-000000000000',
    remoteAddress: ip,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describeEngines('admin authentication throttle', (engine) => {
  const app = useTestApp(engine, { config: { adminAuthFailures: { points: 3, seconds: 900 } } });

  it('refuses an IP with 429 and Retry-After once it spent its failures, even with the right token', async () => {
    const t = app();
    const ip = freshIp();
    assert.equal((await adminCall(t, ip, null)).status, 401, 'a missing token counts');
    assert.equal((await adminCall(t, ip, 'wrong-token')).status, 401);
    assert.equal((await adminCall(t, ip, `${ADMIN_TOKEN}x`)).status, 401);
    const limited = await adminCall(t, ip, 'wrong-again');
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'exceptions.rateLimit.exceeded');
    assert.ok(limited.body.extension.msBeforeNext > 0 && limited.body.extension.msBeforeNext <= 900_000);
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 900, `Retry-After ${retryAfter}`);
    // Were the right token let through, a guesser would learn which guess was right.
    assert.equal((await adminCall(t, ip, ADMIN_TOKEN)).status, 429);
    // Another IP is untouched.
    assert.equal((await adminCall(t, freshIp(), ADMIN_TOKEN)).status, 404);
  });

  it('does not count successes', async () => {
    const t = app();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) assert.equal((await adminCall(t, ip, ADMIN_TOKEN)).status, 404);
    for (let i = 0; i < 3; i++) assert.equal((await adminCall(t, ip, 'wrong')).status, 401, 'the whole failure budget is left');
    assert.equal((await adminCall(t, ip, 'wrong')).status, 429);
  });

  it('allows 10 failures per IP in 15 minutes by default', () => {
    assert.deepEqual(testConfig({}, { ADMIN_AUTH_FAILURES: '' }).adminAuthFailures, { points: 10, seconds: 900 });
  });
});

describe('admin authentication throttle in Redis', { skip: process.env.TEST_REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
  let database: Database;
  const redis: Redis[] = [];
  const apps: TestApp[] = [];
  const ip = freshIp();
  before(async () => {
    database = await freshDatabase('pglite');
    for (let i = 0; i < 2; i++) {
      const r = new Redis(process.env.TEST_REDIS_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      await new Promise((resolve, reject) => {
        r.once('ready', resolve);
        r.once('error', reject);
      });
      redis.push(r);
      apps.push(await startTestApp('pglite', { database, config: { adminAuthFailures: { points: 3, seconds: 60 } }, ctx: { redis: r } }));
    }
  });
  after(async () => {
    await redis[0]?.del(`cg:adminfail:admin:${ip}`);
    for (const a of apps) await a.close();
    for (const r of redis) r.disconnect();
    await database.close();
  });

  it('two instances on one Redis share one failure budget per IP', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    assert.equal((await adminCall(a, ip, 'wrong')).status, 401);
    assert.equal((await adminCall(b, ip, 'wrong')).status, 401);
    assert.equal((await adminCall(a, ip, 'wrong')).status, 401);
    assert.equal((await adminCall(b, ip, ADMIN_TOKEN)).status, 429);
    assert.equal((await adminCall(a, ip, ADMIN_TOKEN)).status, 429);
  });
});

describe('a short ADMIN_TOKEN refuses to start', () => {
  it('prints "configuration error: …" and exits 2, without the token', async () => {
    const token = `short-${randomBytes(4).toString('hex')}`;
    const proc = spawn(process.execPath, START_ARGS, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ADMIN_TOKEN: token, DATA_DIR: 'memory://', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    assert.equal(code, 2, out);
    assert.match(out, /^configuration error: ADMIN_TOKEN must be at least 32 characters/m);
    assert.ok(!out.includes(token), 'the token is not printed');
  });
});

describeEngines('security headers', (engine) => {
  const app = useTestApp(engine, { config: { rateLimit: { points: 2, seconds: 60 }, adminAuthFailures: { points: 1, seconds: 900 } } });

  function assertNoStore(res: { headers: Record<string, unknown> }, what: string) {
    assert.equal(res.headers['cache-control'], 'no-store', `${what}: cache-control`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  }

  it('keeps every /v1, /admin and /pay JSON answer out of caches, errors included', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const inv = await t.call('POST', '/v1/invoice', {
      key,
      body: { amount: 10, fiatCurrencyCode: 'USD', orderId: `o-${randomBytes(4).toString('hex')}` },
    });
    assert.equal(inv.status, 201);
    const cases: Array<[string, { method?: string; url: string; headers?: Record<string, string>; remoteAddress?: string }, number]> = [
      ['merchant success', { url: '/v1/accounts', headers: { 'x-tenant-api-key': key } }, 200],
      ['merchant 401', { url: '/v1/accounts' }, 401],
      ['merchant 400', { url: '/v1/invoice?id=nope', headers: { 'x-tenant-api-key': key } }, 400],
      ['unknown route under /v1', { url: '/v1/no-such-route', headers: { 'x-tenant-api-key': key } }, 404],
      [
        'operator success',
        {
          url: `/admin/tenants/${(await t.admin('POST', '/admin/tenants', { name: 'Shop' })).body.data.id}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        },
        200,
      ],
      ['operator 401', { url: '/admin/tenants/00000000-0000-4000-8000-000000000000', remoteAddress: '198.51.100.1' }, 401],
      ['operator 429', { url: '/admin/tenants/00000000-0000-4000-8000-000000000000', remoteAddress: '198.51.100.1' }, 429],
      ['unknown route under /admin', { url: '/admin/no-such-route' }, 404],
      ['payment page state', { url: `/pay/${inv.body.data.id}/state` }, 200],
      ['payment page state 404', { url: '/pay/00000000-0000-4000-8000-000000000000/state' }, 404],
      ['unknown route under /pay', { url: '/pay/a/b/c/d' }, 404],
      ['bad URL under /pay', { url: '/pay/%zz/state' }, 400],
    ];
    for (const [what, req, status] of cases) {
      const res = await t.app.inject({
        method: (req.method ?? 'GET') as 'GET',
        url: req.url,
        headers: req.headers ?? {},
        ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
      });
      assert.equal(res.statusCode, status, `${what}: ${res.body.slice(0, 200)}`);
      assertNoStore(res, what);
    }
    // Merchant 429: the third call on an endpoint with a budget of two.
    let limited: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 3; i++) limited = await t.call('GET', '/v1/currencies/fiat', { key });
    assert.equal(limited!.status, 429);
    assertNoStore(limited!, 'merchant 429');
  });

  it('forbids framing of the HTML pages, beside their CSP', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const inv = await t.call('POST', '/v1/invoice', {
      key,
      body: { amount: 10, fiatCurrencyCode: 'USD', orderId: `o-${randomBytes(4).toString('hex')}` },
    });
    for (const url of [`/pay/${inv.body.data.id}`, '/pay/00000000-0000-4000-8000-000000000000', '/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.ok(res.headers['content-security-policy'], `${url}: CSP`);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    }
  });
});
