import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { SHOTS, assertAccessible, browserContexts, noChromium, screenshot, type BrowserContexts } from '../helpers/browser.ts';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { CURRENCIES, FIAT_CURRENCIES, servedCurrencies } from '../../src/lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { ratePolicy, rateProvidersFor } from '../../src/modules/rates/providers.ts';
import { refreshRates } from '../../src/modules/rates/service.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';
import { payScreenshot } from './kit.ts';
import { scratchDatabaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const base = process.env.TEST_DATABASE_URL;

/** What the open page says while its answers do not come back. */
const INTERRUPTED = 'Connection interrupted — trying again in a moment';
/** What the page's own document says while the database is unreachable. */
const TRY_AGAIN = "We can't load this payment right now. Try again in a moment.";

const skip = !base ? 'TEST_DATABASE_URL is not set' : noChromium;

describe('payment page while the database is unreachable [postgres]', { skip }, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabaseBehindProxy>>;
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;
  let browser: BrowserContexts;
  let origin = '';

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    scratch = await scratchDatabaseBehindProxy(base!, 'cg_payoutage');
    proxy = scratch.proxy;
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    t = await startTestApp('postgres', { database });
    // The sandbox's fees and prices, as the worker would store them, so every currency can be picked
    // (no workers here: only the page and its routes meet the outage).
    const { config } = t.ctx;
    await refreshFees(database.db, defaultOracles(database.db, config), () => {}, servedCurrencies(config));
    const assets = [...new Set([...CURRENCIES.map((c) => c.symbol), ...FIAT_CURRENCIES.map((f) => f.code)])];
    await refreshRates(database.db, rateProvidersFor(config), assets, ratePolicy(config));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = browserContexts();
  });
  // A test that fails mid-outage leaves the line open again for the next one.
  afterEach(() => proxy?.unblock());
  after(async () => {
    await browser?.close();
    await t?.close();
    await database?.close();
    await scratch?.drop();
  });

  async function invoice(orderId: string): Promise<string> {
    const { key } = await t.tenant(['*']);
    const res = await t.call('POST', '/v1/invoice', { key, body: { fiatCurrencyCode: 'USD', amount: 25, orderId } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id as string;
  }

  function outage() {
    proxy.block();
    proxy.cut();
  }

  /** Waits until the database answers the gateway again (the pool reconnects on its own). */
  async function recovered(id: string) {
    proxy.unblock();
    await until(
      async () => (await t.app.inject({ method: 'GET', url: `/pay/${id}` })).statusCode === 200,
      15_000,
      'the page answers 200 again',
    );
  }

  it('GET /pay/{id} answers a 503 HTML page with Retry-After while the database is away; 404 stays 404', async () => {
    const id = await invoice('order-outage-inject');
    assert.equal((await t.app.inject({ method: 'GET', url: `/pay/${id}` })).statusCode, 200);
    outage();
    try {
      const res = await t.app.inject({ method: 'GET', url: `/pay/${id}` });
      assert.equal(res.statusCode, 503, res.body);
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.ok(Number(res.headers['retry-after']) >= 1, 'Retry-After');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      const csp = String(res.headers['content-security-policy']);
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      assert.ok(nonce, csp);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.ok(res.body.includes(TRY_AGAIN), res.body);
      assert.match(res.body, /<a class="btn wide" href="\/pay\/[0-9a-f-]{36}">Try again<\/a>/);
      // Its one script runs under the response's nonce, and loads while the database is away; it is no JSON error body.
      const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      assert.equal(scripts.length, 1);
      const src = /^ nonce="([^"]+)" src="(\/pay\/assets\/unavailable-[0-9a-f]{12}\.js)"$/.exec(scripts[0] ?? '');
      assert.ok(src && src[1] === nonce, scripts[0]);
      const script = await t.app.inject({ method: 'GET', url: src[2]! });
      assert.equal(script.statusCode, 200);
      assert.match(script.body, /HEAD/);
      assert.doesNotMatch(res.body, /exceptions\./);
      // In the customer's language too, and a language chosen on the page stays chosen on "Try again".
      const german = await t.app.inject({ method: 'GET', url: `/pay/${id}`, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      assert.equal(german.statusCode, 503);
      assert.match(german.body, /<html lang="de">/);
      assert.ok(german.body.includes('Diese Zahlung kann gerade nicht geladen werden.'), german.body);
      const chosen = await t.app.inject({ method: 'GET', url: `/pay/${id}?lang=tr` });
      assert.match(chosen.body, /<a class="btn wide" href="\/pay\/[0-9a-f-]{36}\?lang=tr">Tekrar dene<\/a>/);

      // An id that is not an invoice id never reaches the database: still the page's 404.
      assert.equal((await t.app.inject({ method: 'GET', url: '/pay/not-an-invoice' })).statusCode, 404);
      // The page's JSON calls keep the API's 503 body.
      const state = await t.app.inject({ method: 'GET', url: `/pay/${id}/state` });
      assert.equal(state.statusCode, 503);
      assert.equal(state.json().code, 'exceptions.service.unavailable');
    } finally {
      await recovered(id);
    }
    const back = await t.app.inject({ method: 'GET', url: `/pay/${id}` });
    assert.equal(back.statusCode, 200);
    assert.equal(back.headers['retry-after'], undefined);
    // An unknown invoice id, once the database answers, is the same 404 as before.
    assert.equal((await t.app.inject({ method: 'GET', url: '/pay/00000000-0000-4000-8000-000000000000' })).statusCode, 404);
  });

  it('the open page says the connection is interrupted and keeps what it shows; a reload gets the "try again" page; both recover by themselves (phone)', async () => {
    const id = await invoice('order-outage-browser');
    const pageUrl = `${origin}/pay/${id}`;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const foreign: string[] = [];
    const errors: string[] = [];
    const failedLoads: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      // Chromium reports each answer of 400 or more as a failed resource load. The outage's 503s
      // for this page's document, its HEAD re-check and its state poll are expected; nothing else.
      const expected =
        m.text() === 'Failed to load resource: the server responded with a status of 503 (Service Unavailable)' &&
        [pageUrl, `${pageUrl}/state`].includes(m.location().url);
      if (expected) failedLoads.push(m.location().url);
      else errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400 && !(r.status() === 503 && [pageUrl, `${pageUrl}/state`].includes(r.url())))
        errors.push(`${r.status()} ${r.url()}`);
    });

    await page.goto(pageUrl);
    await page.waitForSelector('[data-testid=currency-option][data-code=USDT_TRC20]');
    await page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
    const address = page.getByTestId('address');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    const shown = {
      address: await address.textContent(),
      amount: await page.getByTestId('amount-due').textContent(),
      total: await page.locator('#total').textContent(),
    };
    assert.match(shown.address!, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    assert.equal(shown.amount, '26 USDT');
    const status = page.getByRole('status').filter({ hasText: INTERRUPTED });
    assert.equal(await status.count(), 0, 'no interruption while the database answers');

    outage();
    // The page polls every 2 s: its next answer is a 503, and it says so without an error code.
    await status.waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await status.textContent(), INTERRUPTED);
    assert.equal(await page.getByRole('alert').isVisible(), false, 'no error alert');
    // Whole words: the page also shows the invoice's short id and an address, which may hold "503".
    assert.doesNotMatch(await page.locator('main').innerText(), /\b503\b|exceptions\.|\bHTTP\b/);
    // Nothing it showed is lost, and the countdown keeps running.
    assert.equal(await address.textContent(), shown.address);
    assert.equal(await page.getByTestId('amount-due').textContent(), shown.amount);
    assert.equal(await page.locator('#total').textContent(), shown.total);
    assert.equal(await page.getByRole('link', { name: 'Open in wallet' }).isVisible(), true);
    const countdown = page.getByTestId('countdown');
    const before = await countdown.textContent();
    assert.match(before!, /Expires in \d+:\d\d/);
    await until(async () => (await countdown.textContent()) !== before, 5000, 'the countdown keeps running');
    // docs/payment-page-outage.png is this screenshot (taken at the top: a full-page shot of a scrolled
    // page draws the sticky notice where the scroll left it, over the amount).
    await payScreenshot(page, 'pay-interrupted-mobile.png', '-outage');
    // It stays in view on a phone scrolled down to the address.
    await address.scrollIntoViewIfNeeded();
    assert.equal(await status.isVisible(), true);
    const box = await status.boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 844, `the status is on screen (${JSON.stringify(box)})`);
    await assertAccessible(page, 'the open page, connection interrupted (phone)');

    // Reloaded during the outage: the page's own "try again in a moment" document.
    const res = await page.reload();
    assert.equal(res!.status(), 503);
    assert.ok(Number(res!.headers()['retry-after']) >= 1, 'Retry-After');
    assert.doesNotMatch(res!.headers()['content-security-policy']!, /unsafe-inline/);
    await page.getByRole('heading', { name: 'One moment, please' }).waitFor();
    assert.equal(await page.getByRole('status').textContent(), TRY_AGAIN);
    const tryAgain = page.getByRole('link', { name: 'Try again' });
    assert.equal(await tryAgain.getAttribute('href'), `/pay/${id}`);
    assert.match((await page.getByRole('banner').textContent())!, /Test payment/);
    // Reached from the keyboard: it is the first thing Tab lands on.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Try again');
    await assertAccessible(page, 'the "try again in a moment" page (phone)');
    await screenshot(page, 'pay-unavailable-mobile.png');

    // The database comes back: the page loads the invoice by itself, nobody clicks.
    proxy.unblock();
    await page.waitForURL(pageUrl);
    await page.getByText(shown.address!).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('amount-due').textContent(), shown.amount);
    assert.equal(await page.getByRole('heading', { name: 'One moment, please' }).count(), 0);
    assert.equal(await status.count(), 0, 'the interruption message is gone');
    assert.equal(await page.getByRole('alert').isVisible(), false);

    assert.deepEqual(foreign, [], 'no request left the gateway');
    assert.deepEqual(errors, [], `no console errors besides the outage's 503s: ${errors.join(' | ')}`);
    assert.ok(failedLoads.includes(pageUrl), "the 503 document's failed load was seen (the filter is not empty by accident)");
    await context.close();
  });

  it('an action during the outage says the connection is interrupted, keeps the picker, and clears once an answer comes back (desktop)', async () => {
    const id = await invoice('order-outage-select');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/pay/${id}`);
    const option = page.locator('[data-testid=currency-option][data-code=USDC_BASE]');
    await option.waitFor();
    outage();
    try {
      await option.click();
      const status = page.getByRole('status').filter({ hasText: INTERRUPTED });
      await status.waitFor({ state: 'visible', timeout: 10_000 });
      // The picker is still there, its buttons usable again; no raw error anywhere.
      assert.equal(await option.isEnabled(), true);
      assert.equal(await page.getByRole('region', { name: 'Choose a currency' }).isVisible(), true);
      assert.equal(await page.getByRole('alert').isVisible(), false);
      await assertAccessible(page, 'the picker, connection interrupted (desktop)');
    } finally {
      proxy.unblock();
    }
    // The poll's next answer clears the message; picking again works.
    await page.getByRole('status').filter({ hasText: INTERRUPTED }).waitFor({ state: 'detached', timeout: 30_000 });
    await option.click();
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    assert.match((await page.getByTestId('address').textContent())!, /^0x[0-9a-fA-F]{40}$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
