/**
 * The merchant's webhooks (developers section): default URLs, secret rotation, the
 * `webhook.test` event (a real delivery, signed and logged), and the delivery log with its
 * attempts and redelivery. Only the tenant's own deliveries; another tenant's is 404.
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { WebhookDeliverer, deliveryOptions } from '../../src/modules/webhooks/deliveries.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { startReceiver, type Received } from '../helpers/receiver.ts';

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/** Sends what is due and waits until it is answered. */
async function deliver(t: TestApp): Promise<void> {
  const deliverer = new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config));
  await deliverer.round();
  await deliverer.drain(true);
}

describeEngines('merchant webhooks', (engine) => {
  const app = useTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

  it('shows and changes the default URLs, validated like the operator API', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    assert.deepEqual((await t.call('GET', '/v1/webhook-settings', { key: a.key })).body, {
      data: { webhookUrl: null, depositWebhookUrl: null },
    });
    const set = await t.call('PATCH', '/v1/webhook-settings', {
      key: await t.wideKey(a.tenantId),
      body: { webhookUrl: 'https://hooks.shop.example.com/all' },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body.data, { webhookUrl: 'https://hooks.shop.example.com/all', depositWebhookUrl: null });
    for (const bad of ['not a url', 'ftp://shop.example.com/x', 'x'.repeat(600)]) {
      const res = await t.call('PATCH', '/v1/webhook-settings', { key: await t.wideKey(a.tenantId), body: { depositWebhookUrl: bad } });
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.code, 'exceptions.validation.failed');
    }
    const cleared = await t.call('PATCH', '/v1/webhook-settings', {
      key: await t.wideKey(a.tenantId),
      body: { webhookUrl: null, depositWebhookUrl: 'https://d.shop.example.com/x' },
    });
    assert.deepEqual(cleared.body.data, { webhookUrl: null, depositWebhookUrl: 'https://d.shop.example.com/x' });
    assert.equal((await t.admin('GET', `/admin/tenants/${a.tenantId}`)).body.data.depositWebhookUrl, 'https://d.shop.example.com/x');
    const actions = await t.ctx.db.selectFrom('audit_log').select('action').where('tenant_id', '=', a.tenantId).execute();
    assert.equal(actions.filter((x) => x.action === 'webhook.settingsChanged').length, 2);
  });

  it('sends a signed webhook.test to the default URL; rotation changes the key of the next delivery; redeliver adds an attempt', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const receiver = await startReceiver();
    try {
      const none = await t.call('POST', '/v1/webhook-settings/test', { key: a.key });
      assert.equal(none.status, 400);
      assert.equal(none.body.code, 'exceptions.webhook.noUrl');
      await t.call('PATCH', '/v1/webhook-settings', { key: await t.wideKey(a.tenantId), body: { webhookUrl: `${receiver.url}/hook` } });
      const first = await t.call('POST', '/v1/webhook-settings/secret', { key: await t.wideKey(a.tenantId) });
      assert.equal(first.status, 200);
      assert.match(first.body.data.secret, /^[0-9a-f]{64}$/);

      const sent = await t.call('POST', '/v1/webhook-settings/test', { key: a.key });
      assert.equal(sent.status, 202, JSON.stringify(sent.body));
      const { deliveryId } = sent.body.data;
      await deliver(t);
      assert.equal(receiver.received.length, 1);
      const got: Received = receiver.received[0]!;
      assert.deepEqual(Object.keys(got.json), ['event', 'data', 'timestamp']);
      assert.equal(got.json.event, 'webhook.test');
      assert.equal(got.json.data.tenantId, a.tenantId);
      assert.equal(typeof got.json.data.message, 'string');
      assert.equal(got.headers['x-webhook-id'], deliveryId);
      assert.equal(got.headers['x-webhook-signature'], sign(first.body.data.secret, got.body));

      const second = (await t.call('POST', '/v1/webhook-settings/secret', { key: await t.wideKey(a.tenantId) })).body.data.secret;
      assert.notEqual(second, first.body.data.secret);
      const again = await t.call('POST', `/v1/webhook-deliveries/${deliveryId}/redeliver`, { key: a.key });
      assert.equal(again.status, 202, JSON.stringify(again.body));
      assert.equal(again.body.data.status, 'pending');
      await deliver(t);
      assert.equal(receiver.received.length, 2);
      const resent = receiver.received[1]!;
      assert.equal(resent.headers['x-webhook-attempt'], '2');
      assert.equal(resent.headers['x-webhook-signature'], sign(second, resent.body));
      assert.notEqual(resent.headers['x-webhook-signature'], sign(first.body.data.secret, resent.body));

      const detail = await t.call('GET', `/v1/webhook-deliveries/${deliveryId}`, { key: a.key });
      assert.equal(detail.status, 200);
      const d = detail.body.data;
      assert.equal(d.status, 'delivered');
      assert.equal(d.event, 'webhook.test');
      assert.equal(d.objectType, 'webhook');
      assert.deepEqual(
        d.attempts.map((x: any) => [x.n, x.statusCode, x.outcome]),
        [
          [1, 200, 'delivered'],
          [2, 200, 'delivered'],
        ],
      );
      assert.ok(d.attempts.every((x: any) => typeof x.durationMs === 'number' && !Number.isNaN(Date.parse(x.at))));
      // Each attempt shows the very bytes it signed and sent (the timestamp differs between them).
      assert.deepEqual(
        d.attempts.map((x: any) => x.requestBody),
        [got.body, resent.body],
      );
      assert.notEqual(got.body, resent.body);
      const audit = await t.ctx.db.selectFrom('audit_log').select('action').where('tenant_id', '=', a.tenantId).orderBy('id').execute();
      assert.deepEqual(
        audit.map((x) => x.action).filter((x) => x !== 'webhook.settingsChanged'),
        ['webhook.secretRotated', 'webhook.testSent', 'webhook.secretRotated', 'webhook.redelivered'],
      );
    } finally {
      await receiver.close();
    }
  });

  it("lists the tenant's deliveries by object and status; another tenant's are 404; a pending one is not redelivered", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    // A receiver that is never reached (the deliveries stay pending here).
    await t.call('PATCH', '/v1/webhook-settings', {
      key: await t.wideKey(a.tenantId),
      body: { webhookUrl: 'https://hooks.shop.example.com/x' },
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.call('POST', '/v1/webhook-settings/test', { key: a.key })).body.data.deliveryId);
    const all = await t.call('GET', '/v1/webhook-deliveries?limit=2', { key: a.key });
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 3);
    assert.equal(all.body.hasMore, true);
    assert.deepEqual(
      all.body.data.map((d: any) => d.id),
      [ids[2], ids[1]],
      'newest first',
    );
    const one = all.body.data[0];
    assert.equal(one.attempts, 0);
    assert.equal(one.status, 'pending');
    assert.equal(one.url, 'https://hooks.shop.example.com/x');

    const byObject = await t.call('GET', `/v1/webhook-deliveries?objectId=${one.objectId}`, { key: a.key });
    assert.deepEqual(
      byObject.body.data.map((d: any) => d.id),
      [ids[2]],
    );
    assert.equal((await t.call('GET', `/v1/webhook-deliveries?objectId=${randomUUID()}`, { key: a.key })).body.total, 0);
    assert.equal((await t.call('GET', '/v1/webhook-deliveries?status=pending', { key: a.key })).body.total, 3);
    assert.equal((await t.call('GET', '/v1/webhook-deliveries?status=delivered', { key: a.key })).body.total, 0);
    assert.equal((await t.call('GET', '/v1/webhook-deliveries?status=nope', { key: a.key })).status, 400);

    const pending = await t.call('POST', `/v1/webhook-deliveries/${ids[0]}/redeliver`, { key: a.key });
    assert.equal(pending.status, 409);
    // Its own code, saying why: only a finished delivery is sent again by hand.
    assert.equal(pending.body.code, 'exceptions.webhookDelivery.notFinished');
    assert.deepEqual([pending.body.extension.currentStatus, pending.body.extension.expectedStatus], ['pending', ['delivered', 'failed']]);

    assert.equal((await t.call('GET', '/v1/webhook-deliveries', { key: b.key })).body.total, 0);
    assert.equal((await t.call('GET', `/v1/webhook-deliveries?objectId=${one.objectId}`, { key: b.key })).body.total, 0);
    for (const [method, url] of [
      ['GET', `/v1/webhook-deliveries/${ids[0]}`],
      ['POST', `/v1/webhook-deliveries/${ids[0]}/redeliver`],
    ] as const) {
      const res = await t.call(method, url, { key: b.key });
      assert.equal(res.status, 404, `${method} ${url}`);
      assert.equal(res.body.code, 'exceptions.webhookDelivery.notFound');
      assert.ok(!JSON.stringify(res.body).includes(a.tenantId));
    }
  });

  it("a key bound to one account changes no setting of the whole tenant: every account's events go where it says", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const before = (await t.admin('GET', `/admin/tenants/${a.tenantId}`)).body.data;
    for (const [method, url, body] of [
      ['PATCH', '/v1/webhook-settings', { webhookUrl: 'https://attacker.example.com/hook' }],
      ['POST', '/v1/webhook-settings/secret', undefined],
      ['PATCH', '/v1/settings', { merchantName: 'Not yours' }],
    ] as const) {
      const res = await t.call(method, url, { key: a.key, body });
      assert.deepEqual([res.status, res.body.code], [403, 'exceptions.auth.accountNotAllowed'], `${method} ${url}`);
    }
    const after = (await t.admin('GET', `/admin/tenants/${a.tenantId}`)).body.data;
    assert.deepEqual(after, before, 'nothing changed');
    const wide = await t.call('PATCH', '/v1/webhook-settings', {
      key: await t.wideKey(a.tenantId),
      body: { webhookUrl: 'https://hooks.shop.example.com/all' },
    });
    assert.equal(wide.status, 200);
  });

  it('needs webhooks.list to read and webhooks.manage to change', async () => {
    const t = app();
    const reader = await t.tenant(['webhooks.list']);
    assert.equal((await t.call('GET', '/v1/webhook-settings', { key: reader.key })).status, 200);
    assert.equal((await t.call('GET', '/v1/webhook-deliveries', { key: reader.key })).status, 200);
    for (const [method, url, body] of [
      ['PATCH', '/v1/webhook-settings', { webhookUrl: null }],
      ['POST', '/v1/webhook-settings/secret', undefined],
      ['POST', '/v1/webhook-settings/test', undefined],
      ['POST', `/v1/webhook-deliveries/${randomUUID()}/redeliver`, undefined],
    ] as const) {
      const res = await t.call(method, url, { key: reader.key, body });
      assert.equal(res.status, 403, `${method} ${url}`);
      assert.equal(res.body.extension.requiredScope, 'webhooks.manage');
    }
    const other = await t.tenant(['invoices.list']);
    const res = await t.call('GET', '/v1/webhook-deliveries', { key: other.key });
    assert.equal(res.status, 403);
    assert.equal(res.body.extension.requiredScope, 'webhooks.list');
  });
});
