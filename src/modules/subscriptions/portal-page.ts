/**
 * The customer portal's page (`GET /portal/{token}`): one HTML document in the payment page's
 * style, language and brand, whose script (ui/portal/, under the response's nonce) reads the
 * portal's JSON routes and fills in the subscriptions and invoices, changes the email and the mails'
 * language, and cancels a subscription at the end of its period after a confirmation. A link that
 * is not valid, or has expired, gets a small page that says so. Every word comes from
 * `subscriptions/i18n`; everything from the server is put on the page as text.
 */
import type { PageLanguage } from '../pay/i18n/index.ts';
import { documentHead, jsonBlock, languageOptions } from '../pay/checkout-page.ts';
import { STYLE } from '../pay/checkout-style.ts';
import { accentCss, type PageBrand } from '../pay/brand.ts';
import { SUBSCRIPTION_DICTIONARIES, say, type SubscriptionDictionary } from './i18n/index.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What the portal adds to the payment page's styles: wider cards, lists of subscriptions and invoices, the confirmation. */
const PORTAL_STYLE = `
main{max-width:640px}
.list{list-style:none;padding:0;margin:0}
.list>li{border-top:1px solid var(--line);padding:12px 0}
.list>li:first-child{border-top:0;padding-top:0}
.list dl{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.6fr);gap:4px 14px;margin:8px 0 0;font-size:14px}
.list dt{color:var(--muted)}
.list dd{margin:0;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.badge.active,.badge.trialing{background:#e7f6ee;color:var(--ok)}
.badge.pastDue,.badge.open{background:#fff4e5;color:var(--warn)}
.badge.expired,.badge.ended{background:#fdecec;color:var(--bad)}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}
.confirm{background:#fff4e5;border-radius:10px;padding:12px;margin-top:10px}
.confirm p{margin:0 0 4px}
.ok{color:var(--ok);font-weight:600}
label{display:block;font-weight:600}
.lang label{display:inline;font-weight:400}
#emailForm label+.field{margin-bottom:12px}
#emailForm select{flex:1;min-width:0;font:inherit;color:var(--ink);background:#fff;border:1px solid #767d89;border-radius:8px;padding:8px 10px}
`;

/** A sentence of the portal's dictionary, escaped for HTML. */
const words = (t: SubscriptionDictionary, key: keyof SubscriptionDictionary, vars: Record<string, string> = {}) =>
  escapeHtml(say(t, key, vars));

/** The merchant's name and logo above the page, and the language switch. */
function topBar(brand: PageBrand, token: string, language: PageLanguage, t: SubscriptionDictionary): string {
  const name = escapeHtml(brand.merchantName);
  const logo = brand.hasLogo
    ? `<img class="logo" data-testid="merchant-logo" src="/portal/${escapeHtml(encodeURIComponent(token))}/logo" alt="${name}" width="40" height="40">`
    : '';
  return `  <div class="topbar">
    <div class="brand">${logo}<span class="merchant"${logo ? ' aria-hidden="true"' : ''}>${name}</span></div>
    <div class="lang"><label for="lang">${words(t, 'portal.language')}</label><select id="lang" name="lang" autocomplete="off">${languageOptions(language.lang)}</select></div>
  </div>`;
}

function page(opts: {
  nonce: string;
  sandbox: boolean;
  brand: PageBrand | null;
  language: PageLanguage;
  title: string;
  main: string;
  body?: string;
  script?: string;
}): string {
  const t = SUBSCRIPTION_DICTIONARIES[opts.language.lang];
  const ribbon = opts.sandbox ? `<header><p class="ribbon" data-testid="test-ribbon">${words(t, 'portal.testRibbon')}</p></header>\n` : '';
  const script = opts.script ? `\n<script nonce="${escapeHtml(opts.nonce)}" src="${escapeHtml(opts.script)}"></script>` : '';
  return `${documentHead(opts.language.lang, opts.title, opts.nonce, STYLE + PORTAL_STYLE + accentCss(opts.brand?.brandColor ?? null))}
<body${opts.body ?? ''}>
${ribbon}<main id="app">
${opts.main}
</main>${script}
</body>
</html>`;
}

