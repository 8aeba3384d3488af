/**
 * The hosted payment page: one self-contained HTML document (inline CSS and JS under a nonce, no
 * external assets) that reads `GET /pay/{id}/state` and drives the customer from picking a currency
 * to the outcome. Everything from the server is put on the page with textContent, never as HTML.
 * While the database is unreachable the page is a small "try again in a moment" document instead,
 * and an open page says the connection is interrupted until an answer comes back.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
:root{--bg:#f4f5f7;--card:#fff;--ink:#16181d;--muted:#5d6470;--line:#e4e7ec;--accent:#2f5bea;--ok:#0b6b39;--warn:#934a04;--bad:#c0262d;--radius:14px}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:440px;margin:0 auto;padding:16px}
.card{background:var(--card);border-radius:var(--radius);box-shadow:0 1px 2px rgba(16,24,40,.06),0 4px 16px rgba(16,24,40,.06);padding:20px;margin-bottom:12px}
.merchant{font-weight:600;font-size:14px;color:var(--muted);margin:0 0 6px}
h1{font-size:28px;margin:0;letter-spacing:-.01em}
.ref{color:var(--muted);font-size:13px;margin-top:2px}
.desc{margin:10px 0 0}
.items{list-style:none;padding:0;margin:12px 0 0;border-top:1px solid var(--line)}
.items li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid var(--line);font-size:14px}
.row{display:flex;justify-content:space-between;align-items:center;gap:8px}
.badge{display:inline-block;border-radius:999px;padding:3px 10px;font-size:12px;font-weight:600;background:#eef1f6;color:var(--muted)}
.badge.processing{background:#fff4e5;color:var(--warn)}
.badge.paid,.badge.overpaid{background:#e7f6ee;color:var(--ok)}
.badge.expired,.badge.cancelled,.badge.failed,.badge.suspended,.badge.partially_paid{background:#fdecec;color:var(--bad)}
.countdown{font-variant-numeric:tabular-nums;font-size:13px;color:var(--muted)}
h2{font-size:15px;margin:0 0 10px}
.net{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:14px 0 6px}
.option{display:flex;align-items:center;gap:10px;width:100%;padding:10px 12px;margin:0 0 6px;border:1px solid var(--line);border-radius:10px;background:#fff;font:inherit;color:inherit;cursor:pointer;text-align:left}
.option:hover:not(:disabled){border-color:var(--accent)}
.option:disabled{opacity:.5;cursor:not-allowed}
.option img{width:28px;height:28px}
.option .name{flex:1}
.option .est{font-variant-numeric:tabular-nums;font-size:13px;color:var(--muted)}
.amount{font-size:22px;font-weight:700;font-variant-numeric:tabular-nums;word-break:break-all}
.small{font-size:13px;color:var(--muted)}
.qr{display:block;margin:14px auto;width:220px;height:220px;image-rendering:pixelated}
.field{display:flex;gap:8px;align-items:center;margin-top:8px}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;background:#f6f7f9;border:1px solid var(--line);border-radius:8px;padding:8px 10px;flex:1;word-break:break-all}
button.btn,a.btn{display:inline-flex;justify-content:center;align-items:center;border:0;border-radius:10px;padding:10px 14px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none;background:var(--accent);color:#fff}
button.ghost{background:#eef1f6;color:var(--ink)}
.wide{width:100%;margin-top:12px}
.progress{height:6px;background:#eef1f6;border-radius:99px;overflow:hidden;margin-top:10px}
.progress>div{height:100%;background:var(--ok);width:0}
.error{background:#fdecec;color:var(--bad);border-radius:10px;padding:10px 12px;margin-bottom:12px}
.notice{position:sticky;top:0;z-index:1;margin:0}
.notice:not(:empty){background:#fff4e5;color:var(--warn);border-radius:10px;padding:10px 12px;margin-bottom:12px;font-weight:600;box-shadow:0 1px 2px rgba(16,24,40,.06)}
.sandbox{border:2px dashed #c9a227;background:#fffbea}
.ribbon{margin:0;padding:8px 12px;text-align:center;font-weight:700;font-size:13px;letter-spacing:.04em;background:#7a4d00;color:#fff}
.sandbox .grid{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:10px}
.outcome{text-align:center}
.outcome .icon{font-size:44px;line-height:1}
.hidden{display:none!important}
footer{text-align:center;font-size:12px;color:var(--muted);margin:16px 0}
@media (min-width:720px){main{padding-top:48px}}
`;

const SCRIPT = `
'use strict';
const id = document.body.dataset.invoice;
const $ = (s) => document.querySelector(s);
const el = (tag, props = {}, ...kids) => { const e = document.createElement(tag); Object.assign(e, props); for (const k of kids) if (k != null) e.append(k); return e; };
let state = null, skew = 0, picking = false, timer = null, pollTimer = null, stopped = false, failures = 0, retryAfterMs = 0;
const OPEN = ['created', 'processing', 'partially_paid'];
const LABEL = { created: 'Awaiting payment', processing: 'Payment seen, confirming', paid: 'Paid', overpaid: 'Paid', partially_paid: 'Partially paid', expired: 'Expired', cancelled: 'Cancelled', failed: 'Failed', suspended: 'Under review' };
const OUTCOME = {
  paid: ['✓', 'Payment received', 'Thank you. Your payment is confirmed.'],
  overpaid: ['✓', 'Payment received', 'Thank you. You sent more than asked; the merchant has been told.'],
  partially_paid: ['!', 'Partially paid', 'Less than the amount due arrived. Contact the merchant to settle the rest.'],
  expired: ['⏱', 'This invoice has expired', 'No payment arrived in time. If you sent one, it is still recorded and the merchant will see it.'],
  cancelled: ['×', 'This invoice was cancelled', 'The merchant cancelled this invoice.'],
  failed: ['×', 'Payment failed', 'The payment was dropped by the network before it confirmed.'],
  suspended: ['!', 'Payment under review', 'A payment arrived for a cancelled invoice. The merchant will contact you.'],
};

function money(amount, code) {
  try { return new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(Number(amount)); } catch { return amount + ' ' + code; }
}
function showError(text) { const e = $('[data-testid=error]'); e.textContent = text; e.classList.toggle('hidden', !text); }

// The service is away for now (its database unreachable, or a proxy in front has no answer): the
// page keeps what it shows and says the connection is interrupted, never an error code.
const AWAY = [502, 503, 504];
function connection(ok) {
  const e = $('[data-testid=connection]'); const text = ok ? '' : 'Connection interrupted — trying again in a moment';
  if (e.textContent !== text) e.textContent = text;
}

async function call(method, path, body) {
  let res;
  try { res = await fetch('/pay/' + encodeURIComponent(id) + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined, cache: 'no-store' }); }
  catch { const err = new Error('offline'); err.away = true; throw err; }
  const json = await res.json().catch(() => null);
  if (!res.ok || !json) {
    const err = new Error((json && json.message) || 'Something went wrong. Please try again.');
    err.status = res.status; err.away = AWAY.includes(res.status); err.retryAfter = Number(res.headers.get('retry-after')) || 0;
    throw err;
  }
  return json.data;
}

/** An answer came back: the connection is fine again and the poll goes back to its pace. */
function answered(s) { failures = 0; retryAfterMs = 0; connection(true); render(s); }
/** No answer: say so politely and wait a little longer each time (the server's Retry-After at least). */
function unanswered(err) { failures++; retryAfterMs = (err.retryAfter || 0) * 1000; connection(false); }

