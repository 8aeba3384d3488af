// Subscriptions: the account's subscriptions, newest first, filtered by status in the URL, polled;
// "New subscription" for roles that may.
import { api } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import { Head, STATUS_TEXT, SUBSCRIPTION_STATUSES, SubscriptionBadge, SubscriptionsNav, useDirectory } from '../components/subscription-parts.tsx';
import { dateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';

const LIMIT = 20;

export function SubscriptionsPage() {
  const { accountId } = useSession();
  const { query } = useLocation();
  const page = Number(query.get('page') ?? 1) || 1;
  // A status the list does not know (an old bookmark) is ignored rather than refused.
  const status = SUBSCRIPTION_STATUSES.find((s) => s === query.get('status'));
  const list = useResource(() => api.get('/v1/subscriptions', { query: { page, limit: LIMIT, ...(status ? { status } : {}) } }), [accountId, page, status], true);
  const names = useDirectory();
  const total = list.data?.total;
  return (
    <>
      <Head title="Subscriptions" create={{ href: '/subscriptions/new', label: 'New subscription' }} />
      <SubscriptionsNav />
      <div class="filters" role="search" aria-label="Filter subscriptions">
        <Select
          label="Status"
          value={status ?? ''}
          onValue={(value) => setQuery({ status: value, page: undefined })}
          options={[['', 'Any status'], ...SUBSCRIPTION_STATUSES.map((s): [string, string] => [s, STATUS_TEXT[s]])]}
        />
      </div>
      <ErrorAlert error={list.error ?? names.error} />
      <LiveStatus>{list.loading && !list.data ? 'Loading…' : total !== undefined ? `${total} subscription${total === 1 ? '' : 's'}` : ''}</LiveStatus>
      <DataTable
        caption="Subscriptions"
        rows={list.data?.data}
        rowKey={(s) => s.id}
        empty={status ? 'No subscriptions match.' : 'No subscriptions yet.'}
        columns={[
          { label: 'Customer', render: (s) => <Link href={`/subscriptions/${s.id}`}>{names.customer(s.customerId)}</Link> },
          { label: 'Plan', render: (s) => names.plan(s.planId) },
          { label: 'Status', render: (s) => <SubscriptionBadge status={s.status} /> },
          { label: 'Current period ends', render: (s) => (s.cancelAtPeriodEnd && s.status !== 'cancelled' ? `${dateTime(s.currentPeriodEnd)} (then ends)` : dateTime(s.currentPeriodEnd)) },
          { label: 'Created', render: (s) => dateTime(s.createdAt) },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => setQuery({ page: p }, false)} />}
    </>
  );
}
