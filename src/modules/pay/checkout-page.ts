/**
 * The hosted payment page: one HTML document (inline CSS under a nonce, and its script from
 * ui/pay/ served by the gateway under the same nonce) that reads `GET /pay/{id}/state` and drives
 * the customer from picking a currency to the outcome. Everything from the server is put on the page with textContent, never as HTML.
 * It speaks the customer's language (the server renders it, the script can switch it in place) and
 * wears the merchant's brand: name, logo and colour. While the database is unreachable the page is
 * a small "try again in a moment" document instead, and an open page says the connection is
 * interrupted until an answer comes back.
 */
import { accentCss, logoPath, type PageBrand } from './brand.ts';
import { STYLE } from './checkout-style.ts';
import { DICTIONARIES, LANGUAGE_NAMES, pageText, type Dictionary, type Language, type PageLanguage } from './i18n/index.ts';

/** Text for HTML content or a double-quoted attribute (every attribute here is double-quoted, so ' may stay: "can't"). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A sentence of the dictionary with its {placeholders} filled in, escaped for HTML. */
function say(t: Dictionary, key: keyof Dictionary, vars: Record<string, string> = {}): string {
  return escapeHtml(t[key].replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m));
}

/** A static text the script re-translates on a language switch: its key rides along as data-i18n. */
function text(t: Dictionary, key: keyof Dictionary): string {
  return `data-i18n="${key}">${say(t, key)}`;
}

/** JSON inside a <script type="application/json"> block: nothing in it can close the block or open a comment. */
export function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface DocumentOptions {
  invoiceId: string;
  nonce: string;
  sandbox: boolean;
  language: PageLanguage;
  brandColor: string | null;
  title: string;
  main: string;
  /** The path of the page's script (`bundle.ts`: a hashed name under /pay/assets/). */
  script: string;
  data?: string;
  /** The page's words for its script, as a JSON data block (the 503 page's script needs none). */
  withText?: boolean;
}

