// Batch payouts: the account's batches (status filter in the URL) polled live, and "Upload a batch"
// for roles that may send withdrawals.
import { api, type Data } from '../api.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { ListView, type ListQuery } from '../components/list-view.tsx';
import { amount, batchName, count, dateTime } from '../format.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One batch as the API answers it. */
export type Batch = Data<'get', '/v1/withdrawal/batch'>;

const STATUSES = [
  'awaitingApproval',
  'created',
  'processing',
  'completed',
  'partiallyFailed',
  'failed',
  'cancelled',
] as const satisfies readonly Batch['status'][];

/** What a batch sends, one line per currency. */
export function batchAmounts(b: Batch) {
  return b.totals.map((t) => <div key={t.cryptoCurrencyCode}>{amount(t.amount, t.cryptoCurrencyCode)}</div>);
}

export function BatchesPage() {
  const { can } = useSession();
  return (
    <ListView<Batch, Batch['status']>
      title="Batch payouts"
      statuses={STATUSES}
      searchable={false}
      load={(q: ListQuery<Batch['status']>) =>
        api.get('/v1/withdrawal/batch/list', { query: { page: q.page, limit: q.limit, ...(q.status ? { status: q.status } : {}) } })
      }
      rowKey={(b) => b.id}
      actions={
        can('withdrawals.create') && (
          <Link class="button" href="/batches/new">
            Upload a batch
          </Link>
        )
      }
      columns={[
        { label: 'Batch', render: (b) => <Link href={`/batches/${b.id}`}>{batchName(b.id)}</Link> },
        { label: 'Status', render: (b) => <StatusBadge status={b.status} /> },
        { label: 'Payouts', class: 'num', render: (b) => count(b.itemCount) },
        { label: 'Amount', class: 'num', render: batchAmounts },
        { label: 'Created', render: (b) => dateTime(b.createdAt) },
      ]}
    />
  );
}
