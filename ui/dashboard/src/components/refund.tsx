// A refund of an invoice or a deposit: destination and amount → quote → confirm → commit.
import { useState } from 'preact/hooks';
import { ExactNumber, api, type RequestBody } from '../api.ts';
import { fieldError } from '../errors.ts';
import { compare } from '../decimal.ts';
import { amount as fmt } from '../format.ts';
import { currencies } from '../currencies.ts';
import { useAction, useResource } from '../hooks.ts';
import { inputAmount, parseAmount } from '../locale.ts';
import { navigate } from '../router.tsx';
import { ErrorAlert } from './feedback.tsx';
import { AmountField, Field, Form } from './fields.tsx';
import { WithdrawConfirm, type WithdrawalQuote } from './withdraw-confirm.tsx';

type QuoteBody = RequestBody<'post', '/v1/withdrawal/quote'>;

interface Props {
  of: { invoiceId: string } | { depositId: string };
  currency: string;
  /** What may still be refunded, an exact decimal. */
  refundable: string;
  onClose(): void;
}

export function RefundPanel({ of, currency, refundable, onClose }: Props) {
  const [address, setAddress] = useState('');
  // The whole refundable amount to start from, written as the page's language writes numbers.
  const [value, setValue] = useState(() => inputAmount(refundable));
  const [checked, setChecked] = useState(false);
  const [quoted, setQuoted] = useState<{ quote: WithdrawalQuote; decimal: string } | undefined>();
  const catalogue = useResource(currencies, []);
  const chosen = catalogue.data?.find((c) => c.code === currency);
  const decimals = chosen?.decimalPlaces ?? 18;
  const request = async (decimal: string) => {
    const body = {
      cryptoCurrencyCode: currency as QuoteBody['cryptoCurrencyCode'],
      address: address.trim(),
      amount: new ExactNumber(decimal),
      ...of,
    };
    return (await api.post('/v1/withdrawal/quote', { body })).data;
  };
  const ask = useAction(async () => {
    setChecked(true);
    const parsed = parseAmount(value, decimals);
    if (parsed.ok) setQuoted({ quote: await request(parsed.value), decimal: parsed.value });
  });
  if (quoted) {
    const refresh = async () => setQuoted({ ...quoted, quote: await request(quoted.decimal) });
    return (
      <WithdrawConfirm
        quote={quoted.quote}
        verb="Confirm refund"
        onCancel={() => setQuoted(undefined)}
        onRefresh={refresh}
        onDone={(w) => navigate(`/withdrawals/${w.id}`)}
      />
    );
  }
  const min = chosen?.minWithdrawalAmount;
  return (
    <Form label="Refund" onSubmit={() => ask.run()} class="panel inset">
      <h2>Refund</h2>
      <p class="muted">
        Up to {fmt(refundable, currency)} can be refunded, in {currency}, to an address the customer gives you.
      </p>
      <Field
        label="Refund address"
        class="mono"
        value={address}
        onValue={setAddress}
        required
        autoComplete="off"
        spellcheck={false}
        error={fieldError(ask.error, 'address')}
      />
      <AmountField
        label="Refund amount"
        decimals={decimals}
        checked={checked}
        value={value}
        onValue={setValue}
        required
        error={fieldError(ask.error, 'amount')}
        hint={min && compare(min) > 0 ? `${currency}, at least ${fmt(min)}` : currency}
      />
      <ErrorAlert error={ask.error} fields={['address', 'amount']} />
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
