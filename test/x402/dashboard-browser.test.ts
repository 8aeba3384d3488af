// The dashboard's x402 page in headless Chromium: a viewer of the business lists its settlements
// on two networks with every digit of their amounts, filters them by network and status (kept in
// the URL), opens one from the keyboard, and exports them as CSV; nothing of another tenant shows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { noChromium } from '../helpers/browser.ts';
import { BASE_MAINNET, BASE_USDC, BSC_MAINNET, BSC_USDT, recordSettlement } from '../helpers/x402-settlements.ts';
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
} from '../dashboard/kit.ts';

describe('dashboard: x402 settlements on two networks (headless Chromium)', { skip: noChromium }, () => {
  let d: Dashboard;
  before(async () => {
    d = await startDashboard();
  });
  after(async () => {
    await d?.close();
  });

  it('lists, filters, opens and exports them, exact to the last digit (phone, then desktop)', async () => {
    const { t } = d;
    const shop = await namedTenant(t, 'Weather API Co');
    const db = t.ctx.db;
    const base = await recordSettlement(db, shop.tenantId, {
      network: BASE_MAINNET,
      asset: BASE_USDC,
      amount: '1234567',
      gasCost: 21_000_000_000_123n,
    });
    await recordSettlement(db, shop.tenantId, { network: BASE_MAINNET, asset: BASE_USDC, amount: '10000', status: 'failed' });
    const bsc = await recordSettlement(db, shop.tenantId, {
      network: BSC_MAINNET,
      asset: BSC_USDT,
      amount: '1000000000000000001',
      gasCost: 52_000_000_000_001n,
    });
    await recordSettlement(db, shop.tenantId, { network: BSC_MAINNET, asset: BSC_USDT, amount: '250000000000000000', status: 'submitted' });
    const theirs = await recordSettlement(db, (await t.tenant()).tenantId, { network: BASE_MAINNET, asset: BASE_USDC, amount: '777' });
    const viewer = await member(t, shop.tenantId, 'viewer');

    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    const { page } = w;
    const table = page.getByRole('table', { name: 'x402 settlements' });
    try {
      await diagnosed(page, 'x402-settlements', async () => {
        await signIn(w, d.origin, viewer.email, PASSWORD);
        await go(page, 'x402', 'x402 settlements');
        await page.getByText('4 x402 settlements').waitFor();
        await table.getByText('1.234567 USDC', { exact: true }).waitFor();
        await table.getByText('1.000000000000000001 USDT', { exact: true }).waitFor();
        await table.getByText('0.25 USDT', { exact: true }).waitFor();
        assert.equal(await table.getByText(theirs.id.slice(0, 8)).count(), 0, "another tenant's settlement");
        await assertNoSideScroll(page, 'x402 list (phone)');
        await checkAndShoot(page, 'x402-phone');

        // The network filter, then the status with it: applied as chosen, kept in the URL.
        await page.getByLabel('Network').selectOption({ label: `BNB Smart Chain (${BSC_MAINNET})` });
        await page.getByText('2 x402 settlements').waitFor();
        assert.match(page.url(), /network=eip155%3A56/);
        assert.equal(await table.getByText('USDC').count(), 0);
        await page.getByLabel('Status').selectOption({ label: 'Submitted' });
        await page.getByText('1 x402 settlement').waitFor();
        await page.getByLabel('Status').selectOption({ label: 'Any status' });
        await page.getByText('2 x402 settlements').waitFor();

        // From the keyboard: the settlement's link, Enter, and its page (its heading takes the focus).
        await table.getByRole('link', { name: `Settlement ${bsc.id.slice(0, 8)}…` }).focus();
        await page.keyboard.press('Enter');
        const heading = page.getByRole('heading', { level: 1, name: `Settlement ${bsc.id.slice(0, 8)}…` });
        await heading.waitFor();
        assert.equal(await heading.evaluate((h) => h === h.ownerDocument.activeElement), true, 'the heading has the focus');
        const details = page.getByRole('region', { name: 'Details' });
        await details.getByText('1.000000000000000001 USDT', { exact: true }).waitFor();
        await details.getByText(`BNB Smart Chain (${BSC_MAINNET})`).waitFor();
        await details.getByText('0.000052000000000001 BNB', { exact: true }).waitFor();
        await details.getByText(bsc.payer).waitFor();
        await details.getByText(bsc.pay_to).waitFor();
        await details.getByText('(sandbox chain, no explorer)').waitFor();
        await assertNoSideScroll(page, 'x402 settlement (phone)');
        await checkAndShoot(page, 'x402-settlement-phone');
      });
      w.assertClean('the x402 pages on a phone');
    } finally {
      await context.close();
    }

    // On a desktop: every settlement, and the export of them.
    const desktop = await d.browser.newContext({ ...DESKTOP, acceptDownloads: true });
    const wd = await watchedPage(desktop, d.origin);
    try {
      await diagnosed(wd.page, 'x402-export', async () => {
        const page = wd.page;
        await signIn(wd, d.origin, viewer.email, PASSWORD);
        await go(page, 'x402', 'x402 settlements');
        await page.getByText('4 x402 settlements').waitFor();
        await checkAndShoot(page, 'x402-desktop', 'x402');
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
        const csv = readFileSync((await download.path()) ?? '', 'utf8').split('\r\n');
        assert.equal(
          csv[0],
          'id,createdAt,confirmedAt,status,network,asset,assetSymbol,amount,amountUnits,payer,payTo,transaction,fee,feeCurrency,feeUnits,errorReason',
        );
        assert.equal(csv.filter(Boolean).length, 5);
        assert.ok(
          csv.some((l) => l.startsWith(`${base.id},`) && l.includes(`,${BASE_MAINNET},${BASE_USDC},USDC,1.234567,1234567,`)),
          csv.join('\n'),
        );
        assert.ok(
          csv.some(
            (l) =>
              l.startsWith(`${bsc.id},`) &&
              l.includes(`,USDT,1.000000000000000001,1000000000000000001,`) &&
              l.includes(',0.000052000000000001,BNB,52000000000001,'),
          ),
        );
        assert.ok(!csv.join('\n').includes(theirs.id), "another tenant's settlement is not exported");
      });
      wd.assertClean('the x402 page on a desktop');
    } finally {
      await desktop.close();
    }
  });
});
