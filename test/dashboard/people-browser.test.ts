// The dashboard as people use it: the header names the merchant by its brand, a deposit
// address is made in the dashboard (role-guarded, shown with a copy button and a QR code), and the
// focus follows the person to the invoice they created or opened.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { PASSWORD, member } from '../users/helpers.ts';
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

/** The focus is on the page's heading, which reads `name`. */
async function headingHasFocus(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await waitInPage(page, `document.activeElement?.tagName === 'H1' && document.activeElement.textContent === ${JSON.stringify(name)}`);
}

describeEngines('dashboard: brand in the header, new deposit, focus after invoices (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard(engine, {}, { workers: false });
    tenant = await namedTenant(d.t, 'Harbour Books Ltd');
    // No workers run: the deposit network fee the fee job would quote is set here.
    assert.equal((await d.t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 })).status, 200);
    await refreshFees(d.t.ctx.db, defaultOracles(d.t.ctx.db, d.t.ctx.config));
  });
  after(async () => {
    await d?.close();
  });

  /** A signed-in page of a new user with the role, on a phone or a desktop. */
  async function signedIn(role: string, size: 'phone' | 'desktop'): Promise<Watched> {
    const user = await member(d.t, tenant.tenantId, role);
    const context = await d.browser.newContext(size === 'phone' ? PHONE : DESKTOP);
    const w = await watchedPage(context, d.origin);
    await signIn(w, d.origin, user.email, PASSWORD);
    return w;
  }

  it('the header names the merchant by its brand: set in Settings, shown at once and at the next sign-in', async () => {
    const w = await signedIn('owner', 'desktop');
    const { page } = w;
    const header = page.getByRole('banner');
    await diagnosed(page, 'brand-header', async () => {
      await header.getByText('Harbour Books Ltd').waitFor();
      await go(page, 'Settings');
      await page.getByLabel('Merchant name').fill('Harbour Books');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved: the payment page shows them now.').waitFor();
      await header.getByText('Harbour Books', { exact: true }).waitFor();
      // A new page load asks /auth/me again: the brand stays.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await header.getByText('Harbour Books', { exact: true }).waitFor();
      assert.equal(await header.getByText('Harbour Books Ltd').count(), 0);
    });
    w.assertClean('the brand in the header');
    await page.context().close();
    const me = (await (await member(d.t, tenant.tenantId, 'viewer')).call('GET', '/auth/me')).body.data;
    assert.deepEqual(me.tenant, { id: tenant.tenantId, name: 'Harbour Books Ltd', brandName: 'Harbour Books' });
  });

  it('an owner makes a deposit address on a phone: the address to copy, its QR code, then the deposit', async () => {
    const w = await signedIn('owner', 'phone');
    const { page } = w;
    await diagnosed(page, 'new-deposit', async () => {
      await go(page, 'Deposits');
      await page.getByRole('link', { name: 'New deposit' }).click();
      await headingHasFocus(page, 'New deposit');
      assert.match(await page.getByLabel('Order id').inputValue(), /^DEP-\d{8}-[A-Z0-9]{6}$/, 'a suggested order id');
      await page.getByRole('option', { name: 'USDT_TRC20 · Tron' }).waitFor({ state: 'attached' });
      await page.getByLabel('Currency').selectOption('USDT_TRC20');
      await page.getByLabel('Order id').fill('top-up-ui-1');
      await page.getByLabel('Customer email or id (optional)').fill('ana@example.com');
      await page.getByText('On Tron; at least 2 USDT_TRC20 is credited, the network fee of 1 USDT_TRC20 withheld').waitFor();
      await assertNoSideScroll(page, 'new-deposit');
      await checkAndShoot(page, 'new-deposit-phone');
      await page.getByRole('button', { name: 'Create deposit address' }).click();
      // The result's heading takes the focus: what to send, where.
      const heading = page.getByRole('heading', { level: 2, name: 'Send USDT_TRC20 to this address' });
      await heading.waitFor();
      await waitInPage(page, `document.activeElement?.textContent?.trim() === 'Send USDT_TRC20 to this address'`);
      const made = (await d.t.call('GET', '/v1/deposit?orderId=top-up-ui-1', { key: tenant.key })).body.data;
      assert.equal(made.customerId, 'ana@example.com');
      const shown = page.getByRole('region', { name: 'Send USDT_TRC20 to this address' });
      assert.equal((await shown.locator('code').textContent())?.trim(), made.address);
      const qr = shown.getByRole('img', { name: `QR code of the deposit address ${made.address}` });
      assert.match((await qr.getAttribute('src'))!, /^data:image\/png;base64,/);
      // Drawn: the PNG decodes to a picture (decode() waits for it).
      const drawn = await qr.evaluate(async (element) => {
        const img = element as unknown as { decode(): Promise<void>; naturalWidth: number };
        await img.decode();
        return img.naturalWidth > 0;
      });
      assert.ok(drawn, 'the QR code is drawn');
      await shown.getByRole('button', { name: 'Copy deposit address' }).click();
      await shown.getByText(/^(Copied to the clipboard|Selected: press)/).waitFor();
      await assertNoSideScroll(page, 'new-deposit-created');
      await checkAndShoot(page, 'new-deposit-created-phone');
      await shown.getByRole('link', { name: 'Open the deposit' }).click();
      await headingHasFocus(page, 'Deposit top-up-ui-1');
      await page.getByText('Status: created').waitFor();
    });
    w.assertClean('a new deposit');
    await page.context().close();
  });

  it('a viewer is offered no new deposit, and the page says why instead of its form', async () => {
    const w = await signedIn('viewer', 'desktop');
    const { page } = w;
    await diagnosed(page, 'new-deposit-viewer', async () => {
      await go(page, 'Deposits');
      assert.equal(await page.getByRole('link', { name: 'New deposit' }).count(), 0);
      await page.goto(`${d.origin}/dashboard/deposits/new`);
      await page.getByText('Your role (viewer) cannot create deposit addresses.', { exact: false }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create deposit address' }).count(), 0);
      await page.getByRole('link', { name: 'Back to deposits' }).waitFor();
    });
    w.assertClean('a viewer at the new deposit page');
    await page.context().close();
  });

  it("the focus goes to the new invoice's heading after creating it, and to an invoice's heading after opening it from the list", async () => {
    const w = await signedIn('owner', 'desktop');
    const { page } = w;
    await diagnosed(page, 'invoice-focus', async () => {
      await go(page, 'Invoices');
      await page.getByRole('link', { name: 'New invoice' }).click();
      await headingHasFocus(page, 'New invoice');
      await page.getByRole('option', { name: /^USD/ }).waitFor({ state: 'attached' });
      await page.getByLabel('Amount').fill('12');
      await page.getByLabel('Order id').fill('focus-1');
      await page.getByRole('button', { name: 'Create invoice' }).click();
      await headingHasFocus(page, 'Invoice focus-1');
      // Back to the list, by keyboard, then into the invoice from its row.
      await navLink(page, 'Invoices').focus();
      await page.keyboard.press('Enter');
      await headingHasFocus(page, 'Invoices');
      const row = page.getByRole('link', { name: 'focus-1', exact: true });
      await row.focus();
      await page.keyboard.press('Enter');
      await headingHasFocus(page, 'Invoice focus-1');
      // And by pointer.
      await go(page, 'Invoices');
      await page.getByRole('link', { name: 'focus-1', exact: true }).click();
      await headingHasFocus(page, 'Invoice focus-1');
    });
    w.assertClean('the focus after invoices');
    await page.context().close();
  });
});
