/**
 * The customer portal in headless Chromium, on each engine, time moved by the test clock: a subscription
 * made through the API, its first invoice paid on the payment page through the sandbox buttons, the
 * renewal underpaid (pastDue after the grace) and topped up (active again); then the customer opens
 * the portal link, sees the subscription and both invoices, and cancels by keyboard at the end of
 * the period, which the API and the billing round then keep. A customer with a language gets the
 * portal in it, switches it, and chooses their mails' language there. A link that is changed or has
 * expired gets a page that says so, in the browser's language.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after as afterAll, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, browserContexts, noChromium } from '../helpers/browser.ts';
import { describeEngines, startTestApp, type TestApp } from '../helpers/harness.ts';
import { DESKTOP, PHONE, docsScreenshot, openWatched } from '../pay/kit.ts';
import { HOUR, after, appClock, clock, freshMarket, invoiceNow, pay, subNow, subscribed, watch, type Tenant } from './helpers.ts';

/** A UTC day as the portal writes it in a locale: November 29, 2026 in en-US, 29. November 2026 in de. */
const dayIn = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
const day = (iso: string) => dayIn('en-US', iso);
/** The browser of an English-speaking customer in the US, and of a French-speaking one. */
const EN = { locale: 'en-US' };
const FR = { locale: 'fr-FR' };

