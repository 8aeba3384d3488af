/**
 * The subscription mails in the customer's language, received through a local SMTP server on both
 * engines: the issued invoice, the payment reminder and the portal link in German and Chinese (set
 * on create and by PATCH), in English for a customer with none, each under the merchant's name,
 * colour and logo. A language the gateway does not speak is refused. Then the words themselves:
 * every language has every key of English, and every key the portal's script asks for exists.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after as afterAll, before, describe, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { processOutbox } from '../../src/lib/outbox.ts';
import { mailFromEvents } from '../../src/modules/email/from-events.ts';
import { LOGO_CID } from '../../src/modules/email/render.ts';
import { MailSender } from '../../src/modules/email/sender.ts';
import { subscriptionMail } from '../../src/modules/email/subscription-mail.ts';
import { accentPalette } from '../../src/modules/pay/accent.ts';
import { LANGUAGES } from '../../src/modules/pay/i18n/index.ts';
import { SUBSCRIPTION_DICTIONARIES } from '../../src/modules/subscriptions/i18n/index.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { smtpServer, type Inbox } from '../helpers/inbox.ts';
import { cafeLogo } from '../pay/logo-png.ts';
import { HOUR, after, appClock, made, type Tenant } from './helpers.ts';

const BRAND = { merchantName: 'Café Müller', brandColor: '#0f766e' };

/** Writes the mail jobs of every event so far and sends them all to the inbox, as the worker's jobs do. */
async function deliver(t: TestApp): Promise<void> {
  const handler = mailFromEvents(t.ctx.config);
  assert.ok(handler && t.ctx.config.email, 'mail is set up');
  while ((await processOutbox(t.ctx.db, 100, handler)) > 0);
  const sender = new MailSender(t.ctx.db, t.ctx.config.email);
  try {
    while ((await sender.round()) > 0);
  } finally {
    sender.close();
  }
}

/** A customer of `a` subscribed to the plan, their language given on create, or by PATCH before subscribing. */
async function subscriber(t: TestApp, a: Tenant, planId: string, who: string, language?: { create?: string; patch?: string }) {
  let customer = await made(t, a.key, '/v1/customers', {
    email: `${who}@buyer.test`,
    name: who,
    ...(language?.create ? { language: language.create } : {}),
  });
  if (language?.patch) {
    const set = await t.call('PATCH', `/v1/customers/${customer.id}`, { key: a.key, body: { language: language.patch } });
    assert.deepEqual([set.status, set.body.data.language], [200, language.patch]);
    customer = set.body.data;
  }
  const sub = await made(t, a.key, '/v1/subscriptions', { planId, customerId: customer.id });
  return { customer, sub };
}

/** The one mail to an address with this subject. */
function mailTo(inbox: Inbox, address: string, subject: string): ParsedMail {
  const found = inbox.to(address).filter((m) => m.subject === subject);
  assert.equal(found.length, 1, `${address}: "${subject}" among ${JSON.stringify(inbox.to(address).map((m) => m.subject))}`);
  return found[0]!;
}

