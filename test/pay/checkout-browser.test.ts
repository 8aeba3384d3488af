import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, noChromium, screenshot, type BrowserContexts } from '../helpers/browser.ts';
import type { TestApp } from '../helpers/harness.ts';
import { openWatched, payScreenshot, usePageSuite } from './kit.ts';

describe('hosted payment page in headless Chromium', { skip: noChromium }, () => {
  const suite = usePageSuite('pglite');
  let t: TestApp;
  let browser: BrowserContexts;
  let origin = '';
  before(() => ({ t, browser, origin } = suite()));

  /** Waits until the page shows the status (it polls the state every 2 s): the badge says it in words, its data-status names it. */
  async function waitStatus(page: Page, status: string) {
    await page.waitForSelector(`[data-testid=status].${status}`, { timeout: 15_000 });
    assert.equal(await page.getAttribute('[data-testid=status]', 'data-status'), status);
  }

  async function invoice(body: Record<string, unknown>) {
    const { key } = await t.tenant(['*']);
    const res = await t.call('POST', '/v1/invoice', { key, body: { fiatCurrencyCode: 'USD', ...body } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return { key, inv: res.body.data };
  }

  it('pick a currency, pay through the sandbox, see paid, follow the success link (phone)', async () => {
    const { key, inv } = await invoice({
      amount: 25,
      orderId: 'order-browser-1',
      description: 'Two T-shirts',
      items: [{ name: 'T-shirt', quantity: 2, cost: 12.5 }],
      successUrl: `${origin}/healthz?thanks=1`,
      returnUrl: `${origin}/healthz?back=1`,
    });
    assert.equal(inv.paymentPageUrl, `http://gateway.test/pay/${inv.id}`);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const { page, foreign, errors } = await openWatched(context, origin, `/pay/${inv.id}`);

    await page.waitForSelector('[data-testid=currency-option][data-code=USDT_TRC20]');
    assert.equal(await page.getAttribute('[data-testid=status]', 'data-status'), 'created');
    assert.equal(await page.textContent('[data-testid=status]'), 'Unpaid');
    assert.equal(await page.evaluate('document.documentElement.lang'), 'en', 'English without a language asked for');
    assert.match((await page.textContent('#total'))!, /25\.00/);
    assert.equal(await page.textContent('#ref'), 'Order #order-browser-1');
    assert.match((await page.textContent('#items'))!, /T-shirt × 2/);
    assert.match((await page.textContent('[data-testid=countdown]'))!, /Expires in \d+:\d\d/);
    // Plain names with their network, the common coins first, an estimate each.
    assert.equal(await page.textContent('[data-testid=currency-option] .name'), 'Tether USD on Tron');
    assert.equal(await page.textContent('[data-code=USDT_TRC20] .est'), '≈ 26 USDT');
    // A sandbox installation says so on every page: test money only.
    assert.match((await page.getByRole('banner').textContent())!, /Test payment · sandbox, no real money moves/);
    await assertAccessible(page, 'the currency picker (phone)');
    await screenshot(page, 'pay-picker-mobile.png');

    await page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    assert.match((await page.textContent('[data-testid=address]'))!, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    assert.equal(await page.textContent('[data-testid=amount-due]'), '26 USDT');
    assert.match((await page.getAttribute('[data-testid=qr]', 'src'))!, /^data:image\/png;base64,/);
    assert.match((await page.getAttribute('#wallet', 'href'))!, /^tron:T.*amount=26/);
    assert.equal(await page.isVisible('#sandbox'), true);
    await assertAccessible(page, 'the payment details (phone)');
    await screenshot(page, 'pay-selected-usdt-mobile.png');

    await page.click('[data-testid=sim-exact]');
    await waitStatus(page, 'processing');
    assert.equal(await page.textContent('#detConf'), 'Confirmations: 0 of 2');
    await page.click('[data-testid=sim-mine]');
    await waitStatus(page, 'paid');
    assert.equal(await page.isVisible('#outcome'), true);
    assert.equal(await page.textContent('#outTitle'), 'Payment received');
    await assertAccessible(page, 'the outcome (phone)');
    await screenshot(page, 'pay-paid-mobile.png');

    // The merchant refunds part of it: a customer who opens the page again sees it.
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: 5, invoiceId: inv.id },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } })).status, 201);
    await page.reload();
    await page.waitForSelector('[data-testid=refunded]:not(.hidden)', { timeout: 15_000 });
    assert.equal(await page.textContent('[data-testid=refunded]'), 'Refunded 5 USDT');
    assert.equal(await page.getByText('Refunded 5 USDT').isVisible(), true);
    await assertAccessible(page, 'a refunded invoice (phone)');
    // docs/payment-page-refunded.png: the paid page with its receipt and the refund.
    await payScreenshot(page, 'pay-refunded-mobile.png', '-refunded');
    // The same page on a desktop says it too.
    const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const seen = await openWatched(wide, origin, `/pay/${inv.id}`);
    const desk = seen.page;
    await desk.waitForSelector('[data-testid=refunded]:not(.hidden)', { timeout: 15_000 });
    assert.equal(await desk.getByText('Refunded 5 USDT').isVisible(), true);
    await assertAccessible(desk, 'a refunded invoice (desktop)');
    assert.deepEqual([seen.foreign, seen.errors], [[], []], 'no other origin, no console errors');
    await wide.close();

    assert.equal((await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data.status, 'paid');
    // Checked before leaving: the merchant's page is not ours to judge (its favicon may 404).
    assert.deepEqual(foreign, [], 'no request left the gateway');
    assert.deepEqual(errors, [], `no console errors (CSP included): ${errors.join(' | ')}`);
    const link = page.locator('[data-testid=outcome-link]');
    assert.equal(await link.getAttribute('href'), `${origin}/healthz?thanks=1`);
    await Promise.all([page.waitForURL(`${origin}/healthz?thanks=1`), link.click()]);
    await context.close();
  });

  it('desktop layout, a partial payment, an unknown invoice', async () => {
    const { inv } = await invoice({ amount: 10, orderId: 'order-browser-2', number: 'INV-7', failedUrl: `${origin}/healthz?failed=1` });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, foreign, errors } = await openWatched(context, origin, `/pay/${inv.id}`);
    await page.waitForSelector('[data-testid=currency-option][data-code=USDC_BASE]');
    assert.equal(await page.textContent('#ref'), 'Invoice INV-7');
    await screenshot(page, 'pay-picker-desktop.png');
    await page.click('[data-testid=currency-option][data-code=USDC_BASE]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    assert.match((await page.textContent('[data-testid=address]'))!, /^0x[0-9a-fA-F]{40}$/);
    await page.click('[data-testid=sim-partial]');
    await page.click('[data-testid=sim-mine]');
    await waitStatus(page, 'partially_paid');
    // Still open: the page asks for the rest and offers no way out yet.
    assert.match((await page.textContent('#received'))!, /Still to pay/);
    assert.equal(await page.isVisible('[data-testid=outcome-link]'), false);
    await assertAccessible(page, 'a partial payment (desktop)');
    await screenshot(page, 'pay-partial-desktop.png');

    const missing = await context.newPage();
    const res = await missing.goto(`${origin}/pay/00000000-0000-4000-8000-000000000000`);
    assert.equal(res!.status(), 404);
    await missing.waitForSelector('text=Invoice not found');
    assert.deepEqual(foreign, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
