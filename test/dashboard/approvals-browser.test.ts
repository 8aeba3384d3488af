// Payout governance as people use it, in two browsers at once: an owner sets the payout policy
// (a loosening waits and is cancelled) and adds a payout address with an authenticator code; a
// finance user commits a withdrawal the policy holds for a second person and cannot approve their
// own; the owner approves it. Then the console: an admin approves what the installation's threshold
// holds for an operator, while support and auditors see the queue without the buttons.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { noChromium } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { fundedAccount, sandboxRates } from '../helpers/scenario.ts';
import { PASSWORD, member, type Browser } from '../users/helpers.ts';
import {
  DESKTOP,
  PHONE,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  go,
  namedTenant,
  navLink,
  openMenu,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
  type Watched,
} from './kit.ts';
import { checkAndShoot as shootConsole, open, rowText } from './console/kit.ts';

const SUPPLIER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const STEP_MS = 30_000;

/**
 * Switches two-factor authentication on for a user; `code()` is one of a time step never used
 * before (the current one, else the next), as the person's app would show it soon enough.
 */
async function enrol(user: Browser): Promise<{ code(): string }> {
  const setup = await user.call('POST', '/auth/totp/setup');
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.body.data.secret) });
  let last = Math.floor(Date.now() / STEP_MS) - 1;
  assert.equal(
    (await user.call('POST', '/auth/totp/enable', { body: { code: totp.generate({ timestamp: last * STEP_MS }) } })).status,
    200,
  );
  return {
    code() {
      last = Math.max(Math.floor(Date.now() / STEP_MS), last + 1);
      return totp.generate({ timestamp: last * STEP_MS });
    },
  };
}

