/**
 * The tenant's default webhook URL: `PATCH /admin/tenants/{id}` `webhookUrl` receives
 * every event whose object names no URL (invoices, withdrawals, x402, conversions); deposits use
 * `depositWebhookUrl` first, then it; an object's own URL always wins. Records a client parses:
 * withdrawal `customData` absent when none was sent, never null.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { settlementRecord } from '../../src/modules/x402/record.ts';
import { enqueue } from '../../src/lib/outbox.ts';
import { dispatchEvents } from '../../src/modules/webhooks/deliveries.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { deliverWebhooks, fundedAccount } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const DEFAULT_URL = 'https://hooks.shop.example.com/all';
const DEPOSIT_URL = 'https://hooks.shop.example.com/deposits';
const OWN_URL = 'https://orders.shop.example.com/own';

/** The URLs the dispatcher chose for an object's events, in order. */
async function urlsOf(t: TestApp, aggregateKey: string): Promise<string[]> {
  await dispatchEvents(t.ctx.db);
  const rows = await t.ctx.db
    .selectFrom('webhook_deliveries')
    .select('url')
    .where('aggregate_key', '=', aggregateKey)
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.url);
}

/** An event of a merchant object with no URL of its own (x402 settlement, conversion), as its module publishes it. */
async function publish(
  t: TestApp,
  tenantId: string,
  aggregateType: string,
  type: string,
  payload: unknown,
  id = randomUUID(),
): Promise<string> {
  await t.ctx.db.transaction().execute((trx) => enqueue(trx, { tenantId, type, aggregateType, aggregateId: id, payload }));
  return id;
}

