// New plan: name, price in a fiat currency, how often it renews, an optional trial → POST /v1/plans → the plans.
import { useState } from 'preact/hooks';
import { ExactNumber, api, type RequestBody } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { AmountField, Field, Form, Select } from '../components/fields.tsx';
import { everyOf } from '../components/subscription-parts.tsx';
import { fiatCurrencies } from '../currencies.ts';
import { fieldError } from '../errors.ts';
import { fiat } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { parseAmount } from '../locale.ts';
import { Link, navigate } from '../router.tsx';

type PlanBody = RequestBody<'post', '/v1/plans'>;
type Interval = PlanBody['interval'];

const INTERVALS: Array<[Interval, string]> = [
  ['week', 'Weeks'],
  ['month', 'Months'],
  ['year', 'Years'],
];

interface Values {
  name: string;
  code: string;
  amount: string;
  interval: Interval;
  count: string;
  trial: string;
}

/** The body the API takes, the price an exact JSON number as typed; the trial only when given. */
function bodyOf(v: Values, price: string): Omit<PlanBody, 'amount'> & { amount: ExactNumber } {
  const trial = v.trial.trim();
  return {
    name: v.name.trim(),
    amount: new ExactNumber(price),
    fiatCurrencyCode: v.code,
    interval: v.interval,
    intervalCount: Number(v.count),
    ...(trial ? { trialDays: Number(trial) } : {}),
  };
}

function PlanForm() {
  const list = useResource(fiatCurrencies, []);
  const [v, setV] = useState<Values>({ name: '', code: '', amount: '', interval: 'month', count: '1', trial: '' });
  const [checked, setChecked] = useState(false);
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [key]: value }));
  const code = v.code || list.data?.find((f) => f.code === 'USD')?.code || list.data?.[0]?.code || '';
  const chosen = list.data?.find((f) => f.code === code);
  const decimals = chosen?.decimalPlaces ?? 2;
  const create = useAction(async () => {
    setChecked(true);
    const parsed = parseAmount(v.amount, decimals);
    if (!parsed.ok) return;
    await api.post('/v1/plans', { body: bodyOf({ ...v, code }, parsed.value) });
    navigate('/subscriptions/plans');
  });
  const at = (field: string) => fieldError(create.error, field);
  const count = Number(v.count);
  return (
    <Form label="New plan" onSubmit={() => create.run()}>
      <ErrorAlert error={list.error} />
      <Field
        label="Name"
        value={v.name}
        onValue={set('name')}
        required
        maxLength={200}
        error={at('name')}
        hint="What the customer subscribes to, as their invoices name it"
      />
      <Select
        label="Currency"
        value={code}
        onValue={set('code')}
        options={(list.data ?? []).map((f): [string, string] => [f.code, `${f.code} · ${f.name}`])}
        required
      />
      <AmountField
        label="Price"
        decimals={decimals}
        checked={checked}
        value={v.amount}
        onValue={set('amount')}
        required
        error={at('amount')}
        hint={chosen ? `Of one period; at least ${fiat(chosen.minInvoiceAmount, code)}` : 'Of one period'}
      />
      <fieldset class="field">
        <legend>Renews every</legend>
        <div class="inline-fields">
          <Field
            label="Number"
            type="number"
            min={1}
            max={52}
            step={1}
            value={v.count}
            onValue={set('count')}
            required
            error={at('intervalCount')}
          />
          <Select label="Unit" value={v.interval} onValue={(value) => set('interval')(value as Interval)} options={INTERVALS} />
        </div>
        {Number.isInteger(count) && count >= 1 && <small class="hint">The customer pays {everyOf(v.interval, count)}.</small>}
      </fieldset>
      <Field
        label="Trial days (optional)"
        type="number"
        min={1}
        max={730}
        step={1}
        value={v.trial}
        onValue={set('trial')}
        error={at('trialDays')}
        hint="Free days before the first period is billed"
      />
      <ErrorAlert error={create.error} focus fields={['name', 'amount', 'intervalCount', 'trialDays']} />
      <div class="actions">
        <button type="submit" disabled={create.busy || !code}>
          Create plan
        </button>
        <Link class="button secondary" href="/subscriptions/plans">
          Back to plans
        </Link>
      </div>
    </Form>
  );
}

export function NewPlanPage() {
  return (
    <>
      <h1 tabIndex={-1}>New plan</h1>
      <div class="narrow">
        <p class="muted">
          A price that renews: every period of a subscription to it is an invoice, mailed to the customer, that they pay in crypto.
        </p>
        <PlanForm />
      </div>
    </>
  );
}
