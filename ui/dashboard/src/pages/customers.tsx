// Customers: the account's subscribing customers, newest first; "New customer" for roles that may.
import { api } from '../api.ts';
import { Head, PagedTable, SubscriptionsNav, usePagedList } from '../components/subscription-parts.tsx';
import { dateTime } from '../format.ts';
import { Link } from '../router.tsx';

export function CustomersPage() {
  const paged = usePagedList((page, limit) => api.get('/v1/customers', { query: { page, limit } }));
  return (
    <>
      <Head title="Customers" create={{ href: '/subscriptions/customers/new', label: 'New customer' }} />
      <SubscriptionsNav />
      <PagedTable
        paged={paged}
        noun="customer"
        caption="Customers"
        rowKey={(c) => c.id}
        empty="No customers yet."
        columns={[
          { label: 'Email', render: (c) => <Link href={`/subscriptions/customers/${c.id}`}>{c.email}</Link> },
          { label: 'Name', render: (c) => c.name ?? '—' },
          { label: 'Reference', render: (c) => c.reference ?? '—' },
          { label: 'Created', render: (c) => dateTime(c.createdAt) },
        ]}
      />
    </>
  );
}
