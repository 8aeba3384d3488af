/**
 * The customer portal's page (`GET /portal/{token}`): one HTML document in the payment page's
 * style and the merchant's brand, whose script (ui/portal/, under the response's nonce) reads the
 * portal's JSON routes and fills in the subscriptions and invoices, changes the email and cancels a
 * subscription at the end of its period after a confirmation. A link that is not valid, or has
 * expired, gets a small page that says so. Everything from the server is put on the page as text.
 */
import { documentHead } from '../pay/checkout-page.ts';
import { STYLE } from '../pay/checkout-style.ts';
import { accentCss, type PageBrand } from '../pay/brand.ts';

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
`;

/** The merchant's name and logo above the page. */
function brandBar(brand: PageBrand, token: string): string {
  const name = escapeHtml(brand.merchantName);
  const logo = brand.hasLogo ? `<img class="logo" data-testid="merchant-logo" src="/portal/${escapeHtml(encodeURIComponent(token))}/logo" alt="${name}" width="40" height="40">` : '';
  return `  <div class="topbar"><div class="brand">${logo}<span class="merchant"${logo ? ' aria-hidden="true"' : ''}>${name}</span></div></div>`;
}

function page(opts: { nonce: string; sandbox: boolean; brand: PageBrand | null; title: string; main: string; body?: string; script?: string }): string {
  const ribbon = opts.sandbox ? `<header><p class="ribbon" data-testid="test-ribbon">Test mode · sandbox, no real money moves</p></header>\n` : '';
  const script = opts.script ? `\n<script nonce="${escapeHtml(opts.nonce)}" src="${escapeHtml(opts.script)}"></script>` : '';
  return `${documentHead('en', opts.title, opts.nonce, STYLE + PORTAL_STYLE + accentCss(opts.brand?.brandColor ?? null))}
<body${opts.body ?? ''}>
${ribbon}<main id="app">
${opts.main}
</main>${script}
</body>
</html>`;
}

/** What the portal page is rendered for. */
export interface PortalPageOptions {
  token: string;
  nonce: string;
  sandbox: boolean;
  brand: PageBrand;
  /** The path of the page's script (a hashed name under /portal/assets/). */
  script: string;
}

/** The portal: the brand, then the cards the script fills in (subscriptions, invoices, email). */
export function renderPortalPage(opts: PortalPageOptions): string {
  return page({
    ...opts,
    title: `Your subscriptions · ${opts.brand.merchantName}`,
    body: ` data-token="${escapeHtml(opts.token)}"`,
    main: `${brandBar(opts.brand, opts.token)}
  <section class="card summary" aria-labelledby="title">
    <h1 id="title">Your subscriptions</h1>
    <p class="small" id="who" data-testid="customer"></p>
  </section>
  <noscript><p class="error">This page needs JavaScript to show your subscriptions.</p></noscript>
  <div class="error hidden" id="error" role="alert"></div>
  <p class="hidden" id="done" role="status" data-testid="done"></p>
  <section class="card" aria-labelledby="subsTitle">
    <h2 id="subsTitle">Subscriptions</h2>
    <p class="small" id="subsEmpty" aria-live="polite">Loading…</p>
    <ul class="list" id="subs" data-testid="subscriptions"></ul>
  </section>
  <section class="card" aria-labelledby="invTitle">
    <h2 id="invTitle">Invoices</h2>
    <p class="small" id="invEmpty">Loading…</p>
    <ul class="list" id="invoices" data-testid="invoices"></ul>
  </section>
  <section class="card" aria-labelledby="emailTitle">
    <h2 id="emailTitle">Email for invoices and reminders</h2>
    <form id="emailForm" novalidate>
      <label for="email">Email</label>
      <div class="field"><input id="email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="254" required aria-describedby="emailError"><button class="btn" type="submit">Update email</button></div>
      <p class="small hidden" id="emailError" role="alert"></p>
    </form>
  </section>
  <footer>Secure customer portal of ${escapeHtml(opts.brand.merchantName)}</footer>`,
  });
}

/** Why a link opens no portal: its signature does not hold (403), it has expired (410) or names no customer (404). */
export type DeadLink = 'invalid' | 'expired' | 'notFound';

/** The page of a link that opens no portal: it says so and what to do, with no script at all. */
export function renderDeadLinkPage(opts: { nonce: string; sandbox: boolean; reason: DeadLink }): string {
  const why = opts.reason === 'expired' ? 'Portal links are valid for a limited time.' : 'The link may have been copied incompletely.';
  return page({
    ...opts,
    brand: null,
    title: 'Link not valid · Customer portal',
    main: `  <section class="card outcome" aria-labelledby="title">
    <div class="icon" aria-hidden="true">⚠</div>
    <h1 id="title">This link is not valid or has expired</h1>
    <p data-testid="dead-link" data-reason="${opts.reason}">${why} Ask the merchant for a new link to your customer portal.</p>
  </section>`,
  });
}
