import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { enqueue } from '../../src/lib/outbox.ts';
import { WebhookDeliverer, backoffSeconds, deliveryOptions, dispatchEvents, isRetryable } from '../../src/modules/webhooks/deliveries.ts';
import { isPublicAddress, parseRetryAfter, sendWebhook, signBody } from '../../src/modules/webhooks/sender.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { assertAttemptsMatch, firstOfEach, startReceiver, until, type Received } from '../helpers/receiver.ts';
import { deliverWebhooks, runWatchers } from '../helpers/scenario.ts';

describe('webhook sending', () => {
  it('signs the exact body bytes with HMAC-SHA256, lowercase hex', () => {
    const secret = 'ab'.repeat(32);
    const body = '{"event":"deposit.statusChanged","data":{"id":"x"},"timestamp":"2026-01-01T00:00:00.000Z"}';
    assert.equal(signBody(secret, body), createHmac('sha256', secret).update(body).digest('hex'));
    assert.match(signBody(secret, body), /^[0-9a-f]{64}$/);
  });

  it('knows public from private, loopback, link-local, metadata and mapped addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) assert.equal(isPublicAddress(a), true, a);
    for (const a of [
      '10.0.0.1',
      '172.16.3.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      '224.0.0.1',
      'nonsense',
    ]) {
      assert.equal(isPublicAddress(a), false, a);
    }
  });

  it('reads Retry-After, classifies answers, and backs off exponentially with bounded jitter', () => {
    assert.equal(parseRetryAfter('7'), 7);
    assert.equal(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString()), 30);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter(undefined), null);
    for (const s of [null, 408, 429, 500, 502, 503]) assert.equal(isRetryable({ statusCode: s }), true, String(s));
    for (const s of [400, 401, 404, 410, 301]) assert.equal(isRetryable({ statusCode: s }), false, String(s));
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => backoffSeconds(n, 10, null, () => 0.5)),
      [10, 20, 40, 80],
    );
    assert.equal(
      backoffSeconds(1, 10, null, () => 0),
      8,
    ); // −25 %
    assert.equal(
      backoffSeconds(1, 10, null, () => 0.999),
      12,
    ); // +25 %
    assert.equal(
      backoffSeconds(30, 10, null, () => 0.5),
      6 * 3600,
    );
    assert.equal(backoffSeconds(3, 10, 7), 7); // the receiver's Retry-After wins
  });

  describe('against local receivers', () => {
    let server: http.Server;
    let base = '';
    const opts = { allowPrivate: true, timeoutMs: 500, maxResponseBytes: 4096 };
    before(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/redirect') return res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end();
        if (req.url === '/big') return res.writeHead(200).end('x'.repeat(100_000));
        if (req.url === '/hang') return; // never answers
        res.writeHead(204).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    it('refuses loopback and private targets unless WEBHOOK_ALLOW_PRIVATE, and plain http always', async () => {
      const strict = { ...opts, allowPrivate: false };
      const literal = await sendWebhook(`${base}/`, '{}', {}, strict);
      assert.equal(literal.statusCode, null);
      assert.match(literal.error!, /not delivered to|not a public address/);
      const named = await sendWebhook(`https://localhost:${new URL(base).port}/`, '{}', {}, strict);
      assert.equal(named.statusCode, null);
      assert.match(named.error!, /non-public address/);
      const metadata = await sendWebhook('https://169.254.169.254/latest/meta-data', '{}', {}, strict);
      assert.match(metadata.error!, /not a public address/);
      assert.equal((await sendWebhook(`${base}/`, '{}', {}, opts)).statusCode, 204);
    });

    it('does not follow redirects, caps the body it reads, and bounds the attempt', async () => {
      const redirect = await sendWebhook(`${base}/redirect`, '{}', {}, opts);
      assert.equal(redirect.statusCode, 302);
      const big = await sendWebhook(`${base}/big`, '{}', {}, opts);
      assert.equal(big.statusCode, 200);
      assert.equal(big.responseBody!.length, 4096);
      const hang = await sendWebhook(`${base}/hang`, '{}', {}, opts);
      assert.equal(hang.statusCode, null);
      assert.match(hang.error!, /timed out after 500 ms/);
    });
  });
});

