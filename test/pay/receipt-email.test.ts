/**
 * The receipt by mail from the payment page: an invoice made without the customer's address offers
 * a field for one while it can be paid; the address is taken once (never replaced, of two racing
 * requests one wins), shown masked, and the receipt reaches it through a local SMTP server in the
 * page's language once the invoice is paid. No offer without mail set up, with receipts turned off,
 * or once the invoice is over. In Chromium a customer gives it by keyboard and pays.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startWorkers } from '../../src/worker.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { assertAccessible, browserContexts, noChromium, type BrowserContexts } from '../helpers/browser.ts';
import { describeEngines, startTestApp, useTestApp, type TestApp } from '../helpers/harness.ts';
import { smtpServer, type Inbox } from '../helpers/inbox.ts';
import { until } from '../helpers/receiver.ts';
import { DESKTOP, openWatched, payScreenshot, PHONE } from './kit.ts';

let orders = 0;
const invoice = async (t: TestApp, key: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/v1/invoice', {
    key,
    body: { amount: 25, fiatCurrencyCode: 'USD', orderId: `receipt-${++orders}`, ...body },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data as { id: string };
};
const state = async (t: TestApp, id: string) => (await t.call('GET', `/pay/${id}/state`)).body.data;
const give = (t: TestApp, id: string, email: unknown, lang?: string) =>
  t.call('POST', `/pay/${id}/receipt-email`, { body: { email, ...(lang ? { lang } : {}) } });

describeEngines('payment page: receipt by mail', (engine) => {
  let inbox: Inbox;
  const env = { SMTP_URL: '', EMAIL_FROM: 'Gateway Mail <mail@gateway.test>' };
  before(async () => {
    inbox = await smtpServer();
    env.SMTP_URL = inbox.url;
  });
  after(() => inbox.close());
  const app = useTestApp(engine, { env, config: { watchIntervalMs: 100 } });

  it('offers it while open, takes one address once (racing requests: one wins), shows it masked, and mails the receipt in the page language', async () => {
    const t = await app();
    const { key } = await t.tenant(['*']);
    const inv = await invoice(t, key);
    assert.deepEqual((await state(t, inv.id)).receipt, { offered: true, to: null });

    for (const bad of ['not-an-address', '', 'a@b', 'x'.repeat(250) + '@buyer.test', 42]) {
      const res = await give(t, inv.id, bad);
      assert.equal(res.status, 400, `${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'exceptions.validation.failed');
    }
    assert.equal((await t.call('POST', `/pay/${inv.id}/receipt-email`, { body: {} })).status, 400, 'no address');
    assert.deepEqual((await state(t, inv.id)).receipt, { offered: true, to: null }, 'nothing taken from bad input');

    const [first, second] = await Promise.all([give(t, inv.id, 'berta@buyer.test', 'de'), give(t, inv.id, 'mallory@evil.test')]);
    const won = [first, second].filter((r) => r.status === 200);
    const lost = [first, second].filter((r) => r.status === 409);
    assert.equal(won.length, 1, JSON.stringify([first.body, second.body]));
    assert.equal(lost[0]?.body.code, 'exceptions.invoice.customerEmailAlreadySet');
    const winner = won[0] === first ? 'berta@buyer.test' : 'mallory@evil.test';
    assert.deepEqual(won[0]!.body.data.receipt, {
      offered: false,
      to: winner === 'berta@buyer.test' ? 'b•••@buyer.test' : 'm•••@evil.test',
    });
    const again = await give(t, inv.id, 'someone@else.test');
    assert.deepEqual([again.status, again.body.code], [409, 'exceptions.invoice.customerEmailAlreadySet'], 'never replaced');
    const record = (await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data;
    assert.equal(record.customerEmail, winner, 'the merchant sees the address the customer gave');
    assert.doesNotMatch(JSON.stringify(await state(t, inv.id)), /berta@|mallory@/, 'the public page never shows it whole');

    // Paid through the sandbox: the receipt reaches the address.
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USD', 'USDT']);
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const picked = await t.call('POST', `/pay/${inv.id}/select`, {
      body: { cryptoCurrencyCode: 'USDT_TRC20', lang: winner === 'berta@buyer.test' ? 'de' : 'en' },
    });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    assert.equal((await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } })).status, 200);
    assert.equal((await t.call('POST', `/pay/${inv.id}/simulate/mine`, { body: {} })).status, 200);
    const workers = startWorkers(t.ctx, t.app.log);
    try {
      await until(() => inbox.to(winner).length > 0, 20_000, 'the receipt');
    } finally {
      await workers.stop();
    }
    const mail = inbox.to(winner)[0]!;
    assert.match(mail.subject ?? '', winner === 'berta@buyer.test' ? /^Zahlung erhalten/ : /^Payment received/);
    assert.equal((await state(t, inv.id)).receipt.offered, false, 'a paid invoice offers none');
    const late = await give(t, (await invoice(t, key, { orderId: 'gone' })).id, 'x@y.test');
    assert.equal(late.status, 200, 'another open invoice still takes one');
  });

  it('offers none where the invoice has an address, the merchant turned receipts off, the invoice is over, or the id is unknown', async () => {
    const t = await app();
    const { key, tenantId } = await t.tenant(['*']);
    const given = await invoice(t, key, { customerEmail: 'known@buyer.test' });
    assert.deepEqual((await state(t, given.id)).receipt, { offered: false, to: 'k•••@buyer.test' });
    assert.equal((await give(t, given.id, 'other@buyer.test')).body.code, 'exceptions.invoice.customerEmailAlreadySet');

    const cancelled = await invoice(t, key);
    assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id: cancelled.id } })).status, 200);
    assert.deepEqual((await state(t, cancelled.id)).receipt, { offered: false, to: null });
    assert.equal((await give(t, cancelled.id, 'late@buyer.test')).body.code, 'exceptions.invoice.notPayable');

    await t.ctx.db
      .updateTable('tenants')
      .set({ email_off: ['invoicePaid'] })
      .where('id', '=', tenantId)
      .execute();
    const off = await invoice(t, key);
    assert.deepEqual((await state(t, off.id)).receipt, { offered: false, to: null });
    const refused = await give(t, off.id, 'a@buyer.test');
    assert.deepEqual([refused.status, refused.body.code], [409, 'exceptions.invoice.receiptNotOffered']);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) assert.equal((await give(t, id, 'a@buyer.test')).status, 404);
  });

  it('without SMTP_URL the page offers nothing and takes nothing', async () => {
    const t = await startTestApp(engine);
    try {
      const { key } = await t.tenant(['*']);
      const inv = await invoice(t, key);
      assert.deepEqual((await state(t, inv.id)).receipt, { offered: false, to: null });
      assert.equal((await give(t, inv.id, 'a@buyer.test')).body.code, 'exceptions.invoice.receiptNotOffered');
    } finally {
      await t.close();
    }
  });
});

describe('payment page: receipt by mail in headless Chromium', { skip: noChromium }, () => {
  let inbox: Inbox;
  let t: TestApp;
  let browser: BrowserContexts;
  let workers: { stop(): Promise<void> };
  let origin = '';
  before(async () => {
    inbox = await smtpServer();
    t = await startTestApp('pglite', { env: { SMTP_URL: inbox.url, EMAIL_FROM: 'mail@gateway.test' }, config: { watchIntervalMs: 100 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    workers = startWorkers(t.ctx, t.app.log);
    browser = browserContexts();
  });
  after(async () => {
    await browser?.close();
    await workers?.stop();
    await t?.close();
    await inbox?.close();
  });

  it('a customer gives an address by keyboard, is told where the receipt goes, pays, and gets it', async () => {
    const { key } = await t.tenant(['*']);
    const inv = await invoice(t, key, { orderId: 'receipt-by-mail' });
    const { page, foreign, errors } = await openWatched(await browser.newContext(PHONE), origin, `/pay/${inv.id}`);
    await page.getByRole('button', { name: /Tether USD on Tron/ }).click();
    const field = page.getByLabel('Email for a receipt (optional)');
    await field.waitFor();
    await field.fill('not an address');
    await field.press('Enter');
    await page.getByRole('alert').getByText('Please enter a valid email address.').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await field.fill('carla@buyer.test');
    await field.press('Enter');
    await page.getByRole('status').getByText('The receipt will be sent to c•••@buyer.test.').waitFor();
    assert.equal(await field.isVisible(), false, 'asked once');
    await assertAccessible(page, 'the payment details with the receipt address given');
    await payScreenshot(page, 'pay-receipt-email-mobile.png');

    await page.getByTestId('sim-exact').click();
    await page.getByTestId('sim-mine').click();
    await page.waitForSelector('[data-testid=status].paid', { timeout: 15_000 });
    await until(() => inbox.to('carla@buyer.test').length > 0, 20_000, 'the receipt');
    assert.match(inbox.to('carla@buyer.test')[0]!.subject ?? '', /^Payment received/);
    assert.deepEqual([foreign, errors], [[], []]);

    // At 1280 px the field sits in the page's column, labelled, axe-core clean.
    const wide = await openWatched(
      await browser.newContext(DESKTOP),
      origin,
      `/pay/${(await invoice(t, key, { orderId: 'receipt-wide' })).id}`,
    );
    await wide.page.getByRole('button', { name: /Tether USD on Tron/ }).click();
    await wide.page.getByLabel('Email for a receipt (optional)').waitFor();
    await assertAccessible(wide.page, 'the receipt field at 1280 px');
    assert.deepEqual([wide.foreign, wide.errors], [[], []]);
  });
});
