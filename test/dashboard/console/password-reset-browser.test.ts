// A password reset while the gateway sends no email, in the browser end to end: the
// operator makes the link in the console's Users (shown once), the user opens it, is refused a weak
// password in words, sets a strong one, and signs in with it; their earlier session has ended.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { noChromium } from '../../helpers/browser.ts';
import { describeEngines } from '../../helpers/harness.ts';
import { PASSWORD, member } from '../../users/helpers.ts';
import {
  DESKTOP,
  PHONE,
  assertNoSideScroll,
  checkAndShoot as shootPage,
  diagnosed,
  namedTenant,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
} from '../kit.ts';
import { checkAndShoot, open } from './kit.ts';

const NEW_PASSWORD = 'lantern orchard velvet quarry';

describeEngines('console and dashboard: a password reset link (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenantId = '';
  before(async () => {
    d = await startDashboard(engine, {}, { workers: false });
    tenantId = (await namedTenant(d.t, 'Harbour Books')).tenantId;
  });
  after(async () => {
    await d?.close();
  });

  it('the operator makes the link; the user sets a new password with it and signs in; their old session is over', async () => {
    const operator = await member(d.t, undefined, 'operator');
    const user = await member(d.t, tenantId, 'finance', 'ana@harbour-books.example');
    // The user is signed in on a phone somewhere.
    const phone = await d.browser.newContext(PHONE);
    const old = await watchedPage(phone, d.origin);
    await signIn(old, d.origin, user.email, PASSWORD);

    const desk = await d.browser.newContext(DESKTOP);
    const ops = await watchedPage(desk, d.origin);
    let link = '';
    await diagnosed(ops.page, 'reset-issue', async () => {
      const { page } = ops;
      await signIn(ops, d.origin, operator.email, PASSWORD);
      await open(page, 'Users');
      await page.getByLabel('Search').fill('ana@harbour');
      await page.getByLabel('Search').press('Enter');
      await page.waitForURL(/search=ana/);
      await page.getByRole('button', { name: `Password reset link for ${user.email}` }).click();
      await page.getByRole('button', { name: 'Make the link' }).click();
      await page.getByText(`Give this link to ${user.email} yourself:`).waitFor();
      const shown = new URL((await page.locator('.once code').textContent())!.trim());
      assert.match(`${shown.pathname}${shown.hash}`, /^\/dashboard\/reset-password#[A-Za-z0-9_-]{43}$/);
      // The installation's public address is another in tests: the same link on this server.
      link = `${d.origin}${shown.pathname}${shown.hash}`;
      await checkAndShoot(page, 'password-reset-link-desktop');
    });
    ops.assertClean('the operator making a reset link');

    const fresh = await d.browser.newContext(PHONE);
    const w = await watchedPage(fresh, d.origin);
    await diagnosed(w.page, 'reset-use', async () => {
      const { page } = w;
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByText(user.email).waitFor();
      await assertNoSideScroll(page, 'reset page');
      await shootPage(page, 'reset-password-phone');
      // A weak password is refused in words, as everywhere.
      w.expect(400, '/auth/password-reset');
      await page.getByLabel('New password', { exact: true }).fill('password1234');
      await page.getByLabel('Confirm new password').fill('password1234');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page
        .getByRole('alert')
        .getByText(/too easy to guess/)
        .waitFor();
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your new password is set, and every earlier session of yours is signed out.').waitFor();
      await page.getByRole('link', { name: 'Sign in with your new password' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      // The link is spent.
      await page.goto(link);
      await page.getByRole('alert').getByText('This password reset link is invalid, expired or already used').waitFor();
    });
    w.assertClean('the user resetting the password');

    // The phone's session ended: its next page goes to the sign-in.
    old.expect(401, '/auth/me');
    await old.page.reload();
    await old.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    for (const context of [phone, desk, fresh]) await context.close();
  });
});
