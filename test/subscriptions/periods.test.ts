/**
 * A subscription's billed periods with their invoices (GET /v1/subscriptions/{id}/periods) and a
 * customer's prepaid credit (GET /v1/customers/{id}/credit) on both engines: the first period's
 * invoice as issued, then paid, then the renewal listed first with the API's paging; exact prices;
 * another tenant's or account's subscription and customer are 404; bad ids and paging are refused
 * with their codes; each read needs its scope.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { HOUR, after, appClock, freshMarket, made, pay, subNow, subscribed, type Tenant } from './helpers.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describeEngines('subscription periods and credit', (engine) => {
  const app = useTestApp(engine, appClock);
  let a: Tenant;

  it('lists the periods newest first with their invoices: issued, paid, then the renewal, paged', async () => {
    const t = app();
    a = await t.tenant(['*']);
    await freshMarket(t);
    const { sub } = await subscribed(t, a, { amount: 12.34 });
    const periods = (q = '') => t.call('GET', `/v1/subscriptions/${sub.id}/periods${q}`, { key: a.key });
    const first = await periods();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual([first.body.total, first.body.page, first.body.limit, first.body.hasMore], [1, 1, 20, false]);
    const p1 = first.body.data[0];
    assert.deepEqual(
      [
        p1.subscriptionId,
        p1.periodNumber,
        p1.periodStart,
        p1.periodEnd,
        p1.amount,
        p1.fiatCurrencyCode,
        p1.paid,
        p1.invoiceId,
        p1.invoiceStatus,
      ],
      [sub.id, 1, sub.currentPeriodStart, sub.currentPeriodEnd, 12.34, 'USD', false, sub.latestInvoiceId, 'created'],
    );
    assert.equal(p1.paymentPageUrl, `${t.ctx.config.publicBaseUrl}/pay/${sub.latestInvoiceId}`);
    assert.equal(p1.paidAt, undefined, 'an unpaid period has no paidAt, never null');
    // The price leaves the API as the decimal it is, digit for digit.
    const raw = await t.app.inject({ method: 'GET', url: `/v1/subscriptions/${sub.id}/periods`, headers: { 'x-tenant-api-key': a.key } });
    assert.match(raw.body, /"amount":12\.34[,}]/);

    await pay(t, sub.latestInvoiceId, 'exact');
    await after(t, 0);
    const paid = (await periods()).body.data[0];
    assert.deepEqual([paid.paid, paid.paidBy, paid.invoiceStatus, typeof paid.paidAt], [true, 'invoice', 'paid', 'string']);

    await after(
      t,
      Date.parse(sub.currentPeriodEnd) - Date.parse(sub.currentPeriodStart) - t.ctx.config.subscriptions.invoiceLeadHours * HOUR + HOUR,
    );
    const renewal = (await subNow(t, a, sub.id)).latestInvoiceId;
    const both = await periods();
    assert.deepEqual([both.body.total, both.body.data.map((p: { periodNumber: number }) => p.periodNumber)], [2, [2, 1]]);
    assert.deepEqual(
      [both.body.data[0].invoiceId, both.body.data[0].paid, both.body.data[0].periodStart],
      [renewal, false, sub.currentPeriodEnd],
    );
    const second = await periods('?page=2&limit=1');
    assert.deepEqual(
      [second.body.total, second.body.page, second.body.limit, second.body.hasMore, second.body.data[0].periodNumber],
      [2, 2, 1, false, 1],
    );
    const past = await periods('?page=3&limit=1');
    assert.deepEqual([past.status, past.body.total, past.body.data], [200, 2, []]);
  });

  it('a trial bills nothing yet: an empty first page', async () => {
    const t = app();
    const { sub } = await subscribed(t, a, { trialDays: 7 });
    const res = await t.call('GET', `/v1/subscriptions/${sub.id}/periods`, { key: a.key });
    assert.deepEqual([res.status, res.body.total, res.body.hasMore, res.body.data], [200, 0, false, []]);
  });

  it("another tenant's or account's subscription is a 404; bad ids and paging are refused; the scope holds", async () => {
    const t = app();
    const { sub } = await subscribed(t, a);
    const b = await t.tenant(['*']);
    const as = async (key: string, url: string) => {
      const res = await t.call('GET', url, { key });
      return [res.status, res.body.code];
    };
    const url = `/v1/subscriptions/${sub.id}/periods`;
    assert.deepEqual(await as(b.key, url), [404, 'exceptions.subscription.notFound']);
    assert.deepEqual(await as(a.key, `/v1/subscriptions/${UNKNOWN}/periods`), [404, 'exceptions.subscription.notFound']);
    assert.deepEqual(await as(a.key, '/v1/subscriptions/not-a-uuid/periods'), [400, 'exceptions.validation.failed']);
    for (const q of ['?limit=0', '?limit=101', '?page=0', '?page=x'])
      assert.deepEqual(await as(a.key, url + q), [400, 'exceptions.validation.failed'], q);

    const sibling = await t.call('POST', '/v1/accounts', { key: a.key, body: { name: `Second ${engine}` } });
    assert.equal(sibling.status, 201, JSON.stringify(sibling.body));
    const wide = await t.wideKey(a.tenantId);
    assert.deepEqual(await as(wide, `${url}?accountId=${sibling.body.data.id}`), [404, 'exceptions.subscription.notFound']);
    assert.deepEqual(await as(wide, `${url}?accountId=${a.accountId}`), [200, undefined]);
    const otherWide = await t.wideKey(b.tenantId);
    assert.equal((await as(otherWide, `${url}?accountId=${a.accountId}`))[0], 404, "B's tenant-wide key naming A's account");

    const key = async (scopes: string[]) =>
      (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes })).body.data.key as string;
    assert.deepEqual(await as(await key(['deposits.list', 'invoices.create']), url), [403, 'exceptions.auth.insufficientScope']);
    assert.deepEqual(await as(await key(['invoices.list']), url), [200, undefined]);
  });

  it("reads a customer's prepaid credit once it has an address; another tenant's is a 404; the scope holds", async () => {
    const t = app();
    await freshMarket(t);
    const customer = await made(t, a.key, '/v1/customers', { email: 'credit@example.com' });
    const url = `/v1/customers/${customer.id}/credit`;
    const none = await t.call('GET', url, { key: a.key });
    assert.deepEqual([none.status, none.body.code], [404, 'exceptions.customer.creditNotFound']);
    const address = await t.call('POST', `/v1/customers/${customer.id}/credit-address`, {
      key: a.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20' },
    });
    assert.equal(address.status, 200, JSON.stringify(address.body));
    const read = await t.call('GET', url, { key: a.key });
    assert.deepEqual(read.body.data, address.body.data);
    assert.deepEqual([read.body.data.cryptoCurrencyCode, read.body.data.balance], ['USDT_TRC20', 0]);
    assert.equal((await t.call('GET', `/v1/customers/${customer.id}`, { key: a.key })).body.data.creditDepositId, read.body.data.depositId);

    const b = await t.tenant(['*']);
    const foreign = await t.call('GET', url, { key: b.key });
    assert.deepEqual([foreign.status, foreign.body.code], [404, 'exceptions.customer.notFound']);
    assert.equal((await t.call('GET', `/v1/customers/${UNKNOWN}/credit`, { key: a.key })).status, 404);
    const reader = (await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes: ['invoices.list'] }))
      .body.data.key;
    const refused = await t.call('GET', url, { key: reader });
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.insufficientScope']);
  });
});