describeEngines("the tenant's default webhook URL", (engine) => {
  const app = useTestApp(engine);
  const open = useTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '60000' } });
  let seq = 0;

  /** A committed withdrawal, then cancelled by the operator: its `withdrawal.statusChanged` event. */
  async function cancelledWithdrawal(t: TestApp, key: string, commit: Record<string, unknown>) {
    const quote = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: `w-${++seq}` },
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const committed = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: quote.body.data.quoteId, ...commit } });
    assert.equal(committed.status, 201, JSON.stringify(committed.body));
    assert.equal((await t.admin('POST', `/admin/withdrawals/${committed.body.data.id}/cancel`)).status, 200);
    return committed.body.data;
  }

  it('is set, shown and cleared through the operator API, validated like the other webhook URLs', async () => {
    const t = app();
    const { tenantId } = await t.tenant();
    assert.equal((await t.admin('GET', `/admin/tenants/${tenantId}`)).body.data.webhookUrl, null);
    const set = await t.admin('PATCH', `/admin/tenants/${tenantId}`, { webhookUrl: DEFAULT_URL });
    assert.equal(set.status, 200);
    assert.equal(set.body.data.webhookUrl, DEFAULT_URL);
    assert.equal((await t.admin('GET', `/admin/tenants/${tenantId}`)).body.data.webhookUrl, DEFAULT_URL);
    for (const bad of [
      'http://shop.example.com/x',
      'https://127.0.0.1/x',
      'https://intranet/x',
      'https://hooks.local/x',
      'not a url',
      'x'.repeat(600),
    ]) {
      const res = await t.admin('PATCH', `/admin/tenants/${tenantId}`, { webhookUrl: bad, name: 'Renamed' });
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.code, 'exceptions.validation.failed');
      assert.equal(res.body.extension.fields[0].field, 'webhookUrl', bad);
    }
    const unchanged = (await t.admin('GET', `/admin/tenants/${tenantId}`)).body.data;
    assert.equal(unchanged.webhookUrl, DEFAULT_URL);
    assert.notEqual(unchanged.name, 'Renamed');
    const cleared = await t.admin('PATCH', `/admin/tenants/${tenantId}`, { webhookUrl: null });
    assert.equal(cleared.body.data.webhookUrl, null);
  });

  it('receives invoice, withdrawal, x402 and conversion events of objects without a URL; own URLs win', async () => {
    const t = app();
    const { tenantId, key, depositId } = await fundedAccount(t, { settings: { webhookUrl: DEFAULT_URL } });
    // A deposit without its own URL, the tenant without depositWebhookUrl: the default URL.
    const depositUrls = await urlsOf(t, `deposit:${depositId}`);
    assert.ok(depositUrls.length > 0 && depositUrls.every((u) => u === DEFAULT_URL), depositUrls.join());

    const invoice = (await t.call('POST', '/v1/invoice', { key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'inv-default' } }))
      .body.data;
    const own = (
      await t.call('POST', '/v1/invoice', { key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'inv-own', webhookUrl: OWN_URL } })
    ).body.data;
    for (const id of [invoice.id, own.id]) assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id } })).status, 200);
    assert.deepEqual(await urlsOf(t, `invoice:${invoice.id}`), [DEFAULT_URL]);
    assert.deepEqual(await urlsOf(t, `invoice:${own.id}`), [OWN_URL]);

    const plain = await cancelledWithdrawal(t, key, {});
    const withOwn = await cancelledWithdrawal(t, key, { webhookUrl: OWN_URL, customData: { ref: 'r-1', nested: { n: 1 } } });
    assert.deepEqual(await urlsOf(t, `withdrawal:${plain.id}`), [DEFAULT_URL]);
    assert.deepEqual(await urlsOf(t, `withdrawal:${withOwn.id}`), [OWN_URL]);

    const x402 = await publish(t, tenantId, 'x402', 'x402.payment.settled', { id: 'x' });
    const conversion = await publish(t, tenantId, 'conversion', 'conversion.completed', { id: 'c', webhookUrl: null });
    assert.deepEqual(await urlsOf(t, `x402:${x402}`), [DEFAULT_URL]);
    assert.deepEqual(await urlsOf(t, `conversion:${conversion}`), [DEFAULT_URL]);
  });

  it('sends deposits to depositWebhookUrl before webhookUrl, and x402 to webhookUrl before depositWebhookUrl', async () => {
    const t = app();
    const both = await fundedAccount(t, { settings: { webhookUrl: DEFAULT_URL, depositWebhookUrl: DEPOSIT_URL } });
    const bothUrls = await urlsOf(t, `deposit:${both.depositId}`);
    assert.ok(bothUrls.length > 0 && bothUrls.every((u) => u === DEPOSIT_URL), bothUrls.join());
    const own = await t.call('POST', '/v1/deposit', {
      key: both.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'dep-own', webhookUrl: OWN_URL },
    });
    assert.equal(own.status, 201);
    const ownId = await publish(t, both.tenantId, 'deposit', 'deposit.statusChanged', { id: own.body.data.id }, own.body.data.id);
    assert.deepEqual(await urlsOf(t, `deposit:${ownId}`), [OWN_URL]);
    assert.deepEqual(await urlsOf(t, `x402:${await publish(t, both.tenantId, 'x402', 'x402.payment.failed', {})}`), [DEFAULT_URL]);

    // Set up before webhookUrl existed: x402 events keep reaching depositWebhookUrl.
    const legacy = await t.tenant();
    await t.admin('PATCH', `/admin/tenants/${legacy.tenantId}`, { depositWebhookUrl: DEPOSIT_URL });
    assert.deepEqual(await urlsOf(t, `x402:${await publish(t, legacy.tenantId, 'x402', 'x402.payment.settled', {})}`), [DEPOSIT_URL]);
    // Neither URL set: nothing is delivered.
    const silent = await t.tenant();
    const inv = (await t.call('POST', '/v1/invoice', { key: silent.key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'silent' } }))
      .body.data;
    await t.call('POST', '/v1/invoice/cancel', { key: silent.key, body: { id: inv.id } });
    assert.deepEqual(await urlsOf(t, `invoice:${inv.id}`), []);
    assert.deepEqual(await urlsOf(t, `conversion:${await publish(t, silent.tenantId, 'conversion', 'conversion.completed', {})}`), []);
  });

  it('delivers an invoice, a withdrawal and an x402 event without their own URL to the receiver at webhookUrl', async () => {
    const t = open();
    const receiver = await startReceiver();
    try {
      const { tenantId, key } = await fundedAccount(t, { settings: { webhookUrl: `${receiver.url}/default` } });
      const invoice = (await t.call('POST', '/v1/invoice', { key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'inv-sent' } }))
        .body.data;
      await t.call('POST', '/v1/invoice/cancel', { key, body: { id: invoice.id } });
      const withdrawal = await cancelledWithdrawal(t, key, {});
      const row = await t.ctx.db
        .insertInto('x402_settlements')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          network: 'eip155:84532',
          asset: '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
          payer: `0x${randomBytes(20).toString('hex')}`,
          pay_to: `0x${randomBytes(20).toString('hex')}`,
          nonce: `0x${randomBytes(32).toString('hex')}`,
          amount: '10000',
          status: 'confirmed',
          error_reason: null,
          confirmed_at: new Date(),
        } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      await t.ctx.db.transaction().execute((trx) =>
        enqueue(trx, {
          tenantId,
          type: 'x402.payment.settled',
          aggregateType: 'x402',
          aggregateId: row.id,
          payload: settlementRecord(row),
        }),
      );
      const got = (event: string, id: string) => receiver.received.find((r) => r.json?.event === event && r.json.data.id === id);
      await deliverWebhooks(
        t,
        () =>
          !!(
            got('invoice.statusChanged', invoice.id) &&
            got('withdrawal.statusChanged', withdrawal.id) &&
            got('x402.payment.settled', row.id)
          ),
        'the three events at the default URL',
      );
      const sent = got('withdrawal.statusChanged', withdrawal.id)!.json.data;
      assert.equal(sent.status, 'cancelled');
      assert.ok(!('customData' in sent), 'no customData key when none was sent');
      assert.equal(got('x402.payment.settled', row.id)!.json.data.payTo, row.pay_to);
    } finally {
      await receiver.close();
    }
  });

  it('shows withdrawal customData as sent, and leaves it out (never null) when none was sent', async () => {
    const t = app();
    const { key } = await fundedAccount(t);
    const none = await cancelledWithdrawal(t, key, {});
    assert.ok(!('customData' in none), JSON.stringify(none));
    const got = (await t.call('GET', `/v1/withdrawal?id=${none.id}`, { key })).body.data;
    assert.ok(!('customData' in got));
    const list = (await t.call('GET', `/v1/withdrawal/list?accountId=${none.accountId}`, { key })).body.data;
    assert.ok(list.every((w: any) => !('customData' in w)));
    const sent = { ref: 'r-2', tags: ['a', 'b'], nested: { n: 1.5, ok: true } };
    const withData = await cancelledWithdrawal(t, key, { customData: sent });
    assert.deepEqual(withData.customData, sent);
    assert.deepEqual((await t.call('GET', `/v1/withdrawal?id=${withData.id}`, { key })).body.data.customData, sent);
    const aliased = await cancelledWithdrawal(t, key, { metadata: { via: 'metadata' } });
    assert.deepEqual(aliased.customData, { via: 'metadata' });
    const event = await t.ctx.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('aggregate_id', '=', none.id)
      .executeTakeFirstOrThrow();
    assert.ok(!('customData' in (event.payload as object)), 'the webhook data has no customData either');
    // Invoices and deposits: optional objects (settlement) absent until there is one, never null.
    const inv = (await t.call('POST', '/v1/invoice', { key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'no-settlement' } })).body
      .data;
    assert.ok(!('settlement' in inv));
    assert.ok(
      Object.values(inv).every((v) => v !== null),
      JSON.stringify(inv),
    );
    const dep = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'no-settlement' } });
    const depRecord = (await t.call('GET', `/v1/deposit?id=${dep.body.data.id}`, { key })).body.data;
    assert.ok(!('settlement' in depRecord));
    assert.ok(
      Object.values(depRecord).every((v) => v !== null),
      JSON.stringify(depRecord),
    );
  });
});
