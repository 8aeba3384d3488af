// The payment page's views (`checkout.ts` polls and decides which one shows): the currency picker,
// the payment details, "payment detected" while the network confirms, and the outcome with its
// receipt. Every amount goes through `coin` (exact, never rounded), and what the customer must send
// is `amountDue` everywhere: the big amount, its Copy button, and the QR code and wallet link the
// server made from the same figure.
import type { Currency, PayState, PaymentLine, Selected, Status } from './api.ts';
import { $, el, said, setText, show } from './dom.ts';
import { TEXT, anyOf, atomic, coin, decimal, money, t, when } from './text.ts';

/** A currency in plain words, "Tether USD on Tron"; a network's own coin found nowhere else by its name alone ("Bitcoin"). */
export function currencyLabel(c: Currency | Selected): string {
  return c.standard || c.otherNetworks.length ? t('onNetwork', { name: c.assetName, network: c.networkName }) : c.assetName;
}

/** What the customer has to send now: what is still due, the whole amount before anything arrived. */
export function amountDue(p: Selected): string {
  return atomic(p.amountRemaining, p.decimals) > 0n ? p.amountRemaining : p.amountExpected;
}

/** The locked rate: cents for a coin worth a unit of fiat or more, up to six decimals for one worth less. */
function rate(value: string, code: string): string {
  return money(value, code, atomic(value, 8) >= 100000000n ? 0 : 6);
}

/** A transaction: its hash, a link to a public explorer when the network is live; with its amount when there are several. */
function txNode(x: PaymentLine, p: Selected, several: boolean): HTMLElement {
  const hash = x.explorerUrl
    ? el('a', { className: 'hash', href: x.explorerUrl, target: '_blank', rel: 'noopener noreferrer', textContent: x.txHash })
    : el('span', { className: 'hash', textContent: x.txHash });
  return el('span', { className: 'txline' }, several ? `${coin(x.amount, p.symbol)} · ` : null, hash);
}

// The picker's buttons by currency, kept between renders: a poll updates their words in place, so
// the one a person is on keeps its focus (rebuilding them every two seconds dropped it to <body>).
export const optionButtons = new Map<string, HTMLButtonElement>();
let optionOrder = '';

function optionButton(c: Currency, pick: (code: string) => void): HTMLButtonElement {
  const meta = el('span', { className: 'meta' }, el('span', { className: 'sub' }), el('span', { className: 'est' }));
  const b = el(
    'button',
    { className: 'option', type: 'button' },
    el('img', { src: c.icon, alt: '' }),
    el('span', { className: 'text' }, el('span', { className: 'name' }), meta),
  );
  b.dataset.testid = 'currency-option';
  b.dataset.code = c.cryptoCurrencyCode;
  b.addEventListener('click', () => pick(c.cryptoCurrencyCode));
  return b;
}

function fillOption(b: HTMLButtonElement, c: Currency, chosen: boolean): void {
  b.disabled = !c.available;
  b.querySelector('.name')?.replaceChildren(
    currencyLabel(c),
    chosen ? el('span', { className: 'tag', textContent: t('currentChoice') }) : '',
  );
  const sub = b.querySelector('.sub');
  const est = b.querySelector('.est');
  if (sub) sub.textContent = c.standard ? `${c.symbol} · ${c.standard}` : c.symbol;
  if (est) est.textContent = c.available ? (c.amountEstimate ? `≈ ${coin(c.amountEstimate, c.symbol)}` : '') : t('currencyUnavailable');
  if (chosen) b.setAttribute('aria-current', 'true');
  else b.removeAttribute('aria-current');
}

/** The currency buttons, built anew only when the list changes; `pick` is what a click does. */
export function renderPicker(s: PayState, pick: (code: string) => void): void {
  const order = s.currencies.map((c) => c.cryptoCurrencyCode).join();
  if (order !== optionOrder) {
    const active = document.activeElement;
    const focused = active instanceof HTMLElement ? active.dataset.code : undefined;
    optionButtons.clear();
    for (const c of s.currencies) optionButtons.set(c.cryptoCurrencyCode, optionButton(c, pick));
    $('#options').replaceChildren(...optionButtons.values());
    optionOrder = order;
    if (focused) optionButtons.get(focused)?.focus();
  }
  const chosen = s.selected?.cryptoCurrencyCode;
  for (const c of s.currencies) {
    const button = optionButtons.get(c.cryptoCurrencyCode);
    if (button) fillOption(button, c, c.cryptoCurrencyCode === chosen);
  }
}

/** What arrived so far (all of it confirmed: a payment on its way shows "payment detected" instead) and what is left. */
function progress(p: Selected): void {
  const got = atomic(p.amountReceived, p.decimals);
  const exp = atomic(p.amountExpected, p.decimals);
  const left = atomic(p.amountRemaining, p.decimals);
  show('#progress', got > 0n);
  $('#progressBar').style.width = `${exp ? Math.min(100, Number((10000n * got) / exp) / 100) : 0}%`;
  const parts: string[] = [];
  if (got) parts.push(t('received', { received: decimal(p.amountReceived), expected: coin(p.amountExpected, p.symbol) }));
  if (got && left > 0n) parts.push(t('stillToPay', { amount: coin(p.amountRemaining, p.symbol) }));
  setText('#received', parts.join(' '));
}

