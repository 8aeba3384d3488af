import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { assertAccessible, type BrowserContexts } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';
import { DESKTOP, PHONE, describePages, descriptionRows, openWatched, overlap, payScreenshot, style, type WatchedPage } from './kit.ts';

/**
 * The payment page's states as a customer meets them: what is still due when part is
 * paid, "payment detected" while the network confirms, plain currency names with a network warning,
 * exact amounts, the paid page's receipt, and where the focus goes. Real gateway, sandbox chains,
 * workers and Chromium, at 390 and 1280 px, on both engines.
 */
describePages('payment page states in headless Chromium', (engine, suite) => {
  let t: TestApp;
  let browser: BrowserContexts;
  let origin = '';
  before(() => ({ t, browser, origin } = suite()));

  /** A page of the invoice in a new context of the size; with clipboard access for the Copy buttons. */
  async function visit(id: string, size: typeof PHONE | typeof DESKTOP, base = origin) {
    const context = await browser.newContext(size);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const w = await openWatched(context, base, `/pay/${id}`);
    return { context, w, page: w.page };
  }

  async function invoice(orderId: string, amount = 25): Promise<string> {
    const { key } = await t.tenant(['*']);
    const res = await t.call('POST', '/v1/invoice', {
      key,
      body: { fiatCurrencyCode: 'USD', amount, orderId, successUrl: `${origin}/healthz?thanks=1` },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id as string;
  }
  const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();
  const visible = (page: Page, selector: string) => page.locator(selector).isVisible();
  /** The page shows the status (it polls every 2 s). */
  const status = (page: Page, name: string) => page.waitForSelector(`[data-testid=status][data-status=${name}]`, { timeout: 15_000 });
  const focused = (page: Page) =>
    page.evaluate('document.activeElement.id || document.activeElement.dataset.code || document.activeElement.tagName') as Promise<string>;
  const state = async (id: string) => (await t.call('GET', `/pay/${id}/state`)).body.data;
  /** Nothing a customer sees is a currency code (USDT_TRC20). */
  const noCodes = async (page: Page) => assert.doesNotMatch(await page.locator('main').innerText(), /\b[A-Z]{3,5}_[A-Z0-9]{3,6}\b/);
  function clean(w: WatchedPage) {
    assert.deepEqual(w.foreign, [], 'no request left the gateway');
    assert.deepEqual(w.errors, [], `no console errors (CSP included): ${w.errors.join(' | ')}`);
  }

  it('partly paid: the amount, its Copy button, the QR code and the wallet link all ask for what is left, and no "Paid on" (phone)', async () => {
    const id = await invoice('partly-1');
    const { context, w, page } = await visit(id, PHONE);
    await page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    await page.getByRole('button', { name: 'Pay half' }).click();
    await page.getByRole('button', { name: 'Mine blocks' }).click();
    await status(page, 'partially_paid');

    // Half of 26 USDT is confirmed: Copy gives what is left, the wallet link and the QR code too.
    await page.getByRole('button', { name: 'Copy amount' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), '13', 'Copy gives what is left, not the whole amount');
    const s = await state(id);
    assert.equal(s.selected.amountRemaining, '13');
    assert.match(
      (await page.getByRole('link', { name: 'Open in wallet' }).getAttribute('href'))!,
      /^tron:T[1-9A-HJ-NP-Za-km-z]{33}\?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&amount=13$/,
    );
    assert.equal(await page.getByRole('img', { name: 'QR code of the payment' }).getAttribute('src'), s.selected.qrCode);
    assert.equal(await page.getByTestId('address').textContent(), s.selected.address);
    assert.equal(await text(page, '[data-testid=amount-due]'), '13 USDT');
    assert.equal(await text(page, '#received'), 'Received 13 of 26 USDT. Still to pay: 13 USDT.');
    assert.match(await text(page, '#fee'), /^Rate: 1 USDT = \$/, 'the fee is no longer "included" in what is left');
    // Partly paid is not paid: no "Paid on" beside the badge; the window is still open.
    assert.equal(await text(page, '[data-testid=status]'), 'Partly paid');
    assert.match(await text(page, '#when'), /^Valid until /);
    assert.match(await text(page, '[data-testid=countdown]'), /^Expires in \d+:\d\d$/);
    assert.equal(await page.getByRole('heading', { name: 'Pay with Tether USD on Tron' }).isVisible(), true);
    await assertAccessible(page, 'a partly paid invoice (phone)');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390, 'no horizontal scroll at 390 px');
    await payScreenshot(page, 'pay-partly-paid-mobile.png');

    // Half of the rest is on its way: the page says what will still be due, and asks for nothing now.
    await page.getByRole('button', { name: 'Pay half' }).click();
    await status(page, 'processing');
    assert.equal(await page.getByRole('heading', { name: 'Payment detected' }).isVisible(), true);
    assert.equal(await text(page, '#detAmount'), '6.5 USDT is on its way: the network is confirming it.');
    assert.equal(await text(page, '#detNext'), 'Less than the amount due was sent: 6.5 USDT will still be due once it is confirmed.');
    assert.equal(await visible(page, '[data-testid=amount-due]'), false);
    // The last 6.5 USDT while those confirm: nothing more to pay.
    await page.getByRole('button', { name: 'Pay exact amount' }).click();
    await until(
      async () => (await text(page, '#detNext')) === 'Nothing more to pay. This page updates by itself.',
      15_000,
      'nothing left to pay',
    );
    assert.equal(await text(page, '#detAmount'), '13 USDT is on its way: the network is confirming it.');
    await page.getByRole('button', { name: 'Mine blocks' }).click();
    await status(page, 'paid');
    const rows = new Map(await descriptionRows(page, '#receipt'));
    assert.equal(rows.get('Amount paid'), '26 USDT');
    const lines = (await state(id)).selected.payments.map((p: { amount: string; txHash: string }) => `${p.amount} USDT · ${p.txHash}`);
    assert.equal(lines.length, 3);
    assert.equal(rows.get('Transaction'), lines.join(' '), 'each transaction with its amount, newest first');
    clean(w);
    await context.close();
  });

  it('a payment on its way: "payment detected, n of m confirmations" without QR, address, amount or countdown; then the receipt, no sandbox buttons, the focus on the outcome (desktop)', async () => {
    const id = await invoice('detected-1');
    const { context, w, page } = await visit(id, DESKTOP);
    await page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    await page.getByRole('button', { name: 'Pay exact amount' }).click();
    await status(page, 'processing');

    const detected = page.getByRole('region', { name: 'Payment detected' });
    assert.equal(await detected.isVisible(), true);
    assert.equal(await text(page, '#detConf'), 'Confirmations: 0 of 2');
    assert.equal(await text(page, '#detAmount'), '26 USDT is on its way: the network is confirming it.');
    const [seen] = (await state(id)).selected.payments;
    assert.equal(seen.status, 'seen');
    assert.equal(await text(page, '#detTx'), `Transaction${seen.txHash}`);
    // Nothing that invites a second payment.
    for (const gone of ['[data-testid=qr]', '[data-testid=address]', '[data-testid=amount-due]', '#copyAmount', '#wallet', '#change']) {
      assert.equal(await visible(page, gone), false, `${gone} is hidden once a payment is seen`);
    }
    assert.equal(await text(page, '[data-testid=countdown]'), '');
    assert.equal(await text(page, '#when'), '');
    await assertAccessible(page, 'payment detected (desktop)');
    await payScreenshot(page, 'pay-detected-desktop.png');

    // One block deeper: the count follows.
    await new SandboxChain('TRON', t.ctx.db).mine(1);
    await until(async () => (await text(page, '#detConf')) === 'Confirmations: 1 of 2', 15_000, 'one confirmation shown');

    // Confirmed from the sandbox panel: the focus, on the Mine button that goes away, moves to the outcome.
    await page.getByRole('button', { name: 'Mine blocks' }).click();
    await status(page, 'paid');
    assert.equal(await focused(page), 'outTitle', 'the focus is on the outcome, not lost to <body>');
    assert.equal(await page.getByRole('heading', { name: 'Payment received' }).isVisible(), true);
    assert.equal(await visible(page, '#sandbox'), false, 'no simulate buttons on a finished invoice');
    assert.equal(await page.getByRole('button', { name: 'Pay exact amount' }).isVisible(), false);
    assert.equal(await visible(page, '#detected'), false);

    // The receipt: what was asked, what arrived in which coin, the fee inside it, the rate, the transaction and when.
    const paid = await state(id);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    assert.equal(await receipt.isVisible(), true);
    const rows = await descriptionRows(page, '#receipt');
    assert.deepEqual(
      rows.map(([term]) => term),
      ['Invoice total', 'Amount paid', 'Paid with', 'Network fee (included)', 'Exchange rate', 'Transaction', 'Paid on'],
    );
    const get = new Map(rows);
    assert.equal(get.get('Invoice total'), '$25.00');
    assert.equal(get.get('Amount paid'), '26 USDT');
    assert.equal(get.get('Paid with'), 'Tether USD on Tron');
    assert.equal(get.get('Network fee (included)'), '1 USDT');
    assert.match(get.get('Exchange rate')!, /^1 USDT = \$\d/);
    assert.equal(get.get('Transaction'), paid.selected.payments[0].txHash);
    assert.match(get.get('Paid on')!, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/);
    assert.equal(await receipt.getByRole('link').count(), 0, 'no explorer link for a sandbox transaction');
    assert.match(await text(page, '#when'), /^Paid on /);
    await assertAccessible(page, 'the paid page with its receipt (desktop)');
    await payScreenshot(page, 'pay-receipt-desktop.png');
    clean(w);
    await context.close();
  });

  it('the currency list: plain names with their network, the common coins first; a network warning where the coin exists elsewhere (phone)', async () => {
    const id = await invoice('names-1');
    const { context, w, page } = await visit(id, PHONE);
    await page.getByRole('button', { name: /^Bitcoin/ }).waitFor();
    const codes = await page.$$eval('[data-testid=currency-option]', (els) =>
      els.map((e) => (e as unknown as { dataset: { code: string } }).dataset.code),
    );
    assert.deepEqual(codes.slice(0, 9), [
      'USDT_TRC20',
      'USDT_ERC20',
      'USDT_BEP20',
      'USDC_ERC20',
      'USDC_BASE',
      'USDC_BEP20',
      'BTC',
      'ETH',
      'ETH_BASE',
    ]);
    const names = await page.$$eval('[data-testid=currency-option] .name', (els) => els.map((e) => e.textContent));
    assert.deepEqual(names.slice(0, 9), [
      'Tether USD on Tron',
      'Tether USD on Ethereum',
      'Tether USD on BNB Smart Chain',
      'USD Coin on Ethereum',
      'USD Coin on Base',
      'USD Coin on BNB Smart Chain',
      'Bitcoin',
      'Ether on Ethereum',
      'Ether on Base',
    ]);
    assert.equal(await text(page, '[data-code=USDT_TRC20] .sub'), 'USDT · TRC-20');
    await noCodes(page);
    await assertAccessible(page, 'the currency list (phone)');

    // Tether exists on three networks: the details say which one to send on.
    await page.getByRole('button', { name: /^Tether USD on Tron/ }).click();
    await page.getByRole('heading', { name: 'Pay with Tether USD on Tron' }).waitFor();
    assert.equal(
      await text(page, '[data-testid=network-warning]'),
      'Send USDT on Tron only. A payment on Ethereum or BNB Smart Chain does not pay this invoice.',
    );
    await noCodes(page);
    await assertAccessible(page, 'Tether on Tron with its network warning (phone)');
    await payScreenshot(page, 'pay-selected-mobile.png', '');
    // Bitcoin exists on one, which needs no warning.
    await page.getByRole('button', { name: 'Change currency' }).click();
    await page.getByRole('button', { name: /^Bitcoin/ }).click();
    await page.getByRole('heading', { name: 'Pay with Bitcoin' }).waitFor();
    assert.equal(await visible(page, '[data-testid=network-warning]'), false);
    clean(w);
    await context.close();
  });

  it('amounts are exact and fit: Ether quoted to 8 places, in the list as in the chosen amount, on one line clear of its Copy button (phone)', async () => {
    const id = await invoice('exact-1');
    const { context, w, page } = await visit(id, PHONE);
    await page.waitForSelector('[data-testid=currency-option][data-code=ETH]');
    const s = await state(id);
    const eth = s.currencies.find((c: { cryptoCurrencyCode: string }) => c.cryptoCurrencyCode === 'ETH');
    assert.equal(eth.amountEstimate, '0.00863334');
    assert.equal(await text(page, '[data-code=ETH] .est'), '≈ 0.00863334 ETH');
    await page.click('[data-testid=currency-option][data-code=ETH]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    assert.equal(await text(page, '[data-testid=amount-due]'), '0.00863334 ETH');
    await page.getByRole('button', { name: 'Copy amount' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), '0.00863334');
    // The long amount stays on one line at 390 px, clear of its Copy button, and the page does not scroll sideways.
    const lineHeight = Number.parseFloat((await style(page, '[data-testid=amount-due]', 'lineHeight'))[0]!);
    const box = (await page.getByTestId('amount-due').boundingBox())!;
    assert.ok(box.height < 1.5 * lineHeight, `the amount is one line (${box.height} px high, lines of ${lineHeight} px)`);
    assert.equal(await overlap(page, '[data-testid=amount-due]', '#copyAmount'), false, 'the amount runs into its Copy button');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390, 'no horizontal scroll at 390 px');
    assert.equal(
      await text(page, '[data-testid=network-warning]'),
      'Send ETH on Ethereum only. A payment on Base does not pay this invoice.',
    );
    assert.equal(await page.getByRole('heading', { name: 'Pay with Ether on Ethereum' }).isVisible(), true);
    await assertAccessible(page, 'Ether with its network warning (phone)');
    clean(w);
    await context.close();
  });

  it('the focus stays where the person is: on their option while the page polls, on the details once chosen, back on the chosen one from Change currency (desktop, keyboard)', async () => {
    const id = await invoice('focus-1');
    const { context, w, page } = await visit(id, DESKTOP);
    const base = page.locator('[data-testid=currency-option][data-code=USDC_BASE]');
    await base.waitFor();
    await base.focus();
    // Two more answers to the poll, each rendered: the option keeps the focus.
    const polls = w.polls();
    await until(() => w.polls() >= polls + 2, 10_000, 'two polls');
    assert.equal(await focused(page), 'USDC_BASE', 'the focused option survives the poll');

    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pay with USD Coin on Base' }).waitFor();
    assert.equal(await focused(page), 'payTitle', 'the details take the focus once a currency is chosen');

    await page.getByRole('button', { name: 'Change currency' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), 'USDC_BASE', 'back on the currency chosen before');
    assert.equal(await base.getAttribute('aria-current'), 'true');
    assert.match((await base.textContent())!, /current choice/);
    await assertAccessible(page, 'the picker again, the chosen currency marked (desktop)');

    // Another one by keyboard: Shift+Tab to the option above (USD Coin on Ethereum), Enter.
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'USDC_ERC20');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pay with USD Coin on Ethereum' }).waitFor();
    assert.equal(await focused(page), 'payTitle');
    clean(w);
    await context.close();
  });

  /** An invoice paid in USDT on Tron through the page's own sandbox calls, and its state once paid. */
  async function paidInvoice(orderId: string) {
    const id = await invoice(orderId);
    assert.equal((await t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).status, 200);
    assert.equal((await t.call('POST', `/pay/${id}/simulate`, { body: { amount: 'exact' } })).status, 200);
    assert.equal((await t.call('POST', `/pay/${id}/simulate/mine`, { body: {} })).status, 200);
    await until(async () => (await state(id)).status === 'paid', 15_000, 'paid');
    return { id, paid: await state(id) };
  }

  it('a paid invoice opened again offers no simulate buttons, and shows its receipt (phone)', async () => {
    const { id, paid } = await paidInvoice('paid-again-1');
    const { context, w, page } = await visit(id, PHONE);
    await status(page, 'paid');
    assert.equal(await page.getByRole('button', { name: 'Mine blocks' }).isVisible(), false, 'no simulate buttons on a finished invoice');
    assert.equal(await visible(page, '#sandbox'), false);
    assert.equal(await page.getByRole('banner').isVisible(), true, 'still a test payment: the ribbon stays');
    const rows = new Map(await descriptionRows(page, '#receipt'));
    assert.equal(rows.get('Transaction'), paid.selected.payments[0].txHash);
    await assertAccessible(page, 'a paid invoice opened again (phone)');
    clean(w);
    await context.close();
  });

  it('the paid page of a live installation links its transaction to a block explorer, without ribbon or simulate buttons (phone)', async () => {
    const { id, paid } = await paidInvoice('live-receipt-1');
    const [payment] = paid.selected.payments;

    // The same database served by a live installation (no workers: the page reads what is stored).
    const live = await startTestApp(engine, { database: t.ctx.database, config: { mode: 'live' } });
    try {
      await live.app.listen({ host: '127.0.0.1', port: 0 });
      const liveOrigin = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
      const { context, w, page } = await visit(id, PHONE, liveOrigin);
      await status(page, 'paid');
      const link = page.getByRole('region', { name: 'Receipt' }).getByRole('link', { name: payment.txHash });
      assert.equal(await link.getAttribute('href'), `https://tronscan.org/#/transaction/${payment.txHash}`);
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      assert.equal(await page.getByRole('banner').count(), 0, 'no test ribbon');
      assert.equal(await page.locator('#sandbox').count(), 0, 'no simulate panel');
      await assertAccessible(page, 'a live paid page with its explorer link (phone)');
      assert.deepEqual(w.foreign, [], 'nothing is loaded from the explorer');
      assert.deepEqual(w.errors, []);
      await context.close();
    } finally {
      await live.close();
    }
  });
});