/**
 * What the page's script says, as the payment page's script reads its words (`ui/pay/src/text.ts`):
 * the language, its locale and the portal's sentences (the mails' stay on the server).
 */
function pageText(language: PageLanguage, t: SubscriptionDictionary): string {
  const portal = Object.fromEntries(Object.entries(t).filter(([key]) => key.startsWith('portal.')));
  return `<script type="application/json" id="page-text">${jsonBlock({ ...language, t: portal })}</script>`;
}

/** What the portal page is rendered for. */
export interface PortalPageOptions {
  token: string;
  nonce: string;
  sandbox: boolean;
  brand: PageBrand;
  language: PageLanguage;
  /** The path of the page's script (a hashed name under /portal/assets/). */
  script: string;
}

/** The portal: the brand and language switch, then the cards the script fills in (subscriptions, invoices, email). */
export function renderPortalPage(opts: PortalPageOptions): string {
  const t = SUBSCRIPTION_DICTIONARIES[opts.language.lang];
  return page({
    ...opts,
    title: `${t['portal.title']} · ${opts.brand.merchantName}`,
    body: ` data-token="${escapeHtml(opts.token)}"`,
    main: `${topBar(opts.brand, opts.token, opts.language, t)}
  <section class="card summary" aria-labelledby="title">
    <h1 id="title">${words(t, 'portal.title')}</h1>
    <p class="small" id="who" data-testid="customer"></p>
  </section>
  <noscript><p class="error">${words(t, 'portal.noscript')}</p></noscript>
  <div class="error hidden" id="error" role="alert"></div>
  <p class="hidden" id="done" role="status" data-testid="done"></p>
  <section class="card" aria-labelledby="subsTitle">
    <h2 id="subsTitle">${words(t, 'portal.subscriptions')}</h2>
    <p class="small" id="subsEmpty" aria-live="polite">${words(t, 'portal.loading')}</p>
    <ul class="list" id="subs" data-testid="subscriptions"></ul>
  </section>
  <section class="card" aria-labelledby="invTitle">
    <h2 id="invTitle">${words(t, 'portal.invoices')}</h2>
    <p class="small" id="invEmpty">${words(t, 'portal.loading')}</p>
    <ul class="list" id="invoices" data-testid="invoices"></ul>
  </section>
  <section class="card" aria-labelledby="emailTitle">
    <h2 id="emailTitle">${words(t, 'portal.mailTitle')}</h2>
    <form id="emailForm" novalidate>
      <label for="email">${words(t, 'portal.email')}</label>
      <div class="field"><input id="email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="254" required aria-describedby="emailError"></div>
      <label for="mailLang">${words(t, 'portal.mailLanguage')}</label>
      <div class="field"><select id="mailLang" name="language" autocomplete="off">${languageOptions(opts.language.lang)}</select><button class="btn" type="submit">${words(t, 'portal.save')}</button></div>
      <p class="small hidden" id="emailError" role="alert"></p>
    </form>
  </section>
  <footer>${words(t, 'portal.footer', { merchant: opts.brand.merchantName })}</footer>
${pageText(opts.language, t)}`,
  });
}

/** Why a link opens no portal: its signature does not hold (403), it has expired (410) or names no customer (404). */
export type DeadLink = 'invalid' | 'expired' | 'notFound';

/** The page of a link that opens no portal: it says so and what to do, with no script at all. */
export function renderDeadLinkPage(opts: { nonce: string; sandbox: boolean; language: PageLanguage; reason: DeadLink }): string {
  const t = SUBSCRIPTION_DICTIONARIES[opts.language.lang];
  const why = words(t, opts.reason === 'expired' ? 'portal.dead.expired' : 'portal.dead.invalid');
  return page({
    ...opts,
    brand: null,
    title: t['portal.dead.title'],
    main: `  <section class="card outcome" aria-labelledby="title">
    <div class="icon" aria-hidden="true">⚠</div>
    <h1 id="title">${words(t, 'portal.dead.heading')}</h1>
    <p data-testid="dead-link" data-reason="${opts.reason}">${why} ${words(t, 'portal.dead.ask')}</p>
  </section>`,
  });
}
