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

describe('two worker processes on one PostgreSQL', { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let database: Database;
  let t: TestApp;
  const workers: ChildProcess[] = [];
  before(async () => {
    database = await freshDatabase('postgres');
    t = await startTestApp('postgres', { database });
    await refreshFees(database.db, defaultOracles(database.db, t.ctx.config));
    await refreshRates(database.db, new SandboxRateProvider(), ['USDT', 'USD']);
  });
  after(async () => {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.on('exit', r)))));
    await t.close();
    await database.close();
  });

  it('settle every deposit and invoice payment exactly once, and the journal matches the balances', async () => {
    for (let i = 0; i < 2; i++) {
      const w = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: { ...process.env, ROLE: 'worker', DATABASE_URL: database.url, ADMIN_TOKEN, WATCH_INTERVAL_MS: '50', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(w);
    }
    const { key } = await t.tenant(['*']);
    const chain = new SandboxChain('TRON', database.db);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `w-${i}` } })).body.data;
      ids.push(d.id);
      await chain.inject({ currencyCode: 'USDT_TRC20', to: d.address, units: 10_000_000n + BigInt(i) });
    }
    const invoiceIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const inv = (await t.call('POST', '/v1/invoice', { key, body: { amount: 10 + i, fiatCurrencyCode: 'USD', orderId: `inv-${i}` } })).body.data;
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
    assert.ok(events.every((e) => Number(e.n) === 2), 'processing and completed, once each');
    const invoiceEntries = await sql<{ n: string }>`select count(*) as n from journal_entries where kind = 'invoice.payment'`.execute(database.db);
    assert.equal(Number(invoiceEntries.rows[0]!.n), 10);
    const invoiceEvents = await database.db
      .selectFrom('outbox_events')
      .select(['aggregate_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('aggregate_id', 'in', invoiceIds)
      .groupBy('aggregate_id')
      .execute();
    assert.equal(invoiceEvents.length, 10);
    assert.ok(invoiceEvents.every((e) => Number(e.n) === 2), 'processing and paid, once each');
    assert.deepEqual(await auditLedger(database.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
