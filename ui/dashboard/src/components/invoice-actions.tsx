// An open invoice's link for the customer, and its cancellation with an inline confirmation.
import { useEffect, useRef } from 'preact/hooks';
import { api } from '../api.ts';
import { useAction } from '../hooks.ts';
import { CopyValue } from './copy.tsx';
import { ErrorAlert, Section } from './feedback.tsx';

/** The statuses the API moves to cancelled: no money is final on the invoice yet (invoices/status.ts). */
export const CANCELLABLE = ['created', 'processing', 'expired', 'failed'];
/** The statuses in which the customer may still pay on the payment page. */
export const PAYABLE = ['created', 'processing', 'partially_paid'];

/** The payment page's address with a Copy button, to send to the customer. */
export function PaymentLink({ url }: { url: string }) {
  return (
    <Section title="Payment link">
      <p class="muted">Send this link to your customer: they choose a currency and pay on the page it opens.</p>
      <CopyValue label="Payment link" value={url} />
    </Section>
  );
}

/** "Cancel this invoice?" Confirm / Keep: POST /v1/invoice/cancel, then `onDone` (the page reloads the invoice). */
export function CancelInvoice({ invoiceId, onDone, onKeep }: { invoiceId: string; onDone(): void; onKeep(): void }) {
  const keep = useRef<HTMLButtonElement>(null);
  const cancel = useAction(async () => {
    await api.post('/v1/invoice/cancel', { body: { id: invoiceId } });
    onDone();
  });
  // The button that opened this step is gone: the safe choice takes the focus.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div class="panel inset" role="group" aria-label="Cancel invoice">
      <p class="inline-confirm">
        <strong>Cancel this invoice?</strong> The customer can no longer pay it.{' '}
        <button type="button" class="danger" disabled={cancel.busy} onClick={() => cancel.run()}>
          Confirm
        </button>{' '}
        <button type="button" class="secondary" ref={keep} onClick={onKeep}>
          Keep
        </button>
      </p>
      <ErrorAlert error={cancel.error} focus />
    </div>
  );
}
