// New withdrawal: currency (its balance beside the amount, and Max), address, amount → quote →
// confirm (fees, countdown, 2FA; Refresh once expired; Cancel back to the filled form) → commit.
import { useState } from 'preact/hooks';
import { ExactNumber, api, type RequestBody } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { AmountField, Check, Field, Form, Select } from '../components/fields.tsx';
import { WithdrawConfirm, type WithdrawalQuote } from '../components/withdraw-confirm.tsx';
import { currencies } from '../currencies.ts';
import { type Decimal, fromUnits, toUnits, ZERO } from '../decimal.ts';
import { fieldError } from '../errors.ts';
import { amount } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { inputAmount, parseAmount } from '../locale.ts';
import { Link, navigate } from '../router.tsx';
import { useSession } from '../session.tsx';

type Code = RequestBody<'post', '/v1/withdrawal/quote'>['cryptoCurrencyCode'];

/** What the form holds, kept while the confirm step is open so Cancel returns to it filled in. */
export interface WithdrawalValues {
  currency: string;
  address: string;
  amount: string;
  autoConvert: boolean;
}

/** A currency as the form offers it, with the account's balance and the current network fee as exact decimals. */
interface Offer {
  code: string;
  network: string;
  decimals: number;
  balance: Decimal;
  fee: Decimal | null;
  min: Decimal;
}

async function offers(): Promise<Offer[]> {
  const [list, balances] = await Promise.all([currencies(), api.get('/v1/balances')]);
  const held = new Map(balances.data.map((b) => [b.cryptoCurrencyCode as string, b.amount]));
  return list.map((c) => ({
    code: c.code,
    network: c.network,
    decimals: c.decimalPlaces,
    balance: held.get(c.code) ?? ZERO,
    fee: c.depositNetworkFee ? c.depositNetworkFee.amount : null,
    min: c.minWithdrawalAmount,
  }));
}

/**
 * The most that can be sent: the balance less the network fee a quote charges now (the same fee
 * the currency list shows), exactly; null when there is no fee quote or nothing would be left.
 */
function maxOf(offer: Offer): string | null {
  if (offer.fee === null) return null;
  const left = (toUnits(offer.balance, offer.decimals) ?? 0n) - (toUnits(offer.fee, offer.decimals) ?? 0n);
  return left > 0n ? fromUnits(left, offer.decimals) : null;
}

/** POST /v1/withdrawal/quote for the form's values (the amount already read as a decimal). */
async function requestQuote(values: WithdrawalValues, decimal: string): Promise<WithdrawalQuote> {
  const body = {
    cryptoCurrencyCode: values.currency as Code,
    address: values.address.trim(),
    amount: new ExactNumber(decimal),
    allowAutoConvert: values.autoConvert,
  };
  return (await api.post('/v1/withdrawal/quote', { body })).data;
}

function QuoteForm({
  values,
  onValues,
  onQuote,
}: {
  values: WithdrawalValues;
  onValues(v: WithdrawalValues): void;
  onQuote(quote: WithdrawalQuote, decimal: string): void;
}) {
  const { accountId } = useSession();
  const list = useResource(offers, [accountId]);
  const [checked, setChecked] = useState(false);
  const code = values.currency || list.data?.[0]?.code || '';
  const offer = list.data?.find((o) => o.code === code);
  const set = (patch: Partial<WithdrawalValues>) => onValues({ ...values, currency: code, ...patch });
  const ask = useAction(async () => {
    setChecked(true);
    const parsed = parseAmount(values.amount, offer?.decimals ?? 18);
    if (!parsed.ok) return;
    onQuote(await requestQuote({ ...values, currency: code }, parsed.value), parsed.value);
  });
  const max = offer ? maxOf(offer) : null;
  const at = (field: string) => fieldError(ask.error, field);
  const hint =
    offer &&
    `Balance ${amount(offer.balance, code)}${offer.fee !== null ? ` · network fee ${amount(offer.fee, code)}` : ''} · at least ${amount(offer.min, code)}`;
  return (
    <Form label="New withdrawal" onSubmit={() => ask.run()}>
      <ErrorAlert error={list.error} />
      <Select
        label="Currency"
        value={code}
        onValue={(currency) => set({ currency })}
        options={(list.data ?? []).map((o): [string, string] => [o.code, `${o.code} · ${o.network}`])}
        required
      />
      <Field
        label="Address"
        class="mono"
        value={values.address}
        onValue={(address) => set({ address })}
        required
        autoComplete="off"
        spellcheck={false}
        error={at('address')}
        hint="The destination on the currency's network"
      />
      <AmountField
        label="Amount"
        decimals={offer?.decimals ?? 18}
        checked={checked}
        value={values.amount}
        onValue={(text) => set({ amount: text })}
        required
        error={at('amount')}
        hint={hint || 'What the address receives, in the currency'}
        extra={
          max !== null && (
            <button
              type="button"
              class="secondary"
              aria-label={`Max: ${amount(max, code)}, the balance less the network fee`}
              onClick={() => set({ amount: inputAmount(max) })}
            >
              Max
            </button>
          )
        }
      />
      <Check
        label="Convert from my other balances if this one is short"
        checked={values.autoConvert}
        onChecked={(autoConvert) => set({ autoConvert })}
      />
      <ErrorAlert error={ask.error} fields={['address', 'amount']} />
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
  const [values, setValues] = useState<WithdrawalValues>({ currency: '', address: '', amount: '', autoConvert: false });
  const [quoted, setQuoted] = useState<{ quote: WithdrawalQuote; decimal: string } | undefined>();
  return (
    <>
      <h1 tabIndex={-1}>New withdrawal</h1>
      <div class="narrow">
        {quoted ? (
          <WithdrawConfirm
            quote={quoted.quote}
            verb="Confirm withdrawal"
            onCancel={() => setQuoted(undefined)}
            onRefresh={async () =>
              setQuoted({ ...quoted, quote: await requestQuote({ ...values, currency: quoted.quote.cryptoCurrencyCode }, quoted.decimal) })
            }
            onDone={(w) => navigate(`/withdrawals/${w.id}`)}
          />
        ) : (
          <QuoteForm values={values} onValues={setValues} onQuote={(quote, decimal) => setQuoted({ quote, decimal })} />
        )}
      </div>
    </>
  );
}