async function refresh() {
  try {
    answered(await call('GET', '/state'));
  } catch (err) {
    if (err.status === 404) { notFound(); return; }
    unanswered(err);
  }
}

/** The next state poll: every 2 s, backing off to 15 s while no answer comes back. */
function schedule() {
  clearTimeout(pollTimer);
  if (stopped) return;
  const ms = failures ? Math.min(15000, Math.max(retryAfterMs, 2000 * 1.5 ** failures)) : 2000;
  pollTimer = setTimeout(() => refresh().then(schedule), ms);
}
function stop() { stopped = true; clearTimeout(pollTimer); }

function notFound() {
  stop(); clearInterval(timer); connection(true);
  $('#app').replaceChildren(el('div', { className: 'card outcome' }, el('div', { className: 'icon', textContent: '?' }), el('h1', { textContent: 'Invoice not found' }), el('p', { className: 'small', textContent: 'Check the link you were given.' })));
}

function tick() {
  if (!state) return;
  const left = Math.max(0, Date.parse(state.expiresAt) - (Date.now() + skew));
  const s = Math.floor(left / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  $('[data-testid=countdown]').textContent = OPEN.includes(state.status) ? (left > 0 ? 'Expires in ' + (h ? h + ':' + pad(m) : m) + ':' + pad(sec) : 'Expired') : '';
}

function render(s) {
  state = s; skew = Date.parse(s.now) - Date.now(); showError('');
  $('#merchant').textContent = s.merchantName;
  $('#total').textContent = money(s.amount, s.fiatCurrencyCode);
  $('#ref').textContent = s.number ? 'Invoice ' + s.number : 'Order #' + s.orderId;
  $('#desc').textContent = s.description || '';
  $('#desc').classList.toggle('hidden', !s.description);
  $('#items').replaceChildren(...s.items.map((i) => el('li', {}, el('span', { textContent: i.name + ' × ' + i.quantity }), el('span', { textContent: money(i.cost * i.quantity, s.fiatCurrencyCode) }))));
  const badge = $('[data-testid=status]');
  badge.textContent = s.status; badge.title = LABEL[s.status] || s.status; badge.className = 'badge ' + s.status;
  $('#statusLabel').textContent = LABEL[s.status] || s.status;
  tick();
  const open = OPEN.includes(s.status) && Date.parse(s.expiresAt) > Date.now() + skew;
  $('#picker').classList.toggle('hidden', !(open && s.status === 'created' && (!s.selected || picking)));
  $('#pay').classList.toggle('hidden', !(s.selected && open && !(picking && s.status === 'created')));
  $('#outcome').classList.toggle('hidden', !(s.outcome || (!open && !OPEN.includes(s.status))));
  renderPicker(s); renderPay(s); renderOutcome(s);
  if (!OPEN.includes(s.status) && s.outcome) stop();
}

function renderPicker(s) {
  const box = $('#options'); const groups = new Map();
  for (const c of s.currencies) { if (!groups.has(c.network)) groups.set(c.network, []); groups.get(c.network).push(c); }
  const nodes = [];
  for (const [net, list] of groups) {
    nodes.push(el('div', { className: 'net', textContent: net }));
    for (const c of list) {
      const b = el('button', { className: 'option', type: 'button', disabled: !c.available },
        el('img', { src: c.icon, alt: '' }),
        el('span', { className: 'name', textContent: c.name + ' ' }, el('span', { className: 'small', textContent: c.cryptoCurrencyCode })),
        el('span', { className: 'est', textContent: c.available ? (c.amountEstimate ? '≈ ' + Number(c.amountEstimate).toLocaleString(undefined, { maximumFractionDigits: 8 }) + ' ' + c.symbol : '') : 'temporarily unavailable' }));
      b.dataset.testid = 'currency-option'; b.dataset.code = c.cryptoCurrencyCode;
      b.addEventListener('click', () => pick(c.cryptoCurrencyCode));
      nodes.push(b);
    }
  }
  box.replaceChildren(...nodes);
}

async function pick(code) {
  for (const b of document.querySelectorAll('.option')) b.disabled = true;
  try { picking = false; answered(await call('POST', '/select', { cryptoCurrencyCode: code })); }
  catch (err) {
    // What the page showed stays; the message goes on after the render, which clears it.
    if (state) render(state);
    if (err.away) unanswered(err); else showError(err.message);
  }
}

function renderPay(s) {
  const p = s.selected; if (!p) return;
  $('#payNet').textContent = p.name + ' on ' + p.network;
  $('[data-testid=amount-expected]').textContent = p.amountExpected + ' ' + p.symbol;
  $('#fee').textContent = 'Includes network fee ' + p.networkFee + ' ' + p.symbol + ' · 1 ' + p.symbol + ' = ' + p.rate + ' ' + s.fiatCurrencyCode;
  $('[data-testid=address]').textContent = p.address;
  const qr = $('[data-testid=qr]'); if (qr.getAttribute('src') !== p.qrCode) qr.src = p.qrCode;
  $('#wallet').href = p.paymentUri;
  const got = Number(p.amountReceived), pend = Number(p.amountPending), exp = Number(p.amountExpected);
  const prog = $('#progress'); prog.classList.toggle('hidden', !(got || pend));
  $('#progressBar').style.width = Math.min(100, (100 * (got + pend)) / exp) + '%';
  $('#received').textContent = (got ? 'Received ' + p.amountReceived + ' of ' + p.amountExpected + ' ' + p.symbol + '. ' : '') + (pend ? 'Waiting for confirmations: ' + p.amountPending + ' ' + p.symbol + ' (' + p.confirmationsRequired + ' needed).' : '') + (got && Number(p.amountRemaining) > 0 && !pend ? ' Still to pay: ' + p.amountRemaining + ' ' + p.symbol + '.' : '');
  $('#change').classList.toggle('hidden', s.status !== 'created');
  const sandbox = $('#sandbox'); if (sandbox) sandbox.classList.toggle('hidden', !p.sandbox);
}

function renderOutcome(s) {
  const o = OUTCOME[s.status]; if (!o) return;
  $('#outIcon').textContent = o[0]; $('#outTitle').textContent = o[1]; $('#outText').textContent = o[2];
  const link = $('[data-testid=outcome-link]');
  const url = s.outcome && s.outcome.url;
  link.classList.toggle('hidden', !url);
  if (url) { link.href = url; link.textContent = s.outcome.kind === 'success' ? 'Continue to merchant' : 'Return to merchant'; }
}

async function copy(text, button) {
  try { await navigator.clipboard.writeText(text); }
  catch { const t = el('textarea', { value: text }); document.body.append(t); t.select(); document.execCommand('copy'); t.remove(); }
  const was = button.textContent; button.textContent = 'Copied'; setTimeout(() => (button.textContent = was), 1500);
}

async function simulate(path, body, button) {
  button.disabled = true;
  try { await call('POST', path, body); await refresh(); } catch (err) { if (err.away) unanswered(err); else showError(err.message); } finally { button.disabled = false; }
}

$('[data-testid=copy-address]').addEventListener('click', (e) => copy(state.selected.address, e.currentTarget));
$('#copyAmount').addEventListener('click', (e) => copy(state.selected.amountExpected, e.currentTarget));
$('#change').addEventListener('click', () => { picking = true; render(state); });
if ($('#sandbox')) {
  $('[data-testid=sim-exact]').addEventListener('click', (e) => simulate('/simulate', { amount: 'exact' }, e.currentTarget));
  $('[data-testid=sim-partial]').addEventListener('click', (e) => simulate('/simulate', { amount: 'partial' }, e.currentTarget));
  $('[data-testid=sim-over]').addEventListener('click', (e) => simulate('/simulate', { amount: 'over' }, e.currentTarget));
  $('[data-testid=sim-mine]').addEventListener('click', (e) => simulate('/simulate/mine', {}, e.currentTarget));
}
refresh().then(schedule);
timer = setInterval(tick, 1000);
`;

// The "try again in a moment" document: it asks again by itself (HEAD of the page, the database
// lookup the page needs), backing off to 15 s, and loads the page once the answer is no longer
// "unavailable". The link does the same by hand, also without scripts.
const UNAVAILABLE_SCRIPT = `
'use strict';
let wait = Number(document.body.dataset.retryAfter) * 1000 || 5000;
async function check() {
  try {
    const res = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
    if (![502, 503, 504].includes(res.status)) { location.reload(); return; }
  } catch {}
  wait = Math.min(15000, wait * 1.5);
  setTimeout(check, wait);
}
setTimeout(check, wait);
`;

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
