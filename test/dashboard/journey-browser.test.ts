import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { noChromium } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { authenticator } from '../users/helpers.ts';
import {
  DESKTOP,
  PASSWORD,
  checkAndShoot,
  diagnosed,
  go,
  inviteUser,
  namedTenant,
  navLink,
  startDashboard,
  watchedPage,
  type Dashboard,
  type Watched,
} from './kit.ts';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const MAIN_PAGES = [
  'Overview',
  'Invoices',
  'Payment links',
  'Subscriptions',
  'Deposits',
  'Withdrawals',
  'Batch payouts',
  'Payouts',
  'Conversions',
  'x402',
  'Developers',
  'Settings',
];

describeEngines('dashboard: the owner runs the business in headless Chromium (desktop)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  // The tenant's webhook receiver refuses every event (410 is not retried: the delivery fails at once).
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    receiver = await startReceiver(() => ({ status: 410 }));
    d = await startDashboard(engine);
  });
  after(async () => {
    await d?.close();
    await receiver?.close();
  });

  /** invite → set password → overview, with the document's CSP checked on the way. */
  async function acceptInvite(w: Watched, token: string, email: string) {
    const { page } = w;
    const res = await page.goto(`${d.origin}/dashboard/invite#${token}`);
    const csp = res!.headers()['content-security-policy']!;
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(await page.getByTestId('invite-email').textContent(), email);
    await checkAndShoot(page, 'invite-desktop');
    // A guessable password is refused by the server, and the page says why and what would help.
    w.expect(400, '/auth/invite');
    await page.getByLabel('Password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm password').fill('password1234');
    await page.getByRole('button', { name: 'Set password' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'too easy to guess' });
    await refusal.waitFor();
    assert.match((await refusal.textContent())!, /commonly used password/);
    assert.doesNotMatch((await refusal.textContent())!, /exceptions\./, 'the words, not the code');
    assert.equal(await refusal.getAttribute('data-code'), 'exceptions.user.passwordTooWeak');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    for (const name of MAIN_PAGES) assert.equal(await navLink(page, name).count(), 1, `nav link ${name}`);
    assert.match((await page.getByRole('banner').textContent())!, /Sandbox/);
  }

  /** The invoice page follows the invoice to paid without a reload; its failed webhook is redelivered. */
  async function watchInvoicePaid(w: Watched, key: string) {
    const { t } = d;
    const { page } = w;
    const created = await t.call('POST', '/v1/invoice', {
      key,
      body: { amount: 25, fiatCurrencyCode: 'USD', orderId: 'order-dash-1', description: 'Two T-shirts' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.data.id;
    await go(page, 'Invoices');
    await page.getByRole('link', { name: 'order-dash-1' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice order-dash-1' }).waitFor();
    await page.getByText('Status: created').waitFor();
    // The customer pays on the hosted page's sandbox; the open dashboard page polls and follows.
    assert.equal((await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).status, 200);
    const paid = await t.call('POST', `/pay/${id}/simulate`, { body: { amount: 'exact' } });
    assert.equal(paid.status, 200);
    await page.getByText('Status: processing').waitFor({ timeout: 15_000 });
    assert.equal((await t.call('POST', `/pay/${id}/simulate/mine`, { body: {} })).status, 200);
    await page.getByText('Status: paid').waitFor({ timeout: 15_000 });
    // The Payments table names the transaction (its hash's start, the whole in the title) and its depth.
    const payment = page
      .getByRole('table', { name: 'Payments', exact: true })
      .getByRole('row')
      .filter({ hasText: paid.body.data.txHash.slice(0, 16) });
    assert.equal(await payment.getByTitle(paid.body.data.txHash).count(), 1);
    await payment.getByRole('cell', { name: 'confirmed', exact: true }).waitFor();
    await payment.getByRole('cell', { name: /^(\d+) of \1 confirmations?$/ }).waitFor();
    await page.getByRole('region', { name: 'Payment', exact: true }).getByText('Credited to your balance').waitFor();
    // TRX sent to the same address: listed, not counted toward the invoice, credited as TRX.
    const { address } = (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data;
    await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'TRX', to: address, amount: '50' });
    await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 5 });
    const other = page.getByRole('table', { name: 'Payments', exact: true }).getByRole('row').filter({ hasText: 'another asset' });
    await other.getByRole('cell', { name: 'No: TRX, another asset' }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('note')
      .getByText(/does not count toward it/)
      .waitFor();
    await page.getByText('Status: paid').waitFor();
    // It can be refunded in TRX: the quote names the invoice and the asset that arrived.
    await page.getByRole('button', { name: 'Refund TRX' }).click();
    await page.getByLabel('Refund address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('Refund amount').fill('30');
    await page.getByRole('button', { name: 'Get refund quote' }).click();
    await page.getByRole('button', { name: 'Confirm refund' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
    await deliveries.getByText('failed').first().waitFor({ timeout: 15_000 });
    await checkAndShoot(page, 'invoice-desktop', 'invoice');

    const before = receiver.received.length;
    const first = deliveries.getByRole('listitem').filter({ hasText: 'failed' }).first();
    await first.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(/Redelivery of invoice\.\w+ queued/).waitFor();
    await until(() => receiver.received.length > before, 15_000, 'the redelivered attempt');
    await deliveries.getByText('2 attempts').first().waitFor({ timeout: 15_000 });
    const again = deliveries.getByRole('listitem').filter({ hasText: '2 attempts' }).first();
    await again.getByRole('button', { name: 'Show attempts' }).click();
    await again.getByText('Attempt 2').waitFor();
    assert.match((await again.getByRole('list', { name: 'Attempts' }).textContent())!, /HTTP 410/);
  }

  /** Developers: a key bound to the account, shown once and working; the webhook secret rotated. */
  async function keyAndSecret(w: Watched, accountId: string) {
    const { page } = w;
    await go(page, 'Developers');
    await page.getByLabel('Name', { exact: true }).fill('Invoice reader');
    await page.getByLabel('invoices.list').check();
    await page.getByLabel('Key account').selectOption(accountId);
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByText('API key created.').waitFor();
    const key = (await page.locator('code.secret').textContent())!;
    assert.equal((await d.t.call('GET', '/v1/invoice/list?page=1&limit=5', { key })).status, 200, 'the new key works');
    assert.equal((await d.t.call('GET', '/v1/deposit/list?page=1&limit=5', { key })).status, 403, 'with only its scopes');
    await checkAndShoot(page, 'developers-desktop', 'developers');

    await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await page.getByText('Copy the new secret now').waitFor();
    assert.match((await page.locator('code.secret').textContent())!, /^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event queued').waitFor();
    await page.getByRole('region', { name: 'Delivery log' }).getByText('webhook.test').first().waitFor();
    await page.getByRole('region', { name: 'Delivery log' }).getByText('invoice.statusChanged').first().waitFor();
    await checkAndShoot(page, 'webhooks-desktop', 'webhooks');
  }

  /** Settings → Security: enrol an authenticator; the secret is read off the page as an app would scan it. */
  async function enrolTwoFactor(w: Watched) {
    const { page } = w;
    await go(page, 'Settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const app = authenticator((await page.locator('code.secret').textContent())!);
    await page.getByLabel('Authentication code').fill(app.code());
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    // Its recovery codes are shown once, and put away on purpose (test/dashboard/recovery-codes-browser.test.ts).
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByText('Two-factor authentication is on.').first().waitFor();
    return app;
  }

  /** New withdrawal: quote → confirm (fees, countdown) → the code → committed. */
  async function withdrawWithCode(w: Watched, app: { code(offset?: number): string }) {
    const { page } = w;
    await go(page, 'Withdrawals');
    await page.getByRole('link', { name: 'New withdrawal' }).click();
    await page.getByRole('heading', { level: 1, name: 'New withdrawal' }).waitFor();
    await page.getByLabel('Currency').selectOption('USDT_TRC20');
    await page.getByLabel('Address').fill(TRON_ADDRESS);
    await page.getByLabel('Amount').fill('5');
    await page.getByRole('button', { name: 'Get quote' }).click();
    await page.getByText(/This quote expires in \d+:\d\d/).waitFor();
    assert.match((await page.getByRole('form', { name: 'Confirm withdrawal' }).textContent())!, /Network fee.*Total deducted/s);
    await checkAndShoot(page, 'withdraw-confirm-desktop', 'withdraw');
    // The enrolment used this time step's code; a code is accepted once, so the next step's.
    await page.getByLabel('Authentication code').fill(app.code(1));
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await page.getByRole('heading', { level: 1, name: /^Withdrawal / }).waitFor();
    await page.getByText(/Status: (created|processing|completed)/).waitFor();
  }

  /** Export CSV of the invoices for the default range: the download's header row. */
  async function exportCsv(w: Watched) {
    const { page } = w;
    await go(page, 'Invoices');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const [header, row] = csv.split('\r\n');
    assert.match(header!, /^id,orderId,.*status/);
    assert.match(row!, /order-dash-1/);
  }

  it('invite → set password → sign in → invoice paid live → API key → secret → redeliver → 2FA withdrawal → CSV → sign out', async () => {
    const { t, origin } = d;
    const { tenantId, accountId, key } = await namedTenant(t, 'Corner Café');
    assert.equal((await t.admin('PATCH', `/admin/tenants/${tenantId}`, { webhookUrl: `${receiver.url}/hook` })).status, 200);
    const email = 'maria@corner-cafe.example';
    const token = await inviteUser(t, tenantId, email, 'owner');
    const context = await d.browser.newContext({ ...DESKTOP, acceptDownloads: true });
    const w = await watchedPage(context, origin);

    await diagnosed(w.page, `journey-${engine}`, async () => {
      await acceptInvite(w, token, email);
      await checkAndShoot(w.page, 'overview-desktop-empty');
      await watchInvoicePaid(w, key);
      await go(w.page, 'Overview');
      await w.page.getByRole('region', { name: 'Balances' }).getByText('USDT_TRC20').waitFor();
      await checkAndShoot(w.page, 'overview-desktop', 'overview');
      await keyAndSecret(w, accountId);
      await withdrawWithCode(w, await enrolTwoFactor(w));
      await exportCsv(w);
    });

    await w.page.locator('summary', { hasText: email }).click();
    await w.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await w.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // The session is gone on the server too.
    w.expect(401, '/auth/me');
    assert.equal(await w.page.evaluate("fetch('/auth/me').then((r) => r.status)"), 401);
    w.assertClean('the owner journey');
    await context.close();
  });
});
