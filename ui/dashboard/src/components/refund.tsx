// A refund of an invoice or a deposit: destination and amount → quote → confirm → commit.
import { useState } from 'preact/hooks';
import { api, type RequestBody } from '../api.ts';
import { amount as fmt } from '../format.ts';
import { currencies } from '../currencies.ts';
import { useAction, useResource } from '../hooks.ts';
import { navigate } from '../router.tsx';
import { ErrorAlert } from './feedback.tsx';
import { Field, Form } from './fields.tsx';
import { WithdrawConfirm, type WithdrawalQuote } from './withdraw-confirm.tsx';

type QuoteBody = RequestBody<'post', '/v1/withdrawal/quote'>;

interface Props {
  of: { invoiceId: string } | { depositId: string };
  currency: string;
  /** What may still be refunded. */
  refundable: number;
  onClose(): void;
}

export function RefundPanel({ of, currency, refundable, onClose }: Props) {
  const [address, setAddress] = useState('');
  const [value, setValue] = useState(String(refundable));
  const [quote, setQuote] = useState<WithdrawalQuote | undefined>();
  const catalogue = useResource(currencies, []);
  const min = catalogue.data?.find((c) => c.code === currency)?.minWithdrawalAmount;
  const ask = useAction(async () => {
    const body = { cryptoCurrencyCode: currency as QuoteBody['cryptoCurrencyCode'], address: address.trim(), amount: Number(value), ...of };
    setQuote((await api.post('/v1/withdrawal/quote', { body })).data);
  });
  if (quote) {
    return <WithdrawConfirm quote={quote} verb="Confirm refund" onCancel={() => setQuote(undefined)} onDone={(w) => navigate(`/withdrawals/${w.id}`)} />;
  }
  return (
    <Form label="Refund" onSubmit={() => ask.run()} class="panel inset">
      <h2>Refund</h2>
      <p class="muted">
        Up to {fmt(refundable, currency)} can be refunded, in {currency}, to an address the customer gives you.
      </p>
      <Field label="Refund address" value={address} onValue={setAddress} required autoComplete="off" spellcheck={false} />
      <Field label="Refund amount" type="number" step="any" min="0" value={value} onValue={setValue} required hint={min ? `${currency}, at least ${fmt(min)}` : currency} />
      <ErrorAlert error={ask.error} />
      <div class="actions">
        <button type="submit" disabled={ask.busy}>
          Get refund quote
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