describeEngines('customer portal in headless Chromium', (engine) => {
  if (noChromium) {
    it('needs Chromium', { skip: noChromium }, () => {});
    return;
  }
  let t: TestApp;
  const browser = browserContexts();
  let origin = '';
  let a: Tenant;
  before(async () => {
    t = await startTestApp(engine, appClock);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    a = await t.tenant(['*']);
    await freshMarket(t);
  });
  afterAll(async () => {
    await browser.close();
    await t?.close();
  });

  /** The payment page: USDT on Tron picked, the sandbox's `button` pressed, the transfer seen by the watcher. */
  async function sandboxPay(page: Page, button: 'sim-exact' | 'sim-mine', status: string) {
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && /\/simulate/.test(r.url())),
      page.click(`[data-testid=${button}]`),
    ]);
    await watch(t);
    await page.waitForSelector(`[data-testid=status].${status}`, { timeout: 15_000 });
  }

  /** The portal link's token, fresh from the API. */
  async function portalToken(customerId: string): Promise<string> {
    const res = await t.call('POST', `/v1/customers/${customerId}/portal-link`, { key: a.key, body: {} });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return new URL(res.body.data.url).pathname.slice('/portal/'.length);
  }

  /** The focused element's accessible name as the tests name buttons: its aria-label, else its text. */
  const focused = (page: Page) =>
    page.evaluate('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent') as Promise<string | null>;
  const badge = (page: Page, within: string) => page.textContent(`${within} .badge`);

  it('pay, fall behind, top up, then see and cancel it in the portal by keyboard', async () => {
    const brand = await t.call('PATCH', '/v1/settings', {
      key: await t.wideKey(a.tenantId),
      body: { merchantName: 'Acme Cloud', brandColor: '#0f766e' },
    });
    assert.equal(brand.status, 200, JSON.stringify(brand.body));
    const { customer, sub } = await subscribed(t, a, { name: 'Pro' });
    const s = t.ctx.config.subscriptions;

    // The first period's invoice, paid on the payment page through the sandbox buttons.
    const payContext = await browser.newContext({ ...DESKTOP, ...EN });
    const checkout = await openWatched(payContext, origin, `/pay/${sub.latestInvoiceId}`);
    await checkout.page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
    await checkout.page.waitForSelector('[data-testid=address]:not(:empty)');
    await sandboxPay(checkout.page, 'sim-exact', 'processing');
    await sandboxPay(checkout.page, 'sim-mine', 'paid');
    assert.deepEqual([checkout.errors, checkout.foreign], [[], []]);
    await payContext.close();
    assert.equal((await invoiceNow(t, a, sub.latestInvoiceId)).status, 'paid');
    await after(t, 0);

    // The second period: its invoice issued ahead, half paid, pastDue once the grace has run out.
    await after(t, Date.parse(sub.currentPeriodEnd) - clock.date().getTime() - s.invoiceLeadHours * HOUR + HOUR);
    const renewal = (await subNow(t, a, sub.id)).latestInvoiceId;
    assert.notEqual(renewal, sub.latestInvoiceId);
    await pay(t, renewal, 'partial');
    await after(t, s.invoiceLeadHours * HOUR);
    await after(t, s.graceHours * HOUR);
    assert.equal((await subNow(t, a, sub.id)).status, 'pastDue');

    // The customer opens the portal on a phone: overdue, the renewal can be paid from there.
    const token = await portalToken(customer.id);
    const context = await browser.newContext({ ...PHONE, ...EN });
    const { page, foreign, errors } = await openWatched(context, origin, `/portal/${token}`);
    const item = `[data-subscription="${sub.id}"]`;
    await page.waitForSelector(`${item} .badge`);
    assert.equal(await badge(page, item), 'Payment overdue');
    assert.equal(
      await page.getAttribute(`[data-invoice="${renewal}"] a`, 'href'),
      `/pay/${renewal}?lang=en`,
      'the payment page opens in the portal language',
    );
    assert.equal(await badge(page, `[data-invoice="${renewal}"]`), 'Partly paid');

    // Topped up: active again, and the portal shows it on reload.
    await pay(t, renewal, 'exact');
    await after(t, 0);
    const active = await subNow(t, a, sub.id);
    assert.deepEqual([active.status, active.periodNumber], ['active', 2]);
    await page.reload();
    await page.waitForSelector(`${item} .badge[data-status=active]`);
    assert.equal(await page.textContent('.merchant'), 'Acme Cloud');
    assert.match((await page.textContent('[data-testid=customer]'))!, /^Ada · c\w+@example\.com$/);
    assert.equal(await page.textContent(`${item} h3`), 'Pro');
    const rows = await page.$$eval(`${item} dd`, (dds) => dds.map((d) => d.textContent));
    assert.deepEqual(rows, [
      '$10.00 per month',
      `${day(active.currentPeriodStart)} – ${day(active.currentPeriodEnd)}`,
      day(active.currentPeriodEnd),
    ]);
    const invoices = await page.$$eval('[data-testid=invoices] > li', (lis) =>
      lis.map((li) => [li.getAttribute('data-invoice'), li.querySelector('.badge')?.textContent, li.querySelector('a') ? 'link' : 'none']),
    );
    assert.deepEqual(invoices, [
      [renewal, 'Paid', 'none'],
      [sub.latestInvoiceId, 'Paid', 'none'],
    ]);
    await assertAccessible(page, 'the customer portal (phone)');
    const csp = (await t.call('GET', `/portal/${token}`)).headers['content-security-policy'] as string;
    assert.match(csp, /script-src 'nonce-[^']+';/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    await docsScreenshot(page, 'portal-mobile.png', 'portal');

    // A new email, through the form; a wrong one is refused in words, next to the field.
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('#emailError:not(.hidden)');
    assert.equal(await page.textContent('#emailError'), 'Enter a valid email address, like name@example.com.');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.org');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=done]:not(.hidden)');
    assert.equal(await page.textContent('[data-testid=done]'), 'Saved. Invoices and reminders go to ada@example.org (language: English).');
    const saved = (await t.call('GET', `/v1/customers/${customer.id}`, { key: a.key })).body.data;
    assert.deepEqual([saved.email, saved.language], ['ada@example.org', 'en']);

    // Cancel by keyboard: Tab to the button, Enter, then confirm with Enter.
    await page.focus('#title');
    for (let i = 0; i < 20 && (await focused(page)) !== 'Cancel subscription Pro'; i++) await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'Cancel subscription Pro', 'the Cancel button is reached by Tab');
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), 'Yes, cancel at period end', 'the confirmation takes the focus');
    assert.match((await page.textContent(`${item} .confirm`))!, new RegExp(`stays active until ${day(active.currentPeriodEnd)}`));
    await assertAccessible(page, 'the cancel confirmation');
    await page.keyboard.press('Escape');
    assert.equal(await focused(page), 'Cancel subscription Pro', 'Escape keeps it and goes back to the button');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=done]:text-matches("cancelled")');
    const promised = `Your Pro subscription is cancelled. It stays active until ${day(active.currentPeriodEnd)}, and no further invoices are issued.`;
    assert.equal(await page.textContent('[data-testid=done]'), promised);
    assert.equal(await badge(page, item), `Active, ends ${day(active.currentPeriodEnd)}`);
    assert.equal(await page.locator(`${item} button`).count(), 0, 'nothing left to cancel');

    // The API says what the portal promised, and the period's end keeps it.
    const marked = await subNow(t, a, sub.id);
    assert.deepEqual([marked.status, marked.cancelAtPeriodEnd, marked.currentPeriodEnd], ['active', true, active.currentPeriodEnd]);
    await after(t, Date.parse(active.currentPeriodEnd) - clock.date().getTime());
    const ended = await subNow(t, a, sub.id);
    assert.equal(ended.status, 'cancelled');
    assert.equal(ended.latestInvoiceId, renewal, 'no invoice for a third period');
    // The first link has expired by now (a month later): the customer asks for a new one.
    await page.goto(`${origin}/portal/${await portalToken(customer.id)}`);
    await page.waitForSelector(`${item} .badge[data-status=cancelled]`);
    assert.equal(await page.textContent(`${item} dd:last-child`), 'None');
    assert.equal(await badge(page, item), 'Cancelled');
    assert.deepEqual([errors, foreign], [[], []]);
    await context.close();
  });

  it('speaks the customer’s language over the browser’s, switches in place of the link, and takes the mails’ language', async () => {
    const { customer, sub } = await subscribed(t, a, { name: 'Kaffee' });
    const set = await t.call('PATCH', `/v1/customers/${customer.id}`, { key: a.key, body: { language: 'de' } });
    assert.deepEqual([set.status, set.body.data.language], [200, 'de']);
    const context = await browser.newContext({ ...DESKTOP, ...FR });
    const { page, foreign, errors } = await openWatched(context, origin, `/portal/${await portalToken(customer.id)}`);
    const item = `[data-subscription="${sub.id}"]`;
    await page.waitForSelector(`${item} .badge`);
    const spaced = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

    // German, the customer's language, though the browser asks for French.
    assert.equal(await page.evaluate('document.documentElement.lang'), 'de');
    assert.equal(await page.title(), 'Ihre Abonnements · Acme Cloud');
    assert.equal(await page.textContent('h1'), 'Ihre Abonnements');
    assert.equal(await badge(page, item), 'Aktiv');
    const view = await subNow(t, a, sub.id);
    const rows = await page.$$eval(`${item} dt, ${item} dd`, (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(rows.map(spaced), [
      'Preis',
      '10,00 $ pro Monat',
      'Aktueller Zeitraum',
      `${dayIn('de', view.currentPeriodStart)} – ${dayIn('de', view.currentPeriodEnd)}`,
      'Nächste Rechnung',
      dayIn('de', view.currentPeriodEnd),
    ]);
    const invoice = `[data-invoice="${sub.latestInvoiceId}"]`;
    assert.deepEqual([await badge(page, invoice), await page.textContent(`${invoice} h3`)], ['Warten auf Zahlung', 'Kaffee, Zeitraum 1']);
    assert.equal(
      await page.getByRole('link', { name: 'Jetzt bezahlen: Kaffee, Zeitraum 1' }).getAttribute('href'),
      `/pay/${sub.latestInvoiceId}?lang=de`,
    );
    assert.equal(await page.getByRole('button', { name: 'Abonnement Kaffee kündigen' }).isVisible(), true);
    assert.equal(await page.getByLabel('Sprache der E-Mails').inputValue(), 'de');
    await assertAccessible(page, 'the customer portal in German');

    // The switch opens the same link in Turkish; the mails' language stays the customer's until saved.
    await Promise.all([page.waitForURL(/[?&]lang=tr$/), page.getByLabel('Sprache', { exact: true }).selectOption('tr')]);
    await page.waitForSelector(`${item} .badge`);
    assert.deepEqual(
      [await page.evaluate('document.documentElement.lang'), await page.textContent('h1'), await badge(page, item)],
      ['tr', 'Abonelikleriniz', 'Etkin'],
    );
    assert.equal(await page.getByLabel('E-postaların dili').inputValue(), 'de');
    await page.getByLabel('E-postaların dili').selectOption('es');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForSelector('[data-testid=done]:not(.hidden)');
    assert.equal(
      await page.textContent('[data-testid=done]'),
      `Kaydedildi. Faturalar ve hatırlatmalar ${customer.email} adresine gider (dil: Español).`,
    );
    assert.equal((await t.call('GET', `/v1/customers/${customer.id}`, { key: a.key })).body.data.language, 'es');
    assert.deepEqual([errors, foreign], [[], []]);
    await context.close();
  });

  it('a changed or expired link gets a page that says so, with its status', async () => {
    const { customer } = await subscribed(t, a, { name: 'Basic' });
    const token = await portalToken(customer.id);
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await t.call('GET', `/portal/${changed}`);
    assert.equal(bad.status, 403);
    assert.match(String(bad.headers['content-type']), /^text\/html/);
    assert.match(bad.body, /This link is not valid or has expired/);
    assert.equal((await t.call('GET', '/portal/not-a-token')).status, 403);
    const french = await t.call('GET', `/portal/${changed}`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    assert.equal(french.status, 403);
    assert.match(french.body, /<html lang="fr">/);
    assert.match(french.body, /Ce lien n’est pas valide ou a expiré/);

    await after(t, t.ctx.config.subscriptions.portalLinkTtlMin * 60_000 + 1000);
    const context = await browser.newContext({ ...DESKTOP, ...EN });
    const { page, foreign, errors } = await openWatched(context, origin, `/portal/${token}`);
    assert.equal(await page.textContent('h1'), 'This link is not valid or has expired');
    assert.equal(await page.getAttribute('[data-testid=dead-link]', 'data-reason'), 'expired');
    await assertAccessible(page, 'the expired portal link');
    // The page answered 410, which the watcher and the console note as a failed load: nothing else failed.
    assert.deepEqual([errors.filter((e) => !e.startsWith('410 ') && !e.includes('status of 410')), foreign], [[], []]);
    await context.close();
  });
});
