// what only grows is pruned after its configured time, in batches; what is live, and
// money history, stays (modules/system/retention.ts).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { retention } from '../../src/config/retention.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { pruneRound } from '../../src/modules/system/retention.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

const DAY = 86_400_000;

describeEngines('retention of what only grows', (engine) => {
  const app = useTestApp(engine);

  it('prunes old request logs, finished deliveries with their attempts, events no delivery names and unused expired quotes; keeps the rest', async () => {
    const t = app();
    const db = t.ctx.db;
    const { tenantId, accountId, key } = await t.tenant(['*']);
    const invoice = await t.call('POST', '/v1/invoice', { key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'kept-money' } });
    assert.equal(invoice.status, 201);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const policy = retention({ REQUEST_LOG_RETENTION_DAYS: '30', WEBHOOK_RETENTION_DAYS: '90', QUOTE_RETENTION_DAYS: '7' });

    // Request log: 25 rows 31 days old, 3 rows a day old.
    // The app logs its own requests too (the invoice above), flushed in the background: only the
    // test's rows are counted.
    const logs = [...Array.from({ length: 25 }, () => ago(31)), ...Array.from({ length: 3 }, () => ago(1))];
    const logIds: string[] = [];
    for (const at of logs) {
      const requestId = randomUUID();
      logIds.push(requestId);
      await sql`insert into request_log (tenant_id, account_id, actor, method, path, status, latency_ms, request_id, created_at)
        values (${tenantId}, ${accountId}, 'key', 'GET', '/v1/invoice', 200, 1.5, ${requestId}, ${at})`.execute(db);
    }

    // Events with deliveries: finished 100 days ago (pruned with its attempts and then its event),
    // pending 100 days ago (kept, and its event), finished a day ago (kept); an old event with no
    // delivery (pruned), an old one not yet dispatched (kept).
    const event = async (at: Date, processed: boolean) =>
      (
        await sql<{
          id: string;
        }>`insert into outbox_events (tenant_id, event_type, aggregate_type, aggregate_id, payload, created_at, processed_at)
          values (${tenantId}, 'invoice.statusChanged', 'invoice', ${randomUUID()}, '{}'::json, ${at}, ${processed ? at : null}) returning id::text`.execute(
          db,
        )
      ).rows[0]!.id;
    const delivery = async (eventId: string, at: Date, status: string) => {
      const id = randomUUID();
      await sql`insert into webhook_deliveries (id, tenant_id, event_id, event_type, aggregate_key, url, origin, status, created_at)
        values (${id}, ${tenantId}, ${eventId}::bigint, 'invoice.statusChanged', ${`invoice:${randomUUID()}`}, 'https://merchant.example/hook', 'https://merchant.example', ${status}, ${at})`.execute(
        db,
      );
      for (const attempt of [1, 2]) {
        await sql`insert into webhook_attempts (delivery_id, attempt, status_code, latency_ms, outcome, attempted_at)
          values (${id}, ${attempt}, 500, 12, ${attempt === 2 && status !== 'pending' ? status : 'retried'}, ${at})`.execute(db);
      }
      return id;
    };
    const oldDelivered = await event(ago(100), true);
    await delivery(oldDelivered, ago(100), 'delivered');
    const oldFailed = await event(ago(100), true);
    await delivery(oldFailed, ago(100), 'failed');
    const oldPending = await event(ago(100), true);
    const pendingId = await delivery(oldPending, ago(100), 'pending');
    const recent = await event(ago(1), true);
    const recentId = await delivery(recent, ago(1), 'delivered');
    const undelivered = await event(ago(100), true);
    const undispatched = await event(ago(100), false);

    // Mails: sent 100 days ago (pruned), pending as long (kept), sent a day ago (kept).
    const mail = async (at: Date, status: string) => {
      const id = randomUUID();
      await sql`insert into email_jobs (id, tenant_id, source, kind, recipient, status, subject, text_body, html_body, created_at)
        values (${id}, ${tenantId}, ${`event:${id}`}, 'invoicePaid', 'buyer@example.com', ${status}, 's', 't', 'h', ${at})`.execute(db);
      return id;
    };
    await mail(ago(100), 'sent');
    const mailsKept = [await mail(ago(100), 'pending'), await mail(ago(1), 'sent')].sort();

    // Quotes: expired 8 days ago and never committed (pruned), committed (kept), expired an hour ago (kept).
    const quote = async (expires: Date, withdrawalId: string | null) => {
      const id = randomUUID();
      await sql`insert into withdrawal_quotes (id, tenant_id, account_id, order_id, currency_code, network, address, amount, fee, fee_native,
          fee_native_currency, usd_price, expires_at, withdrawal_id)
        values (${id}, ${tenantId}, ${accountId}, ${id}, 'USDT_TRC20', 'Tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 10, 1, 1, 'TRX', '1', ${expires}, ${withdrawalId})`.execute(
        db,
      );
      await sql`insert into conversion_quotes (id, tenant_id, account_id, from_currency, to_currency, from_amount, to_amount, commission, expires_at)
        values (${id}, ${tenantId}, ${accountId}, 'USDT_TRC20', 'TRX', 100, 50, 1, ${expires})`.execute(db);
      return id;
    };
    const stale = await quote(ago(8), null);
    const committed = await quote(ago(8), randomUUID());
    const fresh = await quote(new Date(now.getTime() - 3_600_000), null);
    // A batch quote expired 8 days ago and never committed: pruned, with the item quote it holds.
    const staleBatch = randomUUID();
    await sql`insert into withdrawal_batch_quotes (id, tenant_id, account_id, item_count, expires_at) values (${staleBatch}, ${tenantId}, ${accountId}, 1, ${ago(8)})`.execute(
      db,
    );
    await sql`insert into withdrawal_quotes (id, tenant_id, account_id, order_id, currency_code, network, address, amount, fee, fee_native,
        fee_native_currency, usd_price, expires_at, batch_quote_id, batch_index)
      values (${staleBatch}, ${tenantId}, ${accountId}, ${staleBatch}, 'USDT_TRC20', 'Tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 10, 1, 1, 'TRX', '1', ${ago(8)}, ${staleBatch}, 0)`.execute(
      db,
    );

    // Batches of 10: the request log's 25 take three batches of one round.
    const pruned = await pruneRound(db, policy, { limit: 10, now });
    assert.deepEqual(pruned, {
      request_log: 25,
      webhook_deliveries: 2,
      outbox_events: 3,
      email_jobs: 1,
      withdrawal_batch_quotes: 1,
      withdrawal_quotes: 1,
      conversion_quotes: 2,
      sandbox_blocks: 0,
      login_throttle: 0,
    });

    const ids = async (q: ReturnType<typeof sql<{ id: string }>>) => (await q.execute(db)).rows.map((r) => r.id).sort();
    assert.equal((await ids(sql`select id::text from request_log where request_id = any(${logIds}::text[])`)).length, 3);
    assert.deepEqual(await ids(sql`select id::text from webhook_deliveries`), [pendingId, recentId].sort());
    assert.deepEqual(await ids(sql`select distinct delivery_id::text as id from webhook_attempts`), [pendingId, recentId].sort());
    assert.deepEqual(
      await ids(sql`select id::text from outbox_events where tenant_id = ${tenantId}`),
      [oldPending, recent, undispatched].sort(),
    );
    assert.ok(!(await ids(sql`select id::text from outbox_events`)).includes(undelivered));
    assert.deepEqual(await ids(sql`select id::text from email_jobs where tenant_id = ${tenantId}`), mailsKept);
    assert.deepEqual(await ids(sql`select id::text from withdrawal_quotes where tenant_id = ${tenantId}`), [committed, fresh].sort());
    // The committed conversion quote is kept only while a conversion names it: here none does.
    assert.deepEqual(await ids(sql`select id::text from conversion_quotes where tenant_id = ${tenantId}`), [fresh]);
    assert.ok(!(await ids(sql`select id::text from conversion_quotes`)).includes(stale));

    // Money history has no policy: the invoice is there, and a second round finds nothing.
    assert.equal((await t.call('GET', `/v1/invoice?id=${invoice.body.data.id}`, { key })).status, 200);
    assert.deepEqual(await pruneRound(db, policy, { limit: 10, now }), {
      request_log: 0,
      webhook_deliveries: 0,
      outbox_events: 0,
      email_jobs: 0,
      withdrawal_batch_quotes: 0,
      withdrawal_quotes: 0,
      conversion_quotes: 0,
      sandbox_blocks: 0,
      login_throttle: 0,
    });
  });

  it("prunes a sandbox chain's old empty blocks deep below its tip; keeps blocks with transfers, recent ones and the tip's last 1,000", async () => {
    const t = app();
    const db = t.ctx.db;
    const now = new Date();
    const policy = retention({ SANDBOX_BLOCK_RETENTION_DAYS: '30' });
    // Tron: heights 0…1099 mined 40 days ago, but 50…59 a day ago; a transfer in block 5.
    // Bitcoin: 60 blocks, all old, all within 1,000 of its tip.
    await sql`insert into sandbox_blocks (network, height, hash, created_at)
      select 'TRON', g, md5('tron' || g), ${now}::timestamptz - (case when g between 50 and 59 then 1 else 40 end) * interval '1 day'
      from generate_series(0, 1099) g`.execute(db);
    await sql`insert into sandbox_blocks (network, height, hash, created_at)
      select 'BTC', g, md5('btc' || g), ${now}::timestamptz - interval '40 days' from generate_series(0, 59) g`.execute(db);
    await sql`insert into sandbox_transfers (network, tx_hash, output_index, to_address, currency_code, amount, block_height)
      values ('TRON', ${'aa'.repeat(32)}, 0, 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'USDT_TRC20', 5000000, 5)`.execute(db);

    // Below the tip's last 1,000 (heights under 99): 99 blocks, less the one with a transfer and the ten recent ones.
    assert.deepEqual(await pruneRound(db, policy, { limit: 10, now }), {
      request_log: 0,
      webhook_deliveries: 0,
      outbox_events: 0,
      email_jobs: 0,
      withdrawal_batch_quotes: 0,
      withdrawal_quotes: 0,
      conversion_quotes: 0,
      sandbox_blocks: 88,
      login_throttle: 0,
    });
    const heights = async (network: string) =>
      (await sql<{ height: number }>`select height from sandbox_blocks where network = ${network} order by height`.execute(db)).rows.map(
        (r) => r.height,
      );
    const tron = await heights('TRON');
    assert.deepEqual(
      tron.filter((h) => h < 99),
      [5, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59],
    );
    assert.equal(tron.filter((h) => h >= 99).length, 1001, 'the tip and the 1,000 blocks below it');
    assert.equal((await heights('BTC')).length, 60);
    // The transfer's block is still there for its confirmations: the sandbox chain still places it.
    const chain = new SandboxChain('TRON', db);
    assert.deepEqual(await chain.tip(), {
      height: 1099,
      hash: (await sql<{ h: string }>`select md5('tron1099') as h`.execute(db)).rows[0]!.h,
    });
    assert.equal(await chain.blockHash(5), (await sql<{ h: string }>`select md5('tron5') as h`.execute(db)).rows[0]!.h);
    assert.equal((await pruneRound(db, policy, { limit: 10, now })).sandbox_blocks, 0);
  });
});
