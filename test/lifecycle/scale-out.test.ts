import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { ADMIN_TOKEN } from '../helpers/harness.ts';
import { api, createScratchDatabase, provisionTenant, startGateway, type GatewayProcess } from '../helpers/processes.ts';
import { assertAttemptsMatch, startReceiver, until } from '../helpers/receiver.ts';

const missing = [!process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL', !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL'].filter(Boolean);

/**
 * The production layout in small: two API processes and two worker processes, each its own
 * `node src/main.ts`, on one PostgreSQL and one Redis, reached on their own ports with nothing in
 * front. Requests alternate between the two APIs.
 */
describe('scale-out: two API and two worker processes on PostgreSQL and Redis', {
  skip: missing.length ? `${missing.join(' and ')} not set` : false,
}, () => {
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
      // Far beyond any stall of a busy machine: a retry then means a 503, not a slow answer.
      WEBHOOK_TIMEOUT_MS: '60000',
      WATCH_INTERVAL_MS: '50',
    };
    // The first process migrates; the others start together against the migrated schema.
    procs.push(await startGateway({ role: 'api', env }));
    const rest = await Promise.allSettled([
      startGateway({ role: 'api', env }),
      startGateway({ role: 'worker', env }),
      startGateway({ role: 'worker', env }),
    ]);
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
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => api(apis[i % 2]!.url, 'GET', '/v1/invoice/list', { key }).then((r) => r.status)),
    );
    assert.equal(statuses.filter((s) => s === 200).length, 40);
    assert.equal(statuses.filter((s) => s === 429).length, 20);
    // A key of its own has its own budget on both.
    const other = await provisionTenant(apis[1]!.url, ADMIN_TOKEN, 'Unlimited so far');
    assert.equal((await api(apis[1]!.url, 'GET', '/v1/invoice/list', { key: other.key })).status, 200);
  });

  it('processes every event once and sends every webhook at least once, each attempt once', async () => {
    // Every other delivery's first attempt meets a 503 with Retry-After: 1, so it is retried.
    const flaky = (id: string) => createHash('sha256').update(id).digest()[0]! % 2 === 0;
    const receiver = await startReceiver((req) =>
      Number(req.headers['x-webhook-attempt']) === 1 && flaky(String(req.headers['x-webhook-id']))
        ? { status: 503, headers: { 'retry-after': '1' } }
        : { status: 204 },
    );
    after(() => receiver.close());
    const { key, tenantId } = await provisionTenant(apis[0]!.url, ADMIN_TOKEN, 'Events');
    assert.equal(
      (
        await api(apis[1]!.url, 'PATCH', `/admin/tenants/${tenantId}`, {
          admin: ADMIN_TOKEN,
          body: { depositWebhookUrl: `${receiver.url}/hooks` },
        })
      ).status,
      200,
    );
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const base = apis[i % 2]!.url;
      const d = await api(base, 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `scale-${i}` } });
      assert.equal(d.status, 201, JSON.stringify(d.body));
      ids.push(d.body.data.id);
      const sent = await api(base, 'POST', '/admin/sandbox/transfers', {
        admin: ADMIN_TOKEN,
        body: { cryptoCurrencyCode: 'USDT_TRC20', to: d.body.data.address, amount: `${10 + i}.5` },
      });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
    }
    assert.equal(
      (await api(apis[0]!.url, 'POST', '/admin/sandbox/mine', { admin: ADMIN_TOKEN, body: { network: 'Tron', blocks: 3 } })).status,
      200,
    );

    const count = async (q: string) => Number((await sql<{ n: string }>`${sql.raw(q)}`.execute(database.db)).rows[0]!.n);
    await until(
      async () => (await count(`select count(*) as n from deposits where status = 'completed'`)) === 20,
      60_000,
      '20 deposits completed',
    );
    // processing + completed for each deposit, each one delivery that ends delivered.
    await until(
      async () => (await count(`select count(*) as n from webhook_deliveries where status = 'delivered'`)) === 40,
      60_000,
      '40 deliveries delivered',
    );
    await new Promise((r) => setTimeout(r, 1500)); // both workers go on polling: nothing more may happen

    assert.equal(await count(`select count(*) as n from journal_entries where kind = 'deposit.payment'`), 20, 'each payment credited once');
    const perDeposit = await sql<{ aggregate_id: string; n: string }>`
      select aggregate_id, count(*) as n from outbox_events where aggregate_id in (${sql.join(ids)}) group by aggregate_id`.execute(
      database.db,
    );
    assert.equal(perDeposit.rows.length, 20);
    assert.ok(
      perDeposit.rows.every((r) => Number(r.n) === 2),
      'two events per deposit, none duplicated',
    );
    assert.equal(await count(`select count(*) as n from outbox_events where processed_at is null`), 0, 'every event processed');
    assert.equal(await count(`select count(*) as n from webhook_deliveries`), 40, 'one delivery per event and URL');
    assert.deepEqual(await auditLedger(database.db), { mismatches: [], unbalancedCurrencies: [] });

    // At least once per delivery, and once per attempt: what the receiver saw is what the gateway
    // recorded (an attempt that timed out may be retried although it arrived; none arrives twice).
    const deliveries = await sql<{ id: string }>`select id from webhook_deliveries`.execute(database.db);
    const deliveryIds = deliveries.rows.map((r) => r.id);
    assert.deepEqual(new Set(receiver.received.map((r) => String(r.headers['x-webhook-id']))), new Set(deliveryIds));
    await assertAttemptsMatch(database.db, receiver.received, deliveryIds);
    const recorded = await sql<{ delivery_id: string; attempt: number; status_code: number | null; outcome: string }>`
      select delivery_id, attempt, status_code, outcome from webhook_attempts order by delivery_id, attempt`.execute(database.db);
    for (const id of deliveryIds) {
      const attempts = recorded.rows.filter((r) => r.delivery_id === id);
      const last = attempts.at(-1)!;
      assert.deepEqual([last.status_code, last.outcome], [204, 'delivered'], `delivery ${id}`);
      // Before it, only retries: the 503 of a flaky one's first attempt, or an attempt that timed out.
      for (const a of attempts.slice(0, -1))
        assert.ok(a.outcome === 'retried' && (a.status_code === 503 || a.status_code === null), `delivery ${id}: ${JSON.stringify(a)}`);
      if (flaky(id)) assert.ok(attempts.length >= 2, `delivery ${id} was retried`);
    }
  });
});
