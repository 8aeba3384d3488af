// Batch payouts in the dashboard as people use them, on a phone: an owner with two-factor
// authentication uploads a file with bad rows and sees each row's refusal and no way to commit,
// pastes good rows by keyboard, reads the totals with fees per currency, commits through the code
// dialog, follows the batch's page and downloads its results; a viewer reads batches and uploads none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { noChromium, waitInPage } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { PASSWORD, member, withTwoFactor } from '../users/helpers.ts';
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
} from '../dashboard/kit.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** A file from a spreadsheet: a header in its own order, a quoted cell, and five rows that cannot be paid. */
const BAD = [
  'amount,currency,address,orderId',
  `10,USDT_TRC20,${TRON},sup-1`,
  `10,DOGE,${TRON},sup-2`,
  `10,USDT_TRC20,${EVM},sup-3`,
  `4.99,USDT_TRC20,${TRON},sup-4`,
  `"12,5",USDT_TRC20,${TRON},sup-5`,
  `11,USDT_TRC20,${TRON},sup-1`,
].join('\r\n');

/** Rows pasted without a header: three USDT payouts and one ETH payout. */
const GOOD = [
  `USDT_TRC20,${TRON},10,june-1`,
  `USDT_TRC20,${TRON},12.5,june-2`,
  `USDT_TRC20,${TRON},7.25,june-3`,
  `ETH,${EVM},0.015,june-4`,
].join('\n');

/** The text of a table's row that holds every one of `texts`. */
async function rowOf(w: Watched, table: string, ...texts: string[]): Promise<string> {
  let row = w.page.getByRole('table', { name: table }).getByRole('row');
  for (const text of texts) row = row.filter({ hasText: text });
  return row.innerText();
}

