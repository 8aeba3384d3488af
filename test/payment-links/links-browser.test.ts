/**
 * Payment links in headless Chromium, on a phone: an owner makes a link whose customer enters the
 * amount, by label and keyboard, and sees its address, QR code and usage; a customer opens the
 * link (a page without any script), enters an amount and their email, pays on the payment page
 * through the sandbox; the dashboard then shows the link's paid invoice and what it brought; turned
 * off, the link's page says so. axe-core on every new page, no sideways scroll, no console error.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeEngines } from '../helpers/harness.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import { assertAccessible, noChromium, screenshot, waitInPage } from '../helpers/browser.ts';
import { payScreenshot } from '../pay/kit.ts';
import {
  PHONE,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  go,
  namedTenant,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
} from '../dashboard/kit.ts';

describeEngines('payment links in headless Chromium', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard(engine);
    // The links the API hands out point at this server, so the browser can follow them.
    d.t.ctx.config.publicBaseUrl = d.origin;
    tenant = await namedTenant(d.t, 'Corner Roastery');
  });
  after(async () => {
    await d?.close();
  });

  it('an owner makes a link, a customer pays through it, and the link shows its paid invoice; turned off, its page says so', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner', 'rosa@corner-roastery.example');
    const w = await watchedPage(await d.browser.newContext(PHONE), d.origin);
    const { page } = w;
    const url = await diagnosed(page, 'payment-link-create', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      await go(page, 'Payment links');
      await page.getByText('No payment links yet.').waitFor();
      await page.getByRole('link', { name: 'New payment link' }).click();
      await page.getByRole('heading', { level: 1, name: 'New payment link' }).waitFor();
      await page.getByRole('option', { name: /^USD/ }).waitFor({ state: 'attached' });
      await page.getByLabel('Title').fill('Pay what you like: single origin beans');
      // The price by keyboard: the radio group moves with the arrow keys.
      await page.getByLabel('Fixed price').focus();
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.getByLabel('The customer enters the amount').isChecked(), true);
      await page.getByLabel('Minimum (optional)').fill('5');
      await page.getByLabel('Maximum (optional)').fill('200');
      await assertNoSideScroll(page, 'new payment link');
      await checkAndShoot(page, 'payment-link-new-phone');
      await page.getByRole('button', { name: 'Create payment link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Pay what you like: single origin beans' }).waitFor();
      const share = page.getByRole('region', { name: 'Share' });
      const address = (await share.locator('code').textContent())!;
      assert.match(address, new RegExp(`^${d.origin}/pay/link/[A-Za-z0-9_-]{22}$`));
      await waitInPage(page, 'document.querySelector("img.qr")?.naturalWidth > 0');
      assert.match((await page.getByRole('region', { name: 'Details' }).textContent())!, /\$5\.00 to \$200\.00/);
      await assertNoSideScroll(page, 'payment link');
      await checkAndShoot(page, 'payment-link-phone', 'payment-link');
      return address;
    });

    const customer = await watchedPage(await d.browser.newContext(PHONE), d.origin);
    const shop = customer.page;
    await diagnosed(shop, 'payment-link-customer', async () => {
      await shop.goto(url);
      await shop.getByRole('heading', { level: 1, name: 'Pay what you like: single origin beans' }).waitFor();
      assert.match((await shop.locator('.merchant').textContent())!, /Corner Roastery/);
      assert.equal(await shop.locator('script').count(), 0, 'the link page runs no script');
      await assertAccessible(shop, 'the payment link page (phone)');
      await assertNoSideScroll(shop, 'the payment link page');
      // docs/payment-page-link.png: the link's page as the customer opens it.
      await payScreenshot(shop, 'payment-link-page-phone.png', '-link');
      // Too little is refused at the field, and the customer corrects it.
      customer.expect(400, new URL(url).pathname);
      await shop.getByLabel('Amount (USD)').fill('2');
      await shop.getByRole('button', { name: 'Continue to payment' }).click();
      await shop.getByText('Enter an amount from $5.00 to $200.00.').waitFor();
      assert.equal(await shop.getByLabel('Amount (USD)').getAttribute('aria-invalid'), 'true');
      await assertAccessible(shop, 'the payment link page with a refused amount');
      await screenshot(shop, 'payment-link-page-refused-phone.png');
      await shop.getByLabel('Amount (USD)').fill('12.50');
      await shop.getByLabel('Email (optional)').fill('buyer@example.com');
      await shop.getByRole('button', { name: 'Continue to payment' }).click();
      await shop.waitForURL(/\/pay\/[0-9a-f-]{36}\?lang=en$/);
      await shop.waitForSelector('[data-testid=currency-option][data-code=USDT_TRC20]');
      assert.match((await shop.textContent('#total'))!, /12\.50/);
      await shop.click('[data-testid=currency-option][data-code=USDT_TRC20]');
      await shop.waitForSelector('[data-testid=address]:not(:empty)');
      await shop.click('[data-testid=sim-exact]');
      await shop.click('[data-testid=sim-mine]');
      await shop.waitForSelector('[data-testid=status].paid', { timeout: 20_000 });
      customer.assertClean('the customer pages');
    });

    await diagnosed(page, 'payment-link-usage', async () => {
      // The detail polls: the paid invoice and what it brought appear without a reload.
      const usage = page.getByRole('region', { name: 'Usage' });
      await usage.getByText('$12.50').waitFor({ timeout: 20_000 });
      assert.match((await usage.textContent())!, /Invoices paid\s*1/);
      const invoices = page.getByRole('table', { name: 'Invoices of the payment link' });
      await invoices.getByText('buyer@example.com').waitFor();
      await invoices.getByText('paid', { exact: true }).waitFor();
      await go(page, 'Payment links');
      const row = page.getByRole('table', { name: 'Payment links' }).getByRole('row').nth(1);
      assert.match((await row.textContent())!, /Open.*\$5\.00 to \$200\.00.*1.*1.*\$12\.50/s);
      await checkAndShoot(page, 'payment-links-phone', 'payment-links');
      await row.getByRole('link').click();
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('button', { name: 'Turn on' }).waitFor();
      assert.equal(await page.locator('main .badge').first().textContent(), 'Turned off');
      w.assertClean('the payment link pages');
    });

    await diagnosed(shop, 'payment-link-closed', async () => {
      customer.expect(409, new URL(url).pathname);
      await shop.goto(url);
      await shop.getByText('This payment link is turned off.', { exact: false }).waitFor();
      await assertAccessible(shop, 'a turned off payment link (phone)');
    });
    const link = (await d.t.call('GET', '/v1/payment-links', { key: tenant.key })).body.data[0];
    assert.deepEqual([link.active, link.invoicesMade, link.invoicesPaid, link.amountPaid], [false, 1, 1, 12.5]);
  });
});
