/**
 * The dashboard's Email settings in headless Chromium, on a phone: without SMTP_URL it says mail is
 * off; an owner turns a kind off by keyboard and the API keeps it; the latest mails list with their
 * status; a viewer sees the choices but cannot change them. axe-core clean, no sideways scroll.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { noChromium } from '../helpers/browser.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import { insertMailJobs } from '../../src/modules/email/jobs-store.ts';
import {
  PHONE,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  namedTenant,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
} from '../dashboard/kit.ts';

describe('dashboard: email settings in headless Chromium', { skip: noChromium }, () => {
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard('pglite', {}, { workers: false });
    tenant = await namedTenant(d.t, 'Corner Café');
    // A mail written while mail was on, given up since.
    await insertMailJobs(d.t.ctx.db, [
      {
        tenantId: tenant.tenantId,
        source: 'event:1',
        kind: 'invoicePaid',
        recipient: 'buyer@example.com',
        mail: { subject: 'Payment received · Order #42', text: 'x', html: 'x' },
        fromName: null,
      },
    ]);
    await d.t.ctx.db.updateTable('email_jobs').set({ status: 'failed', attempts: 3, last_error: '550 mailbox unavailable' }).execute();
  });
  after(async () => {
    await d?.close();
  });

  it('says mail is off, lets an owner turn a kind off by keyboard, lists the latest mails, and shows a viewer the choices read-only', async () => {
    const context = await d.browser.newContext(PHONE);
    const owner = await member(d.t, tenant.tenantId, 'owner', 'maria@corner-cafe.example');
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'email-settings', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      await page.goto(`${d.origin}/dashboard/settings/email`);
      await page.getByTestId('email-off').getByText('Email is off').waitFor();
      const receipts = page.getByLabel('Receipt to the customer when an invoice is paid');
      assert.equal(await receipts.isChecked(), true, 'every kind is on until turned off');
      await receipts.focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Save email settings' }).click();
      await page.getByText('Email settings saved.').waitFor();
      const saved = (await d.t.call('GET', '/v1/email-settings', { key: tenant.key })).body.data;
      assert.deepEqual([saved.sending, saved.kinds.invoicePaid, saved.kinds.invoiceExpired], [false, false, true]);
      const mails = page.getByRole('table', { name: 'Latest mails' });
      await mails.getByText('Payment received · Order #42').waitFor();
      await mails.getByText('550 mailbox unavailable').waitFor();
      await assertNoSideScroll(page, 'email settings');
      await checkAndShoot(page, 'email-phone', 'email-settings');
      w.assertClean('the email settings');
    });

    const viewer = await member(d.t, tenant.tenantId, 'viewer', 'vic@corner-cafe.example');
    const v = await watchedPage(await d.browser.newContext(PHONE), d.origin);
    await diagnosed(v.page, 'email-settings-viewer', async () => {
      await signIn(v, d.origin, viewer.email, PASSWORD);
      await v.page.goto(`${d.origin}/dashboard/settings/email`);
      const receipts = v.page.getByLabel('Receipt to the customer when an invoice is paid');
      await receipts.waitFor();
      assert.deepEqual([await receipts.isChecked(), await receipts.isDisabled()], [false, true]);
      assert.equal(await v.page.getByRole('button', { name: 'Save email settings' }).count(), 0);
      v.assertClean('the email settings, read-only');
    });
  });
});
