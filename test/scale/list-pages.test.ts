import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../src/lib/db/index.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, freshDatabase, startTestApp, type TestApp } from '../helpers/harness.ts';
import { isRead, recordingDatabase, seedCopies, tableRowsRead } from '../helpers/plans.ts';
import { fundedAccount } from '../helpers/scenario.ts';

/**
 * Rows of each table: enough that an index walk beats reading the table. The logs ordered by a key
 * of the whole table (request and audit logs, deliveries) have half their rows another tenant's, as
 * in an installation of several: with one tenant alone, walking the whole table's key is as cheap.
 */
const ROWS = 5000;
const LIMIT = 20;
/** The pages compared with page 1: the next, two a dashboard reaches by paging, and one past DEEP_PAGE (2,000 rows down). */
const PAGES = [2, 10, 50, 120];
/** A list's total counted apart from its page (`paged`): the same statement whatever the page. */
const COUNT = /^\s*select count\(\*\) as "total" from /i;
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** A list: its URL (page and limit are added), who calls it, and the table its rows are. */
interface List {
  url: string;
  table: string;
  as: 'account' | 'tenant' | 'operator';
}

/** The app under test, the statements it ran, and the keys a list is called with. */
interface Subject {
  t: TestApp;
  recorded: ReturnType<typeof recordingDatabase>;
  keys: { account: string; tenant?: string };
}

