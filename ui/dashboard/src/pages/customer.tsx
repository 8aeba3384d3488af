// One customer: who they are, their subscriptions, a fresh link to their portal to copy, and their
// prepaid credit (the address that tops it up, and its balance).
import { useState } from 'preact/hooks';
import { languageName } from '../customer-languages.ts';
import { api } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section } from '../components/feedback.tsx';
import { Check, Select } from '../components/fields.tsx';
import { SubscriptionBadge, customerName, useDirectory, type Customer } from '../components/subscription-parts.tsx';
import { currencies } from '../currencies.ts';
import { amount, dateTime } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** The customer's subscriptions, newest first. */
function CustomerSubscriptions({ customer }: { customer: Customer }) {
  const { can } = useSession();
  const list = useResource(
    () => api.get('/v1/subscriptions', { query: { page: 1, limit: 100, customerId: customer.id } }),
    [customer.id],
    true,
  );
  const names = useDirectory();
  const create = can('invoices.create') && (
    <Link class="button secondary" href={`/subscriptions/new?customerId=${customer.id}`}>
      New subscription
    </Link>
  );
  return (
    <Section title="Subscriptions" actions={create}>
      <ErrorAlert error={list.error} />
      <DataTable
        caption="Subscriptions of the customer"
        rows={list.data?.data}
        rowKey={(s) => s.id}
        empty="No subscriptions yet."
        columns={[
          { label: 'Plan', render: (s) => <Link href={`/subscriptions/${s.id}`}>{names.plan(s.planId)}</Link> },
          { label: 'Status', render: (s) => <SubscriptionBadge status={s.status} /> },
          { label: 'Current period ends', render: (s) => dateTime(s.currentPeriodEnd) },
        ]}
      />
    </Section>
  );
}

/** A fresh signed link to the customer's portal, optionally mailed to them (roles that make invoices). */
function PortalLink({ customer }: { customer: Customer }) {
  const [send, setSend] = useState(false);
  const link = useAction(
    async () => (await api.post('/v1/customers/{id}/portal-link', { params: { id: customer.id }, body: { send } })).data,
  );
  const [made, setMade] = useState<{ url: string; expiresAt: string; mailed: boolean }>();
  return (
    <Section title="Customer portal">
      <p class="muted">
        Their own page: their subscriptions and invoices, their email, and cancelling. Each link works for a limited time.
      </p>
      {made && (
        <>
          <CopyValue label="Portal link" value={made.url} />
          <p class="muted">
            Works until {dateTime(made.expiresAt)}
            {made.mailed ? `; mailed to ${customer.email}.` : '.'}
          </p>
        </>
      )}
      <Check label={`Also mail it to ${customer.email}`} checked={send} onChecked={setSend} />
      <div class="actions">
        <button type="button" disabled={link.busy} onClick={async () => setMade((await link.run()) ?? made)}>
          Get portal link
        </button>
      </div>
      <ErrorAlert error={link.error} focus />
    </Section>
  );
}

/** The customer's credit address and balance, or the way to make the address (roles that make deposits). */
function Credit({ customer, onMade }: { customer: Customer; onMade(): void }) {
  const { can } = useSession();
  const depositId = customer.creditDepositId;
  const credit = useResource(
    () =>
      depositId ? api.get('/v1/customers/{id}/credit', { params: { id: customer.id } }).then((r) => r.data) : Promise.resolve(undefined),
    [customer.id, depositId],
    true,
  );
  const list = useResource(currencies, []);
  const [code, setCode] = useState('');
  const chosen = code || list.data?.find((c) => c.code === 'USDT_TRC20')?.code || list.data?.[0]?.code || '';
  const make = useAction(async () => {
    await api.post('/v1/customers/{id}/credit-address', { params: { id: customer.id }, body: { cryptoCurrencyCode: chosen } });
    onMade();
  });
  const c = credit.data;
  return (
    <Section title="Prepaid credit">
      <p class="muted">
        What the customer sends to their credit address pays their renewals, once it covers one; no invoice is issued then.
      </p>
      <ErrorAlert error={credit.error} />
      {c && (
        <>
          <Facts items={[['Balance', amount(c.balance, c.cryptoCurrencyCode)]]} />
          <CopyValue label="Credit address" value={c.address} />
          <p>
            <Link href={`/deposits/${c.depositId}`}>The credit address’s deposits</Link>
          </p>
        </>
      )}
      {!depositId && <p>No credit address yet.</p>}
      {!depositId && can('deposits.create') && (
        <div class="inline-fields">
          <Select
            label="Credit currency"
            value={chosen}
            onValue={setCode}
            options={(list.data ?? []).map((x): [string, string] => [x.code, `${x.code} · ${x.network}`])}
          />
          <button type="button" class="secondary" disabled={make.busy || !chosen} onClick={() => make.run()}>
            Create credit address
          </button>
        </div>
      )}
      <ErrorAlert error={make.error} focus />
    </Section>
  );
}

export function CustomerPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const id = params.id ?? ''; // the route has :id
  const customer = useResource(() => api.get('/v1/customers/{id}', { params: { id } }), [id]);
  const c = customer.data?.data;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{c ? customerName(c) : 'Customer'}</h1>
      </div>
      <ErrorAlert error={customer.error} />
      <LiveStatus class={c ? 'sr-only' : ''}>{c ? '' : customer.loading ? 'Loading…' : ''}</LiveStatus>
      {c && (
        <>
          <Section title="Details">
            <Facts
              items={[
                ['Email', c.email],
                ['Name', c.name ?? '—'],
                ['Reference', c.reference ?? '—'],
                ['Language', languageName(c.language)],
                ['Created', dateTime(c.createdAt)],
                ['Id', <span class="mono wrap">{c.id}</span>],
              ]}
            />
          </Section>
          <CustomerSubscriptions customer={c} />
          {can('invoices.create') && <PortalLink customer={c} />}
          {can('deposits.list') && <Credit customer={c} onMade={customer.reload} />}
        </>
      )}
    </>
  );
}
