// New customer: email, name, your own reference → POST /v1/customers → the customer's page.
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { Field, Form, Select } from '../components/fields.tsx';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '../customer-languages.ts';
import { fieldError } from '../errors.ts';
import { useAction } from '../hooks.ts';
import { Link, navigate } from '../router.tsx';

function CustomerForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [reference, setReference] = useState('');
  const [language, setLanguage] = useState<CustomerLanguage | ''>('');
  const create = useAction(async () => {
    const res = await api.post('/v1/customers', {
      body: {
        email: email.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        ...(language ? { language } : {}),
      },
    });
    navigate(`/subscriptions/customers/${res.data.id}`);
  });
  const at = (field: string) => fieldError(create.error, field);
  return (
    <Form label="New customer" onSubmit={() => create.run()}>
      <Field
        label="Email"
        type="email"
        value={email}
        onValue={setEmail}
        required
        maxLength={254}
        autoComplete="off"
        error={at('email')}
        hint="Invoices and the portal link are mailed here"
      />
      <Field label="Name (optional)" value={name} onValue={setName} maxLength={200} autoComplete="off" error={at('name')} />
      <Field
        label="Reference (optional)"
        value={reference}
        onValue={setReference}
        maxLength={200}
        autoComplete="off"
        spellcheck={false}
        error={at('reference')}
        hint="Your own key of the customer, unique in the business"
      />
      <Select
        label="Language of mails and portal"
        value={language}
        onValue={(v) => setLanguage(v as CustomerLanguage | '')}
        options={[['', 'Not chosen (English mails)'], ...CUSTOMER_LANGUAGES.map(([c, n]): [string, string] => [c, n])]}
      />
      <ErrorAlert error={create.error} focus fields={['email', 'name', 'reference', 'language']} />
      <div class="actions">
        <button type="submit" disabled={create.busy}>
          Create customer
        </button>
        <Link class="button secondary" href="/subscriptions/customers">
          Back to customers
        </Link>
      </div>
    </Form>
  );
}

export function NewCustomerPage() {
  return (
    <>
      <h1 tabIndex={-1}>New customer</h1>
      <div class="narrow">
        <p class="muted">Someone who subscribes to your plans: they get each period's invoice by email, and a portal of their own.</p>
        <CustomerForm />
      </div>
    </>
  );
}
