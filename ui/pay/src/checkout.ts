// Entry point of the payment page's script (src/modules/pay/bundle.ts builds it with esbuild). It
// polls `GET /pay/{id}/state`, picks the view the invoice is in (`stage`) and renders it with
// textContent only (views.ts), in the page's language (text.ts: dictionary, locale formatting,
// in-place language switch). When a render hides what the person was on, the focus goes to the
// heading of what replaced it, never to <body>.
import { CallError, getState, getText, post, type CryptoCode, type PayState } from './api.ts';
import { $, el, maybe, said, setText, show } from './dom.ts';
import { TEXT, applyText, atomic, coin, decimal, money, rememberLanguage, t, times, when } from './text.ts';
import { renderReceiptEmail, wireReceiptEmail } from './receipt-email.ts';
import { OUTCOME_ICON, amountDue, optionButtons, renderDetected, renderOutcome, renderPay, renderPicker } from './views.ts';

let state: PayState | null = null;
let skew = 0;
let picking = false;
let busy = false;
let timer: ReturnType<typeof setInterval> | undefined;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
let stopped = false;
let failures = 0;
let retryAfterMs = 0;
let langAsked = 0;
// Answers are numbered as asked: a poll that set out before the customer picked a currency must not undo the pick.
let asked = 0;
let shown = 0;
const OPEN: readonly string[] = ['created', 'processing', 'partially_paid'];

function showError(text: string): void {
  const e = $('[data-testid=error]');
  e.textContent = text;
  e.classList.toggle('hidden', !text);
}

// The service is away for now (its database unreachable, or a proxy in front has no answer): the
// page keeps what it shows and says the connection is interrupted, never an error code.
function connection(ok: boolean): void {
  setText('[data-testid=connection]', ok ? '' : t('connection'));
}

/** What a call threw, as the page's error: anything but the API's refusal is "try again". */
function callError(err: unknown): CallError {
  return err instanceof CallError ? err : new CallError(t('error.generic'), 0, false);
}

/** The invoice's state, unless a later question was answered first; true when it was shown. */
async function ask(question: () => Promise<PayState>): Promise<boolean> {
  const n = ++asked;
  const s = await question();
  if (n < shown) return false;
  shown = n;
  answered(s);
  return true;
}

/** An answer came back: the connection is fine again and the poll goes back to its pace. */
function answered(s: PayState): void {
  failures = 0;
  retryAfterMs = 0;
  connection(true);
  render(s);
}

/** No answer: say so politely and wait a little longer each time (the server's Retry-After at least). */
function unanswered(err: CallError): void {
  failures++;
  retryAfterMs = err.retryAfter * 1000;
  connection(false);
}

/** A refusal or an outage of a call the customer made: the outage is said as such, a refusal in words. */
function failed(err: unknown): void {
  const e = callError(err);
  if (e.away) unanswered(e);
  else showError(e.message);
}

async function refresh(): Promise<void> {
  try {
    await ask(getState);
  } catch (err) {
    const e = callError(err);
    if (e.status === 404) notFound();
    else unanswered(e);
  }
}

/** The next state poll: every 2 s, backing off to 15 s while no answer comes back. */
function schedule(): void {
  clearTimeout(pollTimer);
  if (stopped) return;
  const ms = failures ? Math.min(15000, Math.max(retryAfterMs, 2000 * 1.5 ** failures)) : 2000;
  pollTimer = setTimeout(() => void refresh().then(schedule), ms);
}

function stop(): void {
  stopped = true;
  clearTimeout(pollTimer);
}

function notFound(): void {
  stop();
  clearInterval(timer);
  connection(true);
  $('#content').replaceChildren(
    el(
      'div',
      { className: 'card outcome' },
      el('div', { className: 'icon', textContent: '?' }),
      said('h1', 'notFoundTitle'),
      said('p', 'notFoundText', { className: 'small' }),
    ),
  );
}

/** The page's views; `none` while an open window has passed and the worker has yet to close it. */
type Stage = 'picker' | 'pay' | 'detected' | 'outcome' | 'none';

