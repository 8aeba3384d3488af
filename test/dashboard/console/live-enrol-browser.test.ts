import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { browserContexts, noChromium } from '../../helpers/browser.ts';
import { startTestApp, type TestApp } from '../../helpers/harness.ts';
import { PASSWORD, authenticator, invite } from '../../users/helpers.ts';
import { PHONE, diagnosed, navLink, openMenu, watchedPage } from '../kit.ts';
import { checkAndShoot } from './kit.ts';

// Only the mode matters: the security hook and /auth/me read it; no network is reached.
describe('console: a live installation opens only to operators with two-factor authentication', { skip: noChromium }, () => {
  const browser = browserContexts();
  after(() => browser.close());

  it('live mode: an operator without 2FA enrols before any console page', async () => {
    const t: TestApp = await startTestApp('pglite', { config: { mode: 'live' } });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const { token } = await invite(t, { email: 'live-ops@gateway.example', role: 'operator' });
      assert.equal((await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } })).status, 200);
      const context = await browser.newContext(PHONE);
      const w = await watchedPage(context, origin);
      const { page } = w;
      await diagnosed(page, 'console-live-enrol', async () => {
        await page.goto(`${origin}/dashboard/login`);
        await page.getByLabel('Email').fill('live-ops@gateway.example');
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor();
        assert.equal(
          await page.getByRole('navigation', { name: 'Main', includeHidden: true }).count(),
          0,
          'no console page before enrolling',
        );
        assert.equal(await page.getByRole('button', { name: 'Menu' }).count(), 0, 'no menu to open');
        await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
        await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
        await checkAndShoot(page, 'enrol-phone');
        const app = authenticator((await page.locator('code.secret').textContent())!);
        await page.getByLabel('Authentication code').fill(app.code());
        await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
        // The recovery codes, once, before the console opens.
        await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
        assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
        await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
        await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
        await openMenu(page);
        await navLink(page, 'Tenants').waitFor();
        assert.equal(await navLink(page, 'Sandbox').count(), 0, 'no sandbox tools in a live installation');
        await page.getByText('No currency holds or owes anything yet.').waitFor();
      });
      w.assertClean('the live enrolment');
      await context.close();
    } finally {
      await t.close();
    }
  });
});
