import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { freshDatabase, startTestApp, type TestApp } from '../helpers/harness.ts';
import { sql } from 'kysely';
import { isRead, recordingDatabase, seedCopies, seqScans } from '../helpers/plans.ts';
import { runWatchers } from '../helpers/scenario.ts';
import type { Database } from '../../src/lib/db/index.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { expireDeposits } from '../../src/modules/deposits/read.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { expireInvoices } from '../../src/modules/invoices/expire.ts';
import { claimDeliveries } from '../../src/modules/webhooks/claim.ts';
import { dispatchEvents } from '../../src/modules/webhooks/dispatch.ts';

/** Rows of history per table: enough that PostgreSQL plans a sequential scan wherever no index serves. */
const ROWS = 50_000;
const TABLES = ['invoices', 'deposits', 'withdrawals', 'withdrawal_quotes', 'webhook_deliveries', 'outbox_events'] as const;
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/**
 * a merchant's reads by id or orderId are index lookups however long the account's
 * history. One account holds 50,000 invoices, deposits, withdrawal quotes and withdrawals (copies
 * of one made through the API, inserted in one statement each); every statement the app runs to answer each read is
 * recorded and EXPLAINed with its own parameters, and a sequential scan of those tables fails the
 * test, naming the route and the statement.
 */
