/**
 * The payment page's script, inlined under the page's nonce: it polls `GET /pay/{id}/state` and
 * renders with textContent only. Plain browser JavaScript, no build step.
 */
export const SCRIPT = `
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
  const refunded = Number(s.amountRefunded) > 0 && s.selected;
  $('#refunded').textContent = refunded ? 'Refunded ' + s.amountRefunded + ' ' + s.selected.symbol : '';
  $('#refunded').classList.toggle('hidden', !refunded);
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
/** The 503 page's script: reloads the real page once the service answers again. */
export const UNAVAILABLE_SCRIPT = `
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
