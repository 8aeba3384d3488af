/**
 * Money and flows in the dashboard as people use them, in headless Chromium with the
 * browser's language set per context: amounts read as German, French and Russian write them (and
 * refused where they would mean another number); a withdrawal with its balance, Max, a refusal at
 * quote time said at the field, Cancel back to the filled form and Refresh of an expired quote; a
 * conversion's rate and commission; an 18-decimal ETH balance with every digit; one name per withdrawal; what a viewer finds at the create
 * pages; API keys with a name, presets and their own account.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { describeEngines, type TestApp } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';
import { fundedAccount, sandboxTransfer, setNetworkFee } from '../helpers/scenario.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import {
  DESKTOP,
  PHONE,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  namedTenant,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
  type Watched,
} from './kit.ts';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
type Tenant = Awaited<ReturnType<typeof namedTenant>>;

/** Types into a field key by key, as a person does (not fill(), which sets the value at once). */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.pressSequentially(text);
}

/** The visible text of the page's main region: never an `exceptions.*` code in it. */
async function assertPlainWords(page: Page, what: string): Promise<void> {
  assert.doesNotMatch((await page.locator('main').innerText())!, /exceptions\./, `${what}: plain words, no error code`);
}

describeEngines('dashboard: money and flows as people use them (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenant: Tenant;
  let owner: string;
  before(async () => {
    d = await startDashboard(engine);
    tenant = await namedTenant(d.t, 'Corner Café');
    // 100 USDT on Tron to withdraw and convert (network fee 1).
    await fundedAccount(d.t, { tenant: { ...tenant, keyId: '' }, rates: null });
    owner = (await member(d.t, tenant.tenantId, 'owner')).email;
  });
  after(async () => {
    await d?.close();
  });

  /** A signed-in owner in a browser speaking `locale`. */
  async function ownerIn(locale: string, device: typeof DESKTOP | typeof PHONE = DESKTOP): Promise<Watched> {
    const context = await d.browser.newContext({ ...device, locale });
    const w = await watchedPage(context, d.origin);
    await signIn(w, d.origin, owner, PASSWORD);
    return w;
  }

  const api = (t: TestApp, path: string) => t.call('GET', path, { key: tenant.key });

  it('reads 49,90 and 5,5 as German, French and Russian write them; refuses 49,90 in English and 49.90 in German at the field', async () => {
    for (const locale of ['de-DE', 'fr-FR', 'ru-RU']) {
      const w = await ownerIn(locale);
      const { page } = w;
      await diagnosed(page, `decimal-comma-${locale}-${engine}`, async () => {
        const orderId = `comma-${locale}-${engine}`;
        await page.goto(`${d.origin}/dashboard/invoices/new`);
        await page.getByRole('option', { name: /^EUR/ }).waitFor({ state: 'attached' });
        await page.getByLabel('Currency').selectOption('EUR');
        // The hint and the field speak the same language: "At least 1,00 €".
        await page.getByText(/At least 1,00\s€/).waitFor();
        await typeInto(page, 'Amount', '49,90');
        await page.getByLabel('Order id').fill(orderId);
        await page.getByRole('button', { name: 'Create invoice' }).click();
        await page.getByRole('heading', { level: 1, name: `Invoice ${orderId}` }).waitFor();
        const invoice = (await api(d.t, `/v1/invoice?orderId=${orderId}`)).body.data;
        assert.deepEqual([invoice.amount, invoice.fiatCurrencyCode], [49.9, 'EUR'], `${locale}: 49,90 is 49.90, not 4 990`);
        assert.match((await page.getByRole('region', { name: 'Details' }).innerText())!, /49,90/);

        // A withdrawal quote of 5,5 is 5.5 USDT, shown back as 5,5.
        await page.goto(`${d.origin}/dashboard/withdrawals/new`);
        await page.getByLabel('Currency').selectOption('USDT_TRC20');
        await page.getByLabel('Address').fill(TRON_ADDRESS);
        await typeInto(page, 'Amount', '5,5');
        await page.getByRole('button', { name: 'Get quote' }).click();
        const confirm = page.getByRole('form', { name: 'Confirm withdrawal' });
        await confirm.waitFor();
        assert.match((await confirm.innerText())!, /Amount sent\s+5,5 USDT_TRC20/, `${locale}: 5,5 quotes 5.5, not 55`);
        if (locale === 'de-DE') await checkAndShoot(page, 'withdraw-confirm-de-desktop');
      });
      w.assertClean(locale);
      await w.page.context().close();
    }
    for (const [locale, typed, told] of [
      ['en-US', '49,90', 'Write the decimals after a point, as in 49.90.'],
      ['de-DE', '49.90', 'Write the decimals after a comma, as in 49,90.'],
    ] as const) {
      const w = await ownerIn(locale);
      const { page } = w;
      await diagnosed(page, `decimal-refused-${locale}-${engine}`, async () => {
        const before = (await api(d.t, '/v1/invoice/list?limit=100')).body.total;
        await page.goto(`${d.origin}/dashboard/invoices/new`);
        await page.getByRole('option', { name: /^USD/ }).waitFor({ state: 'attached' });
        await typeInto(page, 'Amount', typed);
        await page.getByRole('button', { name: 'Create invoice' }).click();
        await page.getByText(told).waitFor();
        // The field says it, is marked invalid and has the focus; nothing was sent.
        assert.equal(await page.getByLabel('Amount').getAttribute('aria-invalid'), 'true');
        await waitInPage(page, 'document.activeElement?.getAttribute("aria-invalid") === "true"');
        assert.equal((await api(d.t, '/v1/invoice/list?limit=100')).body.total, before, `${locale}: ${typed} made no invoice`);
        await checkAndShoot(page, `new-invoice-refused-${locale}`);
      });
      w.assertClean(locale);
      await w.page.context().close();
    }
  });

  it('withdrawal: the balance and Max, a quote over the balance refused at the field, Cancel keeps the form, an expired quote refreshes, the address grouped, the fee said once', async () => {
    const w = await ownerIn('en-US');
    const { page } = w;
    await diagnosed(page, `withdrawal-flow-${engine}`, async () => {
      await page.goto(`${d.origin}/dashboard/withdrawals/new`);
      await page.getByLabel('Currency').selectOption('USDT_TRC20');
      const amountField = page.getByLabel('Amount');
      await page.getByText(/^Balance [\d.]+ USDT_TRC20 · network fee 1 USDT_TRC20/).waitFor();
      const balance = (await api(d.t, '/v1/balances')).body.data.find((b: any) => b.cryptoCurrencyCode === 'USDT_TRC20').amount as number;
      await page.getByLabel('Address').fill(TRON_ADDRESS);

      // Over the balance: refused when quoting, at the Amount field, in words naming the balance.
      w.expect(400, '/v1/withdrawal/quote');
      await amountField.fill(String(balance + 50));
      await page.getByRole('button', { name: 'Get quote' }).click();
      await page.getByText(`The balance, ${balance} USDT_TRC20, does not cover this amount and the network fee`).waitFor();
      assert.equal(await amountField.getAttribute('aria-invalid'), 'true');
      await assertPlainWords(page, 'over the balance');
      await checkAndShoot(page, 'new-withdrawal-over-balance-desktop');

      // Max: the balance less the network fee, exactly.
      await page.getByRole('button', { name: /^Max/ }).click();
      assert.equal(await amountField.inputValue(), String(balance - 1));
      await page.getByRole('button', { name: 'Get quote' }).click();
      const confirm = page.getByRole('form', { name: 'Confirm withdrawal' });
      await confirm.waitFor();
      const text = (await confirm.innerText())!;
      assert.match(text, new RegExp(`Total deducted\\s+${balance} USDT_TRC20`));
      assert.equal(text.match(/fee/gi)?.length, 1, `the fee is said once: ${text}`);
      assert.match(text, /Network fee\s+1 USDT_TRC20 \(\$1\.00\), paid on the network as 4 TRX/);
      // The address in groups of four, monospaced; its text is the address, without gaps.
      const grouped = confirm.locator('.address-groups');
      assert.equal(await grouped.textContent(), TRON_ADDRESS);
      assert.equal(await grouped.locator('span').count(), Math.ceil(TRON_ADDRESS.length / 4));
      assert.match(await grouped.evaluate((el) => (globalThis as any).getComputedStyle(el).fontFamily as string), /mono/i);

      // Cancel: back to the form as it was.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      assert.deepEqual(
        [await page.getByLabel('Address').inputValue(), await amountField.inputValue()],
        [TRON_ADDRESS, String(balance - 1)],
      );

      // A quote that expired while the page was open: Confirm says so and offers Refresh.
      await amountField.fill('10');
      await page.getByRole('button', { name: 'Get quote' }).click();
      await confirm.waitFor();
      await d.t.ctx.db
        .updateTable('withdrawal_quotes')
        .set({ expires_at: sql`now() - interval '1 second'` as never })
        .where('committed_at', 'is', null)
        .execute();
      w.expect(400, '/v1/withdrawal/commit');
      await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await confirm.getByText('This quote has expired: refresh it for the current fee.').waitFor();
      await checkAndShoot(page, 'withdraw-expired-desktop');
      await confirm.getByRole('button', { name: 'Refresh quote' }).click();
      await confirm.getByText(/This quote expires in \d+:\d\d/).waitFor();
      await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await page.getByRole('heading', { level: 1, name: /^Withdrawal [0-9a-f]{8}…$/ }).waitFor();
    });
    w.assertClean('the withdrawal');
    await page.context().close();
  });

  it('an 18-decimal ETH amount is shown with every digit: the balance on the overview and the withdrawal form, the deposit that made it', async () => {
    // 1.123456789012345678 ETH arrives, the 1 ETH network fee is kept: 0.123456789012345678 is credited (a double holds 0.12345678901234568).
    await setNetworkFee(d.t, 'ETH', 1);
    const deposit = (
      await d.t.call('POST', '/v1/deposit', { key: tenant.key, body: { cryptoCurrencyCode: 'ETH', orderId: `eth-18-${engine}` } })
    ).body.data;
    await sandboxTransfer(d.t, 'ETH', deposit.address, '1.123456789012345678', { listen: 'deposits', blocks: 30 });
    await until(async () => (await api(d.t, `/v1/deposit?id=${deposit.id}`)).body.data.settlement !== null, 15_000, 'the deposit credited');
    const w = await ownerIn('en-US');
    const { page } = w;
    await diagnosed(page, `eighteen-decimals-${engine}`, async () => {
      // Chromium hands a reviver each number's source text: the path the dashboard reads its answers by.
      const source = await page.evaluate(() => {
        let seen: string | undefined;
        JSON.parse('[0.1]', (_key, value, context?: { source?: string }) => ((seen ??= context?.source), value));
        return seen;
      });
      assert.equal(source, '0.1');
      await page.goto(`${d.origin}/dashboard`);
      await page.getByRole('table', { name: 'Balances' }).getByRole('cell', { name: '0.123456789012345678', exact: true }).waitFor();
      await page.goto(`${d.origin}/dashboard/withdrawals/new`);
      await page.getByLabel('Currency').selectOption('ETH');
      await page.getByText(/^Balance 0\.123456789012345678 ETH · network fee 1 ETH/).waitFor();
      await page.goto(`${d.origin}/dashboard/deposits/${deposit.id}`);
      const settlement = (await page.getByRole('region', { name: 'Settlement' }).innerText())!;
      assert.match(settlement, /Paid by the customer\s+1\.123456789012345678 ETH/);
      assert.match(settlement, /Credited to your balance\s+0\.123456789012345678 ETH/);
    });
    w.assertClean('the 18-decimal amounts');
    await page.context().close();
  });

  it('one name for one withdrawal: its heading, the list, the overview and the refunds of its invoice', async () => {
    const { t } = d;
    const inv = (
      await t.call('POST', '/v1/invoice', { key: tenant.key, body: { amount: 40, fiatCurrencyCode: 'USD', orderId: `refunded-${engine}` } })
    ).body.data;
    await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
    await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } });
    await t.call('POST', `/pay/${inv.id}/simulate/mine`, { body: {} });
    await until(async () => (await api(t, `/v1/invoice?id=${inv.id}`)).body.data.status === 'paid', 15_000, 'the invoice paid');
    const quote = await t.call('POST', '/v1/withdrawal/quote', {
      key: tenant.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_ADDRESS, amount: 10, invoiceId: inv.id },
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const refund = (await t.call('POST', '/v1/withdrawal/commit', { key: tenant.key, body: { quoteId: quote.body.data.quoteId } })).body
      .data;
    const w = await ownerIn('en-US');
    const { page } = w;
    await diagnosed(page, `withdrawal-name-${engine}`, async () => {
      await page.goto(`${d.origin}/dashboard/withdrawals/${refund.id}`);
      const heading = (await page.getByRole('heading', { level: 1, name: /^Withdrawal / }).textContent())!;
      assert.equal(heading, `Withdrawal ${refund.id.slice(0, 8)}…`);
      await page.goto(`${d.origin}/dashboard/invoices/${inv.id}`);
      await page.getByRole('table', { name: 'Refunds' }).getByRole('link', { name: heading, exact: true }).waitFor();
      await page.goto(`${d.origin}/dashboard/withdrawals`);
      await page.getByRole('link', { name: heading, exact: true }).waitFor();
      await page.goto(`${d.origin}/dashboard`);
      await page
        .getByRole('region', { name: 'Recent activity' })
        .getByText(`${refund.id.slice(0, 8)}…`)
        .waitFor();
      assert.doesNotMatch(
        (await page.locator('main').innerText())!,
        new RegExp(refund.orderId.slice(0, 8)),
        'never the random order id as its name',
      );
    });
    w.assertClean('the withdrawal name');
    await page.context().close();
  });

  it('conversion: the confirm step and the detail page show the rate and the commission; too small an amount is said without "atomic unit"', async () => {
    const w = await ownerIn('en-US', PHONE);
    const { page } = w;
    await diagnosed(page, `conversion-${engine}`, async () => {
      await page.goto(`${d.origin}/dashboard/conversions/new`);
      await page.getByLabel('From', { exact: true }).selectOption('USDT_TRC20');
      await page.getByLabel('To', { exact: true }).selectOption('USDC_BASE');
      w.expect(400, '/v1/converting/preview');
      w.expect(400, '/v1/converting/quote');
      await page.getByLabel('Amount to convert').fill('0.1');
      await page.getByRole('button', { name: 'Get quote' }).click();
      await page
        .getByText(/This does not cover the commission: convert at least 0\.5\d* USDT_TRC20\./)
        .first()
        .waitFor();
      const said = (await page.locator('main').innerText())!;
      assert.doesNotMatch(said, /atomic unit/i);
      await assertPlainWords(page, 'a conversion too small');
      await page.getByLabel('Amount to convert').fill('3');
      await page.getByText(/You receive about [\d.]+ USDC_BASE/).waitFor();
      await page.getByRole('button', { name: 'Get quote' }).click();
      const confirm = page.getByRole('form', { name: 'Confirm conversion' });
      await confirm.waitFor();
      const facts = (await confirm.innerText())!;
      assert.match(facts, /Commission \(inside what you give\)\s+0\.5 USDT_TRC20/);
      assert.match(facts, /Rate\s+1 USDT_TRC20 = 1 USDC_BASE/);
      await assertNoSideScroll(page, 'the conversion confirm step');
      await checkAndShoot(page, 'convert-confirm-phone');
      await confirm.getByRole('button', { name: 'Confirm conversion' }).click();
      await page.getByRole('heading', { level: 1, name: /^Conversion / }).waitFor();
      const details = (await page.getByRole('region', { name: 'Details' }).innerText())!;
      assert.match(details, /Commission \(inside what you give\)\s+0\.5 USDT_TRC20/);
      assert.match(details, /Rate\s+1 USDT_TRC20 = 1 USDC_BASE/);
    });
    w.assertClean('the conversion');
    await page.context().close();
  });

  it('a viewer reaching the create pages by URL finds why, naming the role, and no form', async () => {
    const viewer = await member(d.t, tenant.tenantId, 'viewer');
    const context = await d.browser.newContext(DESKTOP);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    await diagnosed(page, `viewer-${engine}`, async () => {
      await signIn(w, d.origin, viewer.email, PASSWORD);
      for (const [path, what] of [
        ['/invoices/new', 'create invoices'],
        ['/withdrawals/new', 'send withdrawals'],
        ['/conversions/new', 'convert between balances'],
      ] as const) {
        await page.goto(`${d.origin}/dashboard${path}`);
        await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
        await page.getByText(`Your role (viewer) cannot ${what}.`).waitFor();
        assert.equal(await page.locator('main').getByRole('textbox').count(), 0, `${path}: no form`);
        assert.equal(await page.locator('main').getByRole('button').count(), 0, `${path}: no button`);
        assert.doesNotMatch((await page.locator('main').innerText())!, /API key/, `${path}: about the role, not a key`);
      }
      await checkAndShoot(page, 'forbidden-viewer-desktop');
    });
    w.assertClean('the viewer');
    await context.close();
  });

  it("API keys: a name, presets, why Create is disabled, a fresh form after creation, and the key's own account, not the header's", async () => {
    // A tenant-wide key sees every key (one bound to an account sees that account's alone).
    const wide = (await d.t.admin('POST', '/admin/api-keys', { tenantId: tenant.tenantId, scopes: ['*'] })).body.data.key as string;
    const second = (await d.t.call('POST', '/v1/accounts', { key: wide, body: { name: 'Market stall' } })).body.data.id as string;
    const w = await ownerIn('en-US');
    const { page } = w;
    const keys = async () =>
      (await d.t.call('GET', '/v1/api-keys', { key: wide })).body.data as Array<{
        name: string | null;
        accountId: string | null;
        scopes: string[];
      }>;
    await diagnosed(page, `api-keys-${engine}`, async () => {
      await page.goto(`${d.origin}/dashboard/developers`);
      // The header shows the first account; the keys made below are not bound to it.
      assert.equal(await page.getByLabel('Account', { exact: true }).inputValue(), tenant.accountId);
      const create = page.getByRole('button', { name: 'Create API key' });
      assert.equal(await create.isDisabled(), true);
      await page.getByText('To create the key, give it a name and at least one scope.').waitFor();
      assert.equal(await create.getAttribute('aria-describedby'), 'create-key-why');

      // Read only, every account.
      await page.getByLabel('Read only', { exact: false }).check();
      assert.equal(await page.getByLabel('invoices.list').isChecked(), true);
      assert.equal(await page.getByLabel('invoices.create').isChecked(), false);
      await page.getByText('To create the key, give it a name.').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Reports');
      await page.getByLabel('Key account').selectOption('');
      await create.click();
      await page.getByText('API key created.').waitFor();
      const reports = (await keys()).find((k) => k.name === 'Reports')!;
      assert.equal(reports.accountId, null, '"All accounts" makes a tenant-wide key');
      assert.ok(reports.scopes.length > 5 && reports.scopes.every((s) => s.endsWith('.list')), reports.scopes.join());
      const secret = (await page.locator('code.secret').textContent())!;
      assert.equal(
        (await d.t.call('GET', `/v1/invoice/list?accountId=${second}`, { key: secret })).status,
        200,
        'it reaches the other account',
      );
      // A fresh form.
      assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), '');
      assert.equal(await page.getByLabel('invoices.list').isChecked(), false);
      assert.equal(await create.isDisabled(), true);

      // Full access, bound to the other account.
      await page.getByLabel('Name', { exact: true }).fill('Market stall till');
      await page.getByLabel('Full access', { exact: false }).check();
      assert.equal(await page.getByLabel('withdrawals.create').isChecked(), true);
      await page.getByLabel('Key account').selectOption(second);
      await create.click();
      await page.getByRole('table', { name: 'API keys' }).getByRole('cell', { name: 'Market stall till' }).waitFor();
      const till = (await keys()).find((k) => k.name === 'Market stall till')!;
      assert.equal(till.accountId, second, 'bound to the account chosen, not the one in the header');
      await page.getByRole('table', { name: 'API keys' }).getByRole('cell', { name: 'Reports' }).waitFor();
      await checkAndShoot(page, 'api-keys-desktop');
    });
    w.assertClean('the keys');
    await page.context().close();
  });
});
