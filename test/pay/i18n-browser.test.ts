import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { assertAccessible, screenshot, type BrowserContexts } from '../helpers/browser.ts';
import type { TestApp } from '../helpers/harness.ts';
import { DESKTOP, PHONE, describePages, openWatched, payScreenshot, style } from './kit.ts';
import { cafeLogo } from './logo-png.ts';

/** Any space Intl puts between number and currency (no-break or narrow no-break). */
const SP = '[\\s\\u00a0\\u202f]';

describePages('payment page in the customer’s language and the merchant’s brand, in headless Chromium', (_engine, suite) => {
  let t: TestApp;
  let browser: BrowserContexts;
  let origin = '';
  before(() => ({ t, browser, origin } = suite()));

  /** A merchant with the given brand (written as the settings page would) and one invoice. */
  async function invoice(brand: Record<string, unknown>, body: Record<string, unknown>) {
    const { key, tenantId } = await t.tenant(['*']);
    await t.ctx.db.updateTable('tenants').set(brand).where('id', '=', tenantId).execute();
    const res = await t.call('POST', '/v1/invoice', { key, body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id as string;
  }

  const open = (context: BrowserContext, path: string) => openWatched(context, origin, path);

  const lang = (page: Page) => page.evaluate('document.documentElement.lang');
  /** Waits until the document's lang attribute says the language (the switcher re-renders in place). */
  // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
  const langBecomes = (page: Page, code: string) =>
    page.waitForFunction((c) => (globalThis as any).document.documentElement.lang === c, code);
  const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();

  it('German from Accept-Language, branded (logo, name, light colour with dark button text); switch to Turkish and Chinese in place; pay (phone)', async () => {
    const id = await invoice(
      { brand_name: 'Café Müller', brand_color: '#ffd400', logo: cafeLogo(), logo_type: 'image/png' },
      { amount: 1234.5, fiatCurrencyCode: 'EUR', orderId: 'kaffee-42', description: 'Bohnen und Mühle' },
    );
    const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const { page, foreign, errors, loaded } = await open(context, `/pay/${id}`);
    await page.waitForSelector('[data-testid=currency-option][data-code=USDT_TRC20]');

    // German, and German numbers.
    assert.equal(await lang(page), 'de');
    assert.equal(await page.title(), 'Rechnung bezahlen');
    assert.match(await text(page, '#total'), new RegExp(`^1\\.234,50${SP}€$`));
    assert.equal(await text(page, '[data-testid=status]'), 'Offen');
    assert.equal(await text(page, '#ref'), 'Bestellung Nr. kaffee-42');
    assert.match(await text(page, '[data-testid=countdown]'), /^Läuft ab in \d+:\d\d$/);
    assert.match(await text(page, '#when'), /^Gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    assert.equal(await page.getByRole('region', { name: 'Währung wählen' }).isVisible(), true);
    assert.match(await text(page, '[data-code=USDT_TRC20] .est'), /^≈ \d{1,3}(\.\d{3})*(,\d+)? USDT$/);
    assert.match(await text(page, '[data-code=BTC] .est'), /^≈ 0,\d{1,8} BTC$/);
    assert.match((await page.getByRole('banner').textContent())!, /Testzahlung · Sandbox/);

    // The brand: its logo (served by the gateway), its name, its colour as the accent.
    const logo = page.getByRole('img', { name: 'Café Müller' });
    assert.equal(await logo.getAttribute('src'), `/pay/${id}/logo`);
    assert.equal(
      await page.evaluate(
        `(() => { const img = document.querySelector('[data-testid=merchant-logo]'); return img.complete && img.naturalWidth; })()`,
      ),
      96,
    );
    assert.equal(loaded.get(`/pay/${id}/logo`), 200);
    assert.equal(await text(page, '#merchant'), 'Café Müller');
    assert.deepEqual(await style(page, '.summary', 'borderTopColor'), ['rgb(255, 212, 0)']);
    await assertAccessible(page, 'the German picker with a light brand colour (phone)');

    await page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    const address = await text(page, '[data-testid=address]');
    const raw = (await t.call('GET', `/pay/${id}/state`)).body.data.selected.amountExpected as string;
    const [whole, frac] = raw.split('.');
    const german = `${whole!.replace(/\B(?=(\d{3})+$)/g, '.')}${frac ? `,${frac}` : ''} USDT`;
    assert.equal(await text(page, '[data-testid=amount-due]'), german, `${raw} in German`);
    assert.equal(await page.getByRole('heading', { name: 'Bezahlen mit Tether USD im Netzwerk Tron' }).isVisible(), true);
    assert.equal(
      await text(page, '[data-testid=network-warning]'),
      'Senden Sie USDT nur im Netzwerk Tron. Eine Zahlung über Ethereum oder BNB Smart Chain bezahlt diese Rechnung nicht.',
    );
    assert.match(await text(page, '#fee'), new RegExp(`^Inklusive Netzwerkgebühr 1 USDT · 1 USDT = 0,\\d{2,6}${SP}€$`));
    assert.equal(await page.getByRole('link', { name: 'In Wallet öffnen' }).isVisible(), true);
    assert.deepEqual(
      await style(page, '#wallet', 'backgroundColor', 'color'),
      ['rgb(255, 212, 0)', 'rgb(22, 24, 29)'],
      'dark text on the yellow accent',
    );
    await assertAccessible(page, 'the German payment details (phone)');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390, 'no horizontal scroll at 390 px');
    // docs/payment-page-i18n.png is this screenshot.
    await payScreenshot(page, 'pay-i18n-de-branded-mobile.png', '-i18n');
    // Copy gives the machine-readable amount, not the German text.
    await page.getByRole('button', { name: 'Betrag kopieren' }).click();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), raw);
    assert.equal(await text(page, '#copyAmount'), 'Kopiert');

    // Switching to Turkish re-renders in place: nothing reloads, what the page shows stays.
    await page.evaluate('window.__samePage = true');
    await page.getByLabel('Sprache').selectOption('tr');
    await langBecomes(page, 'tr');
    assert.equal(await page.evaluate('window.__samePage'), true, 'no reload');
    assert.equal(await page.getByLabel('Dil').inputValue(), 'tr');
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'tr');
    assert.equal(await page.title(), 'Faturayı öde');
    assert.equal(await text(page, '[data-testid=status]'), 'Ödenmedi');
    assert.equal(await text(page, '[data-testid=address]'), address);
    assert.match(await text(page, '#total'), /^€1\.234,50$/);
    assert.equal(await page.getByRole('link', { name: 'Cüzdanda aç' }).isVisible(), true);
    assert.equal(await page.getByRole('region', { name: 'Ödeme bilgileri' }).isVisible(), true);
    assert.match(await text(page, 'footer'), /^Güvenli ödeme sayfası · fatura [0-9a-f]{8}$/);
    await assertAccessible(page, 'the Turkish payment details (phone)');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390, 'no horizontal scroll at 390 px');

    await page.getByLabel('Dil').selectOption('zh');
    await langBecomes(page, 'zh');
    assert.equal(await page.getByLabel('语言').inputValue(), 'zh');
    assert.match(await text(page, '#total'), /^€1,234\.50$/);
    assert.equal(await text(page, '#statusLabel'), '等待付款');
    await page.getByRole('button', { name: '支付准确金额' }).click();
    await page.waitForSelector('[data-testid=status][data-status=processing]', { timeout: 15_000 });
    assert.equal(await page.getByRole('heading', { name: '已检测到付款' }).isVisible(), true);
    assert.equal(await text(page, '#detConf'), '确认数：0 / 2');
    assert.match(await text(page, '#detAmount'), /^[\d,.]+ USDT 正在到账：网络正在确认此笔付款。$/);
    await page.getByRole('button', { name: '挖出区块' }).click();
    await page.waitForSelector('[data-testid=status][data-status=paid]', { timeout: 15_000 });
    assert.equal(await text(page, '#outTitle'), '已收到付款');
    assert.equal(await page.getByRole('region', { name: '收据' }).isVisible(), true);
    assert.equal(await text(page, '#receiptList dt'), '账单金额');
    assert.match(await text(page, '#when'), /^支付时间：\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    await assertAccessible(page, 'the Chinese outcome (phone)');
    await screenshot(page, 'pay-i18n-zh-paid-mobile.png');

    // The choice is remembered: a reload and a fresh visit without ?lang both come back in Chinese.
    await page.reload();
    await page.waitForSelector('[data-testid=status][data-status=paid]');
    assert.equal(await lang(page), 'zh');
    const again = await open(context, `/pay/${id}`);
    await again.page.waitForSelector('[data-testid=status][data-status=paid]');
    assert.equal(await lang(again.page), 'zh');
    assert.equal(await text(again.page, '[data-testid=status]'), '已支付');

    assert.deepEqual([foreign, again.foreign], [[], []], 'no request left the gateway');
    assert.deepEqual([errors, again.errors], [[], []], 'no console errors (CSP included)');
    await context.close();
  });

  it('English by default, a dark brand colour with white button text, no logo; switch to French (desktop)', async () => {
    const id = await invoice(
      { brand_name: 'Purple Goods', brand_color: '#5b21b6' },
      { amount: 25, fiatCurrencyCode: 'USD', orderId: 'purple-1', number: 'PG-7' },
    );
    const context = await browser.newContext(DESKTOP);
    const { page, foreign, errors } = await open(context, `/pay/${id}`);
    await page.waitForSelector('[data-testid=currency-option][data-code=USDC_BASE]');
    assert.equal(await lang(page), 'en');
    assert.equal(await text(page, '#total'), '$25.00');
    assert.equal(await text(page, '#ref'), 'Invoice PG-7');
    assert.equal(await page.locator('[data-testid=merchant-logo]').count(), 0, 'no logo, no <img>');
    assert.equal(await text(page, '#merchant'), 'Purple Goods');
    assert.deepEqual(await style(page, '#merchant', 'color'), ['rgb(91, 33, 182)']);
    await page.click('[data-testid=currency-option][data-code=USDC_BASE]');
    await page.waitForSelector('[data-testid=address]:not(:empty)');
    assert.equal(await page.getByRole('link', { name: 'Open in wallet' }).isVisible(), true);
    assert.deepEqual(
      await style(page, '#wallet', 'backgroundColor', 'color'),
      ['rgb(91, 33, 182)', 'rgb(255, 255, 255)'],
      'white text on the purple accent',
    );
    await assertAccessible(page, 'the English page with a dark brand colour (desktop)');

    await page.getByLabel('Language').selectOption('fr');
    await langBecomes(page, 'fr');
    assert.match(await text(page, '#total'), new RegExp(`^25,00${SP}\\$US$`));
    assert.equal(await text(page, '#ref'), 'Facture PG-7');
    assert.equal(await page.getByRole('link', { name: 'Ouvrir dans le portefeuille' }).isVisible(), true);
    assert.equal(await page.getByRole('button', { name: 'Copier l’adresse' }).isVisible(), true);
    await assertAccessible(page, 'the French page with a dark brand colour (desktop)');
    await screenshot(page, 'pay-i18n-fr-branded-desktop.png');
    // By keyboard: the next language in the list, and the focus stays on the switcher (no reload, no jump).
    await page.getByLabel('Langue').focus();
    await page.keyboard.press('ArrowDown');
    await langBecomes(page, 'pt');
    assert.equal(await page.evaluate('document.activeElement.id'), 'lang');
    assert.equal(await text(page, '#ref'), 'Fatura PG-7');
    assert.deepEqual(foreign, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