/** The payment details of the chosen currency: amount, fee and rate, address, QR code and wallet link. */
export function renderPay(s: PayState, p: Selected): void {
  const received = atomic(p.amountReceived, p.decimals) > 0n;
  setText('#payTitle', t('payWithCurrency', { currency: currencyLabel(p) }));
  // A coin that exists on several networks reaches this address only on the chosen one.
  const warn = p.otherNetworks.length > 0;
  setText('#netWarn', warn ? t('networkWarning', { symbol: p.symbol, network: p.networkName, others: anyOf(p.otherNetworks) }) : '');
  show('#netWarn', warn);
  // Its own line, the whole card wide; a long one (Ether's 18 decimals) a size smaller, so it stays one line on a phone.
  const amount = coin(amountDue(p), p.symbol);
  setText('[data-testid=amount-due]', amount);
  $('[data-testid=amount-due]').classList.toggle('long', amount.length > 16);
  const r = rate(p.rate, s.fiatCurrencyCode);
  // The fee is part of the whole amount; once part of it arrived, what is left is no longer "including" it.
  setText(
    '#fee',
    received
      ? t('rateOnly', { symbol: p.symbol, rate: r })
      : t('feeAndRate', { fee: coin(p.networkFee, p.symbol), symbol: p.symbol, rate: r }),
  );
  setText('[data-testid=address]', p.address);
  const qr = $<HTMLImageElement>('[data-testid=qr]');
  if (qr.getAttribute('src') !== p.qrCode) qr.src = p.qrCode;
  $<HTMLAnchorElement>('#wallet').href = p.paymentUri;
  progress(p);
  show('#change', s.status === 'created');
}

/** A payment is on its way: how far the network confirmed it, and whether anything will be left; no amount, address or QR to pay again with. */
export function renderDetected(p: Selected): void {
  const seen = p.payments.filter((x) => x.status === 'seen');
  const count = seen.length ? Math.min(...seen.map((x) => x.confirmations)) : 0;
  const required = p.confirmationsRequired;
  setText('#detConf', t('detected.confirmations', { count: decimal(String(count)), required: decimal(String(required)) }));
  $('#detBar').style.width = `${required ? Math.min(100, (100 * count) / required) : 0}%`;
  setText('#detAmount', t('detected.amount', { amount: coin(p.amountPending, p.symbol) }));
  const left = atomic(p.amountRemaining, p.decimals) > 0n;
  setText('#detNext', left ? t('detected.remaining', { amount: coin(p.amountRemaining, p.symbol) }) : t('detected.done'));
  const hashes = seen.map((x) => x.txHash).join();
  const tx = $('#detTx');
  if (tx.dataset.hashes !== hashes || tx.dataset.lang !== TEXT.lang) {
    tx.dataset.hashes = hashes;
    tx.dataset.lang = TEXT.lang;
    tx.replaceChildren(
      ...(seen.length ? [said('span', 'transaction', { className: 'label' }), ...seen.map((x) => txNode(x, p, seen.length > 1))] : []),
    );
  }
}

/** The paid page's receipt: what the invoice asked, what arrived in which coin, the fee inside it, the rate, the transactions and when. */
function renderReceipt(s: PayState): void {
  const p = s.selected;
  const on = !!p && atomic(p.amountReceived, p.decimals) > 0n;
  show('#receipt', on);
  if (!p || !on) return;
  const paid = p.payments.filter((x) => x.status === 'confirmed');
  const row = (key: string, ...values: Array<Node | string>) => [said('dt', key), el('dd', {}, ...values)];
  $('#receiptList').replaceChildren(
    ...row('receipt.total', money(s.amount, s.fiatCurrencyCode)),
    ...row('receipt.paid', coin(p.amountReceived, p.symbol)),
    ...row('receipt.currency', currencyLabel(p)),
    ...row('receipt.fee', coin(p.networkFee, p.symbol)),
    ...row('receipt.rate', `1 ${p.symbol} = ${rate(p.rate, s.fiatCurrencyCode)}`),
    ...(paid.length ? row('transaction', ...paid.map((x) => txNode(x, p, paid.length > 1))) : []),
    ...(s.paidAt ? row('receipt.time', when(s.paidAt)) : []),
  );
}

/** The outcome's icon for each status that ends the page (an open invoice has none). */
export const OUTCOME_ICON: Partial<Record<Status, string>> = {
  paid: '✓',
  overpaid: '✓',
  partially_paid: '!',
  expired: '⏱',
  cancelled: '×',
  failed: '×',
  suspended: '!',
};

/** How it ended: icon, words, the way back to the merchant, and the receipt. */
export function renderOutcome(s: PayState): void {
  setText('#outIcon', OUTCOME_ICON[s.status] ?? '');
  setText('#outTitle', t(`outcome.${s.status}.title`));
  setText('#outText', t(`outcome.${s.status}.text`));
  const link = $<HTMLAnchorElement>('[data-testid=outcome-link]');
  const url = s.outcome?.url;
  link.classList.toggle('hidden', !url);
  if (s.outcome && url) {
    link.href = url;
    link.textContent = t(s.outcome.kind === 'success' ? 'continueToMerchant' : 'returnToMerchant');
  }
  renderReceipt(s);
}
