import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DICTIONARIES, LANGUAGE_NAMES, acceptedLanguages, negotiateLanguage, type Language } from '../../src/modules/pay/i18n/index.ts';
import { accentCss, accentPalette, brandOf, contrastRatio, DEFAULT_ACCENT } from '../../src/modules/pay/brand.ts';
import { renderPayPage, renderUnavailablePage } from '../../src/modules/pay/checkout-page.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const LANGS = Object.keys(DICTIONARIES) as Language[];

describe('payment page dictionaries', () => {
  it('speaks at least en, es, de, fr, pt, ru, tr and zh, each named in itself', () => {
    for (const lang of ['en', 'es', 'de', 'fr', 'pt', 'ru', 'tr', 'zh']) assert.ok(LANGS.includes(lang as Language), lang);
    assert.deepEqual(Object.keys(LANGUAGE_NAMES).sort(), [...LANGS].sort());
  });

  it('every language has exactly the keys of English, none empty, with the same placeholders', () => {
    const keys = Object.keys(DICTIONARIES.en).sort();
    for (const lang of LANGS) {
      const dict: Record<string, string> = DICTIONARIES[lang];
      assert.deepEqual(Object.keys(dict).sort(), keys, `${lang}: the keys of English`);
      for (const key of keys) {
        const text = dict[key]!;
        assert.ok(typeof text === 'string' && text.trim().length > 0, `${lang}.${key} is empty`);
        assert.deepEqual(
          placeholders(text),
          placeholders(DICTIONARIES.en[key as keyof typeof DICTIONARIES.en]),
          `${lang}.${key}: placeholders`,
        );
        assert.doesNotMatch(text, /[<>]/, `${lang}.${key}: no markup`);
      }
    }
  });

  it('is translated, not copied: most sentences differ from English in every other language', () => {
    const keys = Object.keys(DICTIONARIES.en) as Array<keyof typeof DICTIONARIES.en>;
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const same = keys.filter((k) => DICTIONARIES[lang][k] === DICTIONARIES.en[k]);
      // Only words that are the same in both (say "Sandbox", "Status") may match.
      assert.ok(same.length <= 3, `${lang} repeats English for ${same.join(', ')}`);
    }
  });
});

describe('language negotiation', () => {
  const pick = (acceptLanguage?: string, more: { query?: unknown; cookie?: string } = {}) => negotiateLanguage({ acceptLanguage, ...more });

  it('follows Accept-Language by q-value, falling back from a region to its language', () => {
    assert.deepEqual(pick('de-DE,de;q=0.9'), { lang: 'de', locale: 'de-DE' });
    assert.deepEqual(pick('pt-BR'), { lang: 'pt', locale: 'pt-BR' });
    assert.deepEqual(pick('zh-CN,zh;q=0.9,en;q=0.8'), { lang: 'zh', locale: 'zh-CN' });
    assert.deepEqual(pick('zh-Hans'), { lang: 'zh', locale: 'zh-Hans' });
    assert.deepEqual(pick('en-GB,en;q=0.9'), { lang: 'en', locale: 'en-GB' });
    assert.deepEqual(pick('fr;q=0.5, ru;q=0.8, ja'), { lang: 'ru', locale: 'ru' }, 'ja is not spoken; ru has the higher q');
    assert.deepEqual(pick('ja, tr;q=0.1'), { lang: 'tr', locale: 'tr' });
    assert.deepEqual(pick('es-419;q=0.7, es;q=0.7'), { lang: 'es', locale: 'es-419' }, 'equal q: the first listed');
  });

  it('defaults to English: no header, nothing spoken, q=0, wildcards and junk', () => {
    for (const header of [undefined, '', 'ja-JP', 'de;q=0', '*', 'de;q=2, x', ';;;', 'd€', 'de-DE-u-nu-arab;q=abc']) {
      assert.deepEqual(pick(header), { lang: 'en', locale: 'en' }, String(header));
    }
    assert.deepEqual(acceptedLanguages('a;q=0.2, b, c;q=0.9, d;q=0'), ['b', 'c', 'a']);
    assert.equal(acceptedLanguages(Array.from({ length: 100 }, () => 'x').join(',')).length, 32, 'bounded');
  });

  it('drops Unicode extensions from the locale so digits stay Latin', () => {
    assert.deepEqual(pick('de-CH-u-nu-arab'), { lang: 'de', locale: 'de-CH' });
  });

  it('the page’s ?lang= wins, then the switcher’s cookie, keeping the browser’s region for that language', () => {
    assert.deepEqual(pick('de-DE', { query: 'tr' }), { lang: 'tr', locale: 'tr' });
    assert.deepEqual(pick('fr-CA, pt-PT;q=0.5', { query: 'pt' }), { lang: 'pt', locale: 'pt-PT' });
    assert.deepEqual(pick('de-DE', { cookie: 'a=b; pay_lang=zh; c=d' }), { lang: 'zh', locale: 'zh' });
    assert.deepEqual(pick('de-DE', { query: 'es', cookie: 'pay_lang=zh' }), { lang: 'es', locale: 'es' });
    assert.deepEqual(pick('de-DE', { query: 'xx', cookie: 'pay_lang=qq' }), { lang: 'de', locale: 'de-DE' }, 'unknown choices are ignored');
    assert.deepEqual(pick(undefined, { query: ['de'] }), { lang: 'en', locale: 'en' }, 'a repeated ?lang is not a language');
    assert.deepEqual(pick(undefined, { query: 'constructor' }), { lang: 'en', locale: 'en' });
  });
});

