/**
 * The dashboard's subscription pages in headless Chromium on a phone, driven by label and role: an
 * owner makes a plan, a customer (with a portal link and a prepaid credit address) and their
 * subscription, sees its first period's invoice, steps back from a cancellation, cancels at the
 * period's end by keyboard and then now (the invoice cancelled with it), and filters the list by
 * status; a viewer sees the same pages without any button that creates or cancels, and a create
 * form's URL tells them why. axe-core on every page, no sideways scroll, no console error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noChromium } from '../helpers/browser.ts';
import { PASSWORD, member } from '../users/helpers.ts';
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
import { made } from './helpers.ts';

/** A section link of the subscription pages, followed to its heading. */
async function section(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Subscriptions sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** axe-core, no sideways scroll at 390 px, and a screenshot (copied to docs/ when `doc` names one). */
async function phoneCheck(page: Page, name: string, doc?: string): Promise<void> {
  await assertNoSideScroll(page, name);
  await checkAndShoot(page, `${name}-phone`, doc);
}

describe('subscription pages in headless Chromium', { skip: noChromium }, () => {
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  let subscriptionUrl = '';
  before(async () => {
    d = await startDashboard();
    // The portal links the API hands out point at this server.
    d.t.ctx.config.publicBaseUrl = d.origin;
    tenant = await namedTenant(d.t, 'Corner Roastery');
    // A second subscription, in its trial, so the list shows more than one status.
    const plan = await made(d.t, tenant.key, '/v1/plans', {
      name: 'Tasting box',
      amount: 12,
      fiatCurrencyCode: 'USD',
      interval: 'week',
      intervalCount: 2,
      trialDays: 14,
    });
    const grace = await made(d.t, tenant.key, '/v1/customers', { email: 'grace@example.com', name: 'Grace Hopper' });
    await made(d.t, tenant.key, '/v1/subscriptions', { planId: plan.id, customerId: grace.id });
  });
  after(async () => {
    await d?.close();
  });

  it('an owner makes a plan, a customer and a subscription, sees its first invoice and cancels it', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner', 'rosa@corner-roastery.example');
    const w = await watchedPage(await d.browser.newContext(PHONE), d.origin);
    const { page } = w;
    await diagnosed(page, 'subscriptions-plan-customer', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      await go(page, 'Subscriptions');
      await section(page, 'Plans');
      await page.getByRole('link', { name: 'New plan' }).click();
      await page.getByRole('heading', { level: 1, name: 'New plan' }).waitFor();
      await page.getByRole('option', { name: /^USD/ }).waitFor({ state: 'attached' });
      await page.getByLabel('Name').fill('Coffee club');
      await page.getByLabel('Price').fill('24.90');
      await page.getByLabel('Number').fill('1');
      await page.getByLabel('Unit').selectOption('month');
      await page.getByText('The customer pays every month.').waitFor();
      await phoneCheck(page, 'plan-new');
      await page.getByRole('button', { name: 'Create plan' }).click();
      await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
      const plans = page.getByRole('table', { name: 'Plans' });
      await plans.getByText('Coffee club').waitFor();
      assert.match((await plans.getByRole('row').nth(1).textContent()) ?? '', /Coffee club.*\$24\.90 every month.*None.*On/s);

      await section(page, 'Customers');
      await page.getByRole('link', { name: 'New customer' }).click();
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Name (optional)').fill('Ada Lovelace');
      await page.getByLabel('Reference (optional)').fill('cust-1');
      await page.getByLabel('Language of mails and portal').selectOption({ label: 'Deutsch' });
      await phoneCheck(page, 'customer-new');
      await page.getByRole('button', { name: 'Create customer' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace (ada@example.com)' }).waitFor();
      await page.getByRole('region', { name: 'Subscriptions' }).getByText('No subscriptions yet.').waitFor();
      await page.getByRole('region', { name: 'Details' }).getByText('Deutsch').waitFor();
      const portal = page.getByRole('region', { name: 'Customer portal' });
      await portal.getByRole('button', { name: 'Get portal link' }).click();
      assert.match(
        (await portal.locator('code').textContent({ timeout: 5000 })) ?? '',
        new RegExp(`^${d.origin}/portal/[0-9a-f-]{36}\\.\\d+\\.`),
      );
      await portal.getByRole('button', { name: 'Copy portal link' }).waitFor();
      const credit = page.getByRole('region', { name: 'Prepaid credit' });
      await credit.getByText('No credit address yet.').waitFor();
      await credit.getByRole('option', { name: /^USDT_TRC20/ }).waitFor({ state: 'attached' });
      await credit.getByLabel('Credit currency').selectOption('USDT_TRC20');
      await credit.getByRole('button', { name: 'Create credit address' }).click();
      await credit.getByText('0 USDT_TRC20').waitFor();
      assert.match((await credit.locator('code').textContent()) ?? '', /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      await phoneCheck(page, 'customer');
    });

    await diagnosed(page, 'subscriptions-subscribe', async () => {
      await page.getByRole('region', { name: 'Subscriptions' }).getByRole('link', { name: 'New subscription' }).click();
      await page.getByRole('heading', { level: 1, name: 'New subscription' }).waitFor();
      await page.getByRole('option', { name: /^Coffee club/ }).waitFor({ state: 'attached' });
      assert.equal(
        await page.getByLabel('Customer').inputValue(),
        new URL(page.url()).searchParams.get('customerId'),
        'the customer it came from is chosen',
      );
      await page.getByLabel('Plan').selectOption({ label: 'Coffee club · $24.90 every month' });
      await page.getByText('Starts now', { exact: false }).waitFor();
      await phoneCheck(page, 'subscription-new');
      await page.getByRole('button', { name: 'Create subscription' }).click();
      await page.getByRole('heading', { level: 1, name: 'Subscription', exact: true }).waitFor();
      subscriptionUrl = page.url();
      assert.equal(await page.locator('main .page-head .badge').textContent(), 'Active');
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByText('Coffee club · $24.90 every month').waitFor();
      await details.getByText('Ada Lovelace (ada@example.com)').waitFor();
      const periods = page.getByRole('table', { name: 'Billed periods' });
      await periods.getByRole('link', { name: 'Invoice of period 1' }).waitFor();
      assert.match((await periods.getByRole('row').nth(1).textContent()) ?? '', /^1: .*\$24\.90.*No.*Invoice of period 1.*created/s);
      await page.getByRole('region', { name: 'Customer portal' }).getByRole('button', { name: 'Copy portal link' }).waitFor();
      await phoneCheck(page, 'subscription', 'subscription');
    });

    await diagnosed(page, 'subscriptions-cancel', async () => {
      // Keep steps back; by keyboard, the confirmation's safe choice has the focus.
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      const confirm = page.getByRole('group', { name: 'Cancel subscription' });
      await confirm.getByRole('button', { name: 'Keep' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Cancel subscription' }).focus();
      await page.keyboard.press('Enter');
      await confirm.waitFor();
      // The dialog takes the focus once it has rendered: wait for it to land on its safe choice.
      await page.waitForFunction("document.activeElement?.textContent === 'Keep'", undefined, { timeout: 5000 });
      await checkAndShoot(page, 'subscription-cancel-phone');
      await page.keyboard.press('Shift+Tab');
      assert.equal(await page.evaluate('document.activeElement?.textContent'), 'Cancel at period end');
      await page.keyboard.press('Enter');
      await page
        .getByRole('region', { name: 'Details' })
        .getByText(/^Ends .*, with no further invoice$/)
        .waitFor();
      assert.equal(await page.locator('main .page-head .badge').textContent(), 'Active');

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      assert.equal(await confirm.getByRole('button', { name: 'Cancel at period end' }).count(), 0, 'already set');
      await confirm.getByRole('button', { name: 'Cancel now' }).click();
      await page.locator('main .page-head .badge', { hasText: 'Cancelled' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Cancel subscription' }).count(), 0);
      await page.getByRole('table', { name: 'Billed periods' }).getByText('cancelled', { exact: true }).waitFor();
      await phoneCheck(page, 'subscription-cancelled');
    });

    await diagnosed(page, 'subscriptions-list', async () => {
      await go(page, 'Subscriptions');
      const table = page.getByRole('table', { name: 'Subscriptions' });
      await table.getByText('Ada Lovelace (ada@example.com)').waitFor();
      await table.getByText('Grace Hopper (grace@example.com)').waitFor();
      await page.getByLabel('Status').selectOption('active');
      await page.getByText('No subscriptions match.').waitFor();
      assert.match(page.url(), /\?status=active$/);
      await page.getByLabel('Status').selectOption('cancelled');
      await table.getByText('Ada Lovelace (ada@example.com)').waitFor();
      assert.equal(await table.getByRole('row').count(), 2, 'the header and the cancelled one');
      await page.getByLabel('Status').selectOption('');
      await table.getByText('Grace Hopper (grace@example.com)').waitFor();
      await phoneCheck(page, 'subscriptions', 'subscriptions');
      w.assertClean('the owner on the subscription pages');
    });
  });

  it('a viewer sees the subscription pages without any button that creates or cancels', async () => {
    const viewer = await member(d.t, tenant.tenantId, 'viewer');
    const w = await watchedPage(await d.browser.newContext(PHONE), d.origin);
    const { page } = w;
    await diagnosed(page, 'subscriptions-viewer', async () => {
      await signIn(w, d.origin, viewer.email, PASSWORD);
      await go(page, 'Subscriptions');
      const table = page.getByRole('table', { name: 'Subscriptions' });
      await table.getByText('Grace Hopper (grace@example.com)').waitFor();
      assert.equal(await page.getByRole('link', { name: 'New subscription' }).count(), 0);
      await phoneCheck(page, 'subscriptions-viewer');
      await table.getByRole('link', { name: 'Grace Hopper (grace@example.com)' }).click();
      await page.getByRole('heading', { level: 1, name: 'Subscription', exact: true }).waitFor();
      assert.equal(await page.locator('main .page-head .badge').textContent(), 'Trialing');
      await page.getByRole('table', { name: 'Billed periods' }).or(page.getByText('Nothing billed during the trial.')).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Cancel subscription' }).count(), 0);
      await phoneCheck(page, 'subscription-viewer');

      await page.goto(subscriptionUrl);
      await page.getByRole('table', { name: 'Billed periods' }).getByRole('link', { name: 'Invoice of period 1' }).waitFor();
      await go(page, 'Subscriptions');
      await section(page, 'Plans');
      await page.getByRole('table', { name: 'Plans' }).getByText('Coffee club').waitFor();
      assert.equal(await page.getByRole('link', { name: 'New plan' }).count(), 0);
      await section(page, 'Customers');
      await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'ada@example.com' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace (ada@example.com)' }).waitFor();
      await page.getByRole('region', { name: 'Prepaid credit' }).getByText('0 USDT_TRC20').waitFor();
      for (const name of ['New subscription', 'Get portal link', 'Create credit address']) {
        assert.equal(await page.getByRole('link', { name }).or(page.getByRole('button', { name })).count(), 0, name);
      }
      await phoneCheck(page, 'customer-viewer');
      // A create form's address says why instead of showing a form the API would refuse.
      await page.goto(`${d.origin}/dashboard/subscriptions/plans/new`);
      await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
      await page.getByText('Your role (viewer) cannot create plans.', { exact: false }).waitFor();
      w.assertClean('the viewer on the subscription pages');
    });
  });
});
