import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the storefront page needs to know of the shop: where Medusa is, its key and what it sells. */
export interface StorefrontConfig {
  medusaUrl: string;
  publishableKey: string;
  regionId: string;
}

/**
 * The smallest storefront a shop could write against Medusa's store API, as one page: the product,
 * a checkout that opens the provider's payment session and sends the customer to `payment_url`,
 * and the confirmation page the gateway sends them back to, which waits for the order.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bean Shop</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2933; background: #f7f5f2; }
header { background: #3e2c23; color: #fff; padding: 14px 24px; font-weight: 600; font-size: 20px; }
main { max-width: 560px; margin: 24px auto; background: #fff; border-radius: 10px; padding: 24px; box-shadow: 0 1px 4px #0002; }
h1 { font-size: 22px; margin: 0 0 12px; } table { width: 100%; border-collapse: collapse; margin: 12px 0; }
td { padding: 6px 0; border-bottom: 1px solid #eee; } td:last-child { text-align: right; } tr.total td { font-weight: 700; border: 0; }
label { display: block; margin: 12px 0 4px; font-weight: 600; } input { width: 100%; box-sizing: border-box; padding: 8px; font: inherit; }
.button { display: inline-block; margin-top: 16px; padding: 10px 18px; border: 0; border-radius: 6px; background: #1a7f5a; color: #fff; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
.steps { color: #6b7280; font-size: 14px; margin-bottom: 8px; } .steps b { color: #1f2933; }
</style></head>
<body><header>Bean Shop</header><main id="app"><p>Loading…</p></main>
<script>
const CFG = __CONFIG__;
const app = document.getElementById('app');
const usd = (n) => '$' + Number(n).toFixed(2);
async function store(method, path, body) {
  const res = await fetch(CFG.medusaUrl + path, { method, headers: { 'content-type': 'application/json', 'x-publishable-api-key': CFG.publishableKey }, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(json.message || res.status);
  return json;
}
function esc(s) { const d = document.createElement('div'); d.textContent = String(s); return d.innerHTML; }
async function product() {
  const { products } = await store('GET', '/store/products?region_id=' + CFG.regionId + '&fields=*variants.calculated_price');
  const p = products[0], v = p.variants[0];
  app.innerHTML = '<div class="steps"><b>Cart</b> · Payment · Done</div><h1>' + esc(p.title) + '</h1><p>' + esc(v.title) + ', ' + usd(v.calculated_price.calculated_amount) + '</p>'
    + '<label for="qty">Quantity</label><input id="qty" type="number" min="1" value="1">'
    + '<label for="email">Email</label><input id="email" type="email" value="ada@example.com">'
    + '<label for="refund">Your wallet for refunds (Tron)</label><input id="refund" autocomplete="off">'
    + '<button class="button" id="checkout">Check out</button>';
  document.getElementById('checkout').onclick = () => checkout(v.id).catch((e) => { app.insertAdjacentHTML('beforeend', '<p role="alert">' + esc(e.message) + '</p>'); });
}
async function checkout(variantId) {
  const address = { first_name: 'Ada', last_name: 'Buyer', address_1: '1 Main St', city: 'Springfield', postal_code: '12345', country_code: 'us' };
  const refund = document.getElementById('refund').value;
  const { cart } = await store('POST', '/store/carts', { region_id: CFG.regionId, email: document.getElementById('email').value });
  await store('POST', '/store/carts/' + cart.id + '/line-items', { variant_id: variantId, quantity: Number(document.getElementById('qty').value) });
  await store('POST', '/store/carts/' + cart.id, { shipping_address: address, billing_address: address });
  const { shipping_options: options } = await store('GET', '/store/shipping-options?cart_id=' + cart.id);
  const { cart: full } = await store('POST', '/store/carts/' + cart.id + '/shipping-methods', { option_id: options[0].id });
  const { payment_collection: pc } = await store('POST', '/store/payment-collections', { cart_id: cart.id });
  const items = full.items.map((i) => ({ name: i.title, quantity: i.quantity, cost: i.unit_price })).concat([{ name: 'Shipping', quantity: 1, cost: full.shipping_total }]);
  const { payment_collection: withSession } = await store('POST', '/store/payment-collections/' + pc.id + '/payment-sessions', {
    provider_id: 'pp_cryptogate_cryptogate',
    data: { cart_id: cart.id, items, refund_address: refund, success_url: location.origin + '/order/confirmed?cart=' + cart.id },
  });
  const session = withSession.payment_sessions[0];
  const rows = full.items.map((i) => '<tr><td>' + esc(i.product_title) + ' × ' + i.quantity + '</td><td>' + usd(i.unit_price) + ' each</td></tr>').join('')
    + '<tr><td>Shipping (' + esc(options[0].name) + ')</td><td>' + usd(full.shipping_total) + '</td></tr>'
    + '<tr class="total"><td>Total</td><td data-testid="total">' + usd(full.total) + '</td></tr>';
  app.innerHTML = '<div class="steps">Cart · <b>Payment</b> · Done</div><h1>Payment</h1><table>' + rows + '</table>'
    + '<p>Pay in crypto on the secure payment page: USDT, USDC, BTC, ETH and more. Refunds go to ' + esc(refund || 'the shop') + '.</p>'
    + '<a class="button" data-testid="pay" href="' + esc(session.data.payment_url) + '">Pay ' + usd(full.total) + ' with crypto</a>';
}
async function confirmed() {
  const id = new URLSearchParams(location.search).get('cart');
  app.innerHTML = '<p data-testid="waiting">Waiting for the payment to be confirmed…</p>';
  for (;;) {
    const { cart } = await store('GET', '/store/carts/' + id + '?fields=completed_at');
    if (cart.completed_at) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const done = await store('POST', '/store/carts/' + id + '/complete');
  app.innerHTML = '<div class="steps">Cart · Payment · <b>Done</b></div><h1>Thank you!</h1><p data-testid="order">Order #' + done.order.display_id + ' is placed: ' + usd(done.order.total) + ' paid.</p>';
}
(location.pathname === '/order/confirmed' ? confirmed() : product()).catch((e) => { app.innerHTML = '<p role="alert">' + esc(e.message) + '</p>'; });
</script></body></html>`;

/** Serves the storefront page on a free loopback port; `configure` gives it the shop once Medusa is set up. */
export async function startStorefront() {
  let config: StorefrontConfig | null = null;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://storefront').pathname;
    if (!config || (path !== '/' && path !== '/order/confirmed')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE.replace('__CONFIG__', JSON.stringify(config)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    configure: (c: StorefrontConfig) => (config = c),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