describeEngines('dashboard: batch payouts (headless Chromium)', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let tenant: { tenantId: string; accountId: string; key: string };
  before(async () => {
    d = await startDashboard(engine);
    tenant = await namedTenant(d.t, 'Harbour Books');
    await fundedAccount(d.t, { code: 'USDT_TRC20', amount: 200, fee: 1, tenant: { ...tenant, keyId: '' } });
    await fundedAccount(d.t, { code: 'ETH', amount: 1, fee: 0.001, tenant: { ...tenant, keyId: '' }, rates: null });
  });
  after(async () => {
    await d?.close();
  });

  /** The bad file, chosen with the file input: every refused row says why, and nothing can be committed. */
  async function refused(w: Watched): Promise<void> {
    const { page } = w;
    await page.getByLabel('CSV file').setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
    await waitInPage(page, 'document.querySelector("textarea").value.startsWith("amount,currency")');
    w.expect(400, '/v1/withdrawal/batch/quote');
    await page.getByRole('button', { name: 'Check rows' }).click();
    await page.getByRole('heading', { level: 2, name: 'Not quoted' }).waitFor();
    await page.getByText('5 of 6 rows refused.').waitFor();
    const rows = 'Rows of the file';
    assert.match(await rowOf(w, rows, 'DOGE'), /Refused: DOGE is not a currency code of this gateway/);
    assert.match(await rowOf(w, rows, EVM), /Refused: This is not an address of the Tron network/);
    assert.match(await rowOf(w, rows, 'sup-4'), /Refused: The smallest withdrawal of this currency is 5/);
    assert.match(await rowOf(w, rows, 'sup-5'), /Refused: Write the amount with a decimal point/);
    assert.match(await rowOf(w, rows, '11 USDT_TRC20'), /Refused: Line 2 has this order id too/);
    assert.match(await rowOf(w, rows, '10 USDT_TRC20', 'sup-1'), /OK$/);
    assert.equal(await page.getByRole('button', { name: /^Commit/ }).count(), 0, 'no commit while a row is refused');
    await page.getByLabel('Show only the 5 refused rows').check();
    assert.equal(await page.getByRole('table', { name: rows }).getByRole('row').count(), 6, 'the header and the five refused rows');
    await assertNoSideScroll(page, 'refused rows');
    await checkAndShoot(page, 'batch-refused-phone');
    const quoted = await d.t.ctx.db
      .selectFrom('withdrawal_quotes')
      .select('id')
      .where('account_id', '=', tenant.accountId)
      .where('batch_quote_id', 'is not', null)
      .execute();
    assert.equal(quoted.length, 0, 'nothing of the file was quoted');
  }

  /** The good rows pasted and checked by keyboard: the totals with fees per currency, then the commit in the code dialog. */
  async function quoteAndCommit(w: Watched, code: string): Promise<string> {
    const { page } = w;
    const rows = page.getByLabel('Rows (choose a file above, or paste them here)');
    await rows.fill(GOOD);
    assert.equal(await page.getByRole('heading', { level: 2, name: 'Not quoted' }).count(), 0, 'changed rows lose the last check');
    await rows.press('Tab');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: '4 payouts quoted' });
    await heading.waitFor();
    await waitInPage(page, 'document.activeElement?.textContent === "4 payouts quoted"');
    const totals = 'Totals per currency';
    assert.match(await rowOf(w, totals, 'USDT_TRC20'), /USDT_TRC20\s+3\s+29\.75 USDT_TRC20\s+3 USDT_TRC20\s+32\.75 USDT_TRC20/);
    assert.match(await rowOf(w, totals, 'ETH'), /ETH\s+1\s+0\.015 ETH\s+0\.001 ETH\s+0\.016 ETH/);
    assert.match(await rowOf(w, 'Rows of the file', 'june-2'), /12\.5 USDT_TRC20[\s\S]*1 USDT_TRC20[\s\S]*Quoted/);
    await assertNoSideScroll(page, 'quoted batch');
    await checkAndShoot(page, 'batch-quoted-phone');
    await page.setViewportSize(DESKTOP.viewport);
    await checkAndShoot(page, 'batch-quoted', 'batch-payouts');
    await page.setViewportSize(PHONE.viewport);
    // The commit, by keyboard from the heading that took the focus; the API asks for the code.
    w.expect(403, '/v1/withdrawal/batch/commit');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Commit 4 payouts');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
    await dialog.getByLabel('Authenticator code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: /^Batch / }).waitFor();
    return new URL(page.url()).pathname.split('/').pop() ?? '';
  }

  /** The batch's page lists its payouts as they move; its results download as CSV. */
  async function batchPage(w: Watched, id: string): Promise<void> {
    const { page } = w;
    const payouts = page.getByRole('table', { name: 'Payouts of the batch' });
    await payouts
      .getByRole('link', { name: /^Withdrawal / })
      .nth(3)
      .waitFor();
    const withdrawals = await d.t.ctx.db.selectFrom('withdrawals').select(['id', 'order_id']).where('batch_id', '=', id).execute();
    assert.deepEqual(withdrawals.map((x) => x.order_id).sort(), ['june-1', 'june-2', 'june-3', 'june-4']);
    assert.match(await rowOf(w, 'Payouts of the batch', 'june-4'), /0\.015 ETH[\s\S]*0\.001 ETH/);
    await page.getByText(/^Status: (processing|completed)$/).waitFor({ timeout: 20_000 });
    assert.match(await page.getByRole('region', { name: 'Summary' }).innerText(), /Payouts\s+4:/);
    await assertNoSideScroll(page, 'batch page');
    await checkAndShoot(page, 'batch-phone');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download results CSV' }).click()]);
    assert.equal(download.suggestedFilename(), `withdrawal-batch-${id}.csv`);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    assert.equal(
      csv[0],
      'index,withdrawalId,orderId,status,cryptoCurrencyCode,network,address,amount,fee,debitedAmount,transactionHash,createdAt,updatedAt',
    );
    assert.deepEqual(
      csv.slice(1).map((line) =>
        line
          .split(',')
          .filter((_, i) => [0, 2, 4, 7, 8, 9].includes(i))
          .join(','),
      ),
      [
        '0,june-1,USDT_TRC20,10,1,11',
        '1,june-2,USDT_TRC20,12.5,1,13.5',
        '2,june-3,USDT_TRC20,7.25,1,8.25',
        '3,june-4,ETH,0.015,0.001,0.016',
      ],
    );
  }

  it('an owner: bad rows each say why and cannot be committed; good rows are quoted, committed with the code and followed', async () => {
    const owner = await member(d.t, tenant.tenantId, 'owner', 'maria@harbour-books.example');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    try {
      await diagnosed(w.page, 'batch-owner', async () => {
        await signIn(w, d.origin, owner.email, PASSWORD);
        const codes = await withTwoFactor(owner);
        await go(w.page, 'Batch payouts');
        await w.page.getByText('No batch payouts match.').waitFor();
        await w.page.getByRole('link', { name: 'Upload a batch' }).click();
        await w.page.getByRole('heading', { level: 1, name: 'Upload a batch' }).waitFor();
        await checkAndShoot(w.page, 'batch-upload-phone');
        await refused(w);
        const id = await quoteAndCommit(w, codes.fresh());
        await batchPage(w, id);
        await go(w.page, 'Batch payouts');
        assert.match(await rowOf(w, 'Batch payouts', `Batch ${id.slice(0, 8)}`), /4\s+0\.015 ETH\s+29\.75 USDT_TRC20/);
        await assertNoSideScroll(w.page, 'batches list');
        await checkAndShoot(w.page, 'batches-phone');
      });
      w.assertClean('the owner uploading a batch');
    } finally {
      await context.close();
    }
  });

  it('a viewer reads the batches and their pages, with no upload', async () => {
    const viewer = await member(d.t, tenant.tenantId, 'viewer');
    const context = await d.browser.newContext(PHONE);
    const w = await watchedPage(context, d.origin);
    try {
      await diagnosed(w.page, 'batch-viewer', async () => {
        await signIn(w, d.origin, viewer.email, PASSWORD);
        await go(w.page, 'Batch payouts');
        const link = w.page.getByRole('table', { name: 'Batch payouts' }).getByRole('link', { name: /^Batch / });
        await link.waitFor();
        assert.equal(await w.page.getByRole('link', { name: 'Upload a batch' }).count(), 0);
        await link.click();
        const batchUrl = w.page.url();
        await w.page
          .getByRole('table', { name: 'Payouts of the batch' })
          .getByRole('link', { name: /^Withdrawal / })
          .nth(3)
          .click();
        // The withdrawal names its batch, a link back.
        await w.page
          .getByRole('region', { name: 'Details' })
          .getByRole('link', { name: /^Batch / })
          .click();
        await w.page.getByRole('heading', { level: 1, name: /^Batch / }).waitFor();
        assert.equal(w.page.url(), batchUrl);
        await w.page.goto(`${d.origin}/dashboard/batches/new`);
        await w.page.getByText('cannot send batch payouts', { exact: false }).waitFor();
        assert.equal(await w.page.getByLabel('CSV file').count(), 0, 'no upload for a viewer');
        await checkAndShoot(w.page, 'batch-viewer-phone');
      });
      w.assertClean('a viewer');
    } finally {
      await context.close();
    }
  });
});