describe('brand colour', () => {
  it('computes WCAG contrast ratios', () => {
    assert.equal(contrastRatio('#ffffff', '#000000'), 21);
    assert.equal(contrastRatio('#777777', '#777777'), 1);
    assert.ok(Math.abs(contrastRatio('#ffffff', '#767676') - 4.54) < 0.01);
  });

  it('white text on a dark accent, dark text on a light one, always AA; text in the accent is darkened until AA', () => {
    const colors = [
      '#ffd400',
      '#5b21b6',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffffff',
      '#000000',
      '#808080',
      '#7f7f7f',
      '#19a0c8',
      '#e91e63',
      DEFAULT_ACCENT,
    ];
    for (const color of colors) {
      const p = accentPalette(color);
      assert.ok(contrastRatio(p.onAccent, p.accent) >= 4.5, `${color}: button text ${p.onAccent}`);
      assert.ok(contrastRatio(p.accentInk, '#f4f5f7') >= 4.5, `${color}: accent as text ${p.accentInk}`);
      assert.ok(contrastRatio(p.accentEdge, '#ffffff') >= 3, `${color}: button edge ${p.accentEdge}`);
    }
    assert.equal(accentPalette('#5b21b6').onAccent, '#ffffff');
    assert.equal(accentPalette('#5b21b6').accentInk, '#5b21b6', 'dark enough as it is');
    assert.equal(accentPalette('#ffd400').onAccent, '#16181d');
    assert.notEqual(accentPalette('#ffd400').accentInk, '#ffd400');
  });

  it('ignores anything but #rrggbb (the CSS only ever gets validated hex)', () => {
    assert.equal(accentPalette('red').accent, DEFAULT_ACCENT);
    assert.equal(accentPalette('#FFD400').accent, '#ffd400');
    assert.equal(accentCss('};body{display:none'), accentCss(null));
    assert.deepEqual(brandOf({ name: 'Tenant', brand_name: '  ', brand_color: 'javascript:', has_logo: 0 }), {
      merchantName: 'Tenant',
      brandColor: null,
      hasLogo: false,
    });
    assert.deepEqual(brandOf({ name: 'Tenant', brand_name: 'Café', brand_color: '#00AA00', has_logo: true }), {
      merchantName: 'Café',
      brandColor: '#00aa00',
      hasLogo: true,
    });
  });
});

describe('rendered documents', () => {
  const id = '11111111-2222-4333-8444-555555555555';

  it('the page: lang attribute, its words, the switcher, and the dictionary as inert JSON', () => {
    const name = 'Evil </script><script>alert(1)</script> & Co';
    const html = renderPayPage({
      invoiceId: id,
      nonce: 'n0nce',
      sandbox: true,
      language: { lang: 'de', locale: 'de-AT' },
      brand: { merchantName: name, brandColor: '#ffd400', hasLogo: true },
      script: '/pay/assets/checkout-0123456789ab.js',
    });
    assert.match(html, /<html lang="de">/);
    assert.match(html, /<title>Rechnung bezahlen<\/title>/);
    assert.match(html, /<label for="lang" data-i18n="language">Sprache<\/label><select id="lang"/);
    assert.match(html, /<option value="de" lang="de" selected>Deutsch<\/option>/);
    assert.match(html, /data-testid="test-ribbon">Testzahlung/);
    assert.match(
      html,
      /<img class="logo" data-testid="merchant-logo" src="\/pay\/11111111-2222-4333-8444-555555555555\/logo" alt="Evil &#60;\/script&#62;/,
    );
    assert.match(html, /--accent:#ffd400;--on-accent:#16181d/);
    // Only the nonce'd script from the gateway runs; the data block cannot be closed by what it carries.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.deepEqual(scripts, [' type="application/json" id="page-text"', ' nonce="n0nce" src="/pay/assets/checkout-0123456789ab.js"']);
    const block = /<script type="application\/json" id="page-text">([^<]*)<\/script>/.exec(html)?.[1];
    assert.ok(block, 'the JSON block has no "<" inside');
    const text = JSON.parse(block);
    assert.deepEqual([text.lang, text.locale, text.t], ['de', 'de-AT', DICTIONARIES.de]);
    assert.ok(!html.includes('<script>alert(1)'), 'the name is escaped');
  });

  it('the unavailable page speaks the language too, and its link keeps an explicit choice', () => {
    const html = renderUnavailablePage({
      invoiceId: id,
      nonce: 'n',
      sandbox: false,
      language: { lang: 'fr', locale: 'fr' },
      retryAfterS: 5,
      explicitLanguage: true,
      script: '/pay/assets/unavailable-0123456789ab.js',
    });
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /<h1 id="title">Un instant, s’il vous plaît<\/h1>/);
    assert.match(html, /<a class="btn wide" href="\/pay\/11111111-2222-4333-8444-555555555555\?lang=fr">Réessayer<\/a>/);
    assert.deepEqual(
      [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]),
      [' nonce="n" src="/pay/assets/unavailable-0123456789ab.js"'],
    );
    const en = renderUnavailablePage({
      invoiceId: id,
      nonce: 'n',
      sandbox: false,
      language: { lang: 'en', locale: 'en' },
      retryAfterS: 5,
      explicitLanguage: false,
      script: '/pay/assets/unavailable-0123456789ab.js',
    });
    assert.match(en, /<a class="btn wide" href="\/pay\/11111111-2222-4333-8444-555555555555">Try again<\/a>/);
  });
});