/** Answers the step-up dialog with a code. */
async function confirmWithCode(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await dialog.getByLabel('Authenticator code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

/** A tab of the Payouts page. */
async function payoutsTab(page: Page, tab: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Payouts' }).getByRole('link', { name: tab }).click();
  await page.getByRole('region', { name: tab }).waitFor();
}

describeEngines('dashboard and console: payout governance, four eyes in two browsers (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard(engine, { WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD: '50' }, { workers: false });
    await sandboxRates(d.t, ['USDT', 'TRX']);
    tenant = await namedTenant(d.t, 'Harbour Books');
    await fundedAccount(d.t, { amount: 200, tenant: { ...tenant, keyId: '' }, rates: null });
  });
  after(async () => {
    await d?.close();
  });

  /** The owner on a phone: tightens the policy, asks for a loosening and cancels it. */
  async function setPolicy(w: Watched): Promise<void> {
    const { page } = w;
    await go(page, 'Payouts');
    await payoutsTab(page, 'Payout policy');
    await page.getByLabel('Withdrawals only to usable addresses of the address book').check();
    await page.getByLabel('Second person approves above (USD)').fill('20');
    await page.getByLabel('Most per 24 hours for each API key (USD)').fill('500');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('Saved: the policy applies now.').waitFor();
    const policy = (await d.t.call('GET', '/v1/payout-policy', { key: tenant.key })).body.data;
    assert.deepEqual([policy.allowlistOnly, policy.approvalAboveUsd, policy.maxPerDayPerKeyUsd], [true, 20, 500]);
    // Clearing a limit loosens the policy: it waits out the delay, and the owner cancels it.
    await page.getByLabel('Most per 24 hours for each API key (USD)').fill('');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText(/^Saved\. What loosens the policy takes effect /).waitFor();
    const pending = page.getByRole('table', { name: 'Pending changes' });
    await pending.getByText('Most per 24 hours for each API key: no limit').waitFor();
    await assertNoSideScroll(page, 'payout policy');
    await checkAndShoot(page, 'payout-policy-phone');
    await pending.getByRole('button', { name: /^Cancel the change taking effect / }).click();
    await page.getByText('The pending change was cancelled.').waitFor();
    await page.getByText('No change is pending.').waitFor();
    assert.equal((await d.t.call('GET', '/v1/payout-policy', { key: tenant.key })).body.data.maxPerDayPerKeyUsd, 500);
  }

  /** The owner adds the supplier's address, confirmed with a code; it is usable after the delay. */
  async function addAddress(w: Watched, code: string): Promise<void> {
    const { page } = w;
    await payoutsTab(page, 'Payout addresses');
    await page.getByRole('option', { name: 'USDT_TRC20 · Tron' }).waitFor({ state: 'attached' });
    await page.getByLabel('Currency').selectOption('USDT_TRC20');
    await page.getByLabel('Address', { exact: true }).fill(SUPPLIER);
    await page.getByLabel('Label (optional)').fill('Supplier GmbH');
    w.expect(403, '/v1/payout-addresses');
    await page.getByRole('button', { name: 'Add address' }).click();
    await confirmWithCode(page, code);
    await page.getByText(/^Supplier GmbH added: usable from /).waitFor();
    assert.match(await rowText(page, 'Payout addresses', 'Supplier GmbH'), /Usable from .*maria@harbour-books\.example/);
    await assertNoSideScroll(page, 'payout addresses');
    await checkAndShoot(page, 'payout-addresses-phone');
    // The delay passes.
    await d.t.ctx.db
      .updateTable('payout_addresses')
      .set({ active_at: sql<Date>`now() - interval '1 second'` })
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
  }

  /** The finance user commits 25 USDT (26 USD with the fee, above 20): held for a second person, whom they cannot be. */
  async function commitHeld(w: Watched, code: string): Promise<string> {
    const { page } = w;
    await go(page, 'Withdrawals');
    await page.getByRole('link', { name: 'New withdrawal' }).click();
    await page.getByLabel('Currency').selectOption('USDT_TRC20');
    await page.getByLabel('Address').fill(SUPPLIER);
    await page.getByLabel('Amount').fill('25');
    await page.getByRole('button', { name: 'Get quote' }).click();
    w.expect(403, '/v1/withdrawal/commit');
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await confirmWithCode(page, code);
    await page.getByText('Status: awaitingApproval').waitFor();
    await page
      .getByText(/^Awaiting approval until .*waits for a second person of the business\. Committed by ana@harbour-books\.example/)
      .waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await go(page, 'Payouts');
    const table = page.getByRole('table', { name: 'Withdrawals awaiting approval' });
    await table.getByText('Supplier GmbH').waitFor();
    const approve = table.getByRole('button', { name: /^Approve Withdrawal / });
    assert.equal(await approve.getAttribute('aria-disabled'), 'true');
    const why = await page.locator(`#${await approve.getAttribute('aria-describedby')}`).textContent();
    assert.equal(why, 'You committed this withdrawal: another owner or finance user must approve it.');
    // It takes the focus (so the reason is read out) and does nothing.
    await approve.focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('button', { name: 'Approve withdrawal', exact: true }).count(), 0, 'no way to approve one’s own');
    await assertNoSideScroll(page, 'approvals');
    await checkAndShoot(page, 'approvals-own-phone');
    return id;
  }

  it('an owner sets the policy and adds an address; finance commits a held withdrawal it cannot approve; the owner approves it', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner', 'maria@harbour-books.example');
    const finance = await member(d.t, tenant.tenantId, 'finance', 'ana@harbour-books.example');
    const ownerSide = await d.browser.newContext(PHONE);
    const financeSide = await d.browser.newContext(PHONE);
    const o = await watchedPage(ownerSide, d.origin);
    const f = await watchedPage(financeSide, d.origin);
    await signIn(o, d.origin, owner.email, PASSWORD);
    await signIn(f, d.origin, finance.email, PASSWORD);
    await diagnosed(o.page, 'payout-policy', () => setPolicy(o));
    // Switched on while signed in: from now on each of their money and rights calls asks for a code.
    const ownerApp = await enrol(owner);
    const financeApp = await enrol(finance);
    await diagnosed(o.page, 'payout-addresses', () => addAddress(o, ownerApp.code()));
    const id = await diagnosed(f.page, 'approvals-own', () => commitHeld(f, financeApp.code()));

    await diagnosed(o.page, 'approvals', async () => {
      const { page } = o;
      await page.setViewportSize(DESKTOP.viewport);
      await payoutsTab(page, 'Approvals');
      assert.match(
        await rowText(page, 'Withdrawals awaiting approval', 'Supplier GmbH'),
        /25 USDT_TRC20.*ana@harbour-books\.example.*waits for a second person of the business/,
      );
      await checkAndShoot(page, 'approvals-desktop', 'approvals');
      o.expect(403, '/v1/withdrawal/approve');
      await page.getByRole('button', { name: /^Approve Withdrawal / }).click();
      await page.getByRole('button', { name: 'Approve withdrawal', exact: true }).click();
      await confirmWithCode(page, ownerApp.code());
      await page.getByText(/^Withdrawal \S+ approved\.$/).waitFor();
      await page.getByText('No withdrawal awaits approval.').waitFor();
    });
    const w = (await d.t.call('GET', `/v1/withdrawal?id=${id}`, { key: tenant.key })).body.data;
    assert.deepEqual(
      [w.status, w.approvals.map((a: any) => [a.level, a.by]), w.committedBy],
      ['created', [['tenant', owner.email]], finance.email],
    );
    o.assertClean('the owner');
    f.assertClean('the finance user');
    await ownerSide.close();
    await financeSide.close();
  });

  it('console: an admin approves what waits for an operator; support and auditors see the queue without the buttons or the sandbox', async () => {
    const { t } = d;
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key: tenant.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: SUPPLIER, amount: 60, orderId: randomUUID() },
    });
    const held = (await t.call('POST', '/v1/withdrawal/commit', { key: tenant.key, body: { quoteId: q.body.data.quoteId } })).body.data;
    assert.deepEqual([held.status, held.approvalLevels], ['awaitingApproval', ['tenant', 'operator']]);

    const admin = await member(t, undefined, 'operator', 'olga@gateway.example');
    const desk = await d.browser.newContext(DESKTOP);
    const a = await watchedPage(desk, d.origin);
    await diagnosed(a.page, 'console-approvals', async () => {
      const { page } = a;
      await signIn(a, d.origin, admin.email, PASSWORD);
      await open(page, 'Approvals');
      assert.match(
        await rowText(page, 'Withdrawals awaiting approval', '60 USDT_TRC20'),
        /Harbour Books60 USDT_TRC20.*api key .*waits for the merchant's second person and an operator/,
      );
      await shootConsole(page, 'approvals-desktop', 'approvals');
      await page.getByRole('button', { name: `Approve withdrawal ${held.id}` }).click();
      await page.getByRole('button', { name: 'Approve withdrawal', exact: true }).click();
      await page.getByText(/^Withdrawal of 60 USDT_TRC20 to .* approved\.$/).waitFor();
      await page.getByText('Operator approval given').waitFor();
      assert.match(
        await rowText(page, 'Withdrawals awaiting approval', '60 USDT_TRC20'),
        /operator approved by olga@gateway\.example.*waits for the merchant's second person.*Operator approval given/,
      );
      // The withdrawal queue has them under their own tab.
      await open(page, 'Withdrawals');
      await page.getByRole('navigation', { name: 'Queue' }).getByRole('link', { name: 'Awaiting approval' }).click();
      assert.match(
        await rowText(page, 'Withdrawals: Awaiting approval', '60 USDT_TRC20'),
        /operator approved by olga.*Decide under Approvals/,
      );
    });
    a.assertClean('the admin');
    await desk.close();
    assert.equal(
      (await t.call('GET', `/v1/withdrawal?id=${held.id}`, { key: tenant.key })).body.data.status,
      'awaitingApproval',
      'the merchant’s approval is still due',
    );

    for (const [role, size] of [
      ['operatorSupport', PHONE],
      ['operatorAuditor', DESKTOP],
    ] as const) {
      const user = await member(t, undefined, role);
      const context = await d.browser.newContext(size);
      const w = await watchedPage(context, d.origin);
      await diagnosed(w.page, `console-${role}`, async () => {
        const { page } = w;
        await signIn(w, d.origin, user.email, PASSWORD);
        await openMenu(page);
        await navLink(page, 'Approvals').waitFor();
        assert.equal(await navLink(page, 'Sandbox').count(), 0, `${role}: no sandbox tools`);
        await open(page, 'Approvals');
        await page.getByText('Your role reads this queue; an operator admin or operations decides.').waitFor();
        await rowText(page, 'Withdrawals awaiting approval', '60 USDT_TRC20');
        assert.equal(await page.getByRole('button', { name: /^(Approve|Reject) withdrawal/ }).count(), 0, `${role}: no approve or reject`);
        await shootConsole(page, `approvals-${role}`);
        // A tenant's page reads the same, without what only admins and operations change.
        await open(page, 'Tenants');
        await page.getByRole('link', { name: 'Harbour Books' }).click();
        await page.getByRole('heading', { level: 1, name: 'Harbour Books' }).waitFor();
        for (const button of ['Save settings', 'Suspend tenant', 'Rotate webhook secret', 'Issue API key', 'Block customer']) {
          assert.equal(await page.getByRole('button', { name: button }).count(), 0, `${role}: no ${button}`);
        }
      });
      w.assertClean(role);
      await context.close();
    }
  });
});