/** What every customer mail carries: the brand's name (sender and header), colour and logo, the language, no placeholder left. */
function assertBranded(mail: ParsedMail, lang: string): void {
  const html = String(mail.html);
  assert.equal(mail.from?.value[0]?.name, BRAND.merchantName);
  assert.match(mail.text ?? '', /^Café Müller\n/);
  assert.match(html, new RegExp(`<html lang="${lang}">`));
  assert.ok(html.includes(`background:${accentPalette(BRAND.brandColor).accent}`), 'the brand colour');
  // The parser puts the inline logo (cid:) into the HTML as a data URL.
  assert.match(html, /<img src="data:image\/png;base64,/, 'the logo, inline');
  assert.deepEqual(
    mail.attachments.map((x) => [x.cid, x.contentType]),
    [[LOGO_CID, 'image/png']],
  );
  assert.doesNotMatch(`${mail.subject}\n${mail.text}`, /\{\w+\}/, 'no placeholder left');
}

describeEngines('subscription mails in the customer’s language', (engine) => {
  let inbox: Inbox;
  const env = { SMTP_URL: '', EMAIL_FROM: 'Gateway Mail <mail@gateway.test>' };
  before(async () => {
    inbox = await smtpServer();
    env.SMTP_URL = inbox.url;
  });
  afterAll(() => inbox.close());
  const app = useTestApp(engine, { ...appClock, env });

  it('invoice, reminder and portal link in German and Chinese (English without a language), branded', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const logo = `data:image/png;base64,${cafeLogo().toString('base64')}`;
    const brand = await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body: { ...BRAND, logo } });
    assert.equal(brand.status, 200, JSON.stringify(brand.body));
    const plan = await made(t, a.key, '/v1/plans', { name: 'Pro', amount: 10, fiatCurrencyCode: 'USD', interval: 'month' });
    const berta = await subscriber(t, a, plan.id, 'berta', { create: 'de' });
    const li = await subscriber(t, a, plan.id, 'li', { patch: 'zh' });
    const ada = await subscriber(t, a, plan.id, 'ada');
    assert.equal(ada.customer.language, undefined, 'none chosen');
    // The first invoices were issued at once; past the grace the first reminders go; then the portal links.
    await after(t, (t.ctx.config.subscriptions.graceHours + 1) * HOUR);
    for (const { customer } of [berta, li, ada])
      assert.equal((await t.call('POST', `/v1/customers/${customer.id}/portal-link`, { key: a.key, body: { send: true } })).status, 201);
    // The invoice the billing issued carries the language, so its page and receipt speak it too.
    const row = await t.ctx.db
      .selectFrom('invoices')
      .select('customer_language')
      .where('id', '=', berta.sub.latestInvoiceId)
      .executeTakeFirstOrThrow();
    assert.equal(row.customer_language, 'de');
    await deliver(t);

    const de = mailTo(inbox, 'berta@buyer.test', 'Ihre Rechnung für Pro');
    assert.match(
      de.text ?? '',
      /Ihr nächster Zeitraum von Pro\n\nIhr Abonnement verlängert sich am \d{1,2}\. \S+ \d{4}\. Bezahlen Sie die Rechnung/,
    );
    assert.match(de.text ?? '', /Betrag: +10,00\s\$/);
    assert.ok(
      (de.text ?? '').includes(`Rechnung bezahlen: ${t.ctx.config.publicBaseUrl}/pay/${berta.sub.latestInvoiceId}?lang=de`),
      'the page opens in German',
    );
    const deReminder = mailTo(inbox, 'berta@buyer.test', 'Zahlungserinnerung: Pro');
    assert.match(
      deReminder.text ?? '',
      /Die Zahlung Ihres Abonnements ist überfällig\n\nErinnerung 1 von 3\. Ohne Zahlung endet Ihr Abonnement am /,
    );
    const dePortal = mailTo(inbox, 'berta@buyer.test', 'Ihre Abonnements');
    assert.match(dePortal.text ?? '', /Ihre Abonnements verwalten\n\nÜber diesen Link sehen Sie Ihre Abonnements/);
    assert.match(String(dePortal.html), /Portal öffnen<\/a>/);

    const zh = mailTo(inbox, 'li@buyer.test', '您的 Pro 账单');
    assert.match(zh.text ?? '', /您的下一个 Pro 周期\n\n您的订阅将于 \d{4}年\d{1,2}月\d{1,2}日 续订。/);
    assert.match(zh.text ?? '', /金额: +US\$10\.00/);
    const zhReminder = mailTo(inbox, 'li@buyer.test', '付款提醒：Pro');
    assert.match(zhReminder.text ?? '', /第 1 次提醒，共 3 次。/);
    const zhPortal = mailTo(inbox, 'li@buyer.test', '您的订阅');
    assert.match(zhPortal.text ?? '', /打开您的门户: http/);

    const en = mailTo(inbox, 'ada@buyer.test', 'Your Pro invoice');
    assert.ok(
      (en.text ?? '').includes(`Pay the invoice: ${t.ctx.config.publicBaseUrl}/pay/${ada.sub.latestInvoiceId}\n`),
      'no language chosen: the page asks the browser',
    );
    mailTo(inbox, 'ada@buyer.test', 'Payment reminder: Pro');
    mailTo(inbox, 'ada@buyer.test', 'Your subscriptions');

    for (const mail of [de, deReminder, dePortal]) assertBranded(mail, 'de');
    for (const mail of [zh, zhReminder, zhPortal]) assertBranded(mail, 'zh');
    assert.equal(inbox.mails.length, 9, 'three mails to each customer, no more');
  });

  it('takes only a language the gateway speaks, from the merchant and in the portal; null clears it', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    for (const language of ['xx', 'EN', 'de-DE', '', 42]) {
      const res = await t.call('POST', '/v1/customers', { key: a.key, body: { email: 'x@buyer.test', language } });
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.validation.failed'], JSON.stringify(language));
    }
    const customer = await made(t, a.key, '/v1/customers', { email: 'x@buyer.test', language: 'pt' });
    assert.equal(customer.language, 'pt');
    const bad = await t.call('PATCH', `/v1/customers/${customer.id}`, { key: a.key, body: { language: 'klingon' } });
    assert.deepEqual([bad.status, bad.body.code], [400, 'exceptions.validation.failed']);
    assert.equal(
      (await t.call('PATCH', `/v1/customers/${customer.id}`, { key: b.key, body: { language: 'ru' } })).status,
      404,
      "another tenant's customer",
    );
    const cleared = await t.call('PATCH', `/v1/customers/${customer.id}`, { key: a.key, body: { language: null } });
    assert.deepEqual([cleared.status, 'language' in cleared.body.data], [200, false]);

    const link = await t.call('POST', `/v1/customers/${customer.id}/portal-link`, { key: a.key, body: {} });
    const path = new URL(link.body.data.url).pathname;
    const refused = await t.call('PATCH', `${path}/customer`, { body: { email: 'x@buyer.test', language: 'xx' } });
    assert.deepEqual([refused.status, refused.body.code], [400, 'exceptions.validation.failed']);
    const chosen = await t.call('PATCH', `${path}/customer`, { body: { email: 'x@buyer.test', language: 'tr' } });
    assert.deepEqual([chosen.status, chosen.body.data.language], [200, 'tr']);
    const kept = await t.call('PATCH', `${path}/customer`, { body: { email: 'y@buyer.test' } });
    assert.deepEqual([kept.body.data.email, kept.body.data.language], ['y@buyer.test', 'tr'], 'an email alone keeps the language');
  });
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('subscription words', () => {
  const en: Record<string, string> = SUBSCRIPTION_DICTIONARIES.en;
  const keys = Object.keys(en).sort();

  it('every language of the payment page has every key of English, none empty, with the same placeholders', () => {
    assert.deepEqual(Object.keys(SUBSCRIPTION_DICTIONARIES).sort(), [...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const dict: Record<string, string> = SUBSCRIPTION_DICTIONARIES[lang];
      assert.deepEqual(Object.keys(dict).sort(), keys, `${lang}: the keys of English`);
      for (const key of keys) {
        const text = dict[key];
        assert.ok(typeof text === 'string' && text.trim().length > 0, `${lang}.${key} is empty`);
        assert.deepEqual(placeholders(text), placeholders(en[key]!), `${lang}.${key}: placeholders`);
        assert.doesNotMatch(text, /[<>]/, `${lang}.${key}: no markup`);
      }
      if (lang === 'en') continue;
      // Only what reads the same in both ("{start} – {end}") may match English.
      const same = keys.filter((k) => dict[k] === en[k]);
      assert.ok(same.length <= 2, `${lang} repeats English for ${same.join(', ')}`);
    }
  });

  it('every key the portal script asks for is in the dictionary', () => {
    const dir = new URL('../../ui/portal/src/', import.meta.url);
    const source = readdirSync(dir)
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    const literal = [...source.matchAll(/\bt\(\s*'(portal\.[\w.]+)'/g)].map((m) => m[1]!);
    assert.ok(literal.length > 30, `the script's keys were found (${literal.length})`);
    for (const key of literal) assert.ok(Object.hasOwn(en, key), `${key} is missing`);
    // The keys the script builds from a value, and the ones the API's error codes map to.
    const built = [
      ...['week', 'month', 'year'].flatMap((u) => [`portal.per.${u}`, `portal.every.${u}`]),
      ...['pastDue', 'cancelled', 'expired'].map((s) => `portal.status.${s}`),
      ...['created', 'partially_paid', 'expired', 'cancelled'].map((s) => `portal.invoice.${s}`),
    ];
    const mapped = [...source.matchAll(/'exceptions\.[\w.]+': '(portal\.[\w.]+)'/g)].map((m) => m[1]!);
    assert.equal(mapped.length, 5);
    for (const key of [...built, ...mapped]) assert.ok(Object.hasOwn(en, key), `${key} is missing`);
  });

  it('each kind of mail is written in every language, its subject translated', () => {
    const brand = { name: 'Shop', color: null, logo: false };
    const data = {
      customerEmail: 'c@buyer.test',
      customerId: 'c1',
      subscriptionId: 's1',
      planName: 'Pro',
      amount: '10',
      fiatCurrencyCode: 'EUR',
      dueAt: '2026-11-29T00:00:00.000Z',
      periodStart: '2026-11-29T00:00:00.000Z',
      periodEnd: '2026-12-29T00:00:00.000Z',
      endsAt: '2026-12-05T00:00:00.000Z',
      reminder: '1',
      reminders: '3',
      paymentPageUrl: 'https://gw.test/pay/i1',
      url: 'https://gw.test/portal/x',
      expiresAt: '2026-11-30T00:00:00.000Z',
    };
    for (const kind of ['subscriptionInvoice', 'subscriptionReminder', 'portalLink'] as const) {
      const english = subscriptionMail(kind, data, brand)!.mail;
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const mail = subscriptionMail(kind, { ...data, customerLanguage: lang }, brand)!.mail;
        assert.notEqual(mail.subject, english.subject, `${kind} in ${lang}`);
        assert.doesNotMatch(`${mail.subject}\n${mail.text}`, /\{\w+\}/, `${kind} in ${lang}: no placeholder left`);
        assert.match(mail.html, new RegExp(`<html lang="${lang}">`));
      }
    }
  });
});
