import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noChromium, waitInPage } from '../../helpers/browser.ts';
import { startReceiver, until } from '../../helpers/receiver.ts';
import { PASSWORD, member } from '../../users/helpers.ts';
import {
  DESKTOP,
  PHONE,
  diagnosed,
  namedTenant,
  navLink,
  openMenu,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
  type Watched,
} from '../kit.ts';
import { CONSOLE_PAGES, checkAndShoot, open, rowText } from './kit.ts';

const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
/** A payer on the installation's screening denylist. */
const FLAGGED = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

describe('console: the operator runs the installation in headless Chromium', { skip: noChromium }, () => {
  let d: Dashboard;
  // Every webhook of the shop is refused (410 is not retried: each delivery fails at once).
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let shop: { tenantId: string; accountId: string; key: string };
  const operatorEmail = 'ops@gateway.example';
  const dir = mkdtempSync(join(tmpdir(), 'cg-console-'));
  before(async () => {
    receiver = await startReceiver(() => ({ status: 410 }));
    writeFileSync(join(dir, 'denylist.txt'), `Tron:${FLAGGED}\n`);
    d = await startDashboard('pglite', { SCREENING_DENYLIST_FILE: join(dir, 'denylist.txt') });
    shop = await namedTenant(d.t, 'Corner Café');
    assert.equal(
      (await d.t.admin('PATCH', `/admin/tenants/${shop.tenantId}`, { webhookUrl: `${receiver.url}/hook`, depositCommission: 0 })).status,
      200,
    );
    await member(d.t, undefined, 'operator', operatorEmail);
  });
  after(async () => {
    await d?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Tenants → create → settings → key issued → secret → customer blocked and unblocked → suspended and resumed → key revoked → a user invited. */
  async function manageTenant(w: Watched): Promise<string> {
    const { page } = w;
    const { t } = d;
    await open(page, 'Tenants');
    await page.getByLabel('Tenant name').fill('Harbour Books');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Books' }).waitFor();
    const tenantId = page.url().split('/').pop()!;

    await page.getByLabel('Deposit commission (%)').fill('0.5');
    await page.getByLabel('Maximum accounts').fill('3');
    await page.getByLabel('Webhook URL', { exact: true }).fill('https://books.example/hooks');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const saved = (await t.admin('GET', `/admin/tenants/${tenantId}`)).body.data;
    assert.deepEqual([saved.depositCommission, saved.maxAccounts, saved.webhookUrl], [0.005, 3, 'https://books.example/hooks']);

    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('All scopes (*)').check();
    await keys.getByRole('button', { name: 'Issue API key' }).click();
    await keys.getByText('API key issued.').waitFor();
    const key = (await keys.locator('code.secret').textContent())!;
    const currencies = () => t.call('GET', '/v1/currencies', { key });
    assert.equal((await currencies()).status, 200, 'the issued key works');

    const secret = page.getByRole('region', { name: 'Webhook secret' });
    await secret.getByRole('button', { name: 'Rotate webhook secret' }).click();
    await secret.getByRole('button', { name: 'Rotate now' }).click();
    assert.match((await secret.locator('code.secret').textContent())!, /^[0-9a-f]{64}$/);

    await blockAndUnblock(page, tenantId);
    await suspendAndResume(page, currencies);

    const prefix = (await t.admin('GET', `/admin/api-keys?tenantId=${tenantId}`)).body.data[0].prefix as string;
    await keys.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    await keys.getByRole('button', { name: 'Revoke key', exact: true }).click();
    await keys.getByText(/^Revoked /).waitFor();
    assert.equal((await currencies()).status, 401, 'the revoked key is refused');

    const users = page.getByRole('region', { name: 'Invite a user' });
    await users.getByLabel('Email').fill('clerk@books.example');
    await users.getByLabel('Role').selectOption('finance');
    await users.getByRole('button', { name: 'Invite' }).click();
    assert.match((await users.locator('code.secret').textContent())!, /\/dashboard\/invite#[\w-]{20,}$/);
    await page.getByRole('table', { name: 'Users' }).getByText('clerk@books.example').waitFor();
    await checkAndShoot(page, 'tenant-desktop', 'tenant');
    return tenantId;
  }

  async function blockAndUnblock(page: Page, tenantId: string) {
    const blocks = page.getByRole('region', { name: 'Blocked customers' });
    await blocks.getByLabel('Customer id').fill('fraud-7');
    await blocks.getByRole('button', { name: 'Block customer' }).click();
    await blocks.getByRole('table', { name: 'Blocked customers' }).getByText('fraud-7').waitFor();
    const listed = async () =>
      (await d.t.admin('GET', `/admin/customers/blocks?tenantId=${tenantId}`)).body.data.map((b: { customerId: string }) => b.customerId);
    assert.deepEqual(await listed(), ['fraud-7']);
    await blocks.getByRole('button', { name: 'Unblock fraud-7' }).click();
    await blocks.getByRole('button', { name: 'Unblock customer' }).click();
    await blocks.getByText('No customer is blocked.').waitFor();
    assert.deepEqual(await listed(), []);
  }

  async function suspendAndResume(page: Page, currencies: () => Promise<{ status: number; body: any }>) {
    const suspension = page.getByRole('region', { name: 'Suspension' });
    await suspension.getByRole('button', { name: 'Suspend tenant' }).click();
    // The confirmation says what stops and what stays before anything happens.
    assert.match((await suspension.getByRole('group', { name: 'Suspend tenant' }).textContent())!, /API key.*session.*money stays/s);
    await checkAndShoot(page, 'suspend-confirm-desktop');
    await suspension.getByRole('button', { name: 'Suspend now' }).click();
    await suspension.getByText(/^Suspended since/).waitFor();
    const refused = await currencies();
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.tenantSuspended']);
    await suspension.getByRole('button', { name: 'Resume tenant' }).click();
    await suspension.getByRole('button', { name: 'Resume now' }).click();
    await suspension.getByRole('button', { name: 'Suspend tenant' }).waitFor();
    assert.equal((await currencies()).status, 200, 'resumed: the key works again');
  }

  /** Sandbox tools: a transfer to the shop's deposit address, seen on Networks, then mined to confirmation. */
  async function sandboxTransfer(w: Watched) {
    const { page } = w;
    const { t } = d;
    const deposit = (
      await t.call('POST', '/v1/deposit', { key: shop.key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'console-top-up' } })
    ).body.data;
    await open(page, 'Sandbox', 'Sandbox tools');
    await page.getByLabel('Currency', { exact: true }).selectOption('USDT_TRC20');
    await page.getByLabel('To address').fill(deposit.address);
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Send transfer' }).click();
    await page.getByText(/^Transfer sent: /).waitFor();
    await open(page, 'Networks');
    const tron = page.getByRole('region', { name: 'Tron' });
    await tron.getByText('Reachable').waitFor();
    // The watcher sees the transfer; the open page follows (polled).
    await tron
      .locator('dt', { hasText: 'Unconfirmed payments' })
      .locator('xpath=following-sibling::dd[1]')
      .getByText('1', { exact: true })
      .waitFor({ timeout: 15_000 });
    await checkAndShoot(page, 'networks-desktop', 'networks');
    await open(page, 'Sandbox', 'Sandbox tools');
    await page.getByLabel('Network', { exact: true }).selectOption('Tron');
    await page.getByLabel('Blocks', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Mine' }).click();
    await page.getByText(/^Mined: Tron is at height \d+/).waitFor();
    await until(
      async () => (await t.call('GET', `/v1/deposit?id=${deposit.id}`, { key: shop.key })).body.data.status === 'completed',
      15_000,
      'the deposit confirmed',
    );
  }

  /** A token outside the catalogue at the shop's deposit address: listed for the operator, then dismissed as spam. */
  async function unlistedToken(w: Watched) {
    const { page } = w;
    const { t } = d;
    const deposit = (
      await t.call('POST', '/v1/deposit', { key: shop.key, body: { cryptoCurrencyCode: 'USDT_ERC20', orderId: 'console-airdrop' } })
    ).body.data;
    const contract = '0x2222222222222222222222222222222222222222';
    await t.admin('POST', '/admin/sandbox/transfers', { contract, network: 'Ethereum', to: deposit.address, amount: '123456789' });
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Ethereum', blocks: 1 });
    await open(page, 'Unlisted tokens');
    const table = page.getByRole('table', { name: 'Unlisted tokens: held' });
    await table.getByText(contract).waitFor({ timeout: 15_000 });
    assert.match(await rowText(page, 'Unlisted tokens: held', contract), /123,456,789/, 'the units grouped');
    const [row] = (await t.admin('GET', '/admin/unlisted-tokens')).body.data;
    await page.getByRole('button', { name: `Dismiss token ${row.id}` }).click();
    await page.getByRole('group', { name: 'Dismiss' }).getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText(/^Dismissed 123,456,789 units/).waitFor();
    assert.equal((await t.admin('GET', '/admin/unlisted-tokens?status=dismissed')).body.data[0].id, row.id);
  }

  /**
   * Payments from a denylisted payer: held in the review queue, nothing credited, until released
   * from it. The second stays held, for the every-page check to see the queue with its controls.
   */
  async function heldPayment(w: Watched) {
    const { page } = w;
    const { t } = d;
    const deposit = async (orderId: string, amount: number) => {
      const created = (await t.call('POST', '/v1/deposit', { key: shop.key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId } })).body
        .data;
      await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: created.address, amount, from: FLAGGED });
      return created as { id: string; address: string };
    };
    const first = await deposit('console-held', 12);
    await deposit('console-held-2', 7);
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 3 });
    await open(page, 'Held payments');
    await page.getByRole('table', { name: 'Held payments: held' }).getByText('12 USDT_TRC20').waitFor({ timeout: 15_000 });
    assert.match(await rowText(page, 'Held payments: held', '12 USDT_TRC20'), /TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf.*deny by denylist/);
    await checkAndShoot(page, 'held-payments-desktop', 'held-payments');
    assert.equal(
      (await t.call('GET', `/v1/deposit?id=${first.id}`, { key: shop.key })).body.data.status,
      'created',
      'nothing credited while held',
    );
    const row = (await t.admin('GET', '/admin/held-payments')).body.data.find((h: { ownerId: string }) => h.ownerId === first.id);
    await page.getByRole('button', { name: `Release payment ${row.id}` }).click();
    await page.getByRole('group', { name: 'Release' }).getByRole('button', { name: 'Release and credit' }).click();
    await page.getByText(/^Released 12 USDT_TRC20/).waitFor();
    await page.getByRole('link', { name: 'Released' }).click();
    // The row once the released list has loaded (the held list's rows stay while it loads).
    assert.match(
      await rowText(page, 'Held payments: released', /released by ops@gateway\.example/),
      /12 USDT_TRC20.*TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf/,
    );
    assert.equal((await t.call('GET', `/v1/deposit?id=${first.id}`, { key: shop.key })).body.data.status, 'completed');
  }

  /**
   * A withdrawal waiting, and saying why: USDT converted to USDC, whose withdrawal the workers do
   * not sign while USDC's network fee is unset (the sandbox's fee market). The queue shows the
   * reason; cancelled from it, refunded.
   */
  async function cancelWaiting(w: Watched) {
    const { page } = w;
    const { t } = d;
    const post = (path: string, body: unknown) => t.call('POST', path, { key: shop.key, body });
    const quote = (
      await post('/v1/converting/quote', { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_ERC20', fromAmount: 60 })
    ).body.data;
    assert.equal((await post('/v1/converting/commit', { quoteId: quote.quoteId })).status, 201);
    const wq = await post('/v1/withdrawal/quote', {
      cryptoCurrencyCode: 'USDC_ERC20',
      address: EVM_TO,
      amount: 25,
      orderId: 'console-payout',
    });
    assert.equal(wq.status, 200, JSON.stringify(wq.body));
    const fee = { cryptoCurrencyCode: 'USDC_ERC20', amount: wq.body.data.fee.feeInCryptoCurrencyCode };
    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { ...fee, amount: null })).status, 200);
    const committed = await post('/v1/withdrawal/commit', { quoteId: wq.body.data.quoteId });
    assert.equal(committed.status, 201, JSON.stringify(committed.body));
    const id = committed.body.data.id as string;
    const balance = async () =>
      (await t.call('GET', '/v1/balances', { key: shop.key })).body.data.find(
        (b: { cryptoCurrencyCode: string }) => b.cryptoCurrencyCode === 'USDC_ERC20',
      )?.amount;
    const before = await balance();
    await until(
      async () => (await t.admin('GET', `/admin/withdrawals/${id}`)).body.data.waitingReason === 'feeUnavailable',
      15_000,
      'the round stored why it waits',
    );

    await open(page, 'Withdrawals');
    const row = await rowText(page, 'Withdrawals: Waiting', 'Corner Café');
    assert.match(row, /25 USDC_ERC20/);
    assert.match(row, /Network fee unavailable/);
    await checkAndShoot(page, 'withdrawals-desktop', 'withdrawals');
    await page.getByRole('button', { name: `Cancel withdrawal ${id}` }).click();
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByText(/cancelled and refunded/).waitFor();
    await page.getByText('The queue is empty.').waitFor();
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${id}`, { key: shop.key })).body.data.status, 'cancelled');
    assert.ok((await balance()) > before, 'the amount and fee are back on the balance');
    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', fee)).status, 200);
  }

  /** Webhooks: the shop's failing endpoint and its failed deliveries; one redelivered. */
  async function redeliver(w: Watched) {
    const { page } = w;
    await open(page, 'Webhooks');
    await page.getByRole('table', { name: 'Failing endpoints' }).getByText(`${receiver.url}/hook`).waitFor({ timeout: 15_000 });
    await page.getByLabel('Delivery status').selectOption('failed');
    await page.waitForURL(/status=failed/);
    const failed = page.getByRole('table', { name: 'Webhook deliveries' }).getByRole('row').filter({ hasText: 'failed' }).first();
    await failed.waitFor();
    await checkAndShoot(page, 'webhooks-desktop', 'webhooks');
    const before = receiver.received.length;
    await failed.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(/^Redelivery of [\w.]+ queued\.$/).waitFor();
    await until(() => receiver.received.length > before, 15_000, 'the redelivered attempt');
  }

  /** Users across tenants: an operator invited (the link shown once), a merchant user found and disabled, another's keys handed over. */
  async function people(w: Watched) {
    const { page } = w;
    await open(page, 'Users');
    await page.getByRole('table', { name: 'Users' }).getByText(operatorEmail).waitFor();
    const invite = page.getByRole('region', { name: 'Invite an operator or a merchant user' });
    await invite.getByLabel('Email').fill('night-shift@gateway.example');
    await invite.getByLabel('Role').selectOption('operator');
    await invite.getByRole('button', { name: 'Invite' }).click();
    assert.match((await invite.locator('code.secret').textContent())!, /\/dashboard\/invite#[\w-]{20,}$/);
    await page.getByRole('table', { name: 'Users' }).getByText('night-shift@gateway.example').waitFor();
    await page.getByLabel('Search').fill('clerk@');
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL(/search=clerk/);
    assert.match(await rowText(page, 'Users', 'clerk@books.example'), /Harbour Books.*finance.*invited/);
    await page.getByRole('button', { name: 'Disable clerk@books.example' }).click();
    await page.getByRole('button', { name: 'Disable user' }).click();
    await page.getByText('clerk@books.example is disabled.').waitFor();
    const found = (await d.t.admin('GET', '/admin/users?search=clerk%40books')).body.data;
    assert.deepEqual(
      found.map((u: { status: string }) => u.status),
      ['disabled'],
    );

    // A leaving developer's API key handed to a colleague (without a choice it would be revoked).
    const leaving = await member(d.t, shop.tenantId, 'developer', 'leaving@corner.example');
    await member(d.t, shop.tenantId, 'developer', 'staying@corner.example');
    const key = (await leaving.call('POST', '/v1/api-keys', { body: { scopes: ['invoices.list'], accountId: shop.accountId } })).body.data
      .key;
    await page.getByLabel('Search').fill('leaving@');
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL(/search=leaving/);
    await page.getByRole('button', { name: 'Disable leaving@corner.example' }).click();
    await page.getByLabel('API keys of leaving@corner.example').selectOption({ label: 'Hand them to staying@corner.example (developer)' });
    await page.getByRole('button', { name: 'Disable user' }).click();
    await page.getByText('leaving@corner.example is disabled.').waitFor();
    assert.equal((await d.t.call('GET', '/v1/invoice/list', { key })).status, 200, 'the key works on, as the colleague’s');
  }

  it('invited operator signs in → overview → tenant managed → users → sandbox transfer on networks → waiting withdrawal cancelled → webhook redelivered → rates → audit → held payment released', async () => {
    const context = await d.browser.newContext(DESKTOP);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, 'console-journey', async () => {
      await signIn(w, d.origin, operatorEmail, PASSWORD);
      assert.match((await page.getByRole('banner').textContent())!, /Operator console.*Sandbox|Sandbox.*Operator console/s);
      for (const [link] of CONSOLE_PAGES) assert.equal(await navLink(page, link).count(), 1, `nav link ${link}`);
      await page.getByRole('region', { name: 'Solvency' }).getByText('Every currency is covered').waitFor();
      await page.getByRole('table', { name: 'Networks' }).getByText('Tron').waitFor();

      const tenantId = await manageTenant(w);
      await open(page, 'Tenants');
      await page.getByRole('link', { name: 'Harbour Books' }).waitFor();
      await checkAndShoot(page, 'tenants-desktop', 'tenants');
      await people(w);
      await sandboxTransfer(w);
      await unlistedToken(w);
      await cancelWaiting(w);
      await redeliver(w);

      await open(page, 'Rates');
      assert.match(await rowText(page, 'USD prices', 'USDT'), /ok/);
      await open(page, 'Audit log');
      await page.getByRole('table', { name: 'Audit log' }).getByText('tenant.suspended').waitFor();
      await page.getByLabel('Tenant').selectOption(tenantId);
      await page.waitForURL(/tenantId=/);
      await page.getByRole('table', { name: 'Audit log' }).getByText('tenant.resumed').waitFor();
      await checkAndShoot(page, 'audit-desktop');
      // The overview once money moved: the shop's USDT in custody, and the converted USDC the chain does not hold (a warning).
      await open(page, 'Overview');
      assert.match(await rowText(page, 'Solvency per currency', 'USDT_TRC20'), /100/);
      assert.match(await rowText(page, 'Solvency per currency', 'USDC_ERC20'), /warning/);
      await page.getByText(/^Warning:/).waitFor();
      await checkAndShoot(page, 'overview-desktop', 'overview');
      await heldPayment(w);
    });
    w.assertClean('the operator journey');
    await context.close();
  });

  it('every console page fits a phone and a desktop, passes axe-core, and works by keyboard', async () => {
    for (const [size, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const context = await d.browser.newContext(options);
      const w = await watchedPage(context, d.origin);
      const { page } = w;
      await diagnosed(page, `console-${size}`, async () => {
        await signIn(w, d.origin, operatorEmail, PASSWORD);
        // Keyboard: the first Tab reaches the skip link; a nav link follows on Enter and its page's heading takes the focus.
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content');
        await openMenu(page);
        await navLink(page, 'Tenants').focus();
        await page.keyboard.press('Enter');
        await waitInPage(page, `document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Tenants'`);
        await page.getByRole('link', { name: 'Corner Café' }).click();
        await page.getByRole('heading', { level: 1, name: 'Corner Café' }).waitFor();
        await page.getByRole('table', { name: 'API keys' }).waitFor();
        await checkAndShoot(page, `all-tenant-${size}`);
        for (const [link, heading] of CONSOLE_PAGES) {
          await open(page, link, heading);
          // Loaded: no "Loading…" or "Reading…" left.
          await page
            .locator('main p.live')
            .filter({ hasText: /^(Loading|Reading)/ })
            .first()
            .waitFor({ state: 'hidden' });
          await checkAndShoot(
            page,
            `all-${link.toLowerCase().replace(' ', '-')}-${size}`,
            link === 'Overview' && size === 'phone' ? 'overview-phone' : undefined,
          );
        }
      });
      w.assertClean(`every page on a ${size}`);
      await context.close();
    }
  });
});
