import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { until } from '../helpers/receiver.ts';
import { PASSWORD, authenticator, member, withTwoFactor } from '../users/helpers.ts';
import { drawPng } from '../pay/logo-png.ts';
import {
  DESKTOP,
  PHONE,
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
  type Watched,
} from './kit.ts';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('dashboard: roles, phones and keyboards in headless Chromium', { skip: noChromium }, () => {
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  let invoiceId = '';
  before(async () => {
    d = await startDashboard();
    tenant = await namedTenant(d.t, 'Corner Café');
    // A paid invoice, so lists, details and balances have something to show.
    const { t } = d;
    const inv = await t.call('POST', '/v1/invoice', {
      key: tenant.key,
      body: { amount: 40, fiatCurrencyCode: 'USD', orderId: 'order-phone-1' },
    });
    invoiceId = inv.body.data.id;
    await t.call('POST', `/pay/${invoiceId}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
    await t.call('POST', `/pay/${invoiceId}/simulate`, { body: { amount: 'exact' } });
    await t.call('POST', `/pay/${invoiceId}/simulate/mine`, { body: {} });
    await until(
      async () => (await t.call('GET', `/v1/invoice?id=${invoiceId}`, { key: tenant.key })).body.data.status === 'paid',
      15_000,
      'the invoice paid',
    );
    await t.call('POST', '/v1/deposit', { key: tenant.key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'deposit-phone-1' } });
  });
  after(async () => {
    await d?.close();
  });

  /** The page fits 390 px, passes axe-core, and is photographed. */
  async function phoneCheck(page: Page, name: string, doc?: string) {
    await assertNoSideScroll(page, name);
    await checkAndShoot(page, `${name}-phone`, doc);
  }

  it('every main page fits a phone, passes axe-core, and works by keyboard (owner)', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner', 'maria@corner-cafe.example');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'phone', () => ownerOnPhone(w, owner.email));
    w.assertClean('the owner on a phone');
    await context.close();
  });

  /** Every main page on a phone, by nav link and keyboard. */
  async function ownerOnPhone(w: Watched, email: string) {
    const { page } = w;
    await page.goto(`${d.origin}/dashboard/login`);
    await phoneCheck(page, 'login', 'login');
    await signIn(w, d.origin, email, PASSWORD);
    await page.getByRole('region', { name: 'Balances' }).getByText('USDT_TRC20').waitFor();
    await phoneCheck(page, 'overview', 'overview-phone');

    // Keyboard: the first Tab reaches the skip link, the next the menu, and a nav link follows on Enter.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await navLink(page, 'Invoices').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('link', { name: 'order-phone-1' }).waitFor();
    await phoneCheck(page, 'invoices');
    await page.getByLabel('Search').fill(invoiceId);
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL(/search=/);
    await page.getByRole('link', { name: 'order-phone-1' }).click();
    await page.getByText('Status: paid').waitFor();
    await phoneCheck(page, 'invoice', 'invoice-phone');

    await refundFromInvoice(page);
    await go(page, 'Deposits');
    await phoneCheck(page, 'deposits');
    await page.getByRole('link', { name: 'deposit-phone-1' }).click();
    await page.getByText('Status: created').waitFor();
    await phoneCheck(page, 'deposit');
    await convert(page);
    await go(page, 'Withdrawals');
    await phoneCheck(page, 'withdrawals');
    await page.getByRole('link', { name: 'New withdrawal' }).click();
    await page.getByLabel('Address').waitFor();
    await phoneCheck(page, 'new-withdrawal');

    await go(page, 'Developers');
    await phoneCheck(page, 'developers');
    for (const tab of ['Webhooks', 'Request log']) {
      await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: tab }).click();
      await page.getByRole('region', { name: tab === 'Webhooks' ? 'Delivery log' : 'Request log' }).waitFor();
      // The owner's own calls are in the log (recorded in batches, the page polls).
      if (tab === 'Request log') await page.getByText('/v1/converting/commit').first().waitFor({ timeout: 15_000 });
      await phoneCheck(page, tab.toLowerCase().replace(' ', '-'));
    }
    await settingsOnPhone(page, email);
  }

  /** Conversions → Convert: a live preview while typing, then quote → confirm → the conversion. */
  async function convert(page: Page) {
    await go(page, 'Conversions');
    await phoneCheck(page, 'conversions');
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
    await page.getByLabel('From', { exact: true }).selectOption('USDT_TRC20');
    await page.getByLabel('To', { exact: true }).selectOption('USDC_BASE');
    await page.getByLabel('Amount to convert').fill('3');
    await page.getByText(/You receive about [\d.]+ USDC_BASE/).waitFor();
    await phoneCheck(page, 'convert');
    await page.getByRole('button', { name: 'Get quote' }).click();
    await page.getByText(/This quote expires in/).waitFor();
    await page.getByRole('button', { name: 'Confirm conversion' }).click();
    await page.getByRole('heading', { level: 1, name: /^Conversion / }).waitFor();
    assert.match((await page.getByRole('region', { name: 'Details' }).textContent())!, /3 USDT_TRC20.*USDC_BASE/s);
    await phoneCheck(page, 'conversion');
  }

  /** Refund part of the paid invoice from its page: quote → confirm → the refund's withdrawal. */
  async function refundFromInvoice(page: Page) {
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByLabel('Refund address').fill(TRON_ADDRESS);
    await page.getByLabel('Refund amount').fill('10');
    await page.getByRole('button', { name: 'Get refund quote' }).click();
    await page.getByText(/This quote expires in/).waitFor();
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByRole('heading', { level: 1, name: /^Withdrawal / }).waitFor();
    await page.getByRole('link', { name: /^invoice / }).waitFor();
    await phoneCheck(page, 'withdrawal');
  }

  /** Settings: business (name, colour, logo), users (invite shown once), security, audit log. */
  async function settingsOnPhone(page: Page, email: string) {
    await go(page, 'Settings');
    await page.getByLabel('Merchant name').fill('Corner Café');
    await page.getByLabel('Brand colour').fill('#aa3300');
    const logo = drawPng(16, (x, y) => [(x * 16) & 255, (y * 16) & 255, 80, 255]);
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    const saved = (await d.t.call('GET', '/v1/settings', { key: tenant.key })).body.data;
    assert.deepEqual([saved.merchantName, saved.brandColor, saved.logo.slice(0, 22)], ['Corner Café', '#aa3300', 'data:image/png;base64,']);
    await phoneCheck(page, 'settings', 'settings');

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText(email, { exact: true }).waitFor();
    await page.getByLabel('Email').fill('new.accountant@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('finance');
    await page.getByRole('button', { name: 'Invite' }).click();
    assert.match((await page.locator('code.secret').textContent())!, /\/dashboard\/invite#[\w-]{20,}$/);
    await page.getByRole('table', { name: 'Users' }).getByText('new.accountant@example.com', { exact: true }).waitFor();
    await phoneCheck(page, 'users');
    for (const [tab, text] of [
      ['Security', 'Set up two-factor authentication'],
      ['Audit log', 'user.invited'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: tab }).click();
      await page.getByText(text).first().waitFor();
      await phoneCheck(page, tab.toLowerCase().replace(' ', '-'));
    }
  }

  it('owners and finance find "New withdrawal"; a viewer does not, and the API refuses its quote (403)', async () => {
    const context = await d.browser.newContext(DESKTOP);
    for (const role of ['finance', 'viewer'] as const) {
      const user = await member(d.t, tenant.tenantId, role);
      const w = await watchedPage(context, d.origin);
      await signIn(w, d.origin, user.email, PASSWORD);
      await go(w.page, 'Withdrawals');
      await w.page
        .getByRole('status')
        .getByText(/^\d+ withdrawals?$/)
        .waitFor();
      assert.equal(await w.page.getByRole('link', { name: 'New withdrawal' }).count(), role === 'finance' ? 1 : 0, role);
      // The dashboard only hides it: the API itself refuses the viewer's session.
      w.expect(403, '/v1/withdrawal/quote');
      const status = await w.page.evaluate(`(async () => {
        const me = (await (await fetch('/auth/me')).json()).data;
        const res = await fetch('/v1/withdrawal/quote', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken },
          body: JSON.stringify({ accountId: me.accounts[0].id, cryptoCurrencyCode: 'USDT_TRC20', address: '${TRON_ADDRESS}', amount: 10 }) });
        return [res.status, (await res.json()).code ?? null];
      })()`);
      assert.deepEqual(status, role === 'finance' ? [200, null] : [403, 'exceptions.auth.insufficientScope'], role);
      if (role === 'viewer') await checkAndShoot(w.page, 'withdrawals-viewer-desktop');
      await w.page.locator('summary', { hasText: user.email }).click();
      await w.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await w.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      w.assertClean(role);
      await w.page.close();
    }
    await context.close();
  });

  it('a user with two-factor authentication confirms a withdrawals key and a conversion in the code dialog (a cancel and a wrong code first)', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'step-up', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      // Turned on while signed in: the session asks from its next step-up call on.
      const codes = await withTwoFactor(owner);
      await go(page, 'Developers');
      await page.getByLabel('Name', { exact: true }).fill('Payouts');
      await page.getByLabel('withdrawals.create').check();
      await page.getByLabel('Key account').selectOption(tenant.accountId);
      for (const status of [403, 401]) w.expect(status, '/v1/api-keys');
      const create = page.getByRole('button', { name: 'Create API key' });
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
      await dialog.getByLabel('Authenticator code').waitFor();
      await waitInPage(page, 'document.activeElement?.getAttribute("autocomplete") === "one-time-code"');
      await assertNoSideScroll(page, 'the code dialog');
      await checkAndShoot(page, 'step-up-phone');
      // Cancelled: the refusal stands and nothing is made.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alert').getByText('This needs the code from your authenticator app, and none was given.').waitFor();
      // A wrong code is told in the dialog, which stays; the right one makes the key.
      await create.click();
      await dialog.getByLabel('Authenticator code').fill('abcdef');
      await page.keyboard.press('Enter');
      await dialog.getByRole('alert').getByText('That code is wrong or was already used').waitFor();
      await dialog.getByLabel('Authenticator code').fill(codes.fresh());
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('API key created.').waitFor();
      const made = (await d.t.call('GET', '/v1/api-keys', { key: tenant.key })).body.data.filter((k: any) => k.userEmail === owner.email);
      assert.deepEqual(
        made.map((k: any) => k.scopes),
        [['withdrawals.create']],
        'one key, the confirmed one',
      );
      await page.getByRole('table', { name: 'API keys' }).getByText(owner.email).waitFor();

      // A conversion: confirmed in the same dialog.
      await go(page, 'Conversions');
      await page.getByRole('link', { name: 'Convert', exact: true }).click();
      await page.getByLabel('From', { exact: true }).selectOption('USDT_TRC20');
      await page.getByLabel('To', { exact: true }).selectOption('USDC_BASE');
      await page.getByLabel('Amount to convert').fill('1');
      await page.getByRole('button', { name: 'Get quote' }).click();
      w.expect(403, '/v1/converting/commit');
      await page.getByRole('button', { name: 'Confirm conversion' }).click();
      await dialog.getByLabel('Authenticator code').fill(codes.fresh());
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { level: 1, name: /^Conversion / }).waitFor();
    });
    w.assertClean('the owner with 2FA');
    await context.close();
  });

  it('a user with two-factor authentication is asked for the code at sign-in', async () => {
    const user = await member(d.t, tenant.tenantId, 'developer');
    const setup = await user.call('POST', '/auth/totp/setup');
    const app = authenticator(setup.body.data.secret);
    assert.equal((await user.call('POST', '/auth/totp/enable', { body: { code: app.code() } })).status, 200);
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    await w.page.goto(`${d.origin}/dashboard/login?next=${encodeURIComponent('/dashboard/developers')}`);
    await w.page.getByLabel('Email').fill(user.email);
    await w.page.getByLabel('Password').fill(PASSWORD);
    w.expect(401, '/auth/login');
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    await w.page.getByLabel('Authentication code').waitFor();
    // The code field takes the focus once it has rendered.
    await waitInPage(w.page, 'document.activeElement?.getAttribute("autocomplete") === "one-time-code"');
    await assertNoSideScroll(w.page, 'the code step');
    await checkAndShoot(w.page, 'login-code-phone');
    await w.page.getByLabel('Authentication code').fill(app.code(1));
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    await w.page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
    // A developer reads money pages but finds no withdrawal or conversion action.
    await go(w.page, 'Withdrawals');
    assert.equal(await w.page.getByRole('link', { name: 'New withdrawal' }).count(), 0);
    w.assertClean('the developer with 2FA');
    await context.close();
  });
});
