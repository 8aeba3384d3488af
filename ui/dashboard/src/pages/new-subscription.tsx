// New subscription: a customer and an active plan of the selected account → POST /v1/subscriptions → its page.
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { ErrorAlert, Facts } from '../components/feedback.tsx';
import { Form, Select } from '../components/fields.tsx';
import { customerName, priceOf, useDirectory } from '../components/subscription-parts.tsx';
import { fieldError } from '../errors.ts';
import { useAction } from '../hooks.ts';
import { Link, navigate, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';

function SubscriptionForm() {
  const { me, accountId } = useSession();
  const { query } = useLocation();
  const names = useDirectory();
  const active = names.plans?.filter((p) => p.active);
  const [customer, setCustomer] = useState(query.get('customerId') ?? '');
  const [plan, setPlan] = useState('');
  const customerId = customer || names.customers?.[0]?.id || '';
  const planId = plan || active?.[0]?.id || '';
  const chosen = active?.find((p) => p.id === planId);
  const create = useAction(async () => {
    const res = await api.post('/v1/subscriptions', { body: { customerId, planId } });
    navigate(`/subscriptions/${res.data.id}`);
  });
  const at = (field: string) => fieldError(create.error, field);
  const account = me.accounts.find((a) => a.id === accountId)?.name ?? accountId;
  const none = (names.customers && names.customers.length === 0) || (active && active.length === 0);
  return (
    <Form label="New subscription" onSubmit={() => create.run()}>
      <ErrorAlert error={names.error} />
      <Facts items={[['Account', account]]} />
      <Select
        label="Customer"
        value={customerId}
        onValue={setCustomer}
        required
        options={(names.customers ?? []).map((c): [string, string] => [c.id, customerName(c)])}
      />
      <Select
        label="Plan"
        value={planId}
        onValue={setPlan}
        required
        options={(active ?? []).map((p): [string, string] => [p.id, `${p.name} · ${priceOf(p)}`])}
      />
      {at('planId') && <p class="field-error">{at('planId')}</p>}
      {chosen && (
        <p class="muted">
          {chosen.trialDays
            ? `Starts with a free trial of ${chosen.trialDays} day${chosen.trialDays === 1 ? '' : 's'}; the first invoice is issued when it ends.`
            : 'Starts now: the first period’s invoice is issued at once and mailed to the customer.'}
        </p>
      )}
      {none && <p class="alert">Make a customer and a plan first: a subscription is one customer’s to one plan.</p>}
      <ErrorAlert error={create.error} focus fields={['planId']} />
      <div class="actions">
        <button type="submit" disabled={create.busy || !customerId || !planId}>
          Create subscription
        </button>
        <Link class="button secondary" href="/subscriptions">
          Back to subscriptions
        </Link>
      </div>
    </Form>
  );
}

export function NewSubscriptionPage() {
  return (
    <>
      <h1 tabIndex={-1}>New subscription</h1>
      <div class="narrow">
        <SubscriptionForm />
      </div>
    </>
  );
}
