import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { browserContexts, noChromium, SHOTS, screenshot, waitInPage } from '../../../test/helpers/browser.ts';
import { after, before, describe, test } from 'node:test';
import { createScratchDatabase } from '../../../test/helpers/processes.ts';
import { api, payOnPage, type SandboxGateway, startSandboxGateway, until } from './gateway.mts';
import { buildProvider, createMedusaApp, type MedusaApp, type MedusaServer, medusaMissing } from './medusa-app.mts';
import { checkout, type Json, type MedusaClient, medusaClient, type Shop, setUpShop } from './medusa-shop.mts';
import { startStorefront } from './storefront.mts';
import { postHook, startRelay } from './webhook-relay.mts';

const missing = medusaMissing();
const ADMIN_EMAIL = 'admin@shop.test';
const ADMIN_PASSWORD = 'medusa-test-password';
/** The customer's wallet on Tron, where refunds of a USDT (TRC-20) payment go. */
const REFUND_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const HOOK = '/hooks/payment/pp_cryptogate_cryptogate';

// A real Medusa application, made by the test from the package's installed dependencies, with the
// provider registered in its config: migrated and started as a shop runs it, set up and used only
// through Medusa's admin and store APIs, against a sandbox gateway process that pays and refunds.
describe('a Medusa application checking out through the provider', { skip: missing ?? false }, () => {
  let gw: SandboxGateway;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let storefront: Awaited<ReturnType<typeof startStorefront>>;
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let app: MedusaApp;
  let medusa: MedusaServer;
  let admin: MedusaClient;
  let store: MedusaClient;
  let shop: Shop;

  before(async () => {
    await buildProvider();
    // PostgreSQL for the gateway too: Medusa needs it here anyway, and the provider's own test runs
    // the gateway on PGlite.
    gw = await startSandboxGateway('postgres');
    relay = await startRelay();
    storefront = await startStorefront();
    db = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'medusa_app');
    app = createMedusaApp(
      db.url,
      { gatewayUrl: gw.url, apiKey: gw.key, webhookSecret: gw.webhookSecret, webhookUrl: `${relay.url}${HOOK}` },
      storefront.url,
    );
    await app.cli(['db:migrate']);
    await app.cli(['user', '-e', ADMIN_EMAIL, '-p', ADMIN_PASSWORD]);
    medusa = await app.start();
    relay.setTarget(`${medusa.url}${HOOK}`);
    const client = await medusaClient(medusa.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    admin = client;
    shop = await setUpShop(admin, 20);
    store = client.withKey(shop.publishableKey);
    storefront.configure({ medusaUrl: medusa.url, publishableKey: shop.publishableKey, regionId: shop.regionId });
  });
  after(async () => {
    await medusa?.stop();
    await relay?.close();
    await storefront?.close();
    await gw?.stop();
    await db?.drop();
    app?.remove();
  });

  const invoiceOf = async (id: string) => (await api(gw.url, 'GET', `/v1/invoice?id=${id}`, { key: gw.key })).body.data;
  /** The order a completed cart became: completing it again answers with that order. */
  const orderOf = async (cartId: string): Promise<Json> => {
    await until(
      async () => (await store.store('GET', `/store/carts/${cartId}?fields=completed_at`)).cart.completed_at !== null,
      `cart ${cartId} completed`,
    );
    const done = await store.store('POST', `/store/carts/${cartId}/complete`);
    assert.equal(done.type, 'order');
    return done.order;
  };

  test('the paid invoice places the order through the signed webhook; a Medusa refund reaches the customer', async () => {
    const { cart, session } = await checkout(store, shop, 2, REFUND_ADDRESS);
    assert.equal(cart.total, 45);
    const invoice = await invoiceOf(session.data.invoice_id);
    assert.equal(invoice.orderId, cart.id);
    assert.equal(String(invoice.amount), '45');
    assert.equal(invoice.fiatCurrencyCode, 'USD');
    assert.equal(invoice.status, 'created');
    assert.deepEqual(
      invoice.items.map((i: Json) => i.name),
      ['Coffee beans', 'Shipping'],
    );
    assert.equal(session.data.payment_url, invoice.paymentPageUrl);

    // Before the invoice is paid the storefront cannot place the order.
    const early = await store.raw('POST', `/store/carts/${cart.id}/complete`, {});
    assert.notEqual(early.body?.type, 'order', JSON.stringify(early.body));

    await payOnPage(gw.url, invoice.id, 'exact');
    const order = await orderOf(cart.id);
    assert.equal(order.total, 45);
    const { order: placed } = await admin.admin('GET', `/admin/orders/${order.id}?fields=payment_status,*payment_collections.payments`);
    assert.equal(placed.payment_status, 'captured');
    assert.ok(
      relay.seen.some((d) => d.invoiceId === invoice.id && d.status === 'paid'),
      'the paid webhook went to Medusa',
    );

    const payment = placed.payment_collections[0].payments[0];
    await admin.admin('POST', `/admin/payments/${payment.id}/refund`, { amount: 10 });
    const refunded = await invoiceOf(invoice.id);
    assert.equal(refunded.refunds.length, 1);
    const withdrawal = await refundSent(refunded.refunds[0].id);
    assert.equal(withdrawal.address, REFUND_ADDRESS);
    assert.equal(withdrawal.cryptoCurrencyCode, 'USDT_TRC20');
    assert.equal(String(withdrawal.amount), String(refunded.refunds[0].amount));
    const { order: after } = await admin.admin('GET', `/admin/orders/${order.id}?fields=payment_status,summary`);
    assert.equal(after.payment_status, 'partially_refunded');
  });

  /** The refund's withdrawal, once the sandbox chain confirmed its transaction to the customer. */
  async function refundSent(id: string): Promise<Json> {
    let w: Json;
    await until(async () => {
      w = (await api(gw.url, 'GET', `/v1/withdrawal?id=${id}`, { key: gw.key })).body.data;
      if (w.status === 'processing')
        await api(gw.url, 'POST', '/admin/sandbox/mine', { admin: gw.admin, body: { network: 'Tron', blocks: 5 } });
      return w.status === 'completed' || w.status === 'failed';
    }, 'the refund withdrawal');
    assert.equal(w.status, 'completed', JSON.stringify(w));
    return w;
  }

  test('a forged or tampered webhook for a paid invoice changes nothing; the genuine one places the order', async () => {
    const first = await checkout(store, shop, 1, REFUND_ADDRESS);
    const second = await checkout(store, shop, 1, REFUND_ADDRESS);
    for (const c of [first, second]) relay.hold(c.session.data.invoice_id);
    for (const c of [first, second]) await payOnPage(gw.url, c.session.data.invoice_id, 'exact');
    const paidHook = async (invoiceId: string) => {
      await until(async () => relay.seen.some((d) => d.invoiceId === invoiceId && d.status === 'paid'), 'the paid webhook');
      const d = relay.seen.find((x) => x.invoiceId === invoiceId && x.status === 'paid');
      if (!d) throw new Error('no paid webhook');
      return d;
    };
    const genuine = await paidHook(second.session.data.invoice_id);
    await paidHook(first.session.data.invoice_id);

    const url = `${medusa.url}${HOOK}`;
    const forged = createHmac('sha256', 'f'.repeat(64)).update(genuine.body).digest('hex');
    const tampered = Buffer.from(genuine.body.toString('utf8').replace('"paid"', '"paid" '));
    assert.equal(await postHook(url, genuine.body, { 'x-webhook-signature': forged }), 200);
    assert.equal(await postHook(url, tampered, { 'x-webhook-signature': genuine.signature }), 200);
    assert.equal(await postHook(url, genuine.body, {}), 200);

    // Medusa handles webhooks in the order they came: once the first cart's genuine webhook has
    // placed its order, the forged ones before it were handled too.
    await relay.release(first.session.data.invoice_id);
    await orderOf(first.cart.id);
    const still = await store.store('GET', `/store/carts/${second.cart.id}?fields=completed_at,*payment_collection.payment_sessions`);
    assert.equal(still.cart.completed_at, null);
    assert.equal(still.cart.payment_collection.payment_sessions[0].status, 'pending');

    await relay.release(second.session.data.invoice_id);
    const order = await orderOf(second.cart.id);
    assert.equal(order.total, 25);
  });
  test('a customer checks out in a storefront page in Chromium and pays on the hosted page', { skip: noChromium }, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const contexts = browserContexts();
    try {
      const page = await (await contexts.newContext({ viewport: { width: 900, height: 480 } })).newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(storefront.url);
      await page.fill('#qty', '3');
      await page.fill('#refund', REFUND_ADDRESS);
      await page.click('#checkout');
      await page.waitForSelector('[data-testid=pay]');
      assert.equal(await page.textContent('[data-testid=total]'), '$65.00');
      const shot = await screenshot(page, 'medusa-checkout.png');
      if (shot && process.env.UPDATE_DOCS_SCREENSHOTS === '1')
        copyFileSync(shot, fileURLToPath(new URL('../../../docs/medusa-checkout.png', import.meta.url)));

      await page.click('[data-testid=pay]');
      await page.waitForURL(`${gw.url}/pay/**`);
      await page.waitForSelector('[data-testid=currency-option][data-code=USDT_TRC20]');
      assert.match((await page.textContent('#total')) ?? '', /65\.00/);
      await page.click('[data-testid=currency-option][data-code=USDT_TRC20]');
      await page.click('[data-testid=sim-exact]');
      await page.click('[data-testid=sim-mine]');
      await waitInPage(page, `document.querySelector('[data-testid=status]')?.dataset.status === 'paid'`, 30_000);
      await Promise.all([page.waitForURL(`${storefront.url}/order/confirmed**`), page.click('[data-testid=outcome-link]')]);
      await page.waitForSelector('[data-testid=order]', { timeout: 60_000 });
      assert.match((await page.textContent('[data-testid=order]')) ?? '', /^Order #\d+ is placed: \$65\.00 paid\.$/);
      assert.deepEqual(errors, []);
    } finally {
      await contexts.close();
    }
  });
});
