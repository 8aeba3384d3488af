// The merchant's withdrawal page says why a payout is not sent yet (point 5): the workers
// leave it `created` while its network fee is unset, store why, and the open page shows it (it
// polls); once the fee is back the workers sign it and the reason goes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { noChromium } from '../helpers/browser.ts';
import { until } from '../helpers/receiver.ts';
import { fundedAccount, sandboxRates } from '../helpers/scenario.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import {
  DESKTOP,
  PHONE,
  assertNoSideScroll,
  checkAndShoot,
  diagnosed,
  signIn,
  startDashboard,
  watchedPage,
  type Dashboard,
} from './kit.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('dashboard: a waiting withdrawal says why (headless Chromium)', { skip: noChromium }, () => {
  let d: Dashboard;
  before(async () => {
    d = await startDashboard();
  });
  after(async () => {
    await d?.close();
  });

  it('shows the reason on the withdrawal page while it waits, and not once it is sent (phone, then desktop)', async () => {
    const { t } = d;
    await sandboxRates(t, ['USDT', 'TRX']);
    const shop = await fundedAccount(t, { rates: null });
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key: shop.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'payout-waits' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: null })).status, 200);
    const w = (await t.call('POST', '/v1/withdrawal/commit', { key: shop.key, body: { quoteId: q.body.data.quoteId } })).body.data;
    const reason = async () => (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key: shop.key })).body.data.waitingReason;
    await until(async () => (await reason()) === 'feeUnavailable', 15_000, 'the workers stored why it waits');

    const owner = await member(t, shop.tenantId, 'owner');
    const context = await d.browser.newContext(PHONE);
    const page = await watchedPage(context, d.origin);
    try {
      await diagnosed(page.page, 'withdrawal-waiting', async () => {
        await signIn(page, d.origin, owner.email, PASSWORD);
        await page.page.goto(`${d.origin}/dashboard/withdrawals/${w.id}`);
        await page.page.getByText('Status: created').waitFor();
        const details = page.page.getByRole('region', { name: 'Details' });
        await details.getByText('Waiting: the network fee cannot be priced right now').waitFor();
        await assertNoSideScroll(page.page, 'withdrawal-waiting');
        await checkAndShoot(page.page, 'withdrawal-waiting-phone');
        // The same on a desktop.
        await page.page.setViewportSize(DESKTOP.viewport);
        await details.getByText('Waiting: the network fee cannot be priced right now').waitFor();
        await checkAndShoot(page.page, 'withdrawal-waiting-desktop');
        // The fee is back: the workers sign it, the page follows and the reason is gone.
        assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 })).status, 200);
        await page.page.getByText(/Status: (processing|completed)/).waitFor({ timeout: 15_000 });
        assert.equal(await details.getByText(/^Waiting:/).count(), 0);
      });
      page.assertClean('the waiting withdrawal');
    } finally {
      await context.close();
    }
  });
});