/**
 * Which view the invoice is in: the picker; the payment details (nothing on its way); "payment
 * detected" while a payment confirms (even past the window: a late payment still counts); the
 * outcome once it is over; or none while an open window has passed and the worker has yet to close it.
 */
function stage(s: PayState): Stage {
  const p = s.selected;
  if (OPEN.includes(s.status) && p && atomic(p.amountPending, p.decimals) > 0n) return 'detected';
  if (!OPEN.includes(s.status)) return 'outcome';
  if (Date.parse(s.expiresAt) <= Date.now() + skew) return 'none';
  if (!p || (picking && s.status === 'created')) return 'picker';
  return 'pay';
}

const HEADINGS: Record<Stage, string | null> = {
  picker: '#pickTitle',
  pay: '#payTitle',
  detected: '#detTitle',
  outcome: '#outTitle',
  none: null,
};

function focusHeading(st: Stage): void {
  const h = HEADINGS[st];
  if (h) maybe(h)?.focus();
}

/** Whether the focus is nowhere a person can see: on <body>, or on something hidden or gone. */
function focusLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected || !a.getClientRects().length;
}

function tick(): void {
  if (!state) return;
  const left = Math.max(0, Date.parse(state.expiresAt) - (Date.now() + skew));
  const s = Math.floor(left / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  // No countdown once a payment is on its way: it would only urge a second one.
  const counting = OPEN.includes(state.status) && stage(state) !== 'detected';
  const time = `${h ? `${h}:${pad(m)}` : m}:${pad(sec)}`;
  setText('[data-testid=countdown]', counting ? (left > 0 ? t('expiresIn', { time }) : t('expired')) : '');
}

/** The invoice's dates: when it was paid, when its window closed, or until when it can be paid. */
function dates(s: PayState, st: Stage): string {
  if (st === 'detected') return '';
  if (s.paidAt && ['paid', 'overpaid', 'suspended'].includes(s.status)) return t('paidOn', { date: when(s.paidAt) });
  if (s.status === 'expired') return t('expiredOn', { date: when(s.expiresAt) });
  if (s.status === 'partially_paid' && st === 'outcome') return t('closedOn', { date: when(s.expiresAt) });
  return OPEN.includes(s.status) ? t('validUntil', { date: when(s.expiresAt) }) : '';
}

function renderSummary(s: PayState, st: Stage): void {
  setText('#merchant', s.merchantName);
  setText('#total', money(s.amount, s.fiatCurrencyCode));
  setText('#ref', s.number ? t('invoiceNumber', { number: s.number }) : t('orderNumber', { orderId: s.orderId }));
  setText('#when', dates(s, st));
  setText('#desc', s.description ?? '');
  show('#desc', !!s.description);
  $('#items').replaceChildren(
    ...s.items.map((i) =>
      el(
        'li',
        {},
        el('span', { textContent: `${i.name} × ${decimal(i.quantity)}` }),
        el('span', { textContent: money(times(i.cost, i.quantity), s.fiatCurrencyCode) }),
      ),
    ),
  );
  const badge = $('[data-testid=status]');
  badge.textContent = t(`status.${s.status}`);
  badge.title = t(`statusText.${s.status}`);
  badge.className = `badge ${s.status}`;
  badge.dataset.status = s.status;
  setText('#statusLabel', t(`statusText.${s.status}`));
  const refunded = !!s.selected && atomic(s.amountRefunded, s.selected.decimals) > 0n;
  setText('#refunded', refunded && s.selected ? t('refunded', { amount: coin(s.amountRefunded, s.selected.symbol) }) : '');
  show('#refunded', refunded);
}

function render(s: PayState): void {
  // If this render hides what the person is on, the new view's heading takes the focus.
  const wasHere = !focusLost() && $('#content').contains(document.activeElement);
  state = s;
  skew = Date.parse(s.now) - Date.now();
  showError('');
  const st = stage(s);
  renderSummary(s, st);
  tick();
  show('#picker', st === 'picker');
  show('#pay', st === 'pay');
  show('#detected', st === 'detected');
  show('#outcome', st === 'outcome' && !!OUTCOME_ICON[s.status]);
  // Test money only while there is something to pay or confirm: a finished invoice offers none.
  if (maybe('#sandbox')) show('#sandbox', (st === 'pay' || st === 'detected') && !!s.selected?.sandbox);
  renderPicker(s, (code) => void pick(code));
  if (st === 'pay' && s.selected) renderPay(s, s.selected);
  if (st === 'detected' && s.selected) renderDetected(s.selected);
  if (st === 'outcome') renderOutcome(s);
  renderReceiptEmail(s, st === 'pay' || st === 'detected');
  if (wasHere && focusLost()) focusHeading(st);
  if (st === 'outcome' && s.outcome) stop();
}

/** The customer picks a currency: the details it locks take the focus; on a refusal it stays on the choice. */
async function pick(code: string): Promise<void> {
  if (busy) return;
  busy = true;
  $('#options').setAttribute('aria-busy', 'true');
  try {
    const wasPicking = picking;
    picking = false;
    try {
      // The picker offers only the codes the state named; the API refuses any other.
      const body = { cryptoCurrencyCode: code as CryptoCode, lang: TEXT.lang };
      if ((await ask(() => post('/pay/{id}/select', body))) && state) focusHeading(stage(state));
    } catch (err) {
      picking = wasPicking;
      throw err;
    }
  } catch (err) {
    // What the page showed stays; the message goes on after the render, which clears it.
    if (state) render(state);
    failed(err);
  } finally {
    busy = false;
    $('#options').removeAttribute('aria-busy');
  }
}

/** Back to the picker from the details: the focus goes to the currency chosen before. */
function changeCurrency(): void {
  if (!state) return;
  picking = true;
  render(state);
  const chosen = state.selected && optionButtons.get(state.selected.cryptoCurrencyCode);
  if (chosen && !chosen.disabled) chosen.focus();
  else focusHeading('picker');
}

/** Copies the raw, machine-readable value (never the localized text) and says so on the button for a moment. */
async function copy(text: string, button: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const e = el('textarea', { value: text });
    document.body.append(e);
    e.select();
    document.execCommand('copy');
    e.remove();
  }
  button.textContent = t('copied');
  setTimeout(() => (button.textContent = t('copy')), 1500);
}

