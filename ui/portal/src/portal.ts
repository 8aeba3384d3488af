// The customer portal's script: it reads the customer, their subscriptions and invoices from the
// portal's JSON routes and renders them as text in the page's language; the email form changes the
// email and the mails' language; a subscription's Cancel button asks for confirmation in place, then
// cancels at the end of the period and says until when it runs. Focus goes where the next step is,
// so everything works by keyboard. The language switch opens the page again in the language chosen.
import {
  CallError,
  cancelAtPeriodEnd,
  getCustomer,
  getInvoices,
  getSubscriptions,
  updateCustomer,
  type Customer,
  type Invoice,
  type Subscription,
} from './api.ts';
import { TEXT } from '../../pay/src/text.ts';
import { day, invoiceStatus, money, nextInvoice, payable, price, running, subscriptionStatus, t } from './words.ts';

function $<E extends HTMLElement = HTMLElement>(selector: string): E {
  const e = document.querySelector<E>(selector);
  if (!e) throw new Error(`the page lacks ${selector}`);
  return e;
}

type Kid = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: Kid[]
): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) if (k) e.append(k);
  return e;
}

const messageOf = (err: unknown) => (err instanceof CallError ? err.message : t('portal.error.generic'));

function showError(err: unknown): void {
  const box = $('#error');
  box.textContent = messageOf(err);
  box.classList.remove('hidden');
}

/** Says what was done, and takes the focus there so a screen reader and a keyboard user land on it. */
function announce(text: string): void {
  const done = $('#done');
  done.textContent = text;
  done.tabIndex = -1;
  done.classList.remove('hidden');
  done.focus();
}

function terms(rows: Array<[string, Node | string]>): HTMLDListElement {
  const dl = el('dl');
  for (const [term, value] of rows) dl.append(el('dt', { textContent: term }), el('dd', {}, value));
  return dl;
}

/** The confirmation of a cancel, shown in place of the Cancel button's row. */
function confirmCancel(s: Subscription, item: HTMLLIElement, cancel: HTMLButtonElement): void {
  const until = { plan: s.planName, date: day(s.currentPeriodEnd) };
  const question = el('p', { id: `confirm-${s.id}`, textContent: t('portal.cancel.question', until) });
  const detail = el('p', { className: 'small', textContent: t('portal.cancel.detail', until) });
  const yes = el('button', { className: 'btn', type: 'button', textContent: t('portal.cancel.yes') });
  const keep = el('button', { className: 'btn ghost', type: 'button', textContent: t('portal.cancel.keep') });
  const box = el('div', { className: 'confirm' }, question, detail, el('div', { className: 'actions' }, yes, keep));
  box.setAttribute('role', 'group');
  box.setAttribute('aria-labelledby', question.id);
  const close = () => {
    box.remove();
    cancel.hidden = false;
    cancel.focus();
  };
  keep.addEventListener('click', close);
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  yes.addEventListener('click', async () => {
    yes.disabled = keep.disabled = true;
    try {
      await cancelAtPeriodEnd(s.id);
      await load();
      announce(t('portal.cancel.done', until));
    } catch (err) {
      yes.disabled = keep.disabled = false;
      showError(err);
    }
  });
  cancel.hidden = true;
  item.append(box);
  yes.focus();
}

function subscriptionItem(s: Subscription): HTMLLIElement {
  const badge = el('span', { className: `badge ${s.status}`, textContent: subscriptionStatus(s) });
  badge.dataset.status = s.status;
  const item = el(
    'li',
    {},
    el('div', { className: 'row' }, el('h3', { textContent: s.planName }), badge),
    terms([
      [t('portal.price'), price(s)],
      [t('portal.currentPeriod'), t('portal.range', { start: day(s.currentPeriodStart), end: day(s.currentPeriodEnd) })],
      [t('portal.nextInvoice'), nextInvoice(s)],
    ]),
  );
  item.dataset.subscription = s.id;
  if (running(s) && !s.cancelAtPeriodEnd) {
    const cancel = el('button', { className: 'btn ghost', type: 'button', textContent: t('portal.cancel.button') });
    cancel.setAttribute('aria-label', t('portal.cancel.label', { plan: s.planName }));
    cancel.addEventListener('click', () => confirmCancel(s, item, cancel));
    item.append(el('div', { className: 'actions' }, cancel));
  }
  return item;
}

