// New invoice: amount, fiat currency, order id, description, customer → POST /v1/invoice → the invoice's page.
import { useState } from 'preact/hooks';
import { ExactNumber, api, type RequestBody } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { AmountField, Field, Form, Select } from '../components/fields.tsx';
import { fieldError } from '../errors.ts';
import { parseAmount } from '../locale.ts';
import { fiatCurrencies, type FiatCurrency } from '../currencies.ts';
import { compare } from '../decimal.ts';
import { fiat } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link, navigate } from '../router.tsx';

type InvoiceBody = RequestBody<'post', '/v1/invoice'>;
/** The body as sent: the amount an exact JSON number, as typed. */
type InvoiceRequest = Omit<InvoiceBody, 'amount'> & { amount: ExactNumber };

/** A fresh order id to start from (`INV-20250304-K7Q2XM`); the merchant may type their own. */
export function suggestOrderId(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 32]).join('');
  return `INV-${day}-${random}`;
}

/** The currency the form starts with: USD when offered, else the first. */
function defaultCode(list: FiatCurrency[] | undefined): string {
  return list?.find((f) => f.code === 'USD')?.code ?? list?.[0]?.code ?? '';
}

/** The body the API takes: optional fields only when filled in. */
function bodyOf(values: { amount: string; code: string; orderId: string; description: string; customer: string }): InvoiceRequest {
  const description = values.description.trim();
  const customerId = values.customer.trim();
  return {
    amount: new ExactNumber(values.amount),
    fiatCurrencyCode: values.code,
    orderId: values.orderId.trim(),
    ...(description ? { description } : {}),
    ...(customerId ? { customerId } : {}),
  };
}

function InvoiceForm() {
  const list = useResource(fiatCurrencies, []);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [orderId, setOrderId] = useState(suggestOrderId);
  const [description, setDescription] = useState('');
  const [customer, setCustomer] = useState('');
  const code = currency || defaultCode(list.data);
  const chosen = list.data?.find((f) => f.code === code);
  const min = chosen?.minInvoiceAmount;
  const [checked, setChecked] = useState(false);
  const create = useAction(async () => {
    const parsed = parseAmount(amount, chosen?.decimalPlaces ?? 2);
    setChecked(true);
    if (!parsed.ok) return;
    const res = await api.post('/v1/invoice', { body: bodyOf({ amount: parsed.value, code, orderId, description, customer }) });
    navigate(`/invoices/${res.data.id}`);
  });
  const at = (field: string) => fieldError(create.error, field);
  return (
    <Form label="New invoice" onSubmit={() => create.run()}>
      <ErrorAlert error={list.error} />
      <AmountField
        label="Amount"
        decimals={chosen?.decimalPlaces ?? 2}
        checked={checked}
        value={amount}
        onValue={setAmount}
        required
        error={at('amount')}
        hint={min && compare(min) > 0 ? `At least ${fiat(min, code)}` : 'What the customer pays'}
      />
      <Select
        label="Currency"
        value={code}
        onValue={setCurrency}
        options={(list.data ?? []).map((f): [string, string] => [f.code, `${f.code} · ${f.name}`])}
        required
      />
      <Field
        label="Order id"
        value={orderId}
        onValue={setOrderId}
        required
        maxLength={256}
        autoComplete="off"
        spellcheck={false}
        error={at('orderId')}
        hint="Your reference for this sale, unique in the account (a suggestion; edit it freely)"
      />
      <Field
        label="Description (optional)"
        value={description}
        onValue={setDescription}
        maxLength={512}
        error={at('description')}
        hint="Shown to the customer on the payment page"
      />
      <Field
        label="Customer email or id (optional)"
        value={customer}
        onValue={setCustomer}
        maxLength={52}
        autoComplete="off"
        error={at('customerId')}
        hint="For your records; up to 52 characters"
      />
      <ErrorAlert error={create.error} focus fields={['amount', 'orderId', 'description', 'customerId']} />
      <div class="actions">
        <button type="submit" disabled={create.busy || !code}>
          Create invoice
        </button>
        <Link class="button secondary" href="/invoices">
          Back to invoices
        </Link>
      </div>
    </Form>
  );
}

export function NewInvoicePage() {
  return (
    <>
      <h1 tabIndex={-1}>New invoice</h1>
      <div class="narrow">
        <p class="muted">The customer gets a payment page where they pick a crypto currency and pay; send them its link.</p>
        <InvoiceForm />
      </div>
    </>
  );
}
