import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import {
  DESKTOP,
  PHONE,
  assertNoPhantomScroll,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  go,
  namedTenant,
  navLink,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
} from './kit.ts';

/**
 * How many text nodes of the main content contain `text` and are shown on screen (not hidden, nor
 * visually hidden for screen readers only).
 */
async function shown(page: Page, text: string): Promise<number> {
  return (await page.evaluate(`(() => {
    const seen = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || s.clip === 'rect(0px, 0px, 0px, 0px)') return false;
      }
      return true;
    };
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
    let n = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent.includes(${JSON.stringify(text)}) && seen(node.parentElement)) n++;
    return n;
  })()`)) as number;
}

/** The top of the page's main content, in CSS pixels from the top of the viewport. */
async function mainTop(page: Page): Promise<number> {
  return (await page.evaluate('document.querySelector("main").getBoundingClientRect().top')) as number;
}

describe('dashboard polish: a compact phone header, a helpful empty overview (headless Chromium)', { skip: noChromium }, () => {
  let d: Dashboard;
  let empty: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard();
    empty = await namedTenant(d.t, 'Quiet Shop');
  });
  after(async () => {
    await d?.close();
  });

  it('on a phone the header is one row: the pages open from a labelled Menu button, by keyboard too', async () => {
    const owner = await member(d.t, empty.tenantId, 'owner');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'polish-phone-menu', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      const top = await mainTop(page);
      assert.ok(top <= 80, `the content starts ${top} px down (at most 80)`);
      const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(await navLink(page, 'Invoices').count(), 0, 'the pages are folded away');
      const panel = await menu.getAttribute('aria-controls');
      assert.ok(panel, 'the button names what it opens');

      // Keyboard: skip link, then the menu; Enter opens it, Tab reaches its links, Enter follows one.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate('document.activeElement.getAttribute("aria-controls")'), panel);
      await page.keyboard.press('Enter');
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      assert.equal(
        await page.locator(`[id="${panel}"]`).getByRole('navigation', { name: 'Main' }).count(),
        1,
        'the menu holds the navigation',
      );
      await checkAndShoot(page, 'menu-open-phone');
      for (let i = 0; i < 6 && (await page.evaluate('document.activeElement.textContent')) !== 'Invoices'; i++)
        await page.keyboard.press('Tab');
      assert.equal(await page.evaluate('document.activeElement.textContent'), 'Invoices', 'Tab reaches the links');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
      assert.equal(await menu.getAttribute('aria-expanded'), 'false', 'a navigation folds the menu again');
      assert.ok((await mainTop(page)) <= 80);

      // Escape folds it and gives the focus back to the button.
      await menu.click();
      await navLink(page, 'Settings').focus();
      await page.keyboard.press('Escape');
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate('document.activeElement.getAttribute("aria-controls")'), panel);
      await assertNoSideScroll(page, 'the phone header');
    });
    w.assertClean('the phone menu');

    // On a desktop there is nothing to open: the navigation is always there.
    const wide = await watchedPage(await d.browser.newContext(DESKTOP), d.origin);
    await signIn(wide, d.origin, owner.email, PASSWORD);
    assert.equal(await wide.page.getByRole('button', { name: 'Menu', exact: true }).count(), 0);
    await navLink(wide.page, 'Invoices').waitFor();
    wide.assertClean('the desktop header');
    await wide.page.context().close();
    await context.close();
  });

  it('an empty account’s overview says what to do first, and the page does not scroll when it fits', async () => {
    const owner = await member(d.t, empty.tenantId, 'owner');
    for (const [size, device] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await d.browser.newContext(device);
      const w = await watchedPage(context, d.origin);
      const { page } = w;
      await diagnosed(page, `polish-empty-overview-${size}`, async () => {
        await signIn(w, d.origin, owner.email, PASSWORD);
        const start = page.getByRole('region', { name: 'Get started' });
        await start.waitFor();
        const links = start.getByRole('link');
        assert.deepEqual(await links.allTextContents(), ['Create an invoice', 'Set up webhooks', 'Create an API key']);
        const hrefs = await Promise.all((await links.all()).map((a) => a.getAttribute('href')));
        assert.deepEqual(hrefs, ['/dashboard/invoices/new', '/dashboard/developers/webhooks', '/dashboard/developers']);
        // No empty tables and no chart of zeros instead.
        assert.equal(await page.getByRole('region', { name: 'Balances' }).count(), 0);
        assert.equal(await page.getByRole('region', { name: 'Recent activity' }).count(), 0);
        const [scroll, height] = (await page.evaluate('[document.scrollingElement.scrollHeight, window.innerHeight]')) as [number, number];
        assert.ok(scroll <= height, `${size}: the page scrolls (${scroll} > ${height}) though its content fits`);
        await checkAndShoot(page, `overview-empty-${size}`);
        await start.getByRole('link', { name: 'Create an invoice' }).click();
        await page.getByRole('heading', { level: 1, name: 'New invoice' }).waitFor();
      });
      w.assertClean(`the empty overview on a ${size}`);
      await context.close();
    }
  });

  it('an overview with activity ends where its content ends (the chart’s table for screen readers adds no scroll)', async () => {
    const shop = await namedTenant(d.t, 'Busy Shop');
    const res = await d.t.call('POST', '/v1/invoice', {
      key: shop.key,
      body: { amount: 12, fiatCurrencyCode: 'USD', orderId: 'order-busy-1' },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const owner = await member(d.t, shop.tenantId, 'owner');
    for (const device of [DESKTOP, PHONE]) {
      const context = await d.browser.newContext(device);
      const w = await watchedPage(context, d.origin);
      await diagnosed(w.page, 'polish-overview-scroll', async () => {
        await signIn(w, d.origin, owner.email, PASSWORD);
        await w.page.getByRole('region', { name: 'Recent activity' }).getByText('order-busy-1').waitFor();
        await w.page.getByRole('img', { name: /Volume per day/ }).waitFor();
        await waitInPage(w.page, 'document.querySelector("main figure table") !== null');
        await assertNoPhantomScroll(w.page, `overview at ${device.viewport.width} px`);
      });
      w.assertClean('the overview');
      await context.close();
    }
  });

  it('list filters apply as they change, and a From after the To is refused at the field without asking the API', async () => {
    const shop = await namedTenant(d.t, 'Fruit Stall');
    for (const orderId of ['order-apple', 'order-pear']) {
      const res = await d.t.call('POST', '/v1/invoice', { key: shop.key, body: { amount: 3, fiatCurrencyCode: 'USD', orderId } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const owner = await member(d.t, shop.tenantId, 'owner');
    const context = await d.browser.newContext(DESKTOP);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    const asked: URLSearchParams[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/invoice/list') asked.push(url.searchParams);
    });
    await diagnosed(page, 'polish-filters', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      await go(page, 'Invoices');
      const table = page.getByRole('table', { name: 'Invoices' });
      await table.getByRole('link', { name: 'order-pear' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /Apply|Search/ }).count(), 0, 'nothing to press');
      const filters = page.getByRole('search', { name: 'Filter invoices' });

      // Typing filters once it pauses.
      await filters.getByLabel('Search').pressSequentially('order-apple');
      await page.waitForURL(/search=order-apple/);
      await table.getByRole('link', { name: 'order-pear' }).waitFor({ state: 'detached' });
      await table.getByRole('link', { name: 'order-apple' }).waitFor();
      await filters.getByLabel('Search').fill('');
      await table.getByRole('link', { name: 'order-pear' }).waitFor();

      // A day applies as it is picked.
      await filters.getByLabel('To', { exact: true }).fill('2099-12-31');
      await page.waitForURL(/to=2099-12-31/);
      await filters.getByLabel('From', { exact: true }).fill('2099-06-01');
      await page.waitForURL(/from=2099-06-01/);
      await page.getByText('0 invoices').waitFor();

      // A From after the To: said at the field, and neither applied nor asked for.
      const from = filters.getByLabel('From', { exact: true });
      await from.fill('2100-01-02');
      await page.getByText('From must be on or before To.').waitFor();
      assert.equal(await from.getAttribute('aria-invalid'), 'true');
      const described = (await from.getAttribute('aria-describedby')) ?? '';
      assert.match(await page.locator(`[id="${described.split(' ')[0]}"]`).innerText(), /on or before To/);
      assert.match(page.url(), /from=2099-06-01/, 'the last good range stays');
      await checkAndShoot(page, 'filters-refused-desktop');
      // The next change (the status) asks with the last good range; the refused day never went out.
      const statusAsked = page.waitForRequest(
        (r) => r.url().includes('/v1/invoice/list') && new URL(r.url()).searchParams.get('status') === 'created',
      );
      await filters.getByLabel('Status').selectOption('created');
      assert.equal(new URL((await statusAsked).url()).searchParams.get('from'), '2099-06-01');
      assert.deepEqual(asked.filter((q) => q.get('from') === '2100-01-02').length, 0, 'no request with the refused day');

      // Corrected: the message goes and the range applies.
      await from.fill('2000-01-01');
      await page.waitForURL(/from=2000-01-01/);
      assert.equal(await from.getAttribute('aria-invalid'), null);
      await table.getByRole('link', { name: 'order-apple' }).waitFor();
    });
    w.assertClean('the list filters');
    await context.close();
  });

  it('the invoice page says each fact once: amount, status, transaction, payment link and webhooks', async () => {
    const { t } = d;
    const receiver = await startReceiver(() => ({ status: 410 }));
    try {
      const shop = await namedTenant(t, 'Lamp Shop');
      assert.equal((await t.admin('PATCH', `/admin/tenants/${shop.tenantId}`, { webhookUrl: `${receiver.url}/hook` })).status, 200);
      const inv = await t.call('POST', '/v1/invoice', {
        key: shop.key,
        body: { amount: 12, fiatCurrencyCode: 'USD', orderId: 'order-lamp' },
      });
      const id = inv.body.data.id;
      await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
      const paid = await t.call('POST', `/pay/${id}/simulate`, { body: { amount: 'exact' } });
      await t.call('POST', `/pay/${id}/simulate/mine`, { body: {} });
      await until(
        async () => !!(await t.call('GET', `/v1/invoice?id=${id}`, { key: shop.key })).body.data.settlement,
        15_000,
        'the invoice settled',
      );
      const open = await t.call('POST', '/v1/invoice', {
        key: shop.key,
        body: { amount: 7, fiatCurrencyCode: 'USD', orderId: 'order-lamp-open' },
      });
      const owner = await member(t, shop.tenantId, 'owner');
      const context = await d.browser.newContext(DESKTOP);
      const w = await watchedPage(context, d.origin);
      const { page } = w;
      await diagnosed(page, 'polish-invoice', async () => {
        await signIn(w, d.origin, owner.email, PASSWORD);
        await page.goto(`${d.origin}/dashboard/invoices/${id}`);
        await page.getByRole('heading', { level: 1, name: 'Invoice order-lamp' }).waitFor();
        const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
        await deliveries.getByText('invoice.statusChanged').first().waitFor({ timeout: 15_000 });
        await page.getByRole('table', { name: 'Payments', exact: true }).getByTitle(paid.body.data.txHash).waitFor();
        await page.getByText('Credited to your balance').waitFor();
        const shownDeliveries = await deliveries.getByRole('listitem').count();
        assert.equal(await shown(page, '$12.00'), 1, 'the amount');
        assert.equal(await shown(page, paid.body.data.txHash.slice(0, 16)), 1, 'the transaction');
        assert.equal(await shown(page, 'invoice.statusChanged'), shownDeliveries, 'each webhook in its own section only');
        assert.equal(await shown(page, 'paid'), 1, 'the status, in its badge');
        assert.equal(await page.getByRole('region', { name: 'Settlement' }).count(), 0, 'the settlement is part of the payment');
        await page.getByRole('region', { name: 'Payment', exact: true }).getByText('Credited to your balance').waitFor();
        assert.equal(await page.getByRole('region', { name: 'Payments' }).count(), 0, 'one payment section');
        // Said to screen readers all the same.
        assert.equal(await page.getByRole('status').filter({ hasText: 'Status: paid' }).count(), 1);
        await checkAndShoot(page, 'invoice-once-desktop');

        await page.goto(`${d.origin}/dashboard/invoices/${open.body.data.id}`);
        await page.getByRole('region', { name: 'Payment link' }).waitFor();
        assert.equal(await shown(page, `/pay/${open.body.data.id}`), 1, 'the payment link');
        assert.equal(await page.locator(`main a[href$="/pay/${open.body.data.id}"]`).count(), 0, 'no second way to the same page');
      });
      w.assertClean('the invoice page');
      await context.close();
    } finally {
      await receiver.close();
    }
  });

  it('branding: a hex field beside the colour picker, and a live preview of the payment page in the chosen name and colour', async () => {
    const shop = await namedTenant(d.t, 'Lantern Books');
    const owner = await member(d.t, shop.tenantId, 'owner');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().endsWith('/v1/settings')) patches.push(r.postData() ?? '');
    });
    await diagnosed(page, 'polish-branding', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      await go(page, 'Settings');
      const preview = page.getByRole('figure', { name: 'Preview of your payment page' });
      const button = preview.getByText('Pay with USDT');
      const hex = page.getByLabel('Hex code');
      const picker = page.getByLabel('Brand colour', { exact: true });
      /** The computed colour of the preview's button, its text and the merchant's name. */
      const painted = async () =>
        (await page.evaluate(`(() => {
          const button = document.querySelector('.preview-button');
          const name = document.querySelector('.preview-name');
          return [getComputedStyle(button).backgroundColor, getComputedStyle(button).color, getComputedStyle(name).color];
        })()`)) as string[];
      await button.waitFor();

      // The name, live, before anything is saved.
      await page.getByLabel('Merchant name').fill('Lantern Books');
      await preview.getByText('Lantern Books').waitFor();
      // Typed as text: the picker and the preview follow (dark orange: white text on it).
      // Each field follows the other on the next render: waited for, not read at once.
      await hex.fill('#AA3300');
      await until(async () => (await picker.inputValue()) === '#aa3300', 5000, 'the picker to follow the hex field');
      await until(async () => (await painted())[0] === 'rgb(170, 51, 0)', 5000, 'the preview in dark orange');
      assert.deepEqual(await painted(), ['rgb(170, 51, 0)', 'rgb(255, 255, 255)', 'rgb(170, 51, 0)']);
      // Picked: the text and the preview follow (a light yellow: dark text, a name darkened to stay readable).
      await picker.fill('#ffe066');
      await until(async () => (await hex.inputValue()) === '#ffe066', 5000, 'the hex field to follow the picker');
      await until(async () => (await painted())[0] === 'rgb(255, 224, 102)', 5000, 'the preview in light yellow');
      const [bg, ink, name] = await painted();
      assert.equal(bg, 'rgb(255, 224, 102)');
      assert.notEqual(ink, 'rgb(255, 255, 255)', 'no white on yellow');
      assert.notEqual(name, 'rgb(255, 224, 102)', 'the name is darkened on the light page');
      await checkAndShoot(page, 'branding-preview-phone');

      // Not a colour: said at the field, and nothing is saved.
      await hex.fill('#12345');
      await hex.blur();
      await page.getByText('Write the colour as # and six hexadecimal digits').waitFor();
      assert.equal(await hex.getAttribute('aria-invalid'), 'true');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await waitInPage(page, 'document.activeElement?.getAttribute("aria-invalid") === "true"');
      assert.deepEqual(patches, [], 'nothing sent');
      await hex.fill('1f6feb');
      assert.equal(await hex.getAttribute('aria-invalid'), null);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved').waitFor();
      const saved = (await d.t.call('GET', '/v1/settings', { key: shop.key })).body.data;
      assert.deepEqual([saved.merchantName, saved.brandColor], ['Lantern Books', '#1f6feb']);
      await assertNoSideScroll(page, 'branding');
    });
    w.assertClean('the branding settings');
    await context.close();
  });

  it('console figures carry their units and the browser locale’s digit groups', async () => {
    const { t } = d;
    const shop = await namedTenant(t, 'Big Shop');
    assert.equal((await t.admin('PATCH', `/admin/tenants/${shop.tenantId}`, { depositCommission: 0 })).status, 200);
    const deposit = (await t.call('POST', '/v1/deposit', { key: shop.key, body: { cryptoCurrencyCode: 'USDT_BEP20', orderId: 'big-1' } }))
      .body.data;
    assert.equal(
      (await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_BEP20', to: deposit.address, amount: '1234567.89' }))
        .status,
      201,
    );
    await t.admin('POST', '/admin/sandbox/mine', { network: 'BNB', blocks: 25 });
    await until(
      async () => (await t.call('GET', `/v1/deposit?id=${deposit.id}`, { key: shop.key })).body.data.status === 'completed',
      15_000,
      'the deposit completed',
    );
    // BTC's sandbox chain past a thousand blocks (heights 0 to 1000).
    await t.admin('POST', '/admin/sandbox/mine', { network: 'BTC', blocks: 1000 });
    await t.admin('POST', '/admin/sandbox/mine', { network: 'BTC', blocks: 1 });
    const operator = await member(t, undefined, 'operator');
    for (const [locale, custody, tip] of [
      ['en-US', '1,234,567.89 USDT_BEP20', '1,000'],
      ['de-DE', '1.234.567,89 USDT_BEP20', '1.000'],
    ] as const) {
      const context = await d.browser.newContext({ ...DESKTOP, locale });
      const w = await watchedPage(context, d.origin);
      const { page } = w;
      await diagnosed(page, `polish-console-${locale}`, async () => {
        await signIn(w, d.origin, operator.email, PASSWORD);
        const row = page.getByRole('table', { name: 'Solvency per currency' }).getByRole('row').filter({ hasText: 'USDT_BEP20' });
        await row.waitFor({ timeout: 15_000 });
        const cells = await row.getByRole('cell').allInnerTexts();
        assert.equal(cells[1], custody, 'custody, grouped, with its currency');
        assert.match(cells[4]!, /^([+-]\S+|0) USDT_BEP20$/, 'the difference signed, with its currency');
        const networks = page.getByRole('table', { name: 'Networks' }).getByRole('row').filter({ hasText: 'BTC' });
        const [, , , lag, scan] = await networks.getByRole('cell').allInnerTexts();
        assert.match(lag!, /^(—|[\d.,]+ blocks?)$/, 'the lag in blocks');
        assert.match(scan!, /^(—|[\d.,]+ (s|min|h|d)( [\d.,]+ min)? ago)$/, 'the scan age with its unit');
        await go(page, 'Networks');
        const btc = page.getByRole('region', { name: 'BTC', exact: true });
        assert.match(await btc.innerText(), new RegExp(`Chain tip\\s+${tip.replace('.', '\\.')}\\s`), 'the height grouped');
        if (locale === 'en-US') await checkAndShoot(page, 'console-networks-figures-desktop');
      });
      w.assertClean(`the console in ${locale}`);
      await context.close();
    }
  });
});