describe('reads by id or orderId are index lookups over 50,000 rows a table [postgres]', {
  skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set',
}, () => {
  let base: Database;
  let recorded: ReturnType<typeof recordingDatabase>;
  let t: TestApp;
  let key: string;
  let accountId: string;
  let tenantId: string;
  let deliveryId: string;
  let invoiceId: string;
  let depositId: string;
  let withdrawalId: string;

  before(async () => {
    base = await freshDatabase('postgres');
    recorded = recordingDatabase(base);
    t = await startTestApp('postgres', { database: recorded.database });
    ({ key, accountId, tenantId } = await t.tenant(['*']));
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'first-invoice' } });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    invoiceId = invoice.body.data.id;
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const deposit = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'first-deposit' } });
    assert.equal(deposit.status, 201, JSON.stringify(deposit.body));
    depositId = deposit.body.data.id;
    // The deposit is paid through the sandbox chain; its credit funds one withdrawal.
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'TRX']);
    assert.equal(
      (await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: deposit.body.data.address, amount: 100 }))
        .status,
      201,
    );
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 5 });
    await runWatchers(t, { listen: 'deposits' });
    const quote = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'first-withdrawal' },
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const committed = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: quote.body.data.quoteId } });
    assert.equal(committed.status, 201, JSON.stringify(committed.body));
    withdrawalId = committed.body.data.id;

    const history = { order_id: `'seed-' || g`, created_at: `now() - g * interval '1 minute'` };
    await seedCopies(base.db, 'invoices', invoiceId, ROWS, history);
    await seedCopies(base.db, 'deposits', depositId, ROWS, history);
    // Each withdrawal has a quote of its own: copy g of each names the same made-up id.
    await seedCopies(base.db, 'withdrawal_quotes', quote.body.data.quoteId, ROWS, {
      ...history,
      id: `md5('q' || g)::uuid`,
      withdrawal_id: 'null',
    });
    await seedCopies(base.db, 'withdrawals', withdrawalId, ROWS, { ...history, quote_id: `md5('q' || g)::uuid` });
    // The invoice's event, delivered once to each of 50,000 URLs of the account (each its own delivery).
    const { rows: events } = await sql<{
      id: string;
    }>`insert into outbox_events (tenant_id, event_type, aggregate_type, aggregate_id, payload, processed_at)
      values (${tenantId}, 'invoice.statusChanged', 'invoice', ${invoiceId}, '{}'::json, now()) returning id::text`.execute(base.db);
    deliveryId = (
      await sql<{
        id: string;
      }>`insert into webhook_deliveries (id, tenant_id, account_id, event_id, event_type, aggregate_key, url, origin, status)
        values (gen_random_uuid(), ${tenantId}, ${accountId}, ${events[0]!.id}::bigint, 'invoice.statusChanged', ${`invoice:${invoiceId}`}, 'https://merchant.example/0', 'https://merchant.example', 'delivered')
        returning id::text`.execute(base.db)
    ).rows[0]!.id;
    await seedCopies(base.db, 'webhook_deliveries', deliveryId, ROWS, {
      seq: `nextval('webhook_deliveries_seq_seq')`,
      url: `'https://merchant.example/' || g`,
    });
  });
  after(async () => {
    await t?.close();
    await recorded?.database.close();
    await base?.close();
  });

  /** Calls the route, checks its status, and fails on any sequential scan in the plans of the reads it ran. */
  async function indexOnly(method: string, url: string, status = 200, body?: unknown) {
    recorded.statements.length = 0;
    const res = await t.call(method, url, { key, ...(body !== undefined ? { body } : {}) });
    assert.equal(res.status, status, `${method} ${url}: ${JSON.stringify(res.body)}`);
    const reads = recorded.statements.filter(isRead);
    assert.ok(reads.length > 0, `${method} ${url} ran no read`);
    for (const statement of reads) {
      const scans = await seqScans(base.db, statement, TABLES);
      assert.deepEqual(scans, [], `${method} ${url} scans ${scans.join(', ')} sequentially:\n${statement.sql}`);
    }
    return res.body;
  }

  it('invoices: by id, by orderId (new and old), a create with a taken orderId, and a cancel by orderId', async () => {
    assert.equal((await indexOnly('GET', `/v1/invoice?id=${invoiceId}`)).data.orderId, 'first-invoice');
    assert.equal((await indexOnly('GET', '/v1/invoice?orderId=first-invoice')).data.id, invoiceId);
    assert.equal((await indexOnly('GET', '/v1/invoice?orderId=seed-25000')).data.orderId, 'seed-25000');
    await indexOnly('GET', '/v1/invoice?orderId=never-made', 404);
    // A create with an orderId already taken looks up the invoice that holds it.
    assert.equal(
      (await indexOnly('POST', '/v1/invoice', 409, { amount: 5, fiatCurrencyCode: 'USD', orderId: 'seed-100' })).code,
      'exceptions.invoice.orderIdAlreadyExists',
    );
    assert.equal((await indexOnly('POST', '/v1/invoice/cancel', 200, { orderId: 'seed-49999' })).data.status, 'cancelled');
  });

  it('deposits: by id, by orderId (new and old)', async () => {
    assert.equal((await indexOnly('GET', `/v1/deposit?id=${depositId}`)).data.orderId, 'first-deposit');
    assert.equal((await indexOnly('GET', '/v1/deposit?orderId=first-deposit')).data.id, depositId);
    assert.equal((await indexOnly('GET', '/v1/deposit?orderId=seed-12345')).data.orderId, 'seed-12345');
    await indexOnly('GET', '/v1/deposit?orderId=never-made', 404);
  });

  it('lists: page 1, a status no row has, a status filter and a page 2,000 deep, each with its exact total', async () => {
    const all = ROWS + 1;
    for (const [list, extra] of [
      ['/v1/invoice/list', ''],
      ['/v1/deposit/list', ''],
      ['/v1/withdrawal/list', `&accountId=${accountId}`],
    ] as const) {
      assert.equal((await indexOnly('GET', `${list}?limit=20${extra}`)).total, all, list);
      const none = await indexOnly('GET', `${list}?status=failed${extra}`);
      assert.deepEqual([none.total, none.data.length], [0, 0], `${list}?status=failed`);
      const deep = await indexOnly('GET', `${list}?page=2000&limit=20${extra}`);
      assert.deepEqual([deep.total, deep.data.length, deep.hasMore], [all, 20, true], `${list} page 2000`);
    }
    const log = await indexOnly('GET', '/v1/webhook-deliveries?limit=20');
    assert.equal(log.total, all, 'the seeded deliveries and the one they copy');
    assert.equal((await indexOnly('GET', '/v1/webhook-deliveries?status=failed')).total, 0);
    assert.equal((await indexOnly('GET', '/v1/webhook-deliveries?page=2000&limit=20')).data.length, 20);
    assert.equal((await indexOnly('GET', `/v1/webhook-deliveries/${deliveryId}`)).data.id, deliveryId);
    // The invoice cancelled above (by its orderId, seed-49999) is the one of its status.
    const cancelled = await indexOnly('GET', '/v1/invoice/list?status=cancelled');
    assert.deepEqual([cancelled.total, cancelled.data.map((i: { orderId: string }) => i.orderId)], [1, ['seed-49999']]);
    // One payment link's invoices, along their own index (the account's 50,000 were made by none).
    const link = (await t.call('POST', '/v1/payment-links', { key, body: { title: 'Plans', fiatCurrencyCode: 'USD', amount: 5 } })).body
      .data;
    const byLink = await indexOnly('GET', `/v1/invoice/list?paymentLinkId=${link.id}&limit=20`);
    assert.deepEqual([byLink.total, byLink.data.length], [0, 0]);
    assert.equal((await indexOnly('GET', `/v1/invoice/list?paymentLinkId=${link.id}&page=3&limit=20`)).total, 0);
  });

  it('conversions and x402 settlements: by id, the lists (page 1, deep) and every settlement filter', async () => {
    const conversion = randomUUID();
    await sql`insert into conversions (id, tenant_id, account_id, from_currency, to_currency, from_amount, to_amount, commission, completed_at)
      values (${conversion}, ${tenantId}, ${accountId}, 'USDT_TRC20', 'TRX', 100, 50, 1, now())`.execute(base.db);
    await seedCopies(base.db, 'conversions', conversion, ROWS, { completed_at: `now() - g * interval '1 minute'` });
    const settlement = randomUUID();
    const payer = '0x' + 'ab'.repeat(20);
    await sql`insert into x402_settlements (id, tenant_id, network, asset, payer, pay_to, nonce, amount, status, transaction)
      values (${settlement}, ${tenantId}, 'eip155:84532', ${'0x' + '11'.repeat(20)}, ${payer}, ${'0x' + '22'.repeat(20)}, '0x00', 1000, 'confirmed', ${'0x' + 'cd'.repeat(32)})`.execute(
      base.db,
    );
    await seedCopies(base.db, 'x402_settlements', settlement, ROWS, {
      nonce: `'0x' || to_hex(g)`,
      payer: `'0x' || lpad(to_hex(g), 40, '0')`,
      transaction: `'0x' || lpad(to_hex(g), 64, '0')`,
      created_at: `now() - g * interval '1 minute'`,
      pay_to: `case when g % 100 = 0 then x.pay_to else '0x' || repeat('33', 20) end`,
    });
    const all = ROWS + 1;
    const tables = [...TABLES, 'conversions', 'x402_settlements'];
    const check = async (url: string) => {
      recorded.statements.length = 0;
      const res = await t.call('GET', url, { key });
      assert.equal(res.status, 200, `GET ${url}: ${JSON.stringify(res.body)}`);
      for (const statement of recorded.statements.filter(isRead)) {
        const scans = await seqScans(base.db, statement, tables);
        assert.deepEqual(scans, [], `GET ${url} scans ${scans.join(', ')} sequentially:\n${statement.sql}`);
      }
      return res.body;
    };
    assert.equal((await check(`/v1/converting?id=${conversion}`)).data.id, conversion);
    assert.equal((await check('/v1/converting/list')).total, all);
    assert.equal((await check('/v1/converting/list?page=2000')).data.length, 20);
    assert.equal((await check(`/v1/x402/settlements/${settlement}`)).data.id, settlement);
    assert.equal((await check('/v1/x402/settlements')).total, all);
    assert.equal((await check('/v1/x402/settlements?page=2000')).data.length, 20);
    assert.equal((await check('/v1/x402/settlements?status=failed')).total, 0);
    assert.equal((await check(`/v1/x402/settlements?payer=${payer.toUpperCase().replace('0X', '0x')}`)).total, 1);
    // One receiving address of several: a filter that matches most of the history counts most of it.
    assert.equal((await check(`/v1/x402/settlements?payTo=${'0x' + '22'.repeat(20)}&limit=5`)).total, 1 + ROWS / 100);
    assert.equal((await check(`/v1/x402/settlements?transaction=${'0x' + 'cd'.repeat(32)}`)).total, 1);
    // By network: along the tenant's network index, counted there (the maintained counts are not per network).
    assert.equal((await check('/v1/x402/settlements?network=eip155:84532&limit=5')).total, all);
    assert.equal((await check('/v1/x402/settlements?network=eip155:8453')).total, 0);
    assert.deepEqual(
      (await check('/v1/x402/networks')).data.map((n: { network: string }) => n.network),
      ['eip155:84532'],
    );
    const from = new Date(Date.now() - 90 * 60_000).toISOString();
    assert.equal((await check(`/v1/x402/settlements?from=${encodeURIComponent(from)}`)).total, 90);
  });

  it("the worker's hot statements (a delivery claim, the outbox's dispatch, the expiry rounds, a watcher round) plan no sequential scan over the history", async () => {
    // 50,000 dispatched events beside the 50,000 finished deliveries.
    const { rows } = await sql<{ id: string }>`select event_id::text as id from webhook_deliveries where id = ${deliveryId}::uuid`.execute(
      base.db,
    );
    await seedCopies(base.db, 'outbox_events', rows[0]!.id, ROWS, {
      id: `nextval('outbox_events_id_seq')`,
      created_at: `now() - g * interval '1 second'`,
    });
    recorded.statements.length = 0;
    const db = recorded.database.db;
    const ctx = { ...t.ctx, db, database: recorded.database };
    await claimDeliveries(db, { owner: randomUUID(), leaseS: 30, limit: 10, perOrigin: 2, room: new Map(), origins: null });
    await dispatchEvents(db, 200);
    await expireInvoices(ctx);
    await expireDeposits(ctx);
    await runWatchers({ ctx }, { listen: 'deposits' });
    // Every statement that reads or writes rows (transaction control and locks left out), EXPLAINed without running it.
    const statements = recorded.statements.filter((q) => /^\s*(\/\*[^*]*\*\/\s*)?(select|with|insert|update|delete)\b/i.test(q.sql));
    assert.ok(statements.length >= 5, `${statements.length} statements`);
    for (const statement of statements) {
      const scans = await seqScans(base.db, statement, TABLES);
      assert.deepEqual(scans, [], `a worker statement scans ${scans.join(', ')} sequentially:\n${statement.sql}`);
    }
  });

  it('withdrawals: by id, by orderId (new and old); a quote by id at commit', async () => {
    assert.equal((await indexOnly('GET', `/v1/withdrawal?id=${withdrawalId}`)).data.orderId, 'first-withdrawal');
    assert.equal((await indexOnly('GET', '/v1/withdrawal?orderId=first-withdrawal')).data.id, withdrawalId);
    assert.equal((await indexOnly('GET', '/v1/withdrawal?orderId=seed-31000')).data.orderId, 'seed-31000');
    await indexOnly('GET', '/v1/withdrawal?orderId=never-made', 404);
    const unknown = await indexOnly('POST', '/v1/withdrawal/commit', 404, { quoteId: '00000000-0000-4000-8000-000000000000' });
    assert.equal(unknown.code, 'exceptions.withdrawal.quoteNotFound');
  });
});
