// The customer portal's script: it reads the customer, their subscriptions and invoices from the
// portal's JSON routes and renders them as text; the email form changes the email; a subscription's
// Cancel button asks for confirmation in place, then cancels at the end of the period and says until
// when it runs. Focus goes where the next step is, so everything works by keyboard.
import { CallError, cancelAtPeriodEnd, getCustomer, getInvoices, getSubscriptions, updateEmail, type Invoice, type Subscription } from './api.ts';
import { day, invoiceStatus, money, nextInvoice, payable, price, running, subscriptionStatus } from './words.ts';

function $<E extends HTMLElement = HTMLElement>(selector: string): E {
  const e = document.querySelector<E>(selector);
  if (!e) throw new Error(`the page lacks ${selector}`);
  return e;
}

type Kid = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: Kid[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) if (k) e.append(k);
  return e;
}

const messageOf = (err: unknown) => (err instanceof CallError ? err.message : 'Something went wrong. Try again in a moment.');

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
  const question = el('p', { id: `confirm-${s.id}`, textContent: `Cancel ${s.planName}?` });
  const detail = el('p', { className: 'small', textContent: `It stays active until ${day(s.currentPeriodEnd)}; no further invoices are issued.` });
  const yes = el('button', { className: 'btn', type: 'button', textContent: 'Yes, cancel at period end' });
  const keep = el('button', { className: 'btn ghost', type: 'button', textContent: 'Keep subscription' });
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
      announce(`Your ${s.planName} subscription is cancelled. It stays active until ${day(s.currentPeriodEnd)}, and no further invoices are issued.`);
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
      ['Price', price(s)],
      ['Current period', `${day(s.currentPeriodStart)} – ${day(s.currentPeriodEnd)}`],
      ['Next invoice', nextInvoice(s)],
    ]),
  );
  item.dataset.subscription = s.id;
  if (running(s) && !s.cancelAtPeriodEnd) {
    const cancel = el('button', { className: 'btn ghost', type: 'button', textContent: 'Cancel subscription' });
    cancel.setAttribute('aria-label', `Cancel subscription ${s.planName}`);
    cancel.addEventListener('click', () => confirmCancel(s, item, cancel));
    item.append(el('div', { className: 'actions' }, cancel));
  }
  return item;
}

function invoiceItem(i: Invoice, plans: Map<string, string>): HTMLLIElement {
  const [words, tone] = invoiceStatus(i);
  const plan = plans.get(i.subscriptionId) ?? 'Subscription';
  const pay = payable(i) && i.invoiceId ? el('a', { className: 'btn', href: `/pay/${encodeURIComponent(i.invoiceId)}`, textContent: 'Pay now' }) : null;
  pay?.setAttribute('aria-label', `Pay now: ${plan}, period ${i.periodNumber}`);
  const item = el(
    'li',
    {},
    el('div', { className: 'row' }, el('h3', { textContent: `${plan}, period ${i.periodNumber}` }), el('span', { className: `badge ${tone}`, textContent: words })),
    terms([
      ['Amount', money(i.amount, i.fiatCurrencyCode)],
      ['Period', `${day(i.periodStart)} – ${day(i.periodEnd)}`],
      ...(i.paidAt ? ([['Paid on', day(i.paidAt)]] as Array<[string, string]>) : []),
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
  $('#subs').replaceChildren(...subs.map(subscriptionItem));
  $('#subsEmpty').textContent = subs.length ? '' : 'You have no subscriptions.';
  const plans = new Map(subs.map((s) => [s.id, s.planName]));
  $('#invoices').replaceChildren(...invoices.map((i) => invoiceItem(i, plans)));
  $('#invEmpty').textContent = invoices.length ? '' : 'No invoices yet.';
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
  if (!input.checkValidity()) return refuse('Enter a valid email address, like name@example.com.');
  try {
    const customer = await updateEmail({ email: input.value });
    await load();
    announce(`Your email is now ${customer.email}.`);
  } catch (err) {
    refuse(messageOf(err));
  }
});

load().catch(showError);
