// New withdrawal: currency, address, amount → quote → confirm (fees, countdown, 2FA) → commit.
import { useState } from 'preact/hooks';
import { api, type RequestBody } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { Check, Field, Form, Select } from '../components/fields.tsx';
import { WithdrawConfirm, type WithdrawalQuote } from '../components/withdraw-confirm.tsx';
import { currencies } from '../currencies.ts';
import { amount } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link, navigate } from '../router.tsx';
import { useSession } from '../session.tsx';

type Code = RequestBody<'post', '/v1/withdrawal/quote'>['cryptoCurrencyCode'];

/** The currencies with their balance, for the select. */
async function options(): Promise<Array<[string, string]>> {
  const [list, balances] = await Promise.all([currencies(), api.get('/v1/balances')]);
  const held = new Map(balances.data.map((b) => [b.cryptoCurrencyCode as string, b.amount]));
  return list.map((c) => [c.code, `${c.code} · ${c.network} · balance ${amount(held.get(c.code) ?? 0)} · min ${amount(c.minWithdrawalAmount)}`]);
}

function QuoteForm({ onQuote }: { onQuote(quote: WithdrawalQuote): void }) {
  const { accountId } = useSession();
  const list = useResource(options, [accountId]);
  const [currency, setCurrency] = useState('');
  const [address, setAddress] = useState('');
  const [value, setValue] = useState('');
  const [autoConvert, setAutoConvert] = useState(false);
  const code = currency || list.data?.[0]?.[0] || '';
  const ask = useAction(async () => {
    const body = { cryptoCurrencyCode: code as Code, address: address.trim(), amount: Number(value), allowAutoConvert: autoConvert };
    onQuote((await api.post('/v1/withdrawal/quote', { body })).data);
  });
  return (
    <Form label="New withdrawal" onSubmit={() => ask.run()}>
      <ErrorAlert error={list.error} />
      <Select label="Currency" value={code} onValue={setCurrency} options={list.data ?? []} required />
      <Field label="Address" value={address} onValue={setAddress} required autoComplete="off" spellcheck={false} hint="The destination on the currency's network" />
      <Field label="Amount" type="number" step="any" min="0" value={value} onValue={setValue} required hint="What the address receives, in the currency" />
      <Check label="Convert from my other balances if this one is short" checked={autoConvert} onChecked={setAutoConvert} />
      <ErrorAlert error={ask.error} />
      <div class="actions">
        <button type="submit" disabled={ask.busy || !code}>
          Get quote
        </button>
        <Link class="button secondary" href="/withdrawals">
          Back to withdrawals
        </Link>
      </div>
    </Form>
  );
}

export function NewWithdrawalPage() {
  const [quote, setQuote] = useState<WithdrawalQuote | undefined>();
  return (
    <>
      <h1 tabIndex={-1}>New withdrawal</h1>
      <div class="narrow">
        {quote ? (
          <WithdrawConfirm quote={quote} verb="Confirm withdrawal" onCancel={() => setQuote(undefined)} onDone={(w) => navigate(`/withdrawals/${w.id}`)} />
        ) : (
          <QuoteForm onQuote={setQuote} />
        )}
      </div>
    </>
  );
}
