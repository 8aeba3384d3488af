/**
 * A payment link's public page: plain HTML with no script at all, its styles under the request's
 * nonce (the payment page's styles, the merchant's accent), the merchant's name and logo, and a
 * form the browser posts itself: the amount or quantity where the link asks for them, and an
 * optional email. A link that takes no payment is a page saying why. Everything from the merchant
 * or the customer is escaped.
 */
import { accentCss, type PageBrand } from '../pay/brand.ts';
import { documentHead } from '../pay/checkout-page.ts';
import { STYLE } from '../pay/checkout-style.ts';
import { DICTIONARIES, LANGUAGE_NAMES, type Language, type PageLanguage } from '../pay/i18n/index.ts';
import { formatUnits } from '../../lib/money.ts';
import { knownFiat, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { amountBounds } from './checkout.ts';
import type { LinkView } from './record.ts';
import { LINK_WORDS, type LinkWords } from './words.ts';

/** The link page's own rules, after the payment page's. */
const LINK_STYLE = `
form.pay label{display:block;font-weight:600;font-size:14px;margin:14px 0 4px}
form.pay input{display:block;width:100%;font:inherit;font-size:16px;color:var(--ink);background:#fff;border:1px solid #767d89;border-radius:10px;padding:10px 12px}
form.pay input[aria-invalid=true]{border-color:var(--bad);box-shadow:0 0 0 1px var(--bad)}
form.pay .hint{display:block;margin-top:4px}
form.pay .problem{display:block;margin-top:4px;color:var(--bad);font-size:13px;font-weight:600}
.price{font-size:22px;font-weight:700;font-variant-numeric:tabular-nums;margin:10px 0 0}
.langform{display:flex;align-items:center;gap:6px;font-size:13px;color:var(--muted);margin-left:auto}
.langform select{font:inherit;color:var(--ink);background:#fff;border:1px solid #767d89;border-radius:8px;padding:5px 8px;max-width:150px}
.langform button{font:inherit;font-size:13px;padding:5px 10px;border-radius:8px;border:1px solid #767d89;background:#eef1f6;color:var(--ink);cursor:pointer}
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A sentence with its {placeholders} filled in, escaped for HTML. */
function say(w: LinkWords, key: keyof LinkWords, vars: Record<string, string> = {}): string {
  return escapeHtml(w[key].replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m));
}

/** An amount of the fiat in the customer's locale, from its exact decimal text. */
export function fiatText(units: bigint, fiat: FiatDef, locale: string): string {
  const decimal = formatUnits(units, fiat.decimals);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: fiat.code,
      minimumFractionDigits: fiat.decimals,
      maximumFractionDigits: fiat.decimals,
    });
    // A decimal string is formatted exactly (a number would pass through a double).
    return format.format(decimal as unknown as number);
  } catch {
    return `${decimal} ${fiat.code}`;
  }
}

/** What went wrong with what the customer sent: the field it concerns (null: the whole form) and the words for it. */
export interface FormProblem {
  field: 'amount' | 'quantity' | 'email' | null;
  text: string;
}

/** What the page is rendered for. */
export interface LinkPage {
  nonce: string;
  sandbox: boolean;
  language: PageLanguage;
  slug: string;
  brand: PageBrand | null;
  /** The link, or null for a slug that names none. */
  link: LinkView | null;
  /** What the customer typed (sent back with a problem). */
  values?: { amount?: string; quantity?: string; email?: string };
  problem?: FormProblem;
}

/** The HTML document around a page's content. */
function documentOf(page: LinkPage, title: string, main: string): string {
  const ribbon = page.sandbox
    ? `<header><p class="ribbon" data-testid="test-ribbon">${escapeHtml(DICTIONARIES[page.language.lang].testRibbon)}</p></header>\n`
    : '';
  return `${documentHead(page.language.lang, title, page.nonce, STYLE + LINK_STYLE + accentCss(page.brand?.brandColor ?? null))}
<body>
${ribbon}<main id="app">
${main}
  <footer>${say(LINK_WORDS[page.language.lang], 'footer')}</footer>
</main>
</body>
</html>`;
}

/** The merchant's logo and name, and the language switcher: a small form that reloads the page in the chosen language. */
function topBar(page: LinkPage): string {
  const name = escapeHtml(page.brand?.merchantName ?? '');
  const logo = page.brand?.hasLogo
    ? `<img class="logo" data-testid="merchant-logo" src="/pay/link/${escapeHtml(page.slug)}/logo" alt="${name}" width="40" height="40">`
    : '';
  const lang = page.language.lang;
  const options = (Object.keys(LANGUAGE_NAMES) as Language[])
    .map((l) => `<option value="${l}" lang="${l}"${l === lang ? ' selected' : ''}>${escapeHtml(LANGUAGE_NAMES[l])}</option>`)
    .join('');
  return `  <div class="topbar">
    <div class="brand">${logo}<span class="merchant"${logo ? ' aria-hidden="true"' : ''}>${name}</span></div>
    <form class="langform" method="get"><label for="lang">${escapeHtml(DICTIONARIES[lang].language)}</label><select id="lang" name="lang">${options}</select><button type="submit">${say(LINK_WORDS[lang], 'changeLanguage')}</button></form>
  </div>`;
}

/** One labelled input, with its hint and its problem tied to it. */
function input(page: LinkPage, field: 'amount' | 'quantity' | 'email', label: string, hint: string, attrs: string): string {
  const problem = page.problem?.field === field ? page.problem.text : undefined;
  const described = [hint ? `${field}-hint` : '', problem ? `${field}-problem` : ''].filter(Boolean).join(' ');
  const value = page.values?.[field];
  return `      <label for="${field}">${label}</label>
      <input id="${field}" name="${field}" ${attrs}${value !== undefined ? ` value="${escapeHtml(value)}"` : ''}${described ? ` aria-describedby="${described}"` : ''}${problem ? ' aria-invalid="true" autofocus' : ''}>
${problem ? `      <span class="problem" id="${field}-problem">${escapeHtml(problem)}</span>\n` : ''}${hint ? `      <span class="small hint" id="${field}-hint">${hint}</span>\n` : ''}`;
}

/** The fields the link asks for: the amount (when the customer chooses it), the quantity (when allowed), the email. */
function fields(page: LinkPage, link: LinkView, fiat: FiatDef, w: LinkWords): string {
  const { locale } = page.language;
  let html = '';
  if (link.amount_minor === null) {
    const { min, max } = amountBounds(link, fiat);
    const hint =
      link.max_amount_minor === null
        ? say(w, 'amountFrom', { min: fiatText(min, fiat, locale) })
        : say(w, 'amountRange', { min: fiatText(min, fiat, locale), max: fiatText(max, fiat, locale) });
    html += input(
      page,
      'amount',
      say(w, 'amount', { currency: fiat.code }),
      hint,
      'type="text" inputmode="decimal" autocomplete="off" required',
    );
  }
  if (link.max_quantity !== null) {
    const max = String(link.max_quantity);
    html += input(
      page,
      'quantity',
      say(w, 'quantity'),
      say(w, 'quantityHint', { max }),
      `type="number" min="1" max="${max}" step="1" inputmode="numeric" required${page.values?.quantity === undefined ? ' value="1"' : ''}`,
    );
  }
  html += input(page, 'email', say(w, 'email'), say(w, 'emailHint'), 'type="email" autocomplete="email" maxlength="254"');
  return html;
}

/** The page of an open link: what it is, its price, and the form that leads to the payment page. */
export function renderLinkPage(page: LinkPage, link: LinkView): string {
  const w = LINK_WORDS[page.language.lang];
  const fiat = knownFiat(link.fiat_currency);
  const price = link.amount_minor === null ? '' : fiatText(BigInt(link.amount_minor), fiat, page.language.locale);
  const priceLine = price
    ? `    <p class="price" data-testid="price">${link.max_quantity !== null ? say(w, 'priceEach', { price }) : escapeHtml(price)}</p>\n`
    : '';
  const general =
    page.problem && page.problem.field === null ? `  <div class="error" role="alert">${escapeHtml(page.problem.text)}</div>\n` : '';
  const query = page.language.lang === 'en' ? '' : `?lang=${page.language.lang}`;
  return documentOf(
    page,
    `${link.title} · ${page.brand?.merchantName ?? ''}`,
    `${topBar(page)}
${general}  <section class="card summary" aria-labelledby="title">
    ${link.kind === 'request' ? `<p class="small">${say(w, 'request')}</p>\n    ` : ''}<h1 id="title">${escapeHtml(link.title)}</h1>
${link.description ? `    <p class="desc">${escapeHtml(link.description)}</p>\n` : ''}${priceLine}    <form class="pay" method="post" action="/pay/link/${escapeHtml(page.slug)}${query}" novalidate>
      <input type="hidden" name="lang" value="${page.language.lang}">
${fields(page, link, fiat, w)}      <button class="btn wide" type="submit">${say(w, 'pay')}</button>
    </form>
  </section>`,
  );
}

/** Why a link takes no payment (or does not exist), said plainly. */
export function renderClosedPage(page: LinkPage, reason: 'disabled' | 'expired' | 'usedUp' | 'notFound'): string {
  const w = LINK_WORDS[page.language.lang];
  return documentOf(
    page,
    say(w, 'closed.title'),
    `${topBar(page)}
  <section class="card outcome" aria-labelledby="title">
    <div class="icon" aria-hidden="true">⊘</div>
    <h1 id="title">${say(w, 'closed.title')}</h1>
    <p data-testid="closed" role="status">${say(w, `closed.${reason}`)}</p>
  </section>`,
  );
}
