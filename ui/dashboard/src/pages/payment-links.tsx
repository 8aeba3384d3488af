// Payment links: the account's links with their usage, newest first, polled; "New payment link" for roles that may.
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import { count, dateTime, fiat } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One payment link as the API answers it. */
export type PaymentLink = Data<'get', '/v1/payment-links/{id}'>;

const LIMIT = 20;

/** Whether customers can pay through the link now, in words. */
export const AVAILABILITY: Record<PaymentLink['availability'], string> = {
  open: 'Open',
  disabled: 'Turned off',
  expired: 'Expired',
  usedUp: 'Used up',
};

/** The link's availability in words: a request whose one invoice was paid is done, not used up. */
export function availabilityText(link: PaymentLink): string {
  return link.kind === 'request' && link.availability === 'usedUp' && link.invoicesPaid > 0 ? 'Paid' : AVAILABILITY[link.availability];
}

/** The link's availability as a coloured label (the colour only repeats the word). */
export function AvailabilityBadge({ link }: { link: PaymentLink }) {
  const paid = availabilityText(link) === 'Paid';
  return <span class={`badge ${paid ? 's-paid' : `s-link-${link.availability}`}`}>{availabilityText(link)}</span>;
}

/** What the customer pays: a fixed price (each, with a quantity), or the bounds of what they enter. */
export function priceOf(l: PaymentLink): string {
  if (l.amount !== undefined)
    return l.maxQuantity !== undefined
      ? `${fiat(l.amount, l.fiatCurrencyCode)} each (up to ${l.maxQuantity})`
      : fiat(l.amount, l.fiatCurrencyCode);
  if (l.minAmount !== undefined && l.maxAmount !== undefined)
    return `${fiat(l.minAmount, l.fiatCurrencyCode)} to ${fiat(l.maxAmount, l.fiatCurrencyCode)}`;
  if (l.minAmount !== undefined) return `From ${fiat(l.minAmount, l.fiatCurrencyCode)}`;
  if (l.maxAmount !== undefined) return `Up to ${fiat(l.maxAmount, l.fiatCurrencyCode)}`;
  return `Any amount (${l.fiatCurrencyCode})`;
}

/** Uses so far, of how many: `3 of 10`, or just `3`. */
export function usesOf(l: PaymentLink): string {
  return l.maxUses !== undefined ? `${count(l.uses)} of ${count(l.maxUses)}` : count(l.uses);
}

export function PaymentLinksPage() {
  const { can, accountId } = useSession();
  const { query } = useLocation();
  const page = Number(query.get('page') ?? 1) || 1;
  const shown = query.get('active') ?? '';
  const active = shown === 'true' ? true : shown === 'false' ? false : undefined;
  const list = useResource(
    () => api.get('/v1/payment-links', { query: { page, limit: LIMIT, ...(active === undefined ? {} : { active }) } }),
    [accountId, page, shown],
    true,
  );
  const total = list.data?.total;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Payment links</h1>
        {can('invoices.create') && (
          <Link class="button" href="/payment-links/new">
            New payment link
          </Link>
        )}
      </div>
      <p class="muted">
        A page to share: each customer who pays through it gets an invoice of this account, listed with your other invoices.
      </p>
      <div class="filters" role="search" aria-label="Filter payment links">
        <Select
          label="Show"
          value={shown}
          onValue={(value) => setQuery({ active: value, page: undefined })}
          options={[
            ['', 'All links'],
            ['true', 'Turned on'],
            ['false', 'Turned off'],
          ]}
        />
      </div>
      <ErrorAlert error={list.error} />
      <LiveStatus>
        {list.loading && !list.data ? 'Loading…' : total !== undefined ? `${total} payment link${total === 1 ? '' : 's'}` : ''}
      </LiveStatus>
      <DataTable
        caption="Payment links"
        rows={list.data?.data}
        rowKey={(l) => l.id}
        empty="No payment links yet."
        columns={[
          { label: 'Link', render: (l) => <Link href={`/payment-links/${l.id}`}>{l.title}</Link> },
          { label: 'Status', render: (l) => <AvailabilityBadge link={l} /> },
          { label: 'Price', render: (l) => (l.kind === 'request' ? `Request of ${priceOf(l)}` : priceOf(l)) },
          { label: 'Uses', class: 'num', render: usesOf },
          { label: 'Paid', class: 'num', render: (l) => count(l.invoicesPaid) },
          { label: 'Received', class: 'num', render: (l) => fiat(l.amountPaid, l.fiatCurrencyCode) },
          { label: 'Created', render: (l) => dateTime(l.createdAt) },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => setQuery({ page: p }, false)} />}
    </>
  );
}
