// Two-factor recovery codes in the dashboard: shown once when two-factor is switched on
// in Settings → Security, counted there afterwards; a recovery code signs in instead of the
// authenticator's code, once; a new set is made after the authenticator's code confirms it.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import {
  DESKTOP,
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
  type Watched,
} from './kit.ts';

/** The recovery codes the page lists. */
async function listedCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  return (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
}

async function signOut(page: Page): Promise<void> {
  await page.locator('summary', { hasText: 'User menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
}

/** Email and password, then the recovery code instead of the authenticator's. */
async function signInWithRecoveryCode(w: Watched, origin: string, email: string, code: string): Promise<void> {
  const { page } = w;
  await page.goto(`${origin}/dashboard/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  w.expect(401, '/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').waitFor();
  await page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await waitInPage(page, `document.activeElement?.id === ${JSON.stringify(await page.getByLabel('Recovery code').getAttribute('id'))}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describeEngines('dashboard: two-factor recovery codes (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenantId = '';
  before(async () => {
    d = await startDashboard(engine, {}, { workers: false });
    tenantId = (await namedTenant(d.t, 'Corner Café')).tenantId;
  });
  after(async () => {
    await d?.close();
  });

  it('shown once on switching two-factor on, then one signs in instead of the code, once; a new set after the code confirms it', async () => {
    const owner = await member(d.t, tenantId, 'owner');
    const context = await d.browser.newContext(DESKTOP);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'recovery-codes', async () => {
      await signIn(w, d.origin, owner.email, PASSWORD);
      await go(page, 'Settings');
      await page.getByRole('link', { name: 'Security' }).click();
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const secret = (await page.locator('.copy', { hasText: 'Secret' }).locator('code').textContent())!.trim();
      const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
      // Both codes from one instant: this step's to switch it on, the next one's to confirm the new set.
      const start = Date.now();
      const [now, next] = [totp.generate({ timestamp: start }), totp.generate({ timestamp: start + 30_000 })];
      await page.getByLabel('Authentication code').fill(now);
      await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      // The codes, once, with the focus on their heading.
      await waitInPage(page, `document.activeElement?.textContent === 'Your recovery codes'`);
      const codes = await listedCodes(page);
      assert.equal(codes.length, 10);
      for (const code of codes) assert.match(code, /^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
      await checkAndShoot(page, 'recovery-codes-shown-desktop');
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await page.getByRole('status').getByText('Two-factor authentication is on.').waitFor();
      await page.getByText('10 recovery codes left, each usable once to sign in without the authenticator app.').waitFor();
      assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).count(), 0, 'not shown again');

      // Signed out, the authenticator lost: a recovery code signs in, and counts as spent.
      await signOut(page);
      await signInWithRecoveryCode(w, d.origin, owner.email, codes[0]!);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.goto(`${d.origin}/dashboard/settings/security`);
      await page.getByText('9 recovery codes left, each usable once to sign in without the authenticator app.').waitFor();

      // The same code again: refused, said in words.
      await signOut(page);
      await signInWithRecoveryCode(w, d.origin, owner.email, codes[0]!);
      await page.getByRole('alert').getByText('That recovery code is wrong or was already used: each works once.').waitFor();
      await page.getByLabel('Recovery code').fill(codes[1]!);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

      // A new set: the authenticator's code confirms it; the old codes end.
      await page.goto(`${d.origin}/dashboard/settings/security`);
      w.expect(403, '/auth/recovery-codes');
      await page.getByRole('button', { name: 'Make new recovery codes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
      await dialog.getByLabel('Authenticator code').fill(next);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const renewed = await listedCodes(page);
      assert.equal(renewed.length, 10);
      assert.ok(
        renewed.every((c) => !codes.includes(c)),
        'a new set',
      );
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await page.getByText('New recovery codes are in use; the old ones no longer work.').waitFor();
      await page.getByText('10 recovery codes left, each usable once to sign in without the authenticator app.').waitFor();
    });
    w.assertClean('recovery codes');
    await context.close();
    assert.equal(
      (await d.t.call('POST', '/auth/login', { body: { email: owner.email, password: PASSWORD, recoveryCode: 'x' } })).body.code,
      'exceptions.auth.invalidSecondFactor',
    );
  });

  it('the sign-in step with a recovery code fits a phone', async () => {
    const user = await member(d.t, tenantId, 'viewer');
    const setup = (await user.call('POST', '/auth/totp/setup')).body.data;
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) }).generate();
    const codes: string[] = (await user.call('POST', '/auth/totp/enable', { body: { code } })).body.data.recoveryCodes;
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    await diagnosed(w.page, 'recovery-phone', async () => {
      await signInWithRecoveryCode(w, d.origin, user.email, codes[5]!.toUpperCase());
      await w.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await w.page.goto(`${d.origin}/dashboard/settings/security`);
      await w.page.getByText('9 recovery codes left', { exact: false }).waitFor();
      await assertNoSideScroll(w.page, 'security with recovery codes');
      await checkAndShoot(w.page, 'security-recovery-phone');
    });
    w.assertClean('a recovery sign-in on a phone');
    await context.close();
  });
});
