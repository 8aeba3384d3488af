// Withdrawals: the list (filters, search, export) polled live, and "New withdrawal" for roles that may.
import { api, type Data } from '../api.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { ListView, type ListQuery } from '../components/list-view.tsx';
import { amount, dateTime, short, withdrawalName } from '../format.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One withdrawal as the API answers it. */
export type Withdrawal = Data<'get', '/v1/withdrawal'>;

const STATUSES = ['awaitingApproval', 'created', 'processing', 'completed', 'failed', 'cancelled'] as const;

export function WithdrawalsPage() {
  const { can } = useSession();
  return (
    <ListView<Withdrawal, Withdrawal['status']>
      title="Withdrawals"
      kind="withdrawals"
      statuses={STATUSES}
      load={(q: ListQuery<Withdrawal['status']>) => api.get('/v1/withdrawal/list', { query: q })}
      rowKey={(w) => w.id}
      actions={
        can('withdrawals.create') && (
          <Link class="button" href="/withdrawals/new">
            New withdrawal
          </Link>
        )
      }
      columns={[
        { label: 'Withdrawal', render: (w) => <Link href={`/withdrawals/${w.id}`}>{withdrawalName(w.id)}</Link> },
        { label: 'Order id', render: (w) => <span class="mono">{short(w.orderId, 14)}</span> },
        { label: 'Status', render: (w) => <StatusBadge status={w.status} /> },
        { label: 'Amount', class: 'num', render: (w) => amount(w.amount, w.cryptoCurrencyCode) },
        { label: 'To', render: (w) => <span class="mono">{short(w.address, 14)}</span> },
        { label: 'Kind', render: (w) => (w.invoiceId || w.depositId ? 'Refund' : w.convertId ? 'Converted' : 'Payout') },
        { label: 'Created', render: (w) => dateTime(w.createdAt) },
      ]}
    />
  );
}
