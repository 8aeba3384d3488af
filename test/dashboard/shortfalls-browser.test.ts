// What is missing is said plainly, with how much. A payout waiting on a short hot wallet:
// to the merchant on its withdrawal page ("the hot wallet holds 0.4 ETH less…"), and to the
// operator in the console's queue (which hot wallet to fund, with what and how much). The rounds
// are the test's own, with the hot wallet of a real network (no sandbox faucet, 0.1 ETH in it).
// And the console's solvency warning: which side is higher, in which currency, by how much, what to do.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { chainAdapters } from '../../src/chains/registry.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { noChromium } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { fundedAccount, runWatchers, sandboxRates } from '../helpers/scenario.ts';
import { PASSWORD, member } from '../users/helpers.ts';
import { open, rowText } from './console/kit.ts';
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

const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const SAYS = 'Waiting: the hot wallet holds 0.4 ETH less than this payout needs. The operator has been told.';
const FUND = 'Fund the Ethereum hot wallet with at least 0.4 ETH: it holds 0.4 ETH less than this payout needs.';

describeEngines('dashboard and console: shortfalls said with how much (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let withdrawalId = '';
  let tenantId = '';
  before(async () => {
    d = await startDashboard(engine, {}, { workers: false });
    const { t } = d;
    await sandboxRates(t, ['ETH']);
    const shop = await fundedAccount(t, { code: 'ETH', amount: 1, fee: 0.0003, rates: null });
    tenantId = shop.tenantId;
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key: shop.key,
      body: { cryptoCurrencyCode: 'ETH', address: EVM_TO, amount: 0.5, orderId: 'payout-short' },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    withdrawalId = (await t.call('POST', '/v1/withdrawal/commit', { key: shop.key, body: { quoteId: q.body.data.quoteId } })).body.data.id;
    // The Ethereum hot wallet holds 0.1 ETH and no faucet tops it up, as on a real network.
    const live = chainAdapters(t.ctx.config, t.ctx.db).map((a) =>
      Object.assign(Object.create(Object.getPrototypeOf(a)), a, { fundHotWallet: undefined, hotWalletBalance: async () => 10n ** 17n }),
    );
    assert.equal((await executeRound(t.ctx, live)).waiting, 1);
    const mine = (await t.call('GET', `/v1/withdrawal?id=${withdrawalId}`, { key: shop.key })).body.data;
    assert.deepEqual(mine.waitingShortfall, { cryptoCurrencyCode: 'ETH', amount: 0.4 });
    // A deposit address holding 10 booked USDT receives 5 more that no watcher has booked yet: the
    // chain holds more than the ledger.
    const deposit = (
      await t.call('POST', '/v1/deposit', { key: shop.key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'unbooked' } })
    ).body.data;
    const transfer = async (amount: number) => {
      assert.equal(
        (await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: deposit.address, amount })).status,
        201,
      );
      assert.equal((await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 5 })).status, 200);
    };
    await transfer(10);
    await runWatchers(t, { listen: 'deposits' });
    await transfer(5);
  });
  after(async () => {
    await d?.close();
  });

  it('the merchant reads why and how much on the withdrawal page (phone, then desktop)', async () => {
    const owner = await member(d.t, tenantId, 'owner');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    try {
      await diagnosed(w.page, 'withdrawal-shortfall', async () => {
        await signIn(w, d.origin, owner.email, PASSWORD);
        await w.page.goto(`${d.origin}/dashboard/withdrawals/${withdrawalId}`);
        await w.page.getByText('Status: created').waitFor();
        await w.page.getByRole('region', { name: 'Details' }).getByText(SAYS).waitFor();
        await assertNoSideScroll(w.page, 'withdrawal-shortfall');
        await checkAndShoot(w.page, 'withdrawal-shortfall-phone');
        await w.page.setViewportSize(DESKTOP.viewport);
        await checkAndShoot(w.page, 'withdrawal-shortfall-desktop');
      });
      w.assertClean('the short payout, for the merchant');
    } finally {
      await context.close();
    }
  });

  it("the operator's overview says which side of the books is higher and by how much; the queue which hot wallet to fund, with what and how much", async () => {
    const operator = await member(d.t, undefined, 'operator');
    const context = await d.browser.newContext(DESKTOP);
    const w = await watchedPage(context, d.origin);
    try {
      await diagnosed(w.page, 'queue-shortfall', async () => {
        await signIn(w, d.origin, operator.email, PASSWORD);
        // The overview's solvency warning names the side that is higher, the currency, how much, and what to do.
        const solvency = w.page.getByRole('region', { name: 'Solvency' });
        await solvency
          .getByRole('listitem')
          .filter({ hasText: /^USDT_TRC20: the chain is higher\. The chain holds 5 USDT_TRC20 more than the ledger books/ })
          .waitFor();
        await solvency.getByText(/If it lasts, find the transfer on Tron/).waitFor();
        await checkAndShoot(w.page, 'solvency-warning-desktop');
        await open(w.page, 'Withdrawals');
        const row = await rowText(w.page, 'Withdrawals: Waiting', '0.5 ETH');
        assert.ok(row.includes(FUND), row);
      });
      w.assertClean('the short payout, for the operator');
    } finally {
      await context.close();
    }
    const detail = (await d.t.admin('GET', `/admin/withdrawals/${withdrawalId}`)).body.data.payout.waiting;
    assert.deepEqual([detail.cryptoCurrencyCode, detail.missing], ['ETH', 0.4]);
    assert.ok(detail.action.startsWith(FUND), detail.action);
  });
});
