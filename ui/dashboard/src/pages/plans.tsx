// Plans: the account's plans, newest first, with their price and trial; "New plan" for roles that may.
import { api } from '../api.ts';
import { Head, PagedTable, SubscriptionsNav, priceOf, usePagedList } from '../components/subscription-parts.tsx';
import { dateTime } from '../format.ts';

export function PlansPage() {
  const paged = usePagedList((page, limit) => api.get('/v1/plans', { query: { page, limit } }));
  return (
    <>
      <Head title="Plans" create={{ href: '/subscriptions/plans/new', label: 'New plan' }} />
      <SubscriptionsNav />
      <p class="muted">
        What a subscription costs and how often it renews: each period is an invoice of this account, mailed to the customer.
      </p>
      <PagedTable
        paged={paged}
        noun="plan"
        caption="Plans"
        rowKey={(p) => p.id}
        empty="No plans yet."
        columns={[
          { label: 'Plan', render: (p) => p.name },
          { label: 'Price', render: (p) => priceOf(p) },
          { label: 'Trial', render: (p) => (p.trialDays ? `${p.trialDays} day${p.trialDays === 1 ? '' : 's'}` : 'None') },
          {
            label: 'Status',
            render: (p) => <span class={`badge ${p.active ? 's-active' : 's-disabled'}`}>{p.active ? 'On' : 'Turned off'}</span>,
          },
          { label: 'Created', render: (p) => dateTime(p.createdAt) },
        ]}
      />
    </>
  );
}
