import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DICTIONARIES } from '../../src/modules/pay/i18n/index.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { cafeLogo } from './logo-png.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A tenant with an invoice; its brand columns written as the merchant settings would. */
async function brandedInvoice(
  t: TestApp,
  brand: {
    brand_name?: string | null;
    brand_color?: string | null;
    logo?: Buffer | null;
    logo_type?: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  },
) {
  const { key, tenantId } = await t.tenant(['*']);
  if (Object.keys(brand).length) await t.ctx.db.updateTable('tenants').set(brand).where('id', '=', tenantId).execute();
  const res = await t.call('POST', '/v1/invoice', {
    key,
    body: { amount: 1234.5, fiatCurrencyCode: 'EUR', orderId: `brand-${tenantId.slice(0, 8)}` },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { id: res.body.data.id as string, tenantId };
}

describeEngines('payment page brand and language routes', (engine) => {
  const app = useTestApp(engine);

  it('GET /pay/{id}/logo: the logo bytes with their type, cacheable for 5 minutes, nosniff, inert; 404 without one', async () => {
    const t = app();
    const png = cafeLogo();
    const { id } = await brandedInvoice(t, { brand_name: 'Café Müller', brand_color: '#ffd400', logo: png, logo_type: 'image/png' });
    const res = await t.app.inject({ method: 'GET', url: `/pay/${id}/logo` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers['cache-control'], 'public, max-age=300');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.match(String(res.headers['content-security-policy']), /^default-src 'none'/);
    assert.ok(res.rawPayload.equals(png), 'the stored bytes, unchanged');
    // The upper-case spelling of the id is the same invoice.
    assert.equal((await t.app.inject({ method: 'GET', url: `/pay/${id.toUpperCase()}/logo` })).statusCode, 200);

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const other = await brandedInvoice(t, { logo: jpeg, logo_type: 'image/jpeg' });
    const asJpeg = await t.app.inject({ method: 'GET', url: `/pay/${other.id}/logo` });
    assert.equal(asJpeg.headers['content-type'], 'image/jpeg');

    const plain = await brandedInvoice(t, {});
    for (const url of [`/pay/${plain.id}/logo`, `/pay/${MISSING}/logo`, '/pay/not-an-id/logo']) {
      const missing = await t.app.inject({ method: 'GET', url });
      assert.equal(missing.statusCode, 404, url);
      assert.equal(missing.headers['cache-control'], 'no-store', url);
      assert.match(missing.json().code, /^exceptions\.(route|invoice)\.notFound$/);
    }
  });

  it('the state carries the display name, the logo URL and the colour; without a brand, the name and nulls', async () => {
    const t = app();
    const branded = await brandedInvoice(t, {
      brand_name: 'Café Müller',
      brand_color: '#ffd400',
      logo: cafeLogo(),
      logo_type: 'image/png',
    });
    const state = (await t.call('GET', `/pay/${branded.id}/state`)).body.data;
    assert.deepEqual([state.merchantName, state.merchantLogoUrl, state.brandColor], ['Café Müller', `/pay/${branded.id}/logo`, '#ffd400']);
    assert.ok(!('logo' in state), 'never the bytes');
    const plain = await brandedInvoice(t, {});
    const bare = (await t.call('GET', `/pay/${plain.id}/state`)).body.data;
    const tenant = await t.ctx.db.selectFrom('tenants').select('name').where('id', '=', plain.tenantId).executeTakeFirstOrThrow();
    assert.deepEqual([bare.merchantName, bare.merchantLogoUrl, bare.brandColor], [tenant.name, null, null]);
  });

  it('GET /pay/{id} answers in the negotiated language, wears the brand, and varies on the language inputs', async () => {
    const t = app();
    const { id } = await brandedInvoice(t, { brand_name: 'Café Müller', brand_color: '#ffd400', logo: cafeLogo(), logo_type: 'image/png' });
    const get = (headers: Record<string, string> = {}, query = '') => t.app.inject({ method: 'GET', url: `/pay/${id}${query}`, headers });

    const english = await get();
    assert.match(english.body, /<html lang="en">/);
    assert.match(english.body, /<label for="lang" data-i18n="language">Language<\/label>/);
    const german = await get({ 'accept-language': 'de-DE,de;q=0.9' });
    assert.equal(german.statusCode, 200);
    assert.match(String(german.headers.vary), /accept-language/);
    assert.match(german.body, /<html lang="de">/);
    assert.match(german.body, /"locale":"de-DE"/);
    assert.match(german.body, /<h2 id="pickTitle" tabindex="-1" data-i18n="payWith">Bezahlen mit<\/h2>/);
    assert.match(german.body, /alt="Café Müller"/);
    assert.match(
      german.body,
      /<style nonce="[^"]+">[^<]*:root\{--accent:#ffd400;--on-accent:#16181d;--accent-ink:#[0-9a-f]{6};--accent-edge:#[0-9a-f]{6}\}<\/style>/,
    );
    assert.match((await get({ 'accept-language': 'pt-BR' })).body, /<html lang="pt">/);
    assert.match((await get({ 'accept-language': 'zh-Hans-CN, en;q=0.5' })).body, /<html lang="zh">/);
    // The switcher's choices: ?lang= first, then its cookie.
    assert.match((await get({ 'accept-language': 'de' }, '?lang=tr')).body, /<html lang="tr">/);
    assert.match((await get({ 'accept-language': 'de', cookie: 'pay_lang=ru' })).body, /<html lang="ru">/);
    assert.match((await get({}, '?lang=klingon')).body, /<html lang="en">/);
    // No logo, no colour: the page's own blue and no <img>.
    const plain = await brandedInvoice(t, {});
    const bare = (await t.app.inject({ method: 'GET', url: `/pay/${plain.id}` })).body;
    assert.ok(!bare.includes('merchant-logo'));
    assert.match(bare, /:root\{--accent:#2f5bea;--on-accent:#ffffff;/);
    // An unknown invoice: still a page (its script says "not found"), in the language, with no brand.
    const missing = await t.app.inject({ method: 'GET', url: `/pay/${MISSING}`, headers: { 'accept-language': 'es' } });
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, /<html lang="es">/);
  });

  it('GET /pay/{id}/i18n/{lang}: the dictionary the switcher loads; 404 for a language it does not speak', async () => {
    const t = app();
    const res = await t.app.inject({ method: 'GET', url: `/pay/${MISSING}/i18n/tr`, headers: { 'accept-language': 'tr-CY' } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().data, { lang: 'tr', locale: 'tr-CY', t: DICTIONARIES.tr });
    for (const lang of ['xx', 'EN', 'valueOf', 'toString']) {
      const bad = await t.app.inject({ method: 'GET', url: `/pay/${MISSING}/i18n/${lang}` });
      assert.equal(bad.statusCode, 404, `${lang}: ${bad.body}`);
      assert.equal(bad.json().code, 'exceptions.route.notFound');
    }
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/pay/${MISSING}/i18n/constructor` })).statusCode,
      400,
      'longer than a language tag',
    );
  });
});
