import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import {
  DESKTOP,
  PHONE,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  go,
  namedTenant,
  openMenu,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
  type Watched,
} from './kit.ts';

describe('dashboard: invoices and accounts made in the browser (headless Chromium)', { skip: noChromium }, () => {
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard();
    // The links the API hands out point at this server, so the browser can follow them.
    d.t.ctx.config.publicBaseUrl = d.origin;
    tenant = await namedTenant(d.t, 'Harbour Books');
    // Room for one more account: the second attempt meets the limit.
    assert.equal((await d.t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { maxAccounts: 2 })).status, 200);
    for (const orderId of ['order-to-cancel', 'order-open']) {
      const res = await d.t.call('POST', '/v1/invoice', { key: tenant.key, body: { amount: 12, fiatCurrencyCode: 'USD', orderId } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
  });
  after(async () => {
    await d?.close();
  });

  /** Fits 390 px, axe-core clean, photographed. */
  async function phoneCheck(page: Page, name: string) {
    await assertNoSideScroll(page, name);
    await checkAndShoot(page, `${name}-phone`);
  }

  /** Invoices → New invoice: a taken order id is refused in an alert that takes the focus, then the invoice and its link. */
  async function createInvoice(w: Watched): Promise<string> {
    const { page } = w;
    await go(page, 'Invoices');
    await page.getByRole('link', { name: 'New invoice' }).click();
    await page.getByRole('heading', { level: 1, name: 'New invoice' }).waitFor();
    assert.match(await page.getByLabel('Order id').inputValue(), /^INV-\d{8}-[A-Z0-9]{6}$/, 'a suggested order id');
    await page.getByRole('option', { name: /^EUR/ }).waitFor({ state: 'attached' });
    await page.getByLabel('Amount').fill('42.5');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Description (optional)').fill('Three notebooks');
    await page.getByLabel('Customer email or id (optional)').fill('ana@example.com');
    await page.getByLabel('Order id').fill('order-to-cancel');
    await phoneCheck(page, 'new-invoice');
    w.expect(409, '/v1/invoice');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    // Said at the field, in words (no exceptions.* code), and the field takes the focus.
    await page.getByText('An invoice with this order id exists already: choose another.').waitFor();
    await waitInPage(page, 'document.activeElement?.getAttribute("aria-invalid") === "true"');
    assert.equal(await page.evaluate('document.activeElement.id'), await page.getByLabel('Order id').getAttribute('id'));
    assert.doesNotMatch((await page.locator('main').textContent())!, /exceptions\./);
    await page.getByLabel('Order id').fill('order-ui-1');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice order-ui-1' }).waitFor();
    await page.getByText('Status: created').waitFor();
    const link = (await page.getByRole('region', { name: 'Payment link' }).locator('code').textContent())!;
    assert.match(link, new RegExp(`^${d.origin}/pay/[0-9a-f-]{36}$`));
    await page.getByRole('button', { name: 'Copy payment link' }).click();
    await page.getByText(/^(Copied to the clipboard|Selected: press)/).waitFor();
    const details = (await page.getByRole('region', { name: 'Details' }).textContent())!;
    assert.match(details, /42\.50.*Three notebooks.*ana@example\.com/s);
    await phoneCheck(page, 'new-invoice-created');
    return link;
  }

  /** The link opens the customer's payment page with the amount. */
  async function openPaymentPage(w: Watched, link: string) {
    const pay = await watchedPage(w.page.context(), d.origin);
    await pay.page.goto(link);
    await pay.page.getByRole('heading', { level: 1, name: /42\.50/ }).waitFor();
    pay.assertClean('the payment page');
    await pay.page.close();
  }

  /** Cancel: Keep leaves it open; Confirm cancels, and the page follows without a reload. */
  async function cancelInvoice(w: Watched) {
    const { page } = w;
    await go(page, 'Invoices');
    await page.getByRole('link', { name: 'order-to-cancel' }).click();
    await page.getByText('Status: created').waitFor();
    await page.evaluate('window.stillTheSamePage = true');
    await page.getByRole('button', { name: 'Cancel invoice' }).click();
    await page.getByText('Cancel this invoice?').waitFor();
    await page.getByRole('button', { name: 'Keep' }).click();
    assert.equal(await page.getByText('Cancel this invoice?').count(), 0);
    await page.getByRole('button', { name: 'Cancel invoice' }).click();
    await phoneCheck(page, 'cancel-invoice');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Status: cancelled').waitFor();
    assert.equal(await page.locator('.page-head .badge').textContent(), 'cancelled');
    assert.equal(await page.getByRole('button', { name: 'Cancel invoice' }).count(), 0, 'nothing left to cancel');
    assert.equal(await page.evaluate('window.stillTheSamePage'), true, 'no reload');
    const api = await d.t.call('GET', '/v1/invoice?orderId=order-to-cancel', { key: tenant.key });
    assert.equal(api.body.data.status, 'cancelled');
  }

  /** Settings → Accounts: a new account joins the Account switcher; the next one meets the limit. */
  async function createAccount(w: Watched) {
    const { page } = w;
    await go(page, 'Settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Accounts' }).click();
    const table = page.getByRole('table', { name: 'Accounts' });
    await table.getByText('(shown now)').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Market stall');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account Market stall created').waitFor();
    await table.getByText('Market stall', { exact: true }).waitFor();
    const switcher = page.getByLabel('Account', { exact: true });
    assert.deepEqual((await switcher.locator('option').allTextContents()).slice(1), ['Market stall']);
    w.expect(400, '/v1/accounts');
    await page.getByLabel('Name', { exact: true }).fill('Third shop');
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('the most accounts allowed (2)').waitFor();
    // The focus moves once the alert has rendered (an effect after it): wait for it, as a person would.
    await waitInPage(page, 'document.activeElement?.getAttribute("role") === "alert"');
    await phoneCheck(page, 'accounts');
    // The switcher (in the menu, on a phone) now shows the new, empty account.
    await openMenu(page);
    await switcher.selectOption({ label: 'Market stall' });
    await table.getByText('Market stall (shown now)').waitFor();
    await go(page, 'Invoices');
    await page.getByText('0 invoices').waitFor();
  }

  it('an owner creates an invoice, opens its payment page, cancels another and adds an account (phone)', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    await diagnosed(w.page, 'invoices-owner', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      const link = await createInvoice(w);
      await openPaymentPage(w, link);
      await cancelInvoice(w);
      await createAccount(w);
    });
    w.assertClean('the owner');
    await context.close();
  });

  it('a finance user finds no "New invoice", no "Cancel invoice" and no account form', async () => {
    const finance = await member(d.t, tenant.tenantId, 'finance');
    const context = await d.browser.newContext(DESKTOP);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'invoices-finance', async () => {
      await signIn(w, d.origin, finance.email, PASSWORD);
      await go(page, 'Invoices');
      await page.getByRole('link', { name: 'order-open' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'New invoice' }).count(), 0);
      await page.getByRole('link', { name: 'order-open' }).click();
      await page.getByText('Status: created').waitFor();
      await page.getByRole('region', { name: 'Payment link' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Cancel invoice' }).count(), 0);
      await go(page, 'Settings');
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('table', { name: 'Accounts' }).getByText('Market stall').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create account' }).count(), 0);
    });
    w.assertClean('the finance user');
    await context.close();
  });
});
