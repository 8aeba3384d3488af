// Customers: the account's subscribing customers, newest first; "New customer" for roles that may.
import { api } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Head, SubscriptionsNav } from '../components/subscription-parts.tsx';
import { dateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';

const LIMIT = 20;

export function CustomersPage() {
  const { accountId } = useSession();
  const { query } = useLocation();
  const page = Number(query.get('page') ?? 1) || 1;
  const list = useResource(() => api.get('/v1/customers', { query: { page, limit: LIMIT } }), [accountId, page], true);
  const total = list.data?.total;
  return (
    <>
      <Head title="Customers" create={{ href: '/subscriptions/customers/new', label: 'New customer' }} />
      <SubscriptionsNav />
      <ErrorAlert error={list.error} />
      <LiveStatus>{list.loading && !list.data ? 'Loading…' : total !== undefined ? `${total} customer${total === 1 ? '' : 's'}` : ''}</LiveStatus>
      <DataTable
        caption="Customers"
        rows={list.data?.data}
        rowKey={(c) => c.id}
        empty="No customers yet."
        columns={[
          { label: 'Email', render: (c) => <Link href={`/subscriptions/customers/${c.id}`}>{c.email}</Link> },
          { label: 'Name', render: (c) => c.name ?? '—' },
          { label: 'Reference', render: (c) => c.reference ?? '—' },
          { label: 'Created', render: (c) => dateTime(c.createdAt) },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => setQuery({ page: p }, false)} />}
    </>
  );
}
