// New payment link: what it sells, how it is priced, its limits → POST /v1/payment-links → the link's page.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ExactNumber, api, type RequestBody } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { AmountField, Check, Field, Form, Select } from '../components/fields.tsx';
import { fiatCurrencies } from '../currencies.ts';
import { fieldError } from '../errors.ts';
import { fiat } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { parseAmount } from '../locale.ts';
import { Link, navigate } from '../router.tsx';

type LinkBody = RequestBody<'post', '/v1/payment-links'>;
type Kind = 'payment' | 'request';
type Pricing = 'fixed' | 'open';

/** A labelled group of radio buttons (arrow keys move between them, as radios do). */
function Choice<T extends string>({
  legend,
  name,
  value,
  onValue,
  options,
}: {
  legend: string;
  name: string;
  value: T;
  onValue(v: T): void;
  options: Array<[T, string, ComponentChildren?]>;
}) {
  return (
    <fieldset class="field choice">
      <legend>{legend}</legend>
      {options.map(([v, label, hint]) => (
        <label key={v} class="check">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onValue(v)} />
          <span>
            {label}
            {hint && <small class="hint"> {hint}</small>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

interface Values {
  title: string;
  description: string;
  kind: Kind;
  pricing: Pricing;
  amount: string;
  min: string;
  max: string;
  code: string;
  quantity: boolean;
  maxQuantity: string;
  maxUses: string;
  expires: string;
  successUrl: string;
}

const EMPTY: Values = {
  title: '',
  description: '',
  kind: 'payment',
  pricing: 'fixed',
  amount: '',
  min: '',
  max: '',
  code: '',
  quantity: false,
  maxQuantity: '10',
  maxUses: '',
  expires: '',
  successUrl: '',
};

/** An amount field's exact decimal, or undefined when empty; null when it cannot be read. */
function decimal(text: string, decimals: number): ExactNumber | undefined | null {
  if (text.trim() === '') return undefined;
  const parsed = parseAmount(text, decimals);
  return parsed.ok ? new ExactNumber(parsed.value) : null;
}

/** The body the API takes (optional fields only when filled in); null when an amount cannot be read. */
function bodyOf(v: Values, decimals: number): (Omit<LinkBody, 'amount' | 'minAmount' | 'maxAmount'> & Record<string, unknown>) | null {
  const fixed = v.kind === 'request' || v.pricing === 'fixed';
  const amounts = fixed
    ? { amount: decimal(v.amount, decimals) }
    : { minAmount: decimal(v.min, decimals), maxAmount: decimal(v.max, decimals) };
  if (Object.values(amounts).includes(null)) return null;
  const body: Record<string, unknown> = { title: v.title.trim(), fiatCurrencyCode: v.code, kind: v.kind };
  for (const [k, a] of Object.entries(amounts)) if (a) body[k] = a;
  if (v.description.trim()) body.description = v.description.trim();
  if (v.kind === 'payment' && fixed && v.quantity) body.maxQuantity = Number(v.maxQuantity);
  if (v.kind === 'payment' && v.maxUses.trim()) body.maxUses = Number(v.maxUses);
  if (v.expires) body.expiresAt = new Date(v.expires).toISOString();
  if (v.successUrl.trim()) body.successUrl = v.successUrl.trim();
  return body as LinkBody;
}

function LinkForm() {
  const list = useResource(fiatCurrencies, []);
  const [v, setV] = useState<Values>(EMPTY);
  const [checked, setChecked] = useState(false);
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [key]: value }));
  const code = v.code || list.data?.find((f) => f.code === 'USD')?.code || list.data?.[0]?.code || '';
  const chosen = list.data?.find((f) => f.code === code);
  const decimals = chosen?.decimalPlaces ?? 2;
  const fixed = v.kind === 'request' || v.pricing === 'fixed';
  const create = useAction(async () => {
    setChecked(true);
    const body = bodyOf({ ...v, code }, decimals);
    if (!body) return;
    const res = await api.post('/v1/payment-links', { body: body as LinkBody });
    navigate(`/payment-links/${res.data.id}`);
  });
  const at = (field: string) => fieldError(create.error, field);
  const least = chosen ? `At least ${fiat(chosen.minInvoiceAmount, code)}` : undefined;
  return (
    <Form label="New payment link" onSubmit={() => create.run()}>
      <ErrorAlert error={list.error} />
      <Field
        label="Title"
        value={v.title}
        onValue={set('title')}
        required
        maxLength={200}
        error={at('title')}
        hint="What the customer pays for: the page's heading"
      />
      <Field
        label="Description (optional)"
        value={v.description}
        onValue={set('description')}
        maxLength={512}
        error={at('description')}
        hint="Shown under the title"
      />
      <Choice<Kind>
        legend="Kind"
        name="kind"
        value={v.kind}
        onValue={set('kind')}
        options={[
          ['payment', 'Payment link', '(each customer pays an invoice of their own)'],
          ['request', 'Payment request', '(one invoice of a fixed total, paid in one or more payments)'],
        ]}
      />
      {v.kind === 'payment' && (
        <Choice<Pricing>
          legend="Price"
          name="pricing"
          value={v.pricing}
          onValue={set('pricing')}
          options={[
            ['fixed', 'Fixed price'],
            ['open', 'The customer enters the amount'],
          ]}
        />
      )}
      <Select
        label="Currency"
        value={code}
        onValue={set('code')}
        options={(list.data ?? []).map((f): [string, string] => [f.code, `${f.code} · ${f.name}`])}
        required
      />
      {fixed ? (
        <AmountField
          label={v.kind === 'request' ? 'Total' : 'Price'}
          decimals={decimals}
          checked={checked}
          value={v.amount}
          onValue={set('amount')}
          required
          error={at('amount')}
          hint={least}
        />
      ) : (
        <>
          <AmountField
            label="Minimum (optional)"
            decimals={decimals}
            checked={checked && v.min !== ''}
            value={v.min}
            onValue={set('min')}
            error={at('minAmount')}
            hint={least}
          />
          <AmountField
            label="Maximum (optional)"
            decimals={decimals}
            checked={checked && v.max !== ''}
            value={v.max}
            onValue={set('max')}
            error={at('maxAmount')}
          />
        </>
      )}
      {v.kind === 'payment' && fixed && (
        <Check label="Let the customer choose a quantity" checked={v.quantity} onChecked={set('quantity')} />
      )}
      {v.kind === 'payment' && fixed && v.quantity && (
        <Field
          label="Maximum quantity"
          type="number"
          min={1}
          max={1000}
          value={v.maxQuantity}
          onValue={set('maxQuantity')}
          required
          error={at('maxQuantity')}
          hint="They pay the price × the quantity"
        />
      )}
      {v.kind === 'payment' && (
        <Field
          label="Maximum uses (optional)"
          type="number"
          min={1}
          value={v.maxUses}
          onValue={set('maxUses')}
          error={at('maxUses')}
          hint="How many invoices the link may make; one that ends unpaid gives its use back"
        />
      )}
      <Field
        label="Expires (optional)"
        type="datetime-local"
        value={v.expires}
        onValue={set('expires')}
        error={at('expiresAt')}
        hint="Your local time; after it the link takes no payment"
      />
      <Field
        label="Success URL (optional)"
        type="url"
        value={v.successUrl}
        onValue={set('successUrl')}
        maxLength={512}
        error={at('successUrl')}
        hint="Where the customer goes once paid"
      />
      <ErrorAlert
        error={create.error}
        focus
        fields={['title', 'description', 'amount', 'minAmount', 'maxAmount', 'maxQuantity', 'maxUses', 'expiresAt', 'successUrl']}
      />
      <div class="actions">
        <button type="submit" disabled={create.busy || !code}>
          Create payment link
        </button>
        <Link class="button secondary" href="/payment-links">
          Back to payment links
        </Link>
      </div>
    </Form>
  );
}

export function NewPaymentLinkPage() {
  return (
    <>
      <h1 tabIndex={-1}>New payment link</h1>
      <div class="narrow">
        <p class="muted">
          A page of your business to share by link or QR code: the customer pays there, and each payment is an invoice of this account.
        </p>
        <LinkForm />
      </div>
    </>
  );
}
