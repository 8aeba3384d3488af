// Deposits: the list (filters, search, export) polled live, and "New deposit" for roles that may.
import { api, type Data } from '../api.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { ListView, type ListQuery } from '../components/list-view.tsx';
import { amount, dateTime, short } from '../format.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One deposit as the API answers it. */
export type Deposit = Data<'get', '/v1/deposit'>;

const STATUSES = ['created', 'processing', 'completed', 'suspended', 'failed', 'expired', 'cancelled'] as const;

export function DepositsPage() {
  const { can } = useSession();
  return (
    <ListView<Deposit, Deposit['status']>
      title="Deposits"
      kind="deposits"
      statuses={STATUSES}
      load={(q: ListQuery<Deposit['status']>) => api.get('/v1/deposit/list', { query: q })}
      rowKey={(d) => d.id}
      actions={
        can('deposits.create') && (
          <Link class="button" href="/deposits/new">
            New deposit
          </Link>
        )
      }
      columns={[
        { label: 'Deposit', render: (d) => <Link href={`/deposits/${d.id}`}>{d.orderId ?? short(d.id)}</Link> },
        { label: 'Status', render: (d) => <StatusBadge status={d.status} /> },
        { label: 'Currency', render: (d) => d.cryptoCurrencyCode },
        { label: 'Credited', class: 'num', render: (d) => amount(d.settlement?.netAmount, d.cryptoCurrencyCode) },
        { label: 'Address', render: (d) => <span class="mono">{short(d.address, 14)}</span> },
        { label: 'Created', render: (d) => dateTime(d.createdAt) },
      ]}
    />
  );
}