/** The head every public page of the gateway shares: its language, title, and styles under the request's nonce. */
export function documentHead(lang: string, title: string, nonce: string, css: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${css}</style>
</head>`;
}

/** The document around a page's main content: the same head, styles, nonce, language and sandbox ribbon. */
function renderDocument(opts: DocumentOptions): string {
  const nonce = escapeHtml(opts.nonce);
  const t = DICTIONARIES[opts.language.lang];
  const id8 = escapeHtml(opts.invoiceId.slice(0, 8));
  const ribbon = `<header><p class="ribbon" data-i18n="testRibbon" data-testid="test-ribbon">${say(t, 'testRibbon')}</p></header>`;
  return `${documentHead(opts.language.lang, opts.title, opts.nonce, STYLE + accentCss(opts.brandColor))}
<body data-invoice="${escapeHtml(opts.invoiceId)}"${opts.data ?? ''}>
${opts.sandbox ? ribbon : ''}
<main id="app">
${opts.main}
  <footer data-i18n="footer" data-id="${id8}">${say(t, 'footer', { id: id8 })}</footer>
</main>
${opts.withText ? `<script type="application/json" id="page-text">${jsonBlock(pageText(opts.language))}</script>\n` : ''}<script nonce="${nonce}" src="${escapeHtml(opts.script)}"></script>
</body>
</html>`;
}

/** The options of a language select, each language named in itself, `selected` chosen. */
export function languageOptions(selected: Language): string {
  return (Object.keys(LANGUAGE_NAMES) as Language[])
    .map((l) => `<option value="${l}" lang="${l}"${l === selected ? ' selected' : ''}>${escapeHtml(LANGUAGE_NAMES[l])}</option>`)
    .join('');
}

/** The top bar: the merchant's logo and name, and the language switcher (a labelled select). */
function topBar(t: Dictionary, lang: Language, invoiceId: string, brand: PageBrand | null): string {
  const name = escapeHtml(brand?.merchantName ?? '');
  // With a logo its alt text names the merchant; the name beside it is then not read twice.
  const logo = brand?.hasLogo
    ? `<img class="logo" data-testid="merchant-logo" src="${escapeHtml(logoPath(invoiceId))}" alt="${name}" width="40" height="40">`
    : '';
  const options = languageOptions(lang);
  return `  <div class="topbar">
    <div class="brand">${logo}<span class="merchant" id="merchant"${logo ? ' aria-hidden="true"' : ''}>${name}</span></div>
    <div class="lang"><label for="lang" ${text(t, 'language')}</label><select id="lang" name="lang" autocomplete="off">${options}</select></div>
  </div>`;
}

function sandboxPanel(t: Dictionary): string {
  return `
  <section class="card sandbox hidden" id="sandbox" aria-label="${say(t, 'sandbox')}" data-i18n-label="sandbox">
    <h2 ${text(t, 'sandboxTitle')}</h2>
    <p class="small" ${text(t, 'sandboxNote')}</p>
    <div class="grid">
      <button class="btn" type="button" data-testid="sim-exact" ${text(t, 'simExact')}</button>
      <button class="btn ghost" type="button" data-testid="sim-partial" ${text(t, 'simPartial')}</button>
      <button class="btn ghost" type="button" data-testid="sim-over" ${text(t, 'simOver')}</button>
      <button class="btn ghost" type="button" data-testid="sim-mine" ${text(t, 'simMine')}</button>
    </div>
  </section>`;
}

/** The cards: order summary, outcome with its receipt, currency picker, payment details, payment detected (the script fills them in). */
function cards(t: Dictionary): string {
  return `  <section class="card summary" aria-labelledby="total">
    <div class="row"><h1 id="total">…</h1><span class="badge" data-testid="status"></span></div>
    <div class="ref" id="ref"></div>
    <div class="ref" id="when"></div>
    <p class="desc hidden" id="desc"></p>
    <ul class="items" id="items"></ul>
    <div class="row" aria-live="polite"><span class="small" id="statusLabel"></span><span class="countdown" data-testid="countdown"></span></div>
    <p class="small hidden" id="refunded" data-testid="refunded"></p>
  </section>
  <section class="card outcome hidden" id="outcome" aria-labelledby="outTitle">
    <div class="icon" id="outIcon" aria-hidden="true"></div>
    <h1 id="outTitle" tabindex="-1"></h1>
    <p class="small" id="outText"></p>
    <section class="receipt hidden" id="receipt" aria-labelledby="receiptTitle" data-testid="receipt">
      <h2 id="receiptTitle" ${text(t, 'receipt.title')}</h2>
      <dl id="receiptList"></dl>
    </section>
    <a class="btn wide hidden" data-testid="outcome-link" href="#" ${text(t, 'returnToMerchant')}</a>
  </section>
  <section class="card hidden" id="picker" aria-label="${say(t, 'chooseCurrency')}" data-i18n-label="chooseCurrency">
    <h2 id="pickTitle" tabindex="-1" ${text(t, 'payWith')}</h2>
    <div id="options"></div>
  </section>
  <section class="card hidden" id="pay" aria-label="${say(t, 'paymentDetails')}" data-i18n-label="paymentDetails">
    <h2 id="payTitle" tabindex="-1"></h2>
    <p class="warn hidden" id="netWarn" data-testid="network-warning"></p>
    <div class="row"><div class="small" id="amountLabel" ${text(t, 'amountToSend')}</div><button class="btn ghost" type="button" id="copyAmount" aria-label="${say(t, 'copyAmount')}" data-i18n-label="copyAmount" ${text(t, 'copy')}</button></div>
    <div class="amount" data-testid="amount-due"></div>
    <div class="small" id="fee"></div>
    <img class="qr" data-testid="qr" alt="${say(t, 'qrAlt')}" data-i18n-alt="qrAlt">
    <label class="small" for="addr" ${text(t, 'sendTo')}</label>
    <div class="field"><div class="mono" id="addr" data-testid="address"></div><button class="btn ghost" type="button" data-testid="copy-address" aria-label="${say(t, 'copyAddress')}" data-i18n-label="copyAddress" ${text(t, 'copy')}</button></div>
    <div class="progress hidden" id="progress" aria-hidden="true"><div id="progressBar"></div></div>
    <p class="small" id="received" aria-live="polite"></p>
    <a class="btn wide" id="wallet" href="#" ${text(t, 'openWallet')}</a>
    <button class="btn ghost wide hidden" type="button" id="change" ${text(t, 'changeCurrency')}</button>
  </section>
  <section class="card outcome hidden" id="detected" aria-labelledby="detTitle" data-testid="detected">
    <div class="icon" aria-hidden="true">↻</div>
    <h2 id="detTitle" tabindex="-1" ${text(t, 'detected.title')}</h2>
    <p class="confirmations" id="detConf" aria-live="polite"></p>
    <div class="progress" aria-hidden="true"><div id="detBar"></div></div>
    <p class="small" id="detAmount"></p>
    <p class="small" id="detNext"></p>
    <p class="small tx" id="detTx"></p>
  </section>
  <section class="card hidden" id="mailReceipt">
    <form class="hidden" id="receiptForm" novalidate>
      <label class="small" for="receiptEmail" ${text(t, 'receiptEmail.label')}</label>
      <div class="field"><input id="receiptEmail" name="email" type="email" autocomplete="email" inputmode="email" maxlength="254" required><button class="btn ghost" type="submit" ${text(t, 'receiptEmail.send')}</button></div>
      <p class="small warn hidden" id="receiptError" role="alert"></p>
    </form>
    <p class="small hidden" id="receiptTo" data-testid="receipt-to" role="status"></p>
  </section>`;
}

/** What a page is rendered for: the invoice, the request's nonce and language, and the merchant's brand (null for an unknown invoice). */
export interface PageOptions {
  invoiceId: string;
  nonce: string;
  sandbox: boolean;
  language: PageLanguage;
  brand: PageBrand | null;
  /** The path of the page's script. */
  script: string;
}

/**
 * The page's HTML. In sandbox mode it carries a "Test payment" ribbon and the simulate panel; a
 * live installation's page has neither (its simulate routes do not exist).
 */
export function renderPayPage(opts: PageOptions): string {
  const t = DICTIONARIES[opts.language.lang];
  return renderDocument({
    ...opts,
    brandColor: opts.brand?.brandColor ?? null,
    title: t.title,
    withText: true,
    main: `${topBar(t, opts.language.lang, opts.invoiceId, opts.brand)}
  <div class="notice" data-testid="connection" role="status"></div>
  <div class="error hidden" data-testid="error" role="alert"></div>
  <div id="content">
${cards(t)}
${opts.sandbox ? sandboxPanel(t) : ''}
  </div>`,
  });
}

/**
 * The page while the database is unreachable (answered 503 with Retry-After): a calm "try again
 * in a moment", a link that does, and a script that does it by itself once the service answers.
 * It cannot know the merchant (that needs the database), so it wears the page's own colours.
 */
export function renderUnavailablePage(opts: Omit<PageOptions, 'brand'> & { retryAfterS: number; explicitLanguage: boolean }): string {
  const t = DICTIONARIES[opts.language.lang];
  const again = `/pay/${encodeURIComponent(opts.invoiceId)}${opts.explicitLanguage ? `?lang=${opts.language.lang}` : ''}`;
  return renderDocument({
    ...opts,
    brandColor: null,
    title: `${t['unavailable.title']} · ${t.title}`,
    data: ` data-retry-after="${escapeHtml(String(opts.retryAfterS))}"`,
    main: `  <section class="card outcome" aria-labelledby="title">
    <div class="icon" aria-hidden="true">↻</div>
    <h1 id="title">${say(t, 'unavailable.heading')}</h1>
    <p data-testid="unavailable" role="status">${say(t, 'unavailable.text')}</p>
    <p class="small">${say(t, 'unavailable.retrying')}</p>
    <a class="btn wide" href="${escapeHtml(again)}">${say(t, 'unavailable.tryAgain')}</a>
  </section>`,
  });
}
