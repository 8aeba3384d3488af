/**
 * The hosted payment page: one self-contained HTML document (inline CSS and JS under a nonce, no
 * external assets) that reads `GET /pay/{id}/state` and drives the customer from picking a currency
 * to the outcome. Everything from the server is put on the page with textContent, never as HTML.
 * While the database is unreachable the page is a small "try again in a moment" document instead,
 * and an open page says the connection is interrupted until an answer comes back.
 */
import { SCRIPT, UNAVAILABLE_SCRIPT } from './checkout-script.ts';
import { STYLE } from './checkout-style.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SANDBOX_PANEL = `
  <section class="card sandbox hidden" id="sandbox" aria-label="Sandbox">
    <h2>Sandbox — simulate payment</h2>
    <p class="small">This installation runs in sandbox mode: no real money moves.</p>
    <div class="grid">
      <button class="btn" type="button" data-testid="sim-exact">Pay exact amount</button>
      <button class="btn ghost" type="button" data-testid="sim-partial">Pay half</button>
      <button class="btn ghost" type="button" data-testid="sim-over">Overpay</button>
      <button class="btn ghost" type="button" data-testid="sim-mine">Mine blocks</button>
    </div>
  </section>`;

/** The document around a page's main content: the same head, styles, nonce and sandbox ribbon. */
function renderDocument(opts: { invoiceId: string; nonce: string; sandbox: boolean; title: string; main: string; script: string; data?: string }): string {
  const nonce = escapeHtml(opts.nonce);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(opts.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body data-invoice="${escapeHtml(opts.invoiceId)}"${opts.data ?? ''}>
${opts.sandbox ? '<header><p class="ribbon" data-testid="test-ribbon">Test payment · sandbox, no real money moves</p></header>' : ''}
<main id="app">
${opts.main}
  <footer>Secured payment page · invoice ${escapeHtml(opts.invoiceId.slice(0, 8))}</footer>
</main>
<script nonce="${nonce}">${opts.script}</script>
</body>
</html>`;
}

/**
 * The page's HTML. In sandbox mode it carries a "Test payment" ribbon and the simulate panel; a
 * live installation's page has neither (its simulate routes do not exist).
 */
export function renderPayPage(opts: { invoiceId: string; nonce: string; sandbox: boolean; title?: string }): string {
  return renderDocument({
    ...opts,
    title: opts.title ?? 'Pay invoice',
    script: SCRIPT,
    main: `  <div class="notice" data-testid="connection" role="status"></div>
  <div class="error hidden" data-testid="error" role="alert"></div>
  <section class="card" aria-labelledby="total">
    <p class="merchant" id="merchant"></p>
    <div class="row"><h1 id="total">…</h1><span class="badge" data-testid="status"></span></div>
    <div class="ref" id="ref"></div>
    <p class="desc hidden" id="desc"></p>
    <ul class="items" id="items"></ul>
    <div class="row" aria-live="polite"><span class="small" id="statusLabel"></span><span class="countdown" data-testid="countdown"></span></div>
    <p class="small hidden" id="refunded" data-testid="refunded"></p>
  </section>
  <section class="card outcome hidden" id="outcome" aria-live="polite">
    <div class="icon" id="outIcon"></div>
    <h1 id="outTitle"></h1>
    <p class="small" id="outText"></p>
    <a class="btn wide hidden" data-testid="outcome-link" href="#">Return to merchant</a>
  </section>
  <section class="card hidden" id="picker" aria-label="Choose a currency">
    <h2>Pay with</h2>
    <div id="options"></div>
  </section>
  <section class="card hidden" id="pay" aria-label="Payment details">
    <div class="small" id="payNet"></div>
    <div class="row"><div class="amount" data-testid="amount-expected"></div><button class="btn ghost" type="button" id="copyAmount">Copy</button></div>
    <div class="small" id="fee"></div>
    <img class="qr" data-testid="qr" alt="QR code of the payment">
    <label class="small" for="addr">Send to this address</label>
    <div class="field"><div class="mono" id="addr" data-testid="address"></div><button class="btn ghost" type="button" data-testid="copy-address">Copy</button></div>
    <div class="progress hidden" id="progress"><div id="progressBar"></div></div>
    <p class="small" id="received" aria-live="polite"></p>
    <a class="btn wide" id="wallet" href="#">Open in wallet</a>
    <button class="btn ghost wide hidden" type="button" id="change">Change currency</button>
  </section>
${opts.sandbox ? SANDBOX_PANEL : ''}`,
  });
}

/**
 * The page while the database is unreachable (answered 503 with Retry-After): a calm "try again
 * in a moment", a link that does, and a script that does it by itself once the service answers.
 */
export function renderUnavailablePage(opts: { invoiceId: string; nonce: string; sandbox: boolean; retryAfterS: number }): string {
  return renderDocument({
    ...opts,
    title: 'Try again in a moment · Pay invoice',
    script: UNAVAILABLE_SCRIPT,
    data: ` data-retry-after="${escapeHtml(String(opts.retryAfterS))}"`,
    main: `  <section class="card outcome" aria-labelledby="title">
    <div class="icon" aria-hidden="true">↻</div>
    <h1 id="title">One moment, please</h1>
    <p data-testid="unavailable" role="status">We can't load this payment right now. Try again in a moment.</p>
    <p class="small">This page tries again by itself every few seconds.</p>
    <a class="btn wide" href="/pay/${escapeHtml(encodeURIComponent(opts.invoiceId))}">Try again</a>
  </section>`,
  });
}