function invoiceItem(i: Invoice, plans: Map<string, string>): HTMLLIElement {
  const [words, tone] = invoiceStatus(i);
  const plan = plans.get(i.subscriptionId) ?? t('portal.invoice.subscription');
  const which = { plan, n: i.periodNumber };
  // The payment page opens in the portal's language.
  const href = i.invoiceId ? `/pay/${encodeURIComponent(i.invoiceId)}?lang=${encodeURIComponent(TEXT.lang)}` : '';
  const pay = payable(i) && href ? el('a', { className: 'btn', href, textContent: t('portal.payNow') }) : null;
  pay?.setAttribute('aria-label', t('portal.payNowLabel', which));
  const item = el(
    'li',
    {},
    el(
      'div',
      { className: 'row' },
      el('h3', { textContent: t('portal.invoice.title', which) }),
      el('span', { className: `badge ${tone}`, textContent: words }),
    ),
    terms([
      [t('portal.amount'), money(i.amount, i.fiatCurrencyCode)],
      [t('portal.period'), t('portal.range', { start: day(i.periodStart), end: day(i.periodEnd) })],
      ...(i.paidAt ? ([[t('portal.paidOn'), day(i.paidAt)]] as Array<[string, string]>) : []),
    ]),
    pay && el('div', { className: 'actions' }, pay),
  );
  if (i.invoiceId) item.dataset.invoice = i.invoiceId;
  return item;
}

/** Reads everything and renders it again. */
async function load(): Promise<void> {
  const [customer, subs, invoices] = await Promise.all([getCustomer(), getSubscriptions(), getInvoices()]);
  $('#who').textContent = customer.name ? `${customer.name} · ${customer.email}` : customer.email;
  const email = $<HTMLInputElement>('#email');
  if (document.activeElement !== email) email.value = customer.email;
  // The mails' language: the customer's own, else the page's (what saving the form would choose).
  const mailLang = $<HTMLSelectElement>('#mailLang');
  if (document.activeElement !== mailLang) mailLang.value = customer.language ?? TEXT.lang;
  $('#subs').replaceChildren(...subs.map(subscriptionItem));
  $('#subsEmpty').textContent = subs.length ? '' : t('portal.noSubscriptions');
  const plans = new Map(subs.map((s) => [s.id, s.planName]));
  $('#invoices').replaceChildren(...invoices.map((i) => invoiceItem(i, plans)));
  $('#invEmpty').textContent = invoices.length ? '' : t('portal.noInvoices');
}

$<HTMLFormElement>('#emailForm').addEventListener('submit', async (e) => {
  e.preventDefault();
  const input = $<HTMLInputElement>('#email');
  const problem = $('#emailError');
  problem.classList.add('hidden');
  input.removeAttribute('aria-invalid');
  const refuse = (text: string) => {
    problem.textContent = text;
    problem.classList.remove('hidden');
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  };
  input.value = input.value.trim();
  // The browser knows an email's form: a wrong one is said at once, without a round trip.
  if (!input.checkValidity()) return refuse(t('portal.error.email'));
  const mailLang = $<HTMLSelectElement>('#mailLang');
  try {
    const customer = await updateCustomer({ email: input.value, language: mailLang.value as NonNullable<Customer['language']> });
    await load();
    announce(t('portal.saved', { email: customer.email, language: mailLang.selectedOptions[0]?.textContent ?? mailLang.value }));
  } catch (err) {
    refuse(messageOf(err));
  }
});

/** The switch opens the page again in the language chosen (the link's own address, with `?lang=`). */
$<HTMLSelectElement>('#lang').addEventListener('change', (e) => {
  const url = new URL(location.href);
  url.searchParams.set('lang', (e.currentTarget as HTMLSelectElement).value);
  location.assign(url.href);
});

load().catch(showError);
