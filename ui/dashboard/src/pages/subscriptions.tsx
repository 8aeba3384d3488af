// Subscriptions: the account's subscriptions, newest first, filtered by status in the URL, polled;
// "New subscription" for roles that may.
import { api } from '../api.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import {
  Head,
  PagedTable,
  STATUS_TEXT,
  SUBSCRIPTION_STATUSES,
  SubscriptionBadge,
  SubscriptionsNav,
  useDirectory,
  usePagedList,
} from '../components/subscription-parts.tsx';
import { dateTime } from '../format.ts';
import { Link, setQuery, useLocation } from '../router.tsx';

export function SubscriptionsPage() {
  const { query } = useLocation();
  // A status the list does not know (an old bookmark) is ignored rather than refused.
  const status = SUBSCRIPTION_STATUSES.find((s) => s === query.get('status'));
  const paged = usePagedList(
    (page, limit) => api.get('/v1/subscriptions', { query: { page, limit, ...(status ? { status } : {}) } }),
    [status],
  );
  const names = useDirectory();
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
      <PagedTable
        paged={paged}
        noun="subscription"
        caption="Subscriptions"
        rowKey={(s) => s.id}
        empty={status ? 'No subscriptions match.' : 'No subscriptions yet.'}
        error={<ErrorAlert error={names.error} />}
        columns={[
          { label: 'Customer', render: (s) => <Link href={`/subscriptions/${s.id}`}>{names.customer(s.customerId)}</Link> },
          { label: 'Plan', render: (s) => names.plan(s.planId) },
          { label: 'Status', render: (s) => <SubscriptionBadge status={s.status} /> },
          {
            label: 'Current period ends',
            render: (s) =>
              s.cancelAtPeriodEnd && s.status !== 'cancelled'
                ? `${dateTime(s.currentPeriodEnd)} (then ends)`
                : dateTime(s.currentPeriodEnd),
          },
          { label: 'Created', render: (s) => dateTime(s.createdAt) },
        ]}
      />
    </>
  );
}
