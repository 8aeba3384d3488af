import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../src/lib/db/index.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { auditLedger } from '../../src/modules/ledger/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { ADMIN_TOKEN, freshDatabase, startTestApp, type TestApp } from '../helpers/harness.ts';
import { assertAttemptsMatch, firstOfEach, startReceiver, until } from '../helpers/receiver.ts';
import { START_ARGS } from '../helpers/processes.ts';

describe('two worker processes on one PostgreSQL', { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let database: Database;
  let t: TestApp;
  const workers: ChildProcess[] = [];
  before(async () => {
    database = await freshDatabase('postgres');
    t = await startTestApp('postgres', { database, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await refreshFees(database.db, defaultOracles(database.db, t.ctx.config));
    await refreshRates(database.db, new SandboxRateProvider(), ['USDT', 'USD']);
  });
  after(async () => {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null || w.signalCode !== null ? r(null) : w.on('exit', r)))));
    await t.close();
    await database.close();
  });

  function startWorker(env: Record<string, string> = {}): ChildProcess {
    const w = spawn(process.execPath, START_ARGS, {
      env: {
        ...process.env,
        ROLE: 'worker',
        DATABASE_URL: database.url,
        ADMIN_TOKEN,
        WATCH_INTERVAL_MS: '50',
        LOG_LEVEL: 'warn',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Far beyond any stall of a busy machine: a retry then means an error answer, not a slow one.
        WEBHOOK_TIMEOUT_MS: '60000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(w);
    return w;
  }

  it('settle every deposit and invoice payment exactly once, send every webhook at least once and each attempt once, and the journal matches the balances', async () => {
    const receiver = await startReceiver();
    after(() => receiver.close());
    startWorker();
    startWorker();
    const { key, tenantId } = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositWebhookUrl: `${receiver.url}/deposits` });
    const chain = new SandboxChain('TRON', database.db);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `w-${i}` } })).body.data;
      ids.push(d.id);
      await chain.inject({ currencyCode: 'USDT_TRC20', to: d.address, units: 10_000_000n + BigInt(i) });
    }
    const invoiceIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const inv = (
        await t.call('POST', '/v1/invoice', {
          key,
          body: { amount: 10 + i, fiatCurrencyCode: 'USD', orderId: `inv-${i}`, webhookUrl: `${receiver.url}/invoices` },
        })
      ).body.data;
      const picked = await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
      assert.equal(picked.status, 200, JSON.stringify(picked.body));
      invoiceIds.push(inv.id);
      assert.equal((await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } })).status, 200);
    }
    await chain.mine(3);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { n } = await database.db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      const { m } = await database.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<string>().as('m'))
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      if (Number(n) === 20 && Number(m) === 10) break;
      if (Date.now() > deadline) assert.fail(`only ${n} of 20 deposits completed and ${m} of 10 invoices paid`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500)); // let both workers run more rounds over the same chain
    const entries = await sql<{ n: string }>`select count(*) as n from journal_entries where kind = 'deposit.payment'`.execute(database.db);
    assert.equal(Number(entries.rows[0]!.n), 20);
    const events = await database.db
      .selectFrom('outbox_events')
      .select(['aggregate_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('aggregate_id', 'in', ids)
      .groupBy('aggregate_id')
      .execute();
    assert.equal(events.length, 20);
    assert.ok(
      events.every((e) => Number(e.n) === 2),
      'processing and completed, once each',
    );
    const invoiceEntries = await sql<{ n: string }>`select count(*) as n from journal_entries where kind = 'invoice.payment'`.execute(
      database.db,
    );
    assert.equal(Number(invoiceEntries.rows[0]!.n), 10);
    const invoiceEvents = await database.db
      .selectFrom('outbox_events')
      .select(['aggregate_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('aggregate_id', 'in', invoiceIds)
      .groupBy('aggregate_id')
      .execute();
    assert.equal(invoiceEvents.length, 10);
    assert.ok(
      invoiceEvents.every((e) => Number(e.n) === 2),
      'processing and paid, once each',
    );
    assert.deepEqual(await auditLedger(database.db), { mismatches: [], unbalancedCurrencies: [] });

    // 40 deposit and 20 invoice events, each delivered (at least once, each attempt once) although
    // two workers claim deliveries.
    const delivered = () =>
      database.db.selectFrom('webhook_deliveries').select(['id', 'status']).where('tenant_id', '=', tenantId).execute();
    await until(
      async () => {
        const rows = await delivered();
        return rows.length === 60 && rows.every((r) => r.status === 'delivered');
      },
      60_000,
      '60 webhook deliveries delivered',
    );
    const deliveryIds = (await delivered()).map((r) => r.id);
    assert.deepEqual(new Set(receiver.received.map((r) => String(r.headers['x-webhook-id']))), new Set(deliveryIds));
    await assertAttemptsMatch(database.db, receiver.received, deliveryIds);
    const perObject = new Map<string, string[]>();
    for (const r of firstOfEach(receiver.received))
      perObject.set(r.json.data.id, [...(perObject.get(r.json.data.id) ?? []), r.json.data.status]);
    assert.equal(perObject.size, 30);
    for (const [id, statuses] of perObject) {
      assert.deepEqual(statuses, invoiceIds.includes(id) ? ['processing', 'paid'] : ['processing', 'completed'], 'in order');
    }
  });

  it('a delivery scheduled in the database survives a killed worker', async () => {
    // Its first attempt gets a 503; any later one succeeds.
    const receiver = await startReceiver((r) => (Number(r.headers['x-webhook-attempt']) === 1 ? { status: 503 } : { status: 200 }));
    after(() => receiver.close());
    const { key, tenantId } = await t.tenant(['*']);
    const inv = (
      await t.call('POST', '/v1/invoice', {
        key,
        body: { amount: 10, fiatCurrencyCode: 'USD', orderId: 'kill-1', webhookUrl: `${receiver.url}/k` },
      })
    ).body.data;
    assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id: inv.id } })).status, 200);
    for (const w of workers) w.kill('SIGTERM');
    const first = startWorker({ WEBHOOK_RETRY_BASE_S: '2' });
    const attempts = () =>
      database.db
        .selectFrom('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .select(['webhook_attempts.outcome', 'webhook_attempts.status_code'])
        .where('webhook_deliveries.tenant_id', '=', tenantId)
        .orderBy('webhook_attempts.attempt')
        .execute();
    await until(async () => (await attempts()).length === 1, 30_000, 'the first attempt');
    first.kill('SIGKILL');
    await new Promise((r) => first.on('exit', r));
    assert.deepEqual(await attempts(), [{ outcome: 'retried', status_code: 503 }]);
    startWorker({ WEBHOOK_RETRY_BASE_S: '2' });
    await until(async () => (await attempts()).length === 2, 30_000, 'the retry by the new worker');
    assert.deepEqual((await attempts())[1], { outcome: 'delivered', status_code: 200 });
    const deliveries = await database.db.selectFrom('webhook_deliveries').select('id').where('tenant_id', '=', tenantId).execute();
    assert.equal(deliveries.length, 1);
    assert.ok(receiver.received.every((r) => r.headers['x-webhook-id'] === deliveries[0]!.id));
    await assertAttemptsMatch(database.db, receiver.received, [deliveries[0]!.id]);
  });
});