describeEngines('webhook deliveries', (engine) => {
  // Delivery is at least once: an attempt that outlives WEBHOOK_TIMEOUT_MS is retried even if the
  // receiver got it. Under CPU load the in-process database can hold the event loop for seconds,
  // so the timeout is set far beyond that; the tests still assert only what is promised (every
  // delivery arrives, deduped by x-webhook-id, and the attempts seen are the attempts recorded).
  const app = useTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '60000' } });

  const makeDue = (t: TestApp) =>
    t.ctx.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql`now()` as never })
      .where('status', '=', 'pending')
      .execute();
  const deliveriesOf = (t: TestApp, tenantId: string) =>
    t.ctx.db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', tenantId).orderBy('seq').execute();
  const attemptsOf = (t: TestApp, deliveryId: string) =>
    t.ctx.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute();
  const idOf = (r: Received) => String(r.headers['x-webhook-id']);

  it('delivers deposit events to the tenant default URL, signed, in order, with the documented body', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const receiver = await startReceiver();
    try {
      const { key, tenantId } = await t.tenant(['*']);
      await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositWebhookUrl: `${receiver.url}/hooks` });
      const secret = (await t.admin('POST', `/admin/tenants/${tenantId}/webhook-secret`)).body.data.secret;
      const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'wh-1' } })).body.data;
      await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: d.address, amount: 50 });
      await runWatchers(t, { listen: 'deposits' });
      await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 2 });
      await runWatchers(t, { listen: 'deposits' });

      const deliverer = new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config));
      await deliverWebhooks(
        t,
        async () => {
          const rows = await deliveriesOf(t, tenantId);
          return rows.length === 2 && rows.every((r) => r.status === 'delivered');
        },
        'two deliveries delivered',
        { deliverer },
      );
      const ids = (await deliveriesOf(t, tenantId)).map((r) => r.id);
      await assertAttemptsMatch(t.ctx.db, receiver.received, ids);
      // Each arrived, first in the order the events happened.
      const firsts = firstOfEach(receiver.received);
      assert.deepEqual(firsts.map(idOf), ids);
      assert.deepEqual(
        firsts.map((r) => [r.json.event, r.json.data.previousStatus, r.json.data.status]),
        [
          ['deposit.statusChanged', 'created', 'processing'],
          ['deposit.statusChanged', 'processing', 'completed'],
        ],
      );
      for (const r of receiver.received) {
        assert.equal(r.headers['x-webhook-signature'], createHmac('sha256', secret).update(r.body).digest('hex'));
        assert.match(idOf(r), /^[0-9a-f-]{36}$/);
        assert.ok(Date.parse(r.json.timestamp) > 0);
        // The body is what the API's event schema says (checked by the reference route).
        const check = await t.call('POST', '/v1/webhooks/deposit.statusChanged', { key, body: r.json });
        assert.equal(check.status, 200, JSON.stringify(check.body));
      }
      const second = firsts[1]!;
      assert.equal(second.json.data.actuallyReceivedAmount, 50);
      assert.equal(second.json.data.depositTransactionHash, second.json.data.settlement.txHash);

      // Visible to the operator, attempt by attempt.
      const list = (await t.admin('GET', `/admin/tenants/${tenantId}/webhook-deliveries`)).body;
      assert.equal(list.total, 2);
      assert.ok(list.data.every((x: any) => x.status === 'delivered' && x.attempts >= 1));
      const one = (await t.admin('GET', `/admin/webhook-deliveries/${list.data[0].id}`)).body.data;
      assert.equal(one.attemptLog.length, one.attempts);
      assert.deepEqual([one.attemptLog.at(-1).statusCode, one.attemptLog.at(-1).outcome], [200, 'delivered']);
      assert.equal(
        one.attemptLog.at(-1).requestBody,
        receiver.received.filter((r) => idOf(r) === one.id).at(-1)!.body,
        'the bytes signed and sent',
      );
      // Redeliver: the same x-webhook-id again, as a further attempt.
      const before = one.attempts;
      assert.equal((await t.admin('POST', `/admin/webhook-deliveries/${one.id}/redeliver`)).body.data.status, 'pending');
      // A pending delivery is already on its way (maybe leased by a worker): a second redelivery is
      // the state error, and changes nothing.
      const twice = await t.admin('POST', `/admin/webhook-deliveries/${one.id}/redeliver`);
      assert.equal(twice.status, 409);
      assert.equal(twice.body.code, 'exceptions.webhookDelivery.notFinished');
      assert.deepEqual([twice.body.extension.currentStatus, twice.body.extension.expectedStatus], ['pending', ['delivered', 'failed']]);
      assert.equal((await t.admin('POST', `/admin/webhook-deliveries/${randomUUID()}/redeliver`)).status, 404);
      await deliverWebhooks(
        t,
        async () => {
          const row = (await deliveriesOf(t, tenantId)).find((r) => r.id === one.id)!;
          return row.status === 'delivered' && row.attempts > before;
        },
        'the redelivery',
        { deliverer },
      );
      await assertAttemptsMatch(t.ctx.db, receiver.received, ids);
      assert.ok(
        receiver.received.some((r) => idOf(r) === one.id && Number(r.headers['x-webhook-attempt']) > before),
        'the redelivery arrived',
      );
      const again = (await t.admin('GET', `/admin/webhook-deliveries/${one.id}`)).body.data;
      assert.ok(again.attemptLog.length > before);
      assert.equal(again.attemptLog.length, again.attempts);
      assert.deepEqual([again.attemptLog.at(-1).statusCode, again.attemptLog.at(-1).outcome], [200, 'delivered']);
      assert.equal((await t.admin('GET', '/admin/webhook-deliveries/00000000-0000-4000-8000-000000000000')).status, 404);
    } finally {
      await receiver.close();
    }
  });

  it('retries 5xx and 429 (honouring Retry-After) with the same id, keeps order, and gives up on other 4xx', async () => {
    const t = app();
    // The first event's attempt 1 gets a 500, attempt 2 a 429 with Retry-After, then success; one
    // URL answers 404 for good. Answers go by attempt number, so a repeated attempt changes nothing.
    const receiver = await startReceiver((r) => {
      if (r.json?.data?.orderId === 'gone') return { status: 404, body: 'no such hook' };
      if (r.json?.data?.status === 'processing') {
        const attempt = Number(r.headers['x-webhook-attempt']);
        if (attempt === 1) return { status: 500, body: 'boom' };
        if (attempt === 2) return { status: 429, headers: { 'retry-after': '7' } };
      }
      return { status: 200 };
    });
    try {
      const { key, tenantId } = await t.tenant(['*']);
      const inv = (
        await t.call('POST', '/v1/invoice', {
          key,
          body: { amount: 10, fiatCurrencyCode: 'USD', orderId: 'hooked', webhookUrl: `${receiver.url}/i`, customPayload: 'cart-1' },
        })
      ).body.data;
      const gone = (
        await t.call('POST', '/v1/invoice', {
          key,
          body: { amount: 10, fiatCurrencyCode: 'USD', orderId: 'gone', webhookUrl: `${receiver.url}/g` },
        })
      ).body.data;
      // Three events of one invoice, written in this order.
      await t.ctx.db.transaction().execute(async (trx) => {
        for (const status of ['processing', 'paid', 'overpaid']) {
          await enqueue(trx, {
            tenantId,
            type: 'invoice.statusChanged',
            aggregateType: 'invoice',
            aggregateId: inv.id,
            payload: { ...inv, status },
          });
        }
      });
      const cancelled = await t.call('POST', '/v1/invoice/cancel', { key, body: { id: gone.id } });
      assert.equal(cancelled.status, 200);

      const deliverer = new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config));
      await deliverWebhooks(t, async () => (await deliveriesOf(t, tenantId)).some((r) => r.status === 'failed'), 'the 404 to fail', {
        deliverer,
      });
      const goneRow = await t.ctx.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('url', '=', `${receiver.url}/g`)
        .executeTakeFirstOrThrow();
      assert.deepEqual([goneRow.status, goneRow.last_status_code], ['failed', 404]);
      // The one answer it got was the 404, and that ended it.
      assert.deepEqual(
        (await attemptsOf(t, goneRow.id)).filter((a) => a.status_code !== null).map((a) => [a.status_code, a.outcome]),
        [[404, 'failed']],
      );

      // First event: 500 → retried later; the next events of that invoice wait behind it.
      const first = () =>
        t.ctx.db.selectFrom('webhook_deliveries').selectAll().where('url', '=', `${receiver.url}/i`).orderBy('seq').execute();
      await deliverWebhooks(
        t,
        async () => (await first())[0]!.attempts === 1 && (await first())[0]!.lease_until === null,
        'the first attempt',
        { deliverer, drain: 'none' },
      );
      let rows = await first();
      assert.equal(rows[0]!.last_status_code, 500);
      // Scheduled by the base backoff (10 s ± 25 %) from the attempt, both read from the database clock.
      let [attempt] = (await attemptsOf(t, rows[0]!.id)).slice(-1);
      const backoff = rows[0]!.next_attempt_at.getTime() - attempt!.attempted_at.getTime();
      assert.ok(backoff >= 7_500 && backoff <= 12_500, `backoff ${backoff} ms`);
      assert.deepEqual(
        rows.slice(1).map((r) => r.attempts),
        [0, 0],
      );

      await makeDue(t);
      await deliverWebhooks(
        t,
        async () => (await first())[0]!.attempts === 2 && (await first())[0]!.lease_until === null,
        'the second attempt',
        { deliverer, drain: 'none' },
      );
      rows = await first();
      assert.equal(rows[0]!.last_status_code, 429);
      [attempt] = (await attemptsOf(t, rows[0]!.id)).slice(-1);
      assert.equal(rows[0]!.next_attempt_at.getTime() - attempt!.attempted_at.getTime(), 7_000, 'Retry-After 7 honoured');
      assert.deepEqual(
        rows.slice(1).map((r) => r.attempts),
        [0, 0],
      );

      await makeDue(t);
      await deliverWebhooks(t, async () => (await first()).every((r) => r.status === 'delivered'), 'all three delivered', { deliverer });
      const all = await deliveriesOf(t, tenantId);
      await assertAttemptsMatch(
        t.ctx.db,
        receiver.received,
        all.map((r) => r.id),
      );
      const got = receiver.received.filter((r) => r.json.data.id === inv.id);
      assert.deepEqual(
        firstOfEach(got).map((r) => r.json.data.status),
        ['processing', 'paid', 'overpaid'],
      );
      const retried = got.filter((r) => r.json.data.status === 'processing');
      assert.ok(retried.length >= 3);
      assert.equal(new Set(retried.map(idOf)).size, 1, 'one id across retries');
      assert.deepEqual(
        (await attemptsOf(t, rows[0]!.id)).map((a) => [a.attempt, a.status_code, a.outcome]),
        [
          [1, 500, 'retried'],
          [2, 429, 'retried'],
          [3, 200, 'delivered'],
        ],
      );
      assert.ok(got.every((r) => r.json.data.customPayload === 'cart-1'));
      const scraped = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      for (const outcome of ['retried', 'failed', 'delivered'] as const) {
        const { n } = await t.ctx.db
          .selectFrom('webhook_attempts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('outcome', '=', outcome)
          .executeTakeFirstOrThrow();
        assert.ok(Number(n) > 0, outcome);
        assert.match(scraped, new RegExp(`webhook_attempts\\{outcome="${outcome}"\\} ${n}\\n`));
      }
      assert.match(scraped, /webhook_deliveries\{status="delivered"\} [1-9]/);
    } finally {
      await receiver.close();
    }
  });

  it('a dead endpoint delays only its own events', async () => {
    const t = app();
    const dead = await startReceiver(() => 'hang');
    const healthy = await startReceiver();
    try {
      const a = await t.tenant(['*']);
      const b = await t.tenant(['*']);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const slow = (
          await t.call('POST', '/v1/invoice', {
            key: a.key,
            body: { amount: 10, fiatCurrencyCode: 'USD', orderId: `dead-${i}`, webhookUrl: `${dead.url}/x` },
          })
        ).body.data;
        await t.call('POST', '/v1/invoice/cancel', { key: a.key, body: { id: slow.id } });
        const fast = (
          await t.call('POST', '/v1/invoice', {
            key: b.key,
            body: { amount: 10, fiatCurrencyCode: 'USD', orderId: `ok-${i}`, webhookUrl: `${healthy.url}/x` },
          })
        ).body.data;
        await t.call('POST', '/v1/invoice/cancel', { key: b.key, body: { id: fast.id } });
        ids.push(fast.id);
      }
      const deliverer = new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config));
      await deliverWebhooks(
        t,
        async () => {
          const rows = await deliveriesOf(t, b.tenantId);
          return rows.length === 6 && rows.every((r) => r.status === 'delivered');
        },
        'the healthy receiver',
        { deliverer, drain: 'none' },
      );
      // Every healthy event arrived while the dead endpoint still holds its requests open.
      assert.deepEqual(new Set(firstOfEach(healthy.received).map((r) => r.json.data.id)), new Set(ids));
      assert.ok(dead.received.length >= 1);
      const stuck = await deliveriesOf(t, a.tenantId);
      assert.ok(stuck.every((r) => r.status === 'pending'));
      // At most four at a time go to the one dead origin.
      const inFlight = stuck.filter((r) => r.lease_until !== null).length;
      assert.ok(inFlight >= 1 && inFlight <= 4, String(inFlight));
      const attempts = await t.ctx.db
        .selectFrom('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .select('webhook_attempts.id')
        .where('tenant_id', '=', a.tenantId)
        .execute();
      assert.equal(attempts.length, 0, 'the dead attempts are still in flight');
      // The endpoint drops the connections it held: those attempts end unanswered and are scheduled again.
      const drained = deliverer.drain(true); // claims nothing more from here on
      await dead.close();
      await drained;
      const after = await deliveriesOf(t, a.tenantId);
      assert.ok(after.every((r) => r.status === 'pending'));
      const tried = after.filter((r) => r.attempts > 0);
      assert.ok(tried.length >= 1 && tried.every((r) => r.last_status_code === null && (r.last_error ?? '') !== ''));
      await assertAttemptsMatch(
        t.ctx.db,
        healthy.received,
        (await deliveriesOf(t, b.tenantId)).map((r) => r.id),
      );
    } finally {
      await dead.close();
      await healthy.close();
    }
  });

  it('several deliverers claiming at once never send one attempt twice, and every delivery arrives', async () => {
    const t = app();
    const receiver = await startReceiver();
    try {
      const { tenantId } = await t.tenant(['*']);
      await t.ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) {
          await enqueue(trx, {
            tenantId,
            type: 'withdrawal.statusChanged',
            aggregateType: 'withdrawal',
            aggregateId: `race-${i}`,
            payload: { id: `race-${i}`, webhookUrl: `${receiver.url}/r${i % 10}` },
          });
        }
      });
      await dispatchEvents(t.ctx.db, 500);
      const deliverers = Array.from({ length: 4 }, () => new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config)));
      await until(
        async () => {
          await Promise.all(deliverers.map((d) => d.round()));
          const { n } = await t.ctx.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('tenant_id', '=', tenantId)
            .where('status', '=', 'delivered')
            .executeTakeFirstOrThrow();
          return Number(n) === 200;
        },
        120_000,
        '200 deliveries delivered',
      );
      await Promise.all(deliverers.map((d) => d.drain(true)));
      const ids = (await deliveriesOf(t, tenantId)).map((r) => r.id);
      assert.equal(ids.length, 200);
      // Each delivery arrived; a delivery two deliverers held at once would show as an attempt
      // that arrived twice or arrived without being recorded.
      assert.deepEqual(new Set(receiver.received.map(idOf)), new Set(ids));
      await assertAttemptsMatch(t.ctx.db, receiver.received, ids);
    } finally {
      await receiver.close();
    }
  });
});
