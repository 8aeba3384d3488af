/**
 * The payment page's script, inlined under the page's nonce: it polls `GET /pay/{id}/state` and
 * renders with textContent only, in the page's language (`TEXT_SCRIPT`: dictionary, locale
 * formatting, in-place language switch). Plain browser JavaScript, no build step.
 */
import { TEXT_SCRIPT } from './checkout-text-script.ts';

export const SCRIPT = TEXT_SCRIPT + `
'use strict';
const id = document.body.dataset.invoice;
const $ = (s) => document.querySelector(s);
const el = (tag, props = {}, ...kids) => { const e = document.createElement(tag); Object.assign(e, props); for (const k of kids) if (k != null) e.append(k); return e; };
/** An element whose text is a dictionary key, so a language switch re-translates it. */
const said = (tag, key, props = {}) => { const e = el(tag, { ...props, textContent: t(key) }); e.dataset.i18n = key; return e; };
let state = null, skew = 0, picking = false, timer = null, pollTimer = null, stopped = false, failures = 0, retryAfterMs = 0, langAsked = 0;
const OPEN = ['created', 'processing', 'partially_paid'];
const OUTCOME_ICON = { paid: '✓', overpaid: '✓', partially_paid: '!', expired: '⏱', cancelled: '×', failed: '×', suspended: '!' };
// The API's error codes the customer can meet here, in words they understand; anything else is "try again".
const ERROR_TEXT = {
  'exceptions.invoice.notPayable': 'error.notPayable',
  'exceptions.invoice.currencyLocked': 'error.currencyLocked',
  'exceptions.currency.unavailable': 'error.currencyUnavailable',
  'exceptions.depositFee.quoteUnavailable': 'error.currencyUnavailable',
  'exceptions.rates.unavailable': 'error.currencyUnavailable',
  'exceptions.rateLimit.exceeded': 'error.rateLimited',
};

function showError(text) { const e = $('[data-testid=error]'); e.textContent = text; e.classList.toggle('hidden', !text); }

// The service is away for now (its database unreachable, or a proxy in front has no answer): the
// page keeps what it shows and says the connection is interrupted, never an error code.
const AWAY = [502, 503, 504];
function connection(ok) {
  const e = $('[data-testid=connection]'); const text = ok ? '' : t('connection');
  if (e.textContent !== text) e.textContent = text;
}

async function call(method, path, body) {
  let res;
  try { res = await fetch('/pay/' + encodeURIComponent(id) + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined, cache: 'no-store' }); }
  catch { const err = new Error('offline'); err.away = true; throw err; }
  const json = await res.json().catch(() => null);
  if (!res.ok || !json) {
    const code = json && json.code;
    const err = new Error(t(ERROR_TEXT[code] || 'error.generic'));
    // A 503 that names its own reason (no rate for this currency, say) is an answer, not an outage.
    err.status = res.status; err.away = AWAY.includes(res.status) && (!code || code === 'exceptions.service.unavailable');
    err.retryAfter = Number(res.headers.get('retry-after')) || 0;
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
  $('#content').replaceChildren(el('div', { className: 'card outcome' }, el('div', { className: 'icon', textContent: '?' }), said('h1', 'notFoundTitle'), said('p', 'notFoundText', { className: 'small' })));
}

function tick() {
  if (!state) return;
  const left = Math.max(0, Date.parse(state.expiresAt) - (Date.now() + skew));
  const s = Math.floor(left / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  $('[data-testid=countdown]').textContent = OPEN.includes(state.status) ? (left > 0 ? t('expiresIn', { time: (h ? h + ':' + pad(m) : m) + ':' + pad(sec) }) : t('expired')) : '';
}

/** The invoice's dates: when it was paid, when it expired, or until when it can be paid. */
function dates(s) {
  if (s.paidAt) return t('paidOn', { date: when(s.paidAt) });
  if (s.status === 'expired') return t('expiredOn', { date: when(s.expiresAt) });
  return OPEN.includes(s.status) ? t('validUntil', { date: when(s.expiresAt) }) : '';
}

function render(s) {
  state = s; skew = Date.parse(s.now) - Date.now(); showError('');
  $('#merchant').textContent = s.merchantName;
  $('#total').textContent = money(s.amount, s.fiatCurrencyCode);
  $('#ref').textContent = s.number ? t('invoiceNumber', { number: s.number }) : t('orderNumber', { orderId: s.orderId });
  $('#when').textContent = dates(s);
  $('#desc').textContent = s.description || '';
  $('#desc').classList.toggle('hidden', !s.description);
  $('#items').replaceChildren(...s.items.map((i) => el('li', {}, el('span', { textContent: i.name + ' × ' + i.quantity }), el('span', { textContent: money(i.cost * i.quantity, s.fiatCurrencyCode) }))));
  const badge = $('[data-testid=status]');
  badge.textContent = t('status.' + s.status); badge.title = t('statusText.' + s.status); badge.className = 'badge ' + s.status; badge.dataset.status = s.status;
  $('#statusLabel').textContent = t('statusText.' + s.status);
  const refunded = s.selected && atomic(s.amountRefunded, s.selected.decimals) > 0n;
  $('#refunded').textContent = refunded ? t('refunded', { amount: coin(s.amountRefunded, s.selected.symbol) }) : '';
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
        el('span', { className: 'est', textContent: c.available ? (c.amountEstimate ? '≈ ' + coin(c.amountEstimate, c.symbol, 8) : '') : t('currencyUnavailable') }));
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

/** What arrived so far: received of expected, what waits for confirmations, what is still to pay. */
function progress(p) {
  const got = atomic(p.amountReceived, p.decimals), pend = atomic(p.amountPending, p.decimals), exp = atomic(p.amountExpected, p.decimals);
  $('#progress').classList.toggle('hidden', !(got || pend));
  $('#progressBar').style.width = (exp ? Math.min(100, Number((10000n * (got + pend)) / exp) / 100) : 0) + '%';
  const parts = [];
  if (got) parts.push(t('received', { received: decimal(p.amountReceived), expected: coin(p.amountExpected, p.symbol) }));
  if (pend) parts.push(t('waiting', { amount: coin(p.amountPending, p.symbol), count: decimal(String(p.confirmationsRequired)) }));
  if (got && !pend && atomic(p.amountRemaining, p.decimals) > 0n) parts.push(t('stillToPay', { amount: coin(p.amountRemaining, p.symbol) }));
  $('#received').textContent = parts.join(' ');
}

/** The locked rate: cents for a coin worth a unit of fiat or more, up to six decimals for one worth less. */
function rate(value, code) { return money(value, code, atomic(value, 8) >= 100000000n ? 0 : 6); }

function renderPay(s) {
  const p = s.selected; if (!p) return;
  $('#payNet').textContent = t('onNetwork', { name: p.name, network: p.network });
  $('[data-testid=amount-expected]').textContent = coin(p.amountExpected, p.symbol);
  $('#fee').textContent = t('feeAndRate', { fee: coin(p.networkFee, p.symbol), symbol: p.symbol, rate: rate(p.rate, s.fiatCurrencyCode) });
  $('[data-testid=address]').textContent = p.address;
  const qr = $('[data-testid=qr]'); if (qr.getAttribute('src') !== p.qrCode) qr.src = p.qrCode;
  $('#wallet').href = p.paymentUri;
  progress(p);
  $('#change').classList.toggle('hidden', s.status !== 'created');
  const sandbox = $('#sandbox'); if (sandbox) sandbox.classList.toggle('hidden', !p.sandbox);
}

function renderOutcome(s) {
  if (!OUTCOME_ICON[s.status]) return;
  $('#outIcon').textContent = OUTCOME_ICON[s.status];
  $('#outTitle').textContent = t('outcome.' + s.status + '.title'); $('#outText').textContent = t('outcome.' + s.status + '.text');
  const link = $('[data-testid=outcome-link]');
  const url = s.outcome && s.outcome.url;
  link.classList.toggle('hidden', !url);
  if (url) { link.href = url; link.textContent = t(s.outcome.kind === 'success' ? 'continueToMerchant' : 'returnToMerchant'); }
}

/** Copies the raw, machine-readable value (never the localized text) and says so on the button for a moment. */
async function copy(text, button) {
  try { await navigator.clipboard.writeText(text); }
  catch { const e = el('textarea', { value: text }); document.body.append(e); e.select(); document.execCommand('copy'); e.remove(); }
  button.textContent = t('copied'); setTimeout(() => (button.textContent = t('copy')), 1500);
}

async function simulate(path, body, button) {
  button.disabled = true;
  try { await call('POST', path, body); await refresh(); } catch (err) { if (err.away) unanswered(err); else showError(err.message); } finally { button.disabled = false; }
}

/** The switcher: fetches the language's dictionary and re-renders in place; what the page shows stays. */
async function switchLanguage(lang) {
  if (lang === TEXT.lang) return;
  const asked = ++langAsked;
  let next;
  try { next = await call('GET', '/i18n/' + encodeURIComponent(lang)); }
  catch (err) {
    if (asked !== langAsked) return;
    $('#lang').value = TEXT.lang;
    if (err.away) unanswered(err); else showError(err.message);
    return;
  }
  if (asked !== langAsked) return;
  applyText(next); rememberLanguage(next.lang);
  if (state) render(state);
  connection(!failures);
}

$('#lang').addEventListener('change', (e) => switchLanguage(e.currentTarget.value));
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
