/**
 * Plans, customers and subscriptions through the API on both engines: made, read, listed with the
 * API's paging, changed and cancelled; every refusal of bad input with its code; another tenant's
 * or account's object is a 404; the scopes hold; the portal link's signature and expiry are checked
 * (a changed id, expiry or signature is refused, so is an expired link) and its routes reach only
 * the link's customer.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { HOUR, appClock, clock, made, subNow, subscribed, type Tenant } from './helpers.ts';

describeEngines('subscriptions API', (engine) => {
  const app = useTestApp(engine, appClock);
  let a: Tenant;

  it('makes, reads and lists plans, customers and subscriptions with paging; refuses bad input with stable codes', async () => {
    const t = app();
    a = await t.tenant(['*']);
    const plan = await made(t, a.key, '/v1/plans', {
      name: 'Pro',
      amount: 12.5,
      fiatCurrencyCode: 'USD',
      interval: 'month',
      intervalCount: 3,
      trialDays: 14,
    });
    assert.deepEqual([plan.amount, plan.interval, plan.intervalCount, plan.trialDays, plan.active], [12.5, 'month', 3, 14, true]);
    const bad = async (url: string, body: unknown) => {
      const res = await t.call('POST', url, { key: a.key, body });
      return [res.status, res.body.code];
    };
    assert.deepEqual(await bad('/v1/plans', { name: 'X', amount: 1.234, fiatCurrencyCode: 'USD', interval: 'month' }), [
      400,
      'exceptions.plan.amountInvalidDecimalPlaces',
    ]);
    assert.deepEqual(await bad('/v1/plans', { name: 'X', amount: 1, fiatCurrencyCode: 'XXX', interval: 'month' }), [
      400,
      'exceptions.plan.fiatCurrencyNotFound',
    ]);
    assert.deepEqual(await bad('/v1/plans', { name: 'X', amount: 1, fiatCurrencyCode: 'USD', interval: 'day' }), [
      400,
      'exceptions.validation.failed',
    ]);
    assert.deepEqual(await bad('/v1/plans', { name: ' ', amount: 1, fiatCurrencyCode: 'USD', interval: 'week' }), [
      400,
      'exceptions.validation.failed',
    ]);
    assert.deepEqual(await bad('/v1/customers', { email: 'not-an-email' }), [400, 'exceptions.validation.failed']);

    const c1 = await made(t, a.key, '/v1/customers', { email: 'ada@example.com', name: 'Ada', reference: 'cust-1' });
    assert.deepEqual(await bad('/v1/customers', { email: 'other@example.com', reference: 'cust-1' }), [
      409,
      'exceptions.customer.referenceAlreadyExists',
    ]);
    assert.deepEqual(await bad('/v1/subscriptions', { planId: plan.id, customerId: '00000000-0000-4000-8000-000000000000' }), [
      404,
      'exceptions.customer.notFound',
    ]);
    assert.deepEqual(await bad('/v1/subscriptions', { planId: c1.id, customerId: c1.id }), [404, 'exceptions.plan.notFound']);

    const sub = await made(t, a.key, '/v1/subscriptions', { planId: plan.id, customerId: c1.id });
    assert.equal(sub.status, 'trialing');
    assert.equal(sub.periodNumber, 0);
    assert.equal(Date.parse(sub.trialEnd) - Date.parse(sub.currentPeriodStart), 14 * 24 * HOUR);
    assert.equal(sub.latestInvoiceId, undefined, 'a trial bills nothing yet');
    assert.match(sub.portalUrl, /^http:\/\/gateway\.test\/portal\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);

    for (let i = 0; i < 2; i++) await made(t, a.key, '/v1/customers', { email: `n${i}@example.com` });
    const page2 = await t.call('GET', '/v1/customers?page=2&limit=2', { key: a.key });
    assert.deepEqual(
      [page2.body.total, page2.body.page, page2.body.limit, page2.body.hasMore, page2.body.data.length],
      [3, 2, 2, false, 1],
    );
    assert.equal(page2.body.data[0].id, c1.id, 'newest first: the first customer is last');
    const byRef = await t.call('GET', '/v1/customers?reference=cust-1', { key: a.key });
    assert.deepEqual([byRef.body.total, byRef.body.data[0].id], [1, c1.id]);
    const subs = await t.call('GET', `/v1/subscriptions?status=trialing&customerId=${c1.id}`, { key: a.key });
    assert.deepEqual([subs.status, subs.body.total, subs.body.data[0].id], [200, 1, sub.id]);
    assert.equal((await t.call('GET', '/v1/subscriptions?status=paused', { key: a.key })).body.code, 'exceptions.validation.failed');

    const off = await t.call('PATCH', `/v1/plans/${plan.id}`, { key: a.key, body: { active: false } });
    assert.equal(off.body.data.active, false);
    assert.deepEqual(await bad('/v1/subscriptions', { planId: plan.id, customerId: c1.id }), [400, 'exceptions.plan.inactive']);
  });

  it("another tenant's or account's objects are 404, and scopes hold", async () => {
    const t = app();
    const { plan, customer, sub } = await subscribed(t, a);
    const b = await t.tenant(['*']);
    for (const url of [`/v1/plans/${plan.id}`, `/v1/customers/${customer.id}`, `/v1/subscriptions/${sub.id}`]) {
      assert.equal((await t.call('GET', url, { key: b.key })).status, 404, url);
    }
    const cancel = await t.call('POST', `/v1/subscriptions/${sub.id}/cancel`, { key: b.key, body: {} });
    assert.deepEqual([cancel.status, cancel.body.code], [404, 'exceptions.subscription.notFound']);
    const subscribe = await t.call('POST', '/v1/subscriptions', { key: b.key, body: { planId: plan.id, customerId: customer.id } });
    assert.deepEqual([subscribe.status, subscribe.body.code], [404, 'exceptions.plan.notFound']);
    const link = await t.call('POST', `/v1/customers/${customer.id}/portal-link`, { key: b.key, body: {} });
    assert.equal(link.status, 404);
    assert.equal((await t.call('GET', '/v1/subscriptions', { key: b.key })).body.total, 0);
    const sibling = await t.call('POST', '/v1/accounts', { key: a.key, body: { name: 'Second' } });
    const wide = await t.wideKey(a.tenantId);
    assert.equal((await t.call('GET', `/v1/subscriptions/${sub.id}?accountId=${sibling.body.data.id}`, { key: wide })).status, 404);
    assert.equal((await t.call('GET', `/v1/subscriptions/${sub.id}?accountId=${a.accountId}`, { key: wide })).status, 200);
    assert.equal((await subNow(t, a, sub.id)).status, 'active', "another tenant's cancel changed nothing");

    const reader = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes: ['invoices.list'] }))
      .body.data.key;
    const refused = await t.call('POST', `/v1/subscriptions/${sub.id}/cancel`, { key: reader, body: {} });
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.insufficientScope']);
    assert.equal((await t.call('GET', `/v1/subscriptions/${sub.id}`, { key: reader })).status, 200);
  });

  it('cancels now once: its unpaid invoice cancelled, a second cancel refused', async () => {
    const t = app();
    const { sub } = await subscribed(t, a);
    assert.equal(sub.status, 'active');
    const done = await t.call('POST', `/v1/subscriptions/${sub.id}/cancel`, { key: a.key, body: {} });
    assert.deepEqual([done.status, done.body.data.status], [200, 'cancelled']);
    assert.equal((await t.call('GET', `/v1/invoice?id=${sub.latestInvoiceId}`, { key: a.key })).body.data.status, 'cancelled');
    const again = await t.call('POST', `/v1/subscriptions/${sub.id}/cancel`, { key: a.key, body: {} });
    assert.deepEqual(
      [again.status, again.body.code, again.body.extension.currentStatus],
      [409, 'exceptions.subscription.cannotCancel', 'cancelled'],
    );
    const patch = await t.call('PATCH', `/v1/subscriptions/${sub.id}`, { key: a.key, body: { cancelAtPeriodEnd: true } });
    assert.deepEqual([patch.status, patch.body.code], [409, 'exceptions.subscription.cannotUpdate']);
    const event = await t.ctx.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('event_type', '=', 'subscription.statusChanged')
      .where('aggregate_id', '=', sub.id)
      .executeTakeFirstOrThrow();
    const payload = (typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload) as {
      status: string;
      previousStatus: string;
    };
    assert.deepEqual([payload.status, payload.previousStatus], ['cancelled', 'active']);
  });

  it("the portal link opens only its customer's portal; tampering and expiry are refused", async () => {
    const t = app();
    const { customer, sub } = await subscribed(t, a);
    const other = await subscribed(t, a);
    const res = await t.call('POST', `/v1/customers/${customer.id}/portal-link`, { key: a.key, body: {} });
    assert.equal(res.status, 201);
    const token = new URL(res.body.data.url).pathname.split('/').pop()!;
    const portal = (path: string, token_ = token) => t.call('GET', `/portal/${token_}/${path}`);
    const subs = await portal('subscriptions');
    assert.deepEqual([subs.status, subs.body.data.map((s: { id: string }) => s.id), subs.body.data[0].planName], [200, [sub.id], 'Pro']);
    const invoices = await portal('invoices');
    assert.deepEqual(
      [invoices.body.data.length, invoices.body.data[0].invoiceId, invoices.body.data[0].paid],
      [1, sub.latestInvoiceId, false],
    );

    const [id, expires, signature] = token.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const forged of [
      `${other.customer.id}.${expires}.${signature}`,
      `${id}.${Number(expires) + 3600}.${signature}`,
      `${id}.${expires}.${flip(signature)}`,
      `${id}.0${expires}.${signature}`,
      'garbage',
    ]) {
      const r = await portal('subscriptions', forged);
      assert.deepEqual([r.status, r.body.code], [403, 'exceptions.customer.portalLinkInvalid'], forged);
    }
    const cancelOther = await t.call('POST', `/portal/${token}/subscriptions/${other.sub.id}/cancel`, { body: {} });
    assert.deepEqual([cancelOther.status, cancelOther.body.code], [404, 'exceptions.subscription.notFound']);
    const email = await t.call('PATCH', `/portal/${token}/customer`, { body: { email: 'new@example.com' } });
    assert.deepEqual([email.status, email.body.data.email], [200, 'new@example.com']);
    const atEnd = await t.call('POST', `/portal/${token}/subscriptions/${sub.id}/cancel`, { body: { atPeriodEnd: true } });
    assert.deepEqual([atEnd.status, atEnd.body.data.status, atEnd.body.data.cancelAtPeriodEnd], [200, 'active', true]);

    clock.tick(t.ctx.config.subscriptions.portalLinkTtlMin * 60_000 + 1000);
    const expired = await portal('customer');
    assert.deepEqual([expired.status, expired.body.code], [410, 'exceptions.customer.portalLinkExpired']);
  });
});