/** A sandbox payment or block. The button stays enabled meanwhile: disabling it would take its focus away. */
async function simulate(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
    await refresh();
  } catch (err) {
    failed(err);
  }
}

/** The switcher: fetches the language's dictionary and re-renders in place; what the page shows stays. */
async function switchLanguage(lang: string): Promise<void> {
  if (lang === TEXT.lang) return;
  const asking = ++langAsked;
  let next: Awaited<ReturnType<typeof getText>>;
  try {
    next = await getText(lang);
  } catch (err) {
    if (asking !== langAsked) return;
    $<HTMLSelectElement>('#lang').value = TEXT.lang;
    failed(err);
    return;
  }
  if (asking !== langAsked) return;
  applyText(next);
  rememberLanguage(next.lang);
  if (state) render(state);
  connection(!failures);
}

$<HTMLSelectElement>('#lang').addEventListener('change', (e) => void switchLanguage((e.currentTarget as HTMLSelectElement).value));
$('[data-testid=copy-address]').addEventListener('click', (e) => {
  if (state?.selected) void copy(state.selected.address, e.currentTarget as HTMLElement);
});
$('#copyAmount').addEventListener('click', (e) => {
  if (state?.selected) void copy(amountDue(state.selected), e.currentTarget as HTMLElement);
});
$('#change').addEventListener('click', changeCurrency);
wireReceiptEmail(ask);
if (maybe('#sandbox')) {
  $('[data-testid=sim-exact]').addEventListener('click', () => void simulate(() => post('/pay/{id}/simulate', { amount: 'exact' })));
  $('[data-testid=sim-partial]').addEventListener('click', () => void simulate(() => post('/pay/{id}/simulate', { amount: 'partial' })));
  $('[data-testid=sim-over]').addEventListener('click', () => void simulate(() => post('/pay/{id}/simulate', { amount: 'over' })));
  $('[data-testid=sim-mine]').addEventListener('click', () => void simulate(() => post('/pay/{id}/simulate/mine', {})));
}
void refresh().then(schedule);
timer = setInterval(tick, 1000);
