import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { Database } from '../../src/lib/db/index.ts';
import { describeEngines, freshDatabase, startTestApp, useTestApp, type TestApp } from '../helpers/harness.ts';

const SMALL = { rateLimit: { points: 3, seconds: 60 } };

describeEngines('rate limits in memory', (engine) => {
  const app = useTestApp(engine, { config: SMALL });

  it('gives each endpoint and key its own budget and answers 429 with msBeforeNext and Retry-After', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    for (let i = 0; i < 3; i++) {
      const ok = await t.call('GET', '/v1/accounts', { key: a.key });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers['x-ratelimit-remaining'], String(2 - i));
    }
    const limited = await t.call('GET', '/v1/accounts', { key: a.key });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'exceptions.rateLimit.exceeded');
    assert.ok(limited.body.extension.msBeforeNext > 0 && limited.body.extension.msBeforeNext <= 60_000);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    // Another endpoint, and another key on the same endpoint, are untouched.
    assert.equal((await t.call('GET', '/v1/currencies/fiat', { key: a.key })).status, 200);
    assert.equal((await t.call('GET', '/v1/accounts', { key: b.key })).status, 200);
  });

  it('limits requests without a key per IP, so guessing keys is throttled too', async () => {
    const t = app();
    for (let i = 0; i < 3; i++) {
      assert.equal((await t.call('GET', '/v1/currencies', { key: 'cgk_guess' + i, ip: '198.51.100.7' })).status, 401);
    }
    const limited = await t.call('GET', '/v1/currencies', { key: 'cgk_guess9', ip: '198.51.100.7' });
    assert.equal(limited.status, 429);
    assert.equal((await t.call('GET', '/v1/currencies', { key: 'cgk_guess9', ip: '198.51.100.8' })).status, 401);
  });

  it('does not limit health checks', async () => {
    const t = app();
    for (let i = 0; i < 6; i++) assert.equal((await t.call('GET', '/healthz')).status, 200);
  });
});

describe('rate limits in Redis', { skip: process.env.TEST_REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
  let database: Database;
  let redisA: Redis;
  let redisB: Redis;
  let a: TestApp;
  let b: TestApp;
  const connect = async () => {
    const r = new Redis(process.env.TEST_REDIS_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    await new Promise((resolve, reject) => {
      r.once('ready', resolve);
      r.once('error', reject);
    });
    return r;
  };
  before(async () => {
    database = await freshDatabase('pglite');
    redisA = await connect();
    redisB = await connect();
    a = await startTestApp('pglite', { database, config: SMALL, ctx: { redis: redisA } });
    b = await startTestApp('pglite', { database, config: SMALL, ctx: { redis: redisB } });
  });
  after(async () => {
    await a.close();
    await b.close();
    redisA.disconnect();
    redisB.disconnect();
    await database.close();
  });

  it('two instances on one Redis share one budget per endpoint and key', async () => {
    const { key } = await a.tenant(['*']);
    assert.equal((await a.call('GET', '/v1/accounts', { key })).status, 200);
    assert.equal((await a.call('GET', '/v1/accounts', { key })).status, 200);
    assert.equal((await b.call('GET', '/v1/accounts', { key })).status, 200);
    const onB = await b.call('GET', '/v1/accounts', { key });
    const onA = await a.call('GET', '/v1/accounts', { key });
    assert.equal(onB.status, 429);
    assert.equal(onA.status, 429);
    assert.ok(onB.body.extension.msBeforeNext > 0);
  });

  it('keeps serving from memory while Redis is unreachable', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true });
    dead.on('error', () => {});
    const c = await startTestApp('pglite', { database, config: SMALL, ctx: { redis: dead } });
    try {
      const { key } = await c.tenant(['*']);
      assert.equal((await c.call('GET', '/v1/accounts', { key })).status, 200);
      for (let i = 0; i < 2; i++) await c.call('GET', '/v1/accounts', { key });
      assert.equal((await c.call('GET', '/v1/accounts', { key })).status, 429);
    } finally {
      await c.close();
      dead.disconnect();
    }
  });
});
