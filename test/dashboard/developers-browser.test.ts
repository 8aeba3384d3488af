/**
 * Developer tools in headless Chromium: the delivery log shows each attempt's exact
 * signed body and the receiver's answer (its first 4 KB), when a retrying delivery is tried next
 * and the object it is about; Redeliver only on finished deliveries; a refused webhook URL says
 * why at its field; the request log leaves out the dashboard's own reads, filters by key and
 * status (kept in the URL) and opens a call in detail; the Developers page links the API reference.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { noChromium } from '../helpers/browser.ts';
import { describeEngines } from '../helpers/harness.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
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
  type Watched,
} from './kit.ts';

/** The answer to the first test event: longer than the 4 KB the log keeps. */
const LONG_ANSWER = `ok ${'x'.repeat(5000)}`;

/** DNS as this shop's names resolve (the page is tested, not the internet): a typo, an internal name. */
async function shopDns(host: string): Promise<string[]> {
  if (host === 'hooks.corner-shpo.com') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  if (host === 'intranet.corner-shop.com') return ['10.1.2.3'];
  return ['93.184.215.14'];
}

describeEngines('dashboard: developer tools in headless Chromium', (engine) => {
  if (noChromium) return void it('needs Chromium', { skip: noChromium }, () => {});
  let d: Dashboard;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tests = 0;
  before(async () => {
    // Test events: the first is answered (with a long body), the second refused for good (410);
    // invoice events meet a busy receiver (503), retried in about an hour.
    receiver = await startReceiver((r) => {
      if (r.json?.event !== 'webhook.test') return { status: 503, body: 'busy, try later' };
      return ++tests === 1 ? { status: 200, body: LONG_ANSWER } : { status: 410, body: 'gone' };
    });
    d = await startDashboard(engine, { WEBHOOK_RETRY_BASE_S: '3600' }, { lookupHost: shopDns });
  });
  after(async () => {
    await d?.close();
    await receiver?.close();
  });

  /** The tenant's deliveries once `ready` holds of them. */
  async function deliveriesWhen(key: string, ready: (list: any[]) => boolean): Promise<any[]> {
    let list: any[] = [];
    await until(async () => ready((list = (await d.t.call('GET', '/v1/webhook-deliveries', { key })).body.data)), 15_000, 'the deliveries');
    return list;
  }

  /** One delivery of the log, by its event and status badge. */
  function deliveryItem(page: Page, event: string, badge: string): Locator {
    return page
      .getByRole('region', { name: 'Delivery log' })
      .getByRole('listitem')
      .filter({ has: page.getByText(event, { exact: true }) })
      .filter({ has: page.locator('.badge', { hasText: new RegExp(`^${badge}$`) }) });
  }

  async function deliveryLog(w: Watched, key: string, invoiceId: string) {
    const { page } = w;
    const list = await deliveriesWhen(key, (l) => l.length === 3 && l.every((x) => x.attempts > 0));
    await go(page, 'Developers');
    await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: 'Webhooks' }).click();

    // Retrying: when it is tried next, what it is about; no Redeliver (it is on its way).
    const retrying = deliveryItem(page, 'invoice.statusChanged', 'retrying');
    const next = list.find((x) => x.event === 'invoice.statusChanged')!.nextAttemptAt;
    assert.ok(Date.parse(next) > Date.now() + 30 * 60_000, `retried in about an hour: ${next}`);
    await retrying.getByText('Retrying: next attempt').waitFor();
    assert.equal(await retrying.locator('time').getAttribute('datetime'), next);
    assert.equal(await retrying.getByRole('button', { name: 'Redeliver' }).count(), 0, 'a retrying delivery is not redelivered by hand');
    await retrying.getByRole('link', { name: `Invoice ${invoiceId}` }).waitFor();

    // Delivered: the exact bytes signed and sent, and the answer's first 4 KB.
    const delivered = deliveryItem(page, 'webhook.test', 'delivered');
    await delivered.getByRole('button', { name: 'Show attempts' }).click();
    const attempt = delivered.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    await attempt.getByText(/HTTP 200/).waitFor();
    const sent = receiver.received.find((r) => r.headers['x-webhook-id'] === list.find((x) => x.status === 'delivered')!.id)!;
    assert.equal(await attempt.getByRole('figure', { name: 'Request body (as signed)' }).locator('pre').textContent(), sent.body);
    assert.equal(await attempt.getByRole('figure', { name: 'Response body' }).locator('pre').textContent(), LONG_ANSWER.slice(0, 4096));
    await delivered.getByRole('button', { name: 'Redeliver' }).waitFor();
    // Failed for good: redeliverable, its answer shown.
    const failed = deliveryItem(page, 'webhook.test', 'failed');
    await failed.getByRole('button', { name: 'Redeliver' }).waitFor();
    await failed.getByRole('button', { name: 'Show attempts' }).click();
    assert.equal(await failed.getByRole('figure', { name: 'Response body' }).locator('pre').textContent(), 'gone');
    await checkAndShoot(page, 'webhook-attempts-desktop');

    await retrying.getByRole('link', { name: `Invoice ${invoiceId}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice order-dev-1' }).waitFor();
  }

  /** Each refused URL says why at its own field, in words. */
  async function refusedUrls(w: Watched) {
    const { page } = w;
    await go(page, 'Developers');
    await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: 'Webhooks' }).click();
    const config = d.t.app.ctx.config;
    // This installation delivers to public hosts only (the receiver above is local: set before).
    config.webhookAllowPrivate = false;
    try {
      const url = page.getByLabel('Webhook URL', { exact: true });
      const deposit = page.getByLabel('Deposit webhook URL');
      const save = async (a: string, b = '') => {
        w.expect(400, '/v1/webhook-settings');
        await url.fill(a);
        await deposit.fill(b);
        await page.getByRole('button', { name: 'Save webhook URLs' }).click();
      };
      const saidAt = async (field: Locator, text: string | RegExp) => {
        await until(async () => (await field.getAttribute('aria-invalid')) === 'true', 5000, 'the field marked invalid');
        const id = (await field.getAttribute('aria-describedby'))!.split(' ').find((x) => x.endsWith('-error'))!;
        const said = (await page.locator(`[id="${id}"]`).textContent())!;
        assert.match(said, typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
        assert.doesNotMatch(said, /exceptions\./);
      };
      await save('http://hooks.corner-shop.com/in', 'https://intranet.corner-shop.com/in');
      await saidAt(url, 'The address must start with https://');
      await saidAt(deposit, 'intranet.corner-shop.com points at a private address (10.1.2.3)');
      await save('https://hooks.corner-shpo.com/in');
      await saidAt(url, 'No server named hooks.corner-shpo.com can be found');
      await save('https://10.0.0.5/in');
      await saidAt(url, '10.0.0.5 is a private or local address');
      await save('https://localhost/in');
      await saidAt(url, 'localhost is not a name on the public internet');
      assert.equal(
        await page.getByRole('form', { name: 'Webhook URLs' }).getByRole('alert').count(),
        0,
        'said at the field, not in an alert',
      );
      await checkAndShoot(page, 'webhook-url-refused-desktop');
    } finally {
      config.webhookAllowPrivate = true;
    }
    await page.reload();
  }

  async function requestLog(
    w: Watched,
    ids: { main: string; shop: string; shopLabel: string; created: { id: string; requestId: string } },
    email: string,
  ) {
    const { page } = w;
    await go(page, 'Developers');
    await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: 'Request log' }).click();
    const table = page.getByRole('table', { name: 'Request log' });
    await table.getByRole('link', { name: 'POST /v1/invoice' }).first().waitFor();
    // The pages the dashboard polls are not in the log; the change made by hand is.
    const mine = await table.getByRole('row').filter({ hasText: email }).allTextContents();
    assert.ok(mine.length > 0 && mine.every((r) => r.includes('PATCH /v1/webhook-settings')), mine.join('\n'));

    /** Waits until the table lists exactly rows like these, newest first. */
    const listed = (what: string, ...rows: RegExp[]) =>
      until(
        async () => {
          const texts = (await table.getByRole('row').allTextContents()).slice(1);
          return texts.length === rows.length && rows.every((re, i) => re.test(texts[i]!));
        },
        10_000,
        what,
      );
    await page.getByLabel('API key').selectOption({ label: ids.shopLabel });
    await page.waitForURL(new RegExp(`apiKey=${ids.shop}`));
    await listed("the shop key's one call", /POST \/v1\/invoice.*400.*exceptions\.validation\.failed/);

    await page.getByLabel('API key').selectOption(ids.main);
    await page.getByLabel('Status').selectOption({ label: 'Refused (4xx)' });
    await listed("the main key's refused call", /GET \/v1\/invoice.*404.*exceptions\.invoice\.notFound/);
    await page.getByLabel('Status').selectOption({ label: 'Exactly 201' });
    await page.waitForURL(/status=201/);
    await listed("the main key's two invoices", /POST \/v1\/invoice.*201/, /POST \/v1\/invoice.*201/);
    await checkAndShoot(page, 'request-log-desktop');

    await table.getByRole('link', { name: 'POST /v1/invoice' }).first().click();
    const detail = page.getByRole('region', { name: 'Request detail' });
    await detail.getByText(ids.created.requestId).waitFor();
    const facts = (await detail.locator('dl').textContent())!;
    for (const fact of ['MethodPOST', 'Path/v1/invoice', 'Status201', 'CallerAPI key', `Request id${ids.created.requestId}`])
      assert.ok(facts.includes(fact), `${fact} in ${facts}`);
    assert.match(facts, /Duration\d+\.\d ms/);
    assert.match((await detail.getByRole('figure', { name: 'Request body' }).textContent())!, /"orderId":"order-dev-2"/);
    assert.match((await detail.getByRole('figure', { name: 'Response body' }).textContent())!, new RegExp(ids.created.id));
    await checkAndShoot(page, 'request-detail-desktop');
    const opened = page.url();
    await detail.getByRole('link', { name: 'Back to all requests' }).click();
    await table.waitFor();
    assert.match(page.url(), /apiKey=.*status=201|status=201.*apiKey=/, 'the filters kept');
    return opened;
  }

  /** The shop's objects, keys and calls, made once for every test below. */
  interface Shop {
    tenantId: string;
    key: string;
    email: string;
    invoiceId: string;
    ids: { main: string; shop: string; shopLabel: string; created: { id: string; requestId: string } };
  }
  let shop: Shop;

  async function makeShop(): Promise<Shop> {
    const { t } = d;
    const { tenantId, key } = await namedTenant(t, 'Corner Shop');
    assert.equal((await t.admin('PATCH', `/admin/tenants/${tenantId}`, { webhookUrl: `${receiver.url}/hook` })).status, 200);
    const wide = await t.wideKey(tenantId);
    const accountId = (await t.call('GET', '/v1/accounts', { key })).body.data[0].id;
    const checkout = (await t.call('POST', '/v1/api-keys', { key: wide, body: { name: 'Shop checkout', scopes: ['*'], accountId } })).body
      .data;
    // Webhooks: two test events (answered, then refused for good) and an invoice cancelled (retrying).
    assert.equal((await t.call('POST', '/v1/webhook-settings/test', { key })).status, 202);
    await deliveriesWhen(key, (l) => l.some((x) => x.status === 'delivered'));
    assert.equal((await t.call('POST', '/v1/webhook-settings/test', { key })).status, 202);
    const invoice = (await t.call('POST', '/v1/invoice', { key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'order-dev-1' } }))
      .body.data;
    assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id: invoice.id } })).status, 200);
    // Calls for the request log: each key's own, and a change a person made in the dashboard.
    const created = await t.call('POST', '/v1/invoice', {
      key,
      body: { amount: 12.5, fiatCurrencyCode: 'USD', orderId: 'order-dev-2', description: 'Mugs' },
    });
    assert.equal(created.status, 201);
    assert.equal((await t.call('GET', '/v1/invoice?id=00000000-0000-4000-8000-000000000000', { key })).status, 404);
    assert.equal(
      (await t.call('POST', '/v1/invoice', { key: checkout.key, body: { amount: 'x', fiatCurrencyCode: 'USD', orderId: 'order-dev-3' } }))
        .status,
      400,
    );
    const main = (await t.call('GET', '/v1/api-keys', { key: wide })).body.data.find((k: any) => key.startsWith(k.keyStart)).id;
    const owner = await member(t, tenantId, 'owner', 'lena@corner-shop.example');
    assert.equal(
      (await owner.call('PATCH', '/v1/webhook-settings', { body: { depositWebhookUrl: `${receiver.url}/deposits` } })).status,
      200,
    );
    return {
      tenantId,
      key,
      email: owner.email,
      invoiceId: invoice.id,
      ids: {
        main,
        shop: checkout.id,
        shopLabel: `Shop checkout (${checkout.keyStart}…)`,
        created: { id: created.body.data.id, requestId: String(created.headers['x-request-id']) },
      },
    };
  }

  /** Signs the owner in on a new page of `device`, runs `steps`, and checks the page stayed clean. */
  async function asOwner(name: string, device: typeof DESKTOP | typeof PHONE, steps: (w: Watched) => Promise<void>): Promise<void> {
    shop ??= await makeShop();
    const context = await d.browser.newContext(device);
    const w = await watchedPage(context, d.origin);
    await diagnosed(w.page, `${name}-${engine}`, async () => {
      await signIn(w, d.origin, shop.email, PASSWORD);
      await steps(w);
    });
    w.assertClean(name);
    await context.close();
  }

  it('the delivery log: exact signed bodies, the answer, the next attempt, the object; Redeliver only when finished', () =>
    asOwner('developers-webhooks', DESKTOP, (w) => deliveryLog(w, shop.key, shop.invoiceId)));

  it('a refused webhook URL says why at its field', () => asOwner('developers-urls', DESKTOP, (w) => refusedUrls(w)));

  it('the request log: no dashboard reads, by key and status in the URL, a call opened; it fits a phone', async () => {
    let opened = '';
    await asOwner('developers-requests', DESKTOP, async (w) => {
      await until(
        async () =>
          (
            await d.t.ctx.db
              .selectFrom('request_log')
              .select('id')
              .where('tenant_id', '=', shop.tenantId)
              .where('method', '=', 'PATCH')
              .execute()
          ).length >= 1,
        5000,
        'the change logged',
      );
      opened = await requestLog(w, shop.ids, shop.email);
    });
    await asOwner('developers-phone', PHONE, async ({ page }) => {
      await page.goto(opened);
      await page.getByRole('region', { name: 'Request detail' }).getByRole('figure', { name: 'Response body' }).waitFor();
      await assertNoSideScroll(page, 'request detail');
      await page.goto(`${d.origin}/dashboard/developers/webhooks`);
      await deliveryItem(page, 'webhook.test', 'delivered').getByRole('button', { name: 'Show attempts' }).click();
      await page.getByRole('figure', { name: 'Response body' }).first().waitFor();
      await assertNoSideScroll(page, 'delivery attempts');
      await checkAndShoot(page, 'webhook-attempts-phone');
    });
  });

  it('the Developers page links the API reference the gateway serves', () =>
    asOwner('developers-docs', DESKTOP, async ({ page }) => {
      await go(page, 'Developers');
      assert.equal(await page.getByRole('link', { name: 'API reference' }).getAttribute('href'), '/docs');
      let docs = await d.t.app.inject({ method: 'GET', url: '/docs' });
      if (docs.statusCode === 302)
        docs = await d.t.app.inject({ method: 'GET', url: new URL(String(docs.headers.location), 'http://x/docs/').pathname });
      assert.equal(docs.statusCode, 200);
      assert.match(docs.body, /swagger/i);
    }));
});
