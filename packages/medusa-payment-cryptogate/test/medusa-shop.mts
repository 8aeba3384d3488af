/** A JSON answer of Medusa's API. */
// biome-ignore lint/suspicious/noExplicitAny: Medusa's answers are read field by field in the tests.
export type Json = any;

/** A caller of one Medusa server: admin calls with the bearer token, store calls with the publishable key. */
export interface MedusaClient {
  admin(method: string, path: string, body?: unknown): Promise<Json>;
  store(method: string, path: string, body?: unknown): Promise<Json>;
  /** The raw answer, for calls that are expected to be refused. */
  raw(method: string, path: string, opts: { body?: unknown; admin?: boolean }): Promise<{ status: number; body: Json }>;
}

/** Logs in the admin user (`medusa user`) through the auth route and returns the client. */
export async function medusaClient(
  url: string,
  email: string,
  password: string,
  publishableKey = '',
): Promise<MedusaClient & { withKey(key: string): MedusaClient }> {
  const auth = await call(url, 'POST', '/auth/user/emailpass', { body: { email, password } });
  if (auth.status !== 200) throw new Error(`admin login: ${auth.status} ${JSON.stringify(auth.body)}`);
  const token: string = auth.body.token;
  const make = (key: string) => {
    const raw: MedusaClient['raw'] = (method, path, opts) =>
      call(url, method, path, {
        body: opts.body,
        headers: opts.admin ? { authorization: `Bearer ${token}` } : { 'x-publishable-api-key': key },
      });
    const ok = async (method: string, path: string, body: unknown, admin: boolean) => {
      const r = await raw(method, path, { body, admin });
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    return {
      admin: (method: string, path: string, body?: unknown) => ok(method, path, body, true),
      store: (method: string, path: string, body?: unknown) => ok(method, path, body, false),
      raw,
    };
  };
  return { ...make(publishableKey), withKey: make };
}

async function call(
  url: string,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Json = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** What a storefront needs of the shop the admin set up. */
export interface Shop {
  publishableKey: string;
  regionId: string;
  variantId: string;
  shippingOptionId: string;
}

/** A US shipping address for the carts. */
export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Buyer',
  address_1: '1 Main St',
  city: 'Springfield',
  postal_code: '12345',
  country_code: 'us',
};

/**
 * Everything Medusa v2 needs before a storefront can check out, made through the admin API: a
 * sales channel and its publishable key, a USD region paying through the provider, a stock
 * location that ships to the US with a flat-rate option, and a published product at `price` USD.
 */
export async function setUpShop(api: MedusaClient, price: number): Promise<Shop> {
  const { sales_channel: channel } = await api.admin('POST', '/admin/sales-channels', { name: 'Web shop' });
  const { api_key: key } = await api.admin('POST', '/admin/api-keys', { title: 'Storefront', type: 'publishable' });
  await api.admin('POST', `/admin/api-keys/${key.id}/sales-channels`, { add: [channel.id] });
  const { region } = await api.admin('POST', '/admin/regions', {
    name: 'United States',
    currency_code: 'usd',
    countries: ['us'],
    payment_providers: ['pp_cryptogate_cryptogate'],
  });
  const shippingOptionId = await setUpShipping(api, channel.id);
  const { shipping_profiles: profiles } = await api.admin('GET', '/admin/shipping-profiles?type=default');
  const { product } = await api.admin('POST', '/admin/products', {
    title: 'Coffee beans',
    status: 'published',
    shipping_profile_id: profiles[0].id,
    sales_channels: [{ id: channel.id }],
    options: [{ title: 'Size', values: ['1 kg'] }],
    variants: [{ title: '1 kg', options: { Size: '1 kg' }, manage_inventory: false, prices: [{ currency_code: 'usd', amount: price }] }],
  });
  return { publishableKey: key.token, regionId: region.id, variantId: product.variants[0].id, shippingOptionId };
}

/** A warehouse in the sales channel, with a US service zone and a flat-rate option of the manual provider. */
async function setUpShipping(api: MedusaClient, channelId: string): Promise<string> {
  const { stock_location: location } = await api.admin('POST', '/admin/stock-locations', {
    name: 'Warehouse',
    address: { address_1: '2 Depot Rd', country_code: 'us' },
  });
  await api.admin('POST', `/admin/stock-locations/${location.id}/sales-channels`, { add: [channelId] });
  await api.admin('POST', `/admin/stock-locations/${location.id}/fulfillment-providers`, { add: ['manual_manual'] });
  const withSet = await api.admin('POST', `/admin/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`, {
    name: 'Shipping',
    type: 'shipping',
  });
  const set = withSet.stock_location.fulfillment_sets[0];
  const withZone = await api.admin('POST', `/admin/fulfillment-sets/${set.id}/service-zones`, {
    name: 'US',
    geo_zones: [{ type: 'country', country_code: 'us' }],
  });
  const zone = withZone.fulfillment_set.service_zones[0];
  const { shipping_profiles: profiles } = await api.admin('GET', '/admin/shipping-profiles?type=default');
  const { shipping_option: option } = await api.admin('POST', '/admin/shipping-options', {
    name: 'Standard',
    service_zone_id: zone.id,
    shipping_profile_id: profiles[0].id,
    provider_id: 'manual_manual',
    price_type: 'flat',
    type: { label: 'Standard', description: 'Flat rate', code: 'standard' },
    prices: [{ currency_code: 'usd', amount: 5 }],
    rules: [
      { attribute: 'enabled_in_store', value: 'true', operator: 'eq' },
      { attribute: 'is_return', value: 'false', operator: 'eq' },
    ],
  });
  return option.id;
}

/**
 * A storefront's checkout up to the payment: a cart with `quantity` of the variant, the address,
 * the shipping option, and a payment session with the provider carrying the cart id, its lines
 * and the customer's refund address. Returns the cart and the session.
 */
export async function checkout(
  api: MedusaClient,
  shop: Shop,
  quantity: number,
  refundAddress: string,
): Promise<{ cart: Json; session: Json }> {
  const { cart } = await api.store('POST', '/store/carts', { region_id: shop.regionId, email: 'ada@example.com' });
  await api.store('POST', `/store/carts/${cart.id}/line-items`, { variant_id: shop.variantId, quantity });
  await api.store('POST', `/store/carts/${cart.id}`, { shipping_address: ADDRESS, billing_address: ADDRESS });
  const { cart: shipped } = await api.store('POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: shop.shippingOptionId });
  const { payment_collection: collection } = await api.store('POST', '/store/payment-collections', { cart_id: cart.id });
  // The lines add up to the payment's amount with the shipping, so the payment page shows them.
  const items = shipped.items.map((i: Json) => ({ name: i.title, quantity: i.quantity, cost: i.unit_price }));
  items.push({ name: 'Shipping', quantity: 1, cost: shipped.shipping_total });
  const { payment_collection: withSession } = await api.store('POST', `/store/payment-collections/${collection.id}/payment-sessions`, {
    provider_id: 'pp_cryptogate_cryptogate',
    data: { cart_id: cart.id, items, refund_address: refundAddress },
  });
  return { cart: shipped, session: withSession.payment_sessions[0] };
}
