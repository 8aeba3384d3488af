// New customer: email, name, your own reference → POST /v1/customers → the customer's page.
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { Field, Form } from '../components/fields.tsx';
import { fieldError } from '../errors.ts';
import { useAction } from '../hooks.ts';
import { Link, navigate } from '../router.tsx';

function CustomerForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [reference, setReference] = useState('');
  const create = useAction(async () => {
    const res = await api.post('/v1/customers', {
      body: { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}), ...(reference.trim() ? { reference: reference.trim() } : {}) },
    });
    navigate(`/subscriptions/customers/${res.data.id}`);
  });
  const at = (field: string) => fieldError(create.error, field);
  return (
    <Form label="New customer" onSubmit={() => create.run()}>
      <Field label="Email" type="email" value={email} onValue={setEmail} required maxLength={254} autoComplete="off" error={at('email')} hint="Invoices and the portal link are mailed here" />
      <Field label="Name (optional)" value={name} onValue={setName} maxLength={200} autoComplete="off" error={at('name')} />
      <Field label="Reference (optional)" value={reference} onValue={setReference} maxLength={200} autoComplete="off" spellcheck={false} error={at('reference')} hint="Your own key of the customer, unique in the business" />
      <ErrorAlert error={create.error} focus fields={['email', 'name', 'reference']} />
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