/** Calls one page of the list; the rows it read from the list's table, under each plan, and the plans. */
async function rowsRead({ t, recorded, keys }: Subject, list: List, page: number) {
  const url = `${list.url}${list.url.includes('?') ? '&' : '?'}page=${page}&limit=${LIMIT}`;
  recorded.statements.length = 0;
  const res =
    list.as === 'operator'
      ? await t.admin('GET', url)
      : await t.call('GET', url, { key: list.as === 'account' ? keys.account : keys.tenant });
  assert.equal(res.status, 200, `GET ${url}: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.data.length, LIMIT, `GET ${url}: a full page`);
  const mentions = new RegExp(`\\b${list.table}\\b`);
  // The total's count is the same statement whatever the page (and counts rows the app's own
  // request log adds meanwhile): left out.
  const statements = recorded.statements.filter((q) => isRead(q) && mentions.test(q.sql) && !COUNT.test(q.sql));
  assert.ok(statements.length > 0, `GET ${url} read no ${list.table}`);
  const result = { url, custom: 0, generic: 0, scanned: { custom: 0, generic: 0 }, plans: [] as string[] };
  for (const statement of statements) {
    for (const mode of ['custom', 'generic'] as const) {
      const { rows, scanned, plan } = await tableRowsRead(recorded.database.db, statement, list.table, mode === 'generic');
      result[mode] += rows;
      result.scanned[mode] += scanned;
      result.plans.push(`${mode} plan of ${statement.sql}\n${plan}`);
    }
  }
  return result;
}

/**
 * Page 1 reads its own rows from the table, and no more (its total's count aside) than twice as
 * many: a walk along the table's key passes the other tenant's rows between the list's (half of
 * the logs' rows), but no plan reads or sorts the whole list.
 */
function readsItsRows(read: Awaited<ReturnType<typeof rowsRead>>, table: string, modes: ReadonlyArray<'custom' | 'generic'>) {
  for (const mode of modes) {
    assert.ok(
      read[mode] <= 2 * LIMIT,
      `${read.url} reads ${read[mode]} rows of ${table} for a page of ${LIMIT} (${mode} plan):\n${read.plans.join('\n')}`,
    );
  }
}

/** Pages 1 and `PAGES` of the list: page 1 reads its rows, and a later page no more rows than page 1, under each of `modes`' plans. */
async function pagesReadAlike(subject: Subject, list: List, pages: readonly number[], modes: ReadonlyArray<'custom' | 'generic'>) {
  const first = await rowsRead(subject, list, 1);
  readsItsRows(first, list.table, modes);
  for (const page of pages) {
    const later = await rowsRead(subject, list, page);
    for (const mode of modes) {
      assert.ok(
        later[mode] <= first.custom,
        `${later.url} reads ${later[mode]} rows of ${list.table} (${mode} plan), page 1 ${first.custom}:\n${later.plans.join('\n')}`,
      );
    }
  }
}

/**
 * Vacuums and analyzes the table until its pages are all-visible, as autovacuum leaves a table
 * between bursts of writes: a vacuum while another transaction is open (on PostgreSQL the app's, or
 * another client's) may leave pages unmarked, and the planner then costs an index-only walk as one
 * that reads the table too.
 */
async function vacuumed(db: Database['db'], table: string): Promise<void> {
  for (let i = 0; ; i++) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    const { rows } = await sql<{
      pages: number;
      visible: number;
    }>`select relpages as pages, relallvisible as visible from pg_class where oid = ${table}::regclass`.execute(db);
    // A few pages may stay unmarked whatever the vacuums (one on some tables; three of 241 on a
    // database reused after the backup, fuzz and matrix files in one process), as autovacuum leaves
    // them too: up to 2 % of the table, a cost the planner's choice does not turn on.
    if (rows[0]!.visible >= rows[0]!.pages - Math.max(1, Math.ceil(rows[0]!.pages / 50))) return;
    assert.ok(i < 50, `${table}: ${rows[0]!.visible} of ${rows[0]!.pages} pages all-visible after ${i + 1} vacuums`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * a later page of a list costs what page 1 does. Each list's table holds 5,000 rows
 * (copies of one made through the API or inserted, vacuumed and analyzed); every statement the app
 * runs to answer a page is recorded and EXPLAIN ANALYZEd with its own parameters, both as planned
 * for those values and under a generic plan (PGlite prepares every statement and, after five runs,
 * may keep the plan made without values). Page 1 reads its own rows from the list's table (no plan
 * reads or sorts the whole list), and a later page no more than page 1: it walks the list's index
 * for its keys and reads only its own rows. The total's count is left out (the same statement on
 * every page). Timing plays no part: the rows a plan reads do not vary from run to run.
 */
describeEngines('a later page of every list reads no more of its table than page 1', (engine) => {
  let base: Database;
  let recorded: ReturnType<typeof recordingDatabase>;
  let t: TestApp;
  let key: string;
  let wide: string;
  let accountId: string;

  before(async () => {
    base = await freshDatabase(engine);
    recorded = recordingDatabase(base);
    t = await startTestApp(engine, { database: recorded.database });
    // Only the recording database from here on: on PGlite a second driver would not wait for the first.
    const db = recorded.database.db;
    const tenant = await fundedAccount(t, { rates: null });
    ({ key, accountId } = tenant);
    const { tenantId } = tenant;
    wide = await t.wideKey(tenantId);
    const other = await t.tenant(['*']);
    const half = (column: string, value: string) => `case when g % 2 = 0 then x.${column} else '${value}'::uuid end`;
    const shared = { tenant_id: half('tenant_id', other.tenantId), account_id: half('account_id', other.accountId) };
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'first-invoice' } });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    await refreshRates(db, new SandboxRateProvider(), ['USDT', 'TRX']);
    const quote = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'first-withdrawal' },
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const withdrawal = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: quote.body.data.quoteId } });
    assert.equal(withdrawal.status, 201, JSON.stringify(withdrawal.body));
    const { rows: deposits } = await sql<{
      id: string;
      network: string;
      address: string;
    }>`select d.id, d.network, d.address from deposits d where d.account_id = ${accountId}`.execute(db);
    const deposit = deposits[0]!;

    const ids = { conversion: randomUUID(), settlement: randomUUID(), unlisted: randomUUID(), user: randomUUID() };
    await sql`insert into conversions (id, tenant_id, account_id, from_currency, to_currency, from_amount, to_amount, commission, completed_at)
      values (${ids.conversion}, ${tenantId}, ${accountId}, 'USDT_TRC20', 'TRX', 100, 50, 1, now())`.execute(db);
    await sql`insert into x402_settlements (id, tenant_id, network, asset, payer, pay_to, nonce, amount, status, transaction)
      values (${ids.settlement}, ${tenantId}, 'eip155:84532', ${'0x' + '11'.repeat(20)}, ${'0x' + 'ab'.repeat(20)}, ${'0x' + '22'.repeat(20)}, '0x00', 1000, 'confirmed', ${'0x' + 'cd'.repeat(32)})`.execute(
      db,
    );
    const { rows: events } = await sql<{
      id: string;
    }>`insert into outbox_events (tenant_id, event_type, aggregate_type, aggregate_id, payload, processed_at)
      values (${tenantId}, 'invoice.statusChanged', 'invoice', ${invoice.body.data.id}, '{}'::json, now()) returning id::text`.execute(db);
    const delivery = (
      await sql<{
        id: string;
      }>`insert into webhook_deliveries (id, tenant_id, account_id, event_id, event_type, aggregate_key, url, origin, status)
        values (gen_random_uuid(), ${tenantId}, ${accountId}, ${events[0]!.id}::bigint, 'invoice.statusChanged', ${`invoice:${invoice.body.data.id}`}, 'https://merchant.example/0', 'https://merchant.example', 'delivered')
        returning id::text`.execute(db)
    ).rows[0]!.id;
    const logged = (
      await sql<{ id: string }>`insert into request_log (tenant_id, account_id, actor, method, path, status, latency_ms, request_id)
        values (${tenantId}, ${accountId}, 'key', 'GET', '/v1/invoice/list', 200, 1.5, 'req-0') returning id::text`.execute(db)
    ).rows[0]!.id;
    const audited = (
      await sql<{
        id: string;
      }>`insert into audit_log (tenant_id, actor, action) values (${tenantId}, 'owner@shop.example', 'apiKey.created') returning id::text`.execute(
        db,
      )
    ).rows[0]!.id;
    await sql`insert into users (id, tenant_id, email, role) values (${ids.user}, ${tenantId}, 'clerk@shop.example', 'viewer')`.execute(db);
    await sql`insert into unlisted_token_transfers (id, network, tx_hash, output_index, address, contract, amount, purpose, owner_id, tenant_id, status)
      values (${ids.unlisted}, ${deposit.network}, 'tx-0', 0, ${deposit.address}, 'TContract', 5, 'deposit', ${deposit.id}, ${tenantId}, 'held')`.execute(
      db,
    );

    // One row a minute back from now: 5,000 rows span four days (the day counts place a deep page).
    const at = `now() - g * interval '1 minute'`;
    const history = { order_id: `'seed-' || g`, created_at: at };
    const copies: Array<[string, string, Record<string, string>]> = [
      ['invoices', invoice.body.data.id, history],
      ['deposits', deposit.id, history],
      ['withdrawal_quotes', quote.body.data.quoteId, { ...history, id: `md5('q' || g)::uuid`, withdrawal_id: 'null' }],
      ['withdrawals', withdrawal.body.data.id, { ...history, quote_id: `md5('q' || g)::uuid` }],
      ['conversions', ids.conversion, { completed_at: at }],
      ['x402_settlements', ids.settlement, { nonce: `'0x' || to_hex(g)`, created_at: at }],
      [
        'webhook_deliveries',
        delivery,
        { ...shared, seq: `nextval('webhook_deliveries_seq_seq')`, url: `'https://merchant.example/' || g`, created_at: at },
      ],
      ['request_log', logged, { ...shared, id: `nextval('request_log_id_seq')`, request_id: `'req-' || g`, created_at: at }],
      ['audit_log', audited, { tenant_id: shared.tenant_id, id: `nextval('audit_log_id_seq')`, created_at: at }],
      ['users', ids.user, { email: `'clerk-' || g || '@shop.example'`, created_at: at }],
      ['tenants', tenantId, { name: `'Tenant ' || g`, created_at: at }],
      ['api_keys', tenant.keyId, { key_hash: `md5('key' || g)`, created_at: at }],
      ['unlisted_token_transfers', ids.unlisted, { tx_hash: `'tx-' || g`, first_seen_at: at }],
    ];
    for (const [table, id, overrides] of copies) await seedCopies(db, table, id, ROWS, overrides, { vacuum: false });
    await sql`insert into blocked_customers (tenant_id, customer_id, created_at) select ${tenantId}, 'customer-' || g, now() - g * interval '1 minute' from generate_series(1, ${ROWS}) g`.execute(
      db,
    );
    for (const table of [...copies.map(([name]) => name), 'blocked_customers']) await vacuumed(db, table);
  });
  after(async () => {
    await t?.close();
    await recorded?.database.close();
    await base?.close();
  });

  const lists: List[] = [
    { url: '/v1/invoice/list', table: 'invoices', as: 'account' },
    { url: '/v1/invoice/list?status=created', table: 'invoices', as: 'account' },
    { url: '/v1/deposit/list', table: 'deposits', as: 'account' },
    { url: '/v1/withdrawal/list', table: 'withdrawals', as: 'account' },
    { url: '/v1/converting/list', table: 'conversions', as: 'account' },
    { url: '/v1/x402/settlements', table: 'x402_settlements', as: 'account' },
    { url: '/v1/webhook-deliveries', table: 'webhook_deliveries', as: 'account' },
    { url: '/v1/request-log', table: 'request_log', as: 'account' },
    { url: '/v1/request-log', table: 'request_log', as: 'tenant' },
    { url: '/v1/audit-log', table: 'audit_log', as: 'tenant' },
    { url: '/admin/webhook-deliveries', table: 'webhook_deliveries', as: 'operator' },
    { url: '/admin/webhook-deliveries?status=delivered', table: 'webhook_deliveries', as: 'operator' },
    { url: '/admin/audit-log', table: 'audit_log', as: 'operator' },
    { url: '/admin/users', table: 'users', as: 'operator' },
    { url: '/admin/tenants', table: 'tenants', as: 'operator' },
    { url: '/admin/api-keys', table: 'api_keys', as: 'operator' },
    { url: '/admin/customers/blocks', table: 'blocked_customers', as: 'operator' },
    { url: '/admin/unlisted-tokens', table: 'unlisted_token_transfers', as: 'operator' },
    { url: '/admin/withdrawals', table: 'withdrawals', as: 'operator' },
    { url: '/admin/withdrawals?status=waiting', table: 'withdrawals', as: 'operator' },
  ];

  for (const list of lists) {
    it(`${list.url} (${list.as}): pages ${PAGES.join(', ')} read no more rows of ${list.table} than page 1`, async () => {
      await pagesReadAlike({ t, recorded, keys: { account: key, tenant: wide } }, list, PAGES, ['custom', 'generic']);
    });
  }
});

/**
 * The issue's own measurement: a list of 1,000 invoices, all come since the table was last vacuumed
 * and analyzed (PGlite has no autovacuum; on PostgreSQL it is off for the table here, as between
 * two of its runs). Planning for a table it took for nearly empty, PostgreSQL joined a page's ids
 * to the invoices as a nested loop that ran the ids query again for every invoice above the page:
 * page 50 went through the list a thousand times. Plans made on such statistics are no better
 * than they happen to be, page 1's too (it may read the whole list); what holds is that a page
 * goes through the rows above it once at most, index entries included: what it scans stays within
 * page 1's and its own offset.
 */
describeEngines('a later page of a list grown since it was analyzed goes through the rows above it once', (engine) => {
  let base: Database;
  let recorded: ReturnType<typeof recordingDatabase>;
  let t: TestApp;
  let key: string;

  before(async () => {
    base = await freshDatabase(engine);
    recorded = recordingDatabase(base);
    t = await startTestApp(engine, { database: recorded.database });
    const db = recorded.database.db;
    await sql`alter table invoices set (autovacuum_enabled = false)`.execute(db);
    ({ key } = await t.tenant(['*']));
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'first-invoice' } });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    await seedCopies(
      db,
      'invoices',
      invoice.body.data.id,
      999,
      { order_id: `'seed-' || g`, created_at: `now() - g * interval '9 seconds'` },
      { vacuum: false },
    );
  });
  after(async () => {
    await t?.close();
    await recorded?.database.close();
    await base?.close();
  });

  it('/v1/invoice/list: pages 2, 10 and 50 of 1,000 invoices go through the rows above them once', async () => {
    const subject = { t, recorded, keys: { account: key } };
    const list: List = { url: '/v1/invoice/list', table: 'invoices', as: 'account' };
    const first = await rowsRead(subject, list, 1);
    for (const page of [2, 10, 50]) {
      const later = await rowsRead(subject, list, page);
      const bound = first.scanned.custom + page * LIMIT;
      assert.ok(
        later.scanned.custom <= bound,
        `${later.url} scans ${later.scanned.custom} rows of invoices, more than page 1's ${first.scanned.custom} and the ${page * LIMIT} down to its last:\n${later.plans.join('\n')}`,
      );
    }
  });
});
