/**
 * The payment page's script, inlined under the page's nonce: it polls `GET /pay/{id}/state`, picks
 * the view the invoice is in (`stage`) and renders it with textContent only (`VIEWS_SCRIPT`), in
 * the page's language (`TEXT_SCRIPT`: dictionary, locale formatting, in-place language switch).
 * When a render hides what the person was on, the focus goes to the heading of what replaced it,
 * never to <body>. Plain browser JavaScript, no build step.
 */
import { TEXT_SCRIPT } from './checkout-text-script.ts';
import { VIEWS_SCRIPT } from './checkout-views-script.ts';

export const SCRIPT = "'use strict';" + TEXT_SCRIPT + VIEWS_SCRIPT + `
const id = document.body.dataset.invoice;
let state = null, skew = 0, picking = false, busy = false, timer = null, pollTimer = null, stopped = false, failures = 0, retryAfterMs = 0, langAsked = 0;
// Answers are numbered as asked: a poll that set out before the customer picked a currency must not undo the pick.
let asked = 0, shown = 0;
const OPEN = ['created', 'processing', 'partially_paid'];
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
function connection(ok) { setText('[data-testid=connection]', ok ? '' : t('connection')); }

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
/** The invoice's state, unless a later question was answered first; true when it was shown. */
async function ask(method, path, body) {
  const n = ++asked;
  const s = await call(method, path, body);
  if (n < shown) return false;
  shown = n; answered(s);
  return true;
}
/** An answer came back: the connection is fine again and the poll goes back to its pace. */
function answered(s) { failures = 0; retryAfterMs = 0; connection(true); render(s); }
/** No answer: say so politely and wait a little longer each time (the server's Retry-After at least). */
function unanswered(err) { failures++; retryAfterMs = (err.retryAfter || 0) * 1000; connection(false); }

async function refresh() {
  try {
    await ask('GET', '/state');
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

/**
 * Which view the invoice is in: the picker; the payment details (nothing on its way); "payment
 * detected" while a payment confirms (even past the window: a late payment still counts); the
 * outcome once it is over; or none while an open window has passed and the worker has yet to close it.
 */
function stage(s) {
  const p = s.selected;
  if (OPEN.includes(s.status) && p && atomic(p.amountPending, p.decimals) > 0n) return 'detected';
  if (!OPEN.includes(s.status)) return 'outcome';
  if (Date.parse(s.expiresAt) <= Date.now() + skew) return 'none';
  if (!p || (picking && s.status === 'created')) return 'picker';
  return 'pay';
}
const HEADINGS = { picker: '#pickTitle', pay: '#payTitle', detected: '#detTitle', outcome: '#outTitle' };
function focusHeading(st) { const h = HEADINGS[st] && $(HEADINGS[st]); if (h) h.focus(); }
/** Whether the focus is nowhere a person can see: on <body>, or on something hidden or gone. */
function focusLost() { const a = document.activeElement; return !a || a === document.body || !a.isConnected || !a.getClientRects().length; }

function tick() {
  if (!state) return;
  const left = Math.max(0, Date.parse(state.expiresAt) - (Date.now() + skew));
  const s = Math.floor(left / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  // No countdown once a payment is on its way: it would only urge a second one.
  const counting = OPEN.includes(state.status) && stage(state) !== 'detected';
  setText('[data-testid=countdown]', counting ? (left > 0 ? t('expiresIn', { time: (h ? h + ':' + pad(m) : m) + ':' + pad(sec) }) : t('expired')) : '');
}

/** The invoice's dates: when it was paid, when its window closed, or until when it can be paid. */
function dates(s, st) {
  if (st === 'detected') return '';
  if (s.paidAt && ['paid', 'overpaid', 'suspended'].includes(s.status)) return t('paidOn', { date: when(s.paidAt) });
  if (s.status === 'expired') return t('expiredOn', { date: when(s.expiresAt) });
  if (s.status === 'partially_paid' && st === 'outcome') return t('closedOn', { date: when(s.expiresAt) });
  return OPEN.includes(s.status) ? t('validUntil', { date: when(s.expiresAt) }) : '';
}

function renderSummary(s, st) {
  setText('#merchant', s.merchantName);
  setText('#total', money(s.amount, s.fiatCurrencyCode));
  setText('#ref', s.number ? t('invoiceNumber', { number: s.number }) : t('orderNumber', { orderId: s.orderId }));
  setText('#when', dates(s, st));
  setText('#desc', s.description || '');
  show('#desc', !!s.description);
  $('#items').replaceChildren(...s.items.map((i) => el('li', {}, el('span', { textContent: i.name + ' × ' + i.quantity }), el('span', { textContent: money(i.cost * i.quantity, s.fiatCurrencyCode) }))));
  const badge = $('[data-testid=status]');
  badge.textContent = t('status.' + s.status); badge.title = t('statusText.' + s.status); badge.className = 'badge ' + s.status; badge.dataset.status = s.status;
  setText('#statusLabel', t('statusText.' + s.status));
  const refunded = s.selected && atomic(s.amountRefunded, s.selected.decimals) > 0n;
  setText('#refunded', refunded ? t('refunded', { amount: coin(s.amountRefunded, s.selected.symbol) }) : '');
  show('#refunded', refunded);
}

function render(s) {
  // If this render hides what the person is on, the new view's heading takes the focus.
  const wasHere = !focusLost() && $('#content').contains(document.activeElement);
  state = s; skew = Date.parse(s.now) - Date.now(); showError('');
  const st = stage(s);
  renderSummary(s, st);
  tick();
  show('#picker', st === 'picker');
  show('#pay', st === 'pay');
  show('#detected', st === 'detected');
  show('#outcome', st === 'outcome' && !!OUTCOME_ICON[s.status]);
  // Test money only while there is something to pay or confirm: a finished invoice offers none.
  if ($('#sandbox')) show('#sandbox', (st === 'pay' || st === 'detected') && s.selected.sandbox);
  renderPicker(s);
  if (st === 'pay') renderPay(s);
  if (st === 'detected') renderDetected(s);
  if (st === 'outcome') renderOutcome(s);
  if (wasHere && focusLost()) focusHeading(st);
  if (st === 'outcome' && s.outcome) stop();
}

/** The customer picks a currency: the details it locks take the focus; on a refusal it stays on the choice. */
async function pick(code) {
  if (busy) return;
  busy = true; $('#options').setAttribute('aria-busy', 'true');
  try {
    const wasPicking = picking;
    picking = false;
    try { if (await ask('POST', '/select', { cryptoCurrencyCode: code, lang: TEXT.lang })) focusHeading(stage(state)); }
    catch (err) { picking = wasPicking; throw err; }
  } catch (err) {
    // What the page showed stays; the message goes on after the render, which clears it.
    if (state) render(state);
    if (err.away) unanswered(err); else showError(err.message);
  } finally { busy = false; $('#options').removeAttribute('aria-busy'); }
}

/** Back to the picker from the details: the focus goes to the currency chosen before. */
function changeCurrency() {
  picking = true; render(state);
  const chosen = state.selected && optionButtons.get(state.selected.cryptoCurrencyCode);
  if (chosen && !chosen.disabled) chosen.focus(); else focusHeading('picker');
}

/** Copies the raw, machine-readable value (never the localized text) and says so on the button for a moment. */
async function copy(text, button) {
  try { await navigator.clipboard.writeText(text); }
  catch { const e = el('textarea', { value: text }); document.body.append(e); e.select(); document.execCommand('copy'); e.remove(); }
  button.textContent = t('copied'); setTimeout(() => (button.textContent = t('copy')), 1500);
}

/** A sandbox payment or block. The button stays enabled meanwhile: disabling it would take its focus away. */
async function simulate(path, body) {
  try { await call('POST', path, body); await refresh(); } catch (err) { if (err.away) unanswered(err); else showError(err.message); }
}

/** The switcher: fetches the language's dictionary and re-renders in place; what the page shows stays. */
async function switchLanguage(lang) {
  if (lang === TEXT.lang) return;
  const asking = ++langAsked;
  let next;
  try { next = await call('GET', '/i18n/' + encodeURIComponent(lang)); }
  catch (err) {
    if (asking !== langAsked) return;
    $('#lang').value = TEXT.lang;
    if (err.away) unanswered(err); else showError(err.message);
    return;
  }
  if (asking !== langAsked) return;
  applyText(next); rememberLanguage(next.lang);
  if (state) render(state);
  connection(!failures);
}

$('#lang').addEventListener('change', (e) => switchLanguage(e.currentTarget.value));
$('[data-testid=copy-address]').addEventListener('click', (e) => copy(state.selected.address, e.currentTarget));
$('#copyAmount').addEventListener('click', (e) => copy(amountDue(state.selected), e.currentTarget));
$('#change').addEventListener('click', changeCurrency);
if ($('#sandbox')) {
  $('[data-testid=sim-exact]').addEventListener('click', () => simulate('/simulate', { amount: 'exact' }));
  $('[data-testid=sim-partial]').addEventListener('click', () => simulate('/simulate', { amount: 'partial' }));
  $('[data-testid=sim-over]').addEventListener('click', () => simulate('/simulate', { amount: 'over' }));
  $('[data-testid=sim-mine]').addEventListener('click', () => simulate('/simulate/mine', {}));
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
