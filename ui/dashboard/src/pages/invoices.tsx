// Invoices: the list (filters, search, export) polled live, and "New invoice" for roles that may.
import { api, type Data } from '../api.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { ListView, type ListQuery } from '../components/list-view.tsx';
import { compare } from '../decimal.ts';
import { amount, dateTime, fiat, short } from '../format.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One invoice as the list answers it. */
export type Invoice = Data<'get', '/v1/invoice'>;

export const INVOICE_STATUSES = [
  'created',
  'processing',
  'paid',
  'partially_paid',
  'overpaid',
  'expired',
  'cancelled',
  'failed',
  'suspended',
] as const;

/** GET /v1/invoice/list with the page's filters. */
export function loadInvoices(q: ListQuery<Invoice['status']>) {
  return api.get('/v1/invoice/list', { query: q });
}

export function InvoicesPage() {
  const { can } = useSession();
  return (
    <ListView<Invoice, Invoice['status']>
      title="Invoices"
      kind="invoices"
      statuses={INVOICE_STATUSES}
      load={loadInvoices}
      rowKey={(i) => i.id}
      actions={
        can('invoices.create') && (
          <Link class="button" href="/invoices/new">
            New invoice
          </Link>
        )
      }
      columns={[
        { label: 'Invoice', render: (i) => <Link href={`/invoices/${i.id}`}>{i.orderId ?? short(i.id)}</Link> },
        { label: 'Status', render: (i) => <StatusBadge status={i.status} /> },
        { label: 'Amount', class: 'num', render: (i) => fiat(i.amount, i.fiatCurrencyCode) },
        {
          label: 'Received',
          class: 'num',
          render: (i) =>
            i.cryptoAmountReceived && compare(i.cryptoAmountReceived) !== 0 ? amount(i.cryptoAmountReceived, i.cryptoCurrencyCode) : '—',
        },
        { label: 'Created', render: (i) => dateTime(i.createdAt) },
      ]}
    />
  );
}
