import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { ADMIN_TOKEN } from '../helpers/harness.ts';
import { api, createScratchDatabase, provisionTenant, startGateway, type GatewayProcess } from '../helpers/processes.ts';
import { startReceiver, until } from '../helpers/receiver.ts';

const missing = [!process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL', !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL'].filter(Boolean);

/**
 * The production layout in small: two API processes and two worker processes, each its own
 * `node src/main.ts`, on one PostgreSQL and one Redis, reached on their own ports with nothing in
 * front. Requests alternate between the two APIs.
 */
describe('scale-out: two API and two worker processes on PostgreSQL and Redis', { skip: missing.length ? `${missing.join(' and ')} not set` : false }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  const procs: GatewayProcess[] = [];
  let apis: GatewayProcess[] = [];
  before(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'cg_scale');
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      ADMIN_TOKEN,
      RATE_LIMIT: '40/60',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WATCH_INTERVAL_MS: '50',
    };
    // The first process migrates; the others start together against the migrated schema.
    procs.push(await startGateway({ role: 'api', env }));
    const rest = await Promise.allSettled([startGateway({ role: 'api', env }), startGateway({ role: 'worker', env }), startGateway({ role: 'worker', env })]);
    for (const r of rest) if (r.status === 'fulfilled') procs.push(r.value);
    for (const r of rest) if (r.status === 'rejected') throw r.reason;
    apis = procs.filter((p) => p.role === 'api');
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  });
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await database?.close();
    await scratch?.drop();
  });

  it('shares rate limits: one key gets its 40 requests a minute across both APIs, not 40 on each', async () => {
    const { key } = await provisionTenant(apis[0]!.url, ADMIN_TOKEN, 'Rate limited');
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => api(apis[i % 2]!.url, 'GET', '/v1/invoice/list', { key }).then((r) => r.status)));
    assert.equal(statuses.filter((s) => s === 200).length, 40);
    assert.equal(statuses.filter((s) => s === 429).length, 20);
    // A key of its own has its own budget on both.
    const other = await provisionTenant(apis[1]!.url, ADMIN_TOKEN, 'Unlimited so far');
    assert.equal((await api(apis[1]!.url, 'GET', '/v1/invoice/list', { key: other.key })).status, 200);
  });

  it('processes every event once and sends every webhook once per attempt', async () => {
    // Every other delivery's first attempt meets a 503 with Retry-After: 1, so it is retried once.
    const attempts = new Map<string, number>();
    const flaky = (id: string) => createHash('sha256').update(id).digest()[0]! % 2 === 0;
    const receiver = await startReceiver((req) => {
      const id = String(req.headers['x-webhook-id']);
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      return n === 1 && flaky(id) ? { status: 503, headers: { 'retry-after': '1' } } : { status: 204 };
    });
    after(() => receiver.close());
    const { key, tenantId } = await provisionTenant(apis[0]!.url, ADMIN_TOKEN, 'Events');
    assert.equal((await api(apis[1]!.url, 'PATCH', `/admin/tenants/${tenantId}`, { admin: ADMIN_TOKEN, body: { depositWebhookUrl: `${receiver.url}/hooks` } })).status, 200);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const base = apis[i % 2]!.url;
      const d = await api(base, 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `scale-${i}` } });
      assert.equal(d.status, 201, JSON.stringify(d.body));
      ids.push(d.body.data.id);
      const sent = await api(base, 'POST', '/admin/sandbox/transfers', { admin: ADMIN_TOKEN, body: { cryptoCurrencyCode: 'USDT_TRC20', to: d.body.data.address, amount: `${10 + i}.5` } });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
    }
    assert.equal((await api(apis[0]!.url, 'POST', '/admin/sandbox/mine', { admin: ADMIN_TOKEN, body: { network: 'Tron', blocks: 3 } })).status, 200);

    const count = async (q: string) => Number((await sql<{ n: string }>`${sql.raw(q)}`.execute(database.db)).rows[0]!.n);
    await until(async () => (await count(`select count(*) as n from deposits where status = 'completed'`)) === 20, 60_000, '20 deposits completed');
    // processing + completed for each deposit, each one delivery that ends delivered.
    await until(async () => (await count(`select count(*) as n from webhook_deliveries where status = 'delivered'`)) === 40, 60_000, '40 deliveries delivered');
    await new Promise((r) => setTimeout(r, 1500)); // both workers go on polling: nothing more may happen

    assert.equal(await count(`select count(*) as n from journal_entries where kind = 'deposit.payment'`), 20, 'each payment credited once');
    const perDeposit = await sql<{ aggregate_id: string; n: string }>`
      select aggregate_id, count(*) as n from outbox_events where aggregate_id in (${sql.join(ids)}) group by aggregate_id`.execute(database.db);
    assert.equal(perDeposit.rows.length, 20);
    assert.ok(perDeposit.rows.every((r) => Number(r.n) === 2), 'two events per deposit, none duplicated');
    assert.equal(await count(`select count(*) as n from outbox_events where processed_at is null`), 0, 'every event processed');
    assert.equal(await count(`select count(*) as n from webhook_deliveries`), 40, 'one delivery per event and URL');
    assert.deepEqual(await auditLedger(database.db), { mismatches: [], unbalancedCurrencies: [] });

    // Once per attempt: what the receiver saw per delivery is exactly what the gateway recorded.
    const recorded = await sql<{ delivery_id: string; n: string }>`select delivery_id, count(*) as n from webhook_attempts group by delivery_id`.execute(database.db);
    assert.equal(recorded.rows.length, 40);
    for (const r of recorded.rows) {
      assert.equal(attempts.get(r.delivery_id), Number(r.n), `delivery ${r.delivery_id}`);
      assert.equal(Number(r.n), flaky(r.delivery_id) ? 2 : 1);
    }
    assert.equal(receiver.received.length, [...attempts.values()].reduce((a, b) => a + b, 0));
  });
});
