// Plans: the account's plans, newest first, with their price and trial; "New plan" for roles that may.
import { api } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Head, SubscriptionsNav, priceOf } from '../components/subscription-parts.tsx';
import { dateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';

const LIMIT = 20;

export function PlansPage() {
  const { accountId } = useSession();
  const { query } = useLocation();
  const page = Number(query.get('page') ?? 1) || 1;
  const list = useResource(() => api.get('/v1/plans', { query: { page, limit: LIMIT } }), [accountId, page], true);
  const total = list.data?.total;
  return (
    <>
      <Head title="Plans" create={{ href: '/subscriptions/plans/new', label: 'New plan' }} />
      <SubscriptionsNav />
      <p class="muted">What a subscription costs and how often it renews: each period is an invoice of this account, mailed to the customer.</p>
      <ErrorAlert error={list.error} />
      <LiveStatus>{list.loading && !list.data ? 'Loading…' : total !== undefined ? `${total} plan${total === 1 ? '' : 's'}` : ''}</LiveStatus>
      <DataTable
        caption="Plans"
        rows={list.data?.data}
        rowKey={(p) => p.id}
        empty="No plans yet."
        columns={[
          { label: 'Plan', render: (p) => p.name },
          { label: 'Price', render: (p) => priceOf(p) },
          { label: 'Trial', render: (p) => (p.trialDays ? `${p.trialDays} day${p.trialDays === 1 ? '' : 's'}` : 'None') },
          { label: 'Status', render: (p) => <span class={`badge ${p.active ? 's-active' : 's-disabled'}`}>{p.active ? 'On' : 'Turned off'}</span> },
          { label: 'Created', render: (p) => dateTime(p.createdAt) },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => setQuery({ page: p }, false)} />}
    </>
  );
}
