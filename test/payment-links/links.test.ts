/**
 * Payment links through the API and their public page, on both engines: made, read, listed, turned
 * off and on; every refusal of a bad link with its code; the page's form posted as a browser posts
 * it (amount within bounds, quantity, email), each payment an invoice of the link's account through
 * the API's own path, named on the invoice and listed by link; the last use raced for by two
 * customers (one wins); expiry, a disabled link, another tenant's or account's link (404) and the
 * scopes; a paid invoice counted, and a request paid in two payments.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { payInvoice } from '../helpers/scenario.ts';

type Tenant = Awaited<ReturnType<TestApp['tenant']>>;

describeEngines('payment links', (engine) => {
  const app = useTestApp(engine);
  let a: Tenant;

  const create = async (t: TestApp, body: Record<string, unknown>, key = a.key) =>
    t.call('POST', '/v1/payment-links', { key, body: { title: 'Coffee beans', fiatCurrencyCode: 'USD', ...body } });
  const made = async (t: TestApp, body: Record<string, unknown>) => {
    const res = await create(t, body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };
  const slugOf = (link: { url: string }) => new URL(link.url).pathname.split('/').pop()!;
  /** The page's form, posted as a browser posts it. */
  const post = (t: TestApp, link: { url: string }, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/link/${slugOf(link)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const page = (t: TestApp, link: { url: string }) => t.app.inject({ method: 'GET', url: `/pay/link/${slugOf(link)}` });
  const invoiceOf = async (t: TestApp, location: string) => {
    const id = /^\/pay\/([0-9a-f-]{36})\?lang=en$/.exec(location)?.[1];
    assert.ok(id, location);
    return (await t.call('GET', `/v1/invoice?id=${id}`, { key: a.key })).body.data;
  };
  const linkNow = async (t: TestApp, id: string) => (await t.call('GET', `/v1/payment-links/${id}`, { key: a.key })).body.data;

  it('makes, reads and lists links of the account; another tenant or account gets 404; scopes hold', async () => {
    const t = app();
    a = await t.tenant(['*']);
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'TRX', 'USD']);
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const link = await made(t, {
      amount: 12.34,
      maxQuantity: 5,
      description: 'Freshly roasted',
      maxUses: 10,
      successUrl: 'https://shop.example/thanks',
    });
    assert.match(link.url, /^http:\/\/gateway\.test\/pay\/link\/[A-Za-z0-9_-]{22}$/);
    assert.deepEqual(
      [
        link.kind,
        link.amount,
        link.maxQuantity,
        link.maxUses,
        link.active,
        link.availability,
        link.uses,
        link.invoicesMade,
        link.invoicesPaid,
        link.amountPaid,
      ],
      ['payment', 12.34, 5, 10, true, 'open', 0, 0, 0, 0],
    );
    assert.deepEqual((await t.call('GET', `/v1/payment-links/${link.id}`, { key: a.key })).body.data, link);
    const list = await t.call('GET', '/v1/payment-links?limit=5', { key: a.key });
    assert.deepEqual([list.status, list.body.total, list.body.data[0].id], [200, 1, link.id]);

    const b = await t.tenant(['*']);
    assert.equal((await t.call('GET', `/v1/payment-links/${link.id}`, { key: b.key })).body.code, 'exceptions.paymentLink.notFound');
    const patched = await t.call('PATCH', `/v1/payment-links/${link.id}`, { key: b.key, body: { active: false } });
    assert.deepEqual([patched.status, patched.body.code], [404, 'exceptions.paymentLink.notFound']);
    assert.equal((await t.call('GET', '/v1/payment-links', { key: b.key })).body.total, 0);
    const sibling = await t.call('POST', '/v1/accounts', { key: a.key, body: { name: 'Second' } });
    const wide = await t.wideKey(a.tenantId);
    assert.equal((await t.call('GET', `/v1/payment-links/${link.id}?accountId=${sibling.body.data.id}`, { key: wide })).status, 404);
    assert.equal((await t.call('GET', `/v1/payment-links/${link.id}?accountId=${a.accountId}`, { key: wide })).status, 200);
    assert.equal((await linkNow(t, link.id)).active, true, "another tenant's PATCH changed nothing");

    const reader = await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes: ['invoices.list'] });
    const refused = await create(t, { amount: 5 }, reader.body.data.key);
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.insufficientScope']);
    assert.equal(
      (await t.call('PATCH', `/v1/payment-links/${link.id}`, { key: reader.body.data.key, body: { active: false } })).status,
      403,
    );
    assert.equal((await t.call('GET', `/v1/payment-links/${link.id}`, { key: reader.body.data.key })).status, 200);
    const maker = await t.admin('POST', '/admin/api-keys', { tenantId: a.tenantId, accountId: a.accountId, scopes: ['invoices.create'] });
    assert.equal((await create(t, { amount: 5 }, maker.body.data.key)).status, 201);
    assert.equal((await t.call('GET', '/v1/payment-links', { key: maker.body.data.key })).status, 403);
    const qr = await t.call('GET', `/v1/payment-links/${link.id}/qr.svg`, { key: a.key });
    assert.deepEqual([qr.status, String(qr.headers['content-type'])], [200, 'image/svg+xml; charset=utf-8']);
    assert.match(qr.body, /^<svg[^>]*>.*<\/svg>\s*$/s);
    assert.equal((await t.call('GET', `/v1/payment-links/${link.id}/qr.svg`, { key: b.key })).status, 404);
  });

  it('refuses a link that is priced two ways, out of order, too precise, below the minimum, or already expired', async () => {
    const t = app();
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ amount: 10, minAmount: 5 }, 400, 'exceptions.paymentLink.amountSpecificationInvalid'],
      [{ kind: 'request' }, 400, 'exceptions.paymentLink.amountSpecificationInvalid'],
      [{ maxQuantity: 3 }, 400, 'exceptions.paymentLink.amountSpecificationInvalid'],
      [{ kind: 'request', amount: 50, maxUses: 2 }, 400, 'exceptions.validation.failed', 'maxUses'],
      [{ minAmount: 20, maxAmount: 10 }, 400, 'exceptions.validation.failed', 'maxAmount'],
      [{ amount: 10.001 }, 400, 'exceptions.invoice.amountInvalidDecimalPlaces'],
      [{ minAmount: 0.001 }, 400, 'exceptions.invoice.amountInvalidDecimalPlaces'],
      [{ amount: 0.5 }, 400, 'exceptions.invoice.amountBelowMinimum'],
      [{ amount: 10, fiatCurrencyCode: 'XXX' }, 400, 'exceptions.invoice.fiatCurrencyNotFound'],
      [{ amount: 10, expiresAt: '2020-01-01T00:00:00Z' }, 400, 'exceptions.validation.failed', 'expiresAt'],
      [{ amount: 10, successUrl: 'javascript:alert(1)' }, 400, 'exceptions.validation.failed', 'successUrl'],
      [{ amount: 1e12, maxQuantity: 2 }, 400, 'exceptions.validation.failed', 'maxQuantity'],
      [{ amount: 10, maxQuantity: 0 }, 400, 'exceptions.validation.failed'],
      [{ amount: 10, title: '' }, 400, 'exceptions.validation.failed'],
      [{ amount: 10, title: '   ' }, 400, 'exceptions.validation.failed', 'title'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await create(t, body);
      assert.deepEqual([res.status, res.body.code], [status, code], JSON.stringify(body));
      if (field) assert.equal(res.body.extension.fields[0].field, field, JSON.stringify(body));
    }
    assert.equal((await t.call('GET', '/v1/payment-links', { key: a.key })).body.total, 2, 'no refused link was made');
  });

  it("takes the customer's amount within bounds, the quantity and the email through the page's form, each payment an invoice of the link", async () => {
    const t = app();
    const open = await made(t, { title: 'Donation', minAmount: 5, maxAmount: 500, description: 'Thank you' });
    const html = await page(t, open);
    assert.equal(html.statusCode, 200);
    assert.match(String(html.headers['content-security-policy']), /script-src 'none'.*form-action 'self'/);
    assert.doesNotMatch(html.body, /<script/);
    assert.match(html.body, /<label for="amount">Amount \(USD\)<\/label>/);
    assert.match(html.body, /From \$5\.00 to \$500\.00/);

    const low = await post(t, open, { amount: '4.99' });
    assert.equal(low.statusCode, 400);
    assert.match(low.body, /aria-invalid="true"/);
    assert.match(low.body, /Enter an amount from \$5\.00 to \$500\.00\./);
    assert.equal((await post(t, open, { amount: 'ten' })).statusCode, 400);
    assert.match((await post(t, open, { amount: '12.345' })).body, /Use at most 2 decimal places\./);
    const badEmail = await post(t, open, { amount: '20', email: 'not-an-address' });
    assert.deepEqual([badEmail.statusCode, /Enter an email address/.test(badEmail.body)], [400, true]);
    assert.equal((await linkNow(t, open.id)).invoicesMade, 0, 'a refused payment takes no use');

    const ok = await post(t, open, { amount: '42,50', email: 'buyer@example.com', lang: 'de' });
    assert.equal(ok.statusCode, 303);
    assert.match(String(ok.headers.location), /\?lang=de$/);
    const invoice = await invoiceOf(t, String(ok.headers.location).replace('lang=de', 'lang=en'));
    assert.deepEqual(
      [
        invoice.amount,
        invoice.fiatCurrencyCode,
        invoice.paymentLinkId,
        invoice.customerEmail,
        invoice.description,
        invoice.accountId,
        invoice.items,
      ],
      [42.5, 'USD', open.id, 'buyer@example.com', 'Thank you', a.accountId, [{ name: 'Donation', quantity: 1, cost: 42.5 }]],
    );
    const lang = await t.ctx.db.selectFrom('invoices').select('customer_language').where('id', '=', invoice.id).executeTakeFirstOrThrow();
    assert.equal(lang.customer_language, 'de', "the customer's mails speak the page's language");

    const beans = await made(t, { amount: 12.34, maxQuantity: 5 });
    assert.equal((await post(t, beans, { quantity: '6' })).statusCode, 400);
    assert.equal((await post(t, beans, { quantity: '0' })).statusCode, 400);
    const three = await post(t, beans, { quantity: '3', amount: '1' });
    const bought = await invoiceOf(t, String(three.headers.location));
    assert.deepEqual([bought.amount, bought.items], [37.02, [{ name: 'Coffee beans', quantity: 3, cost: 12.34 }]]);
    assert.equal((await post(t, open, { amount: '500' })).statusCode, 303);

    const listed = await t.call('GET', `/v1/invoice/list?paymentLinkId=${open.id}`, { key: a.key });
    assert.deepEqual([listed.body.total, listed.body.data.map((i: any) => i.amount)], [2, [500, 42.5]]);
    assert.equal((await t.call('GET', `/v1/invoice/list?paymentLinkId=${beans.id}`, { key: a.key })).body.total, 1);
    const usage = await linkNow(t, open.id);
    assert.deepEqual([usage.uses, usage.invoicesMade, usage.invoicesPaid], [2, 2, 0]);
  });

  it('lets only one of two customers racing for the last use have it; an invoice that ends unpaid gives its use back', async () => {
    const t = app();
    const link = await made(t, { amount: 20, maxUses: 1 });
    const [first, second] = await Promise.all([post(t, link, {}), post(t, link, {})]);
    assert.deepEqual([first.statusCode, second.statusCode].sort(), [303, 409]);
    const lost = first.statusCode === 409 ? first : second;
    assert.match(lost.body, /used as many times as allowed/);
    let now = await linkNow(t, link.id);
    assert.deepEqual([now.uses, now.invoicesMade, now.availability], [1, 1, 'usedUp']);
    assert.equal((await page(t, link)).statusCode, 409);

    const won = await invoiceOf(t, String((first.statusCode === 303 ? first : second).headers.location));
    assert.equal((await t.call('POST', '/v1/invoice/cancel', { key: a.key, body: { id: won.id } })).status, 200);
    now = await linkNow(t, link.id);
    assert.deepEqual([now.uses, now.invoicesMade, now.availability], [0, 1, 'open']);
    assert.equal((await post(t, link, {})).statusCode, 303);
    assert.equal((await linkNow(t, link.id)).invoicesMade, 2);
  });

  it('refuses payments once the link expired or while it is turned off, and takes them again when turned on', async () => {
    const t = app();
    const expiring = await made(t, { amount: 20, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.ctx.db
      .updateTable('payment_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    const gone = await page(t, expiring);
    assert.deepEqual([gone.statusCode, /This payment link has expired\./.test(gone.body)], [410, true]);
    assert.equal((await post(t, expiring, {})).statusCode, 410);
    assert.equal((await linkNow(t, expiring.id)).availability, 'expired');

    const link = await made(t, { amount: 20 });
    const off = await t.call('PATCH', `/v1/payment-links/${link.id}`, { key: a.key, body: { active: false } });
    assert.deepEqual([off.status, off.body.data.active, off.body.data.availability], [200, false, 'disabled']);
    const refused = await post(t, link, {});
    assert.deepEqual([refused.statusCode, /turned off/.test(refused.body)], [409, true]);
    assert.equal((await t.call('GET', '/v1/payment-links?active=false', { key: a.key })).body.data[0].id, link.id);
    await t.call('PATCH', `/v1/payment-links/${link.id}`, { key: a.key, body: { active: true } });
    assert.equal((await post(t, link, {})).statusCode, 303);
    const unknown = await t.app.inject({ method: 'GET', url: '/pay/link/AAAAAAAAAAAAAAAAAAAAAA' });
    assert.equal(unknown.statusCode, 404);
    const actions = await t.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', link.id).orderBy('id').execute();
    assert.deepEqual(
      actions.map((r) => r.action),
      ['paymentLink.created', 'paymentLink.disabled', 'paymentLink.enabled'],
    );
  });

  it("counts the link's paid invoices and what they brought; a request takes two payments into one invoice until paid", async () => {
    const t = app();
    const link = await made(t, { amount: 25 });
    const invoice = await invoiceOf(t, String((await post(t, link, { email: 'buyer@example.com' })).headers.location));
    await payInvoice(t, invoice.id, 'exact');
    assert.equal((await t.call('GET', `/v1/invoice?id=${invoice.id}`, { key: a.key })).body.data.status, 'paid');
    const counted = await linkNow(t, link.id);
    assert.deepEqual([counted.uses, counted.invoicesPaid, counted.amountPaid], [1, 1, 25]);

    const request = await made(t, { kind: 'request', amount: 50, title: 'Invoice 2024-17' });
    assert.equal(request.maxUses, 1);
    assert.match((await page(t, request)).body, /Payment request/);
    const opened = await post(t, request, {});
    const asked = await invoiceOf(t, String(opened.headers.location));
    // The customer comes back: the same invoice, never a second one.
    const back = await page(t, request);
    assert.deepEqual([back.statusCode, back.headers.location], [303, opened.headers.location]);
    assert.equal((await post(t, request, {})).headers.location, opened.headers.location);
    await payInvoice(t, asked.id, 'partial');
    const part = (await t.call('GET', `/v1/invoice?id=${asked.id}`, { key: a.key })).body.data;
    assert.equal(part.status, 'partially_paid');
    assert.equal((await linkNow(t, request.id)).invoicesPaid, 0);
    await payInvoice(t, asked.id, 'exact');
    const whole = (await t.call('GET', `/v1/invoice?id=${asked.id}`, { key: a.key })).body.data;
    assert.equal(whole.status, 'paid');
    const done = await linkNow(t, request.id);
    assert.deepEqual([done.invoicesMade, done.invoicesPaid, done.amountPaid, done.requestInvoiceId], [1, 1, 50, asked.id]);
  });
});
