// The receipt by mail: an invoice without the customer's address offers a field for one while it
// can be paid (the server decides, `state.receipt.offered`); once given, the page says where the
// receipt goes, masked as the server sends it.
import { CallError, post, type PayState } from './api.ts';
import { $, setText, show } from './dom.ts';
import { TEXT, t } from './text.ts';

/** Shows the offer or where the receipt goes, in the views where the invoice is still being paid. */
export function renderReceiptEmail(s: PayState, paying: boolean): void {
  const { offered, to } = s.receipt;
  show('#mailReceipt', paying && (offered || !!to));
  show('#receiptForm', offered);
  show('#receiptTo', !!to);
  setText('#receiptTo', to ? t('receiptEmail.to', { to }) : '');
}

/** Sends the address; `ask` shows the state the server answers with (unless a later answer was shown first). */
export function wireReceiptEmail(ask: (question: () => Promise<PayState>) => Promise<boolean>): void {
  const form = $<HTMLFormElement>('#receiptForm');
  const input = $<HTMLInputElement>('#receiptEmail');
  const error = (text: string) => {
    setText('#receiptError', text);
    show('#receiptError', !!text);
    input.setAttribute('aria-invalid', text ? 'true' : 'false');
    if (text) input.focus();
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const email = input.value.trim();
    if (!email || !input.checkValidity()) return error(t('error.invalidEmail'));
    error('');
    ask(() => post('/pay/{id}/receipt-email', { email, lang: TEXT.lang })).then(
      () => $('#receiptTo').focus(),
      (err: unknown) => error(err instanceof CallError ? err.message : t('error.generic')),
    );
  });
}
