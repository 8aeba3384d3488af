// One withdrawal batch, live: its status, its payouts counted per status, the totals with fees per
// currency, every payout with its withdrawal's status, and the results as CSV.
import type { ComponentChildren } from 'preact';
import { api, downloadUrl } from '../api.ts';
import { readResults, type ResultItem } from '../batch-rows.ts';
import { TotalsTable } from '../components/batch-parts.tsx';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, batchName, count, dateTime, short, withdrawalName } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import type { Batch } from './batches.tsx';

/** Payouts shown a page at a time (a batch has up to 1,000). */
const PER_PAGE = 50;

/** `2 completed · 1 processing`: the statuses the payouts are in. */
function countsText(counts: Batch['counts']): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${count(n)} ${status}`)
    .join(' · ');
}

/** The batch's payouts, a page at a time (the page in the URL). */
function Payouts({ items }: { items: ResultItem[] }) {
  const { query } = useLocation();
  const pages = Math.max(1, Math.ceil(items.length / PER_PAGE));
  const page = Math.min(pages, Math.max(1, Number(query.get('page') ?? 1) || 1));
  const shown = items.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return (
    <>
      <DataTable
        caption="Payouts of the batch"
        rows={shown}
        rowKey={(w) => w.withdrawalId}
        columns={[
          { label: 'Row', class: 'num', render: (w) => count(Number(w.index) + 1) },
          { label: 'Withdrawal', render: (w) => <Link href={`/withdrawals/${w.withdrawalId}`}>{withdrawalName(w.withdrawalId)}</Link> },
          { label: 'Order id', render: (w) => <span class="mono">{short(w.orderId, 14)}</span> },
          { label: 'Status', render: (w) => <StatusBadge status={w.status} /> },
          { label: 'Amount', class: 'num', render: (w) => amount(w.amount, w.cryptoCurrencyCode) },
          { label: 'Network fee', class: 'num', render: (w) => amount(w.fee, w.cryptoCurrencyCode) },
          { label: 'To', render: (w) => <span class="mono">{short(w.address, 14)}</span> },
          { label: 'Transaction', render: (w) => <TxLink hash={w.transactionHash || null} currency={w.cryptoCurrencyCode} /> },
        ]}
      />
      <Pager page={page} total={items.length} limit={PER_PAGE} onPage={(p) => setQuery({ page: p }, false)} />
    </>
  );
}

function Summary({ b }: { b: Batch }) {
  const csv = (
    <a
      class="button secondary"
      href={downloadUrl('/v1/withdrawal/batch/results.csv', { id: b.id })}
      download={`withdrawal-batch-${b.id}.csv`}
    >
      Download results CSV
    </a>
  );
  return (
    <Section title="Summary" actions={csv}>
      <Facts
        items={[
          ['Id', <span class="mono wrap">{b.id}</span>],
          ['Payouts', `${count(b.itemCount)}: ${countsText(b.counts)}`],
          ['Committed', dateTime(b.createdAt)],
          ['Finished', b.completedAt ? dateTime(b.completedAt) : 'Not yet'],
          ...(b.webhookUrl ? [['Webhook URL', <span class="mono wrap">{b.webhookUrl}</span>] as [string, ComponentChildren]] : []),
        ]}
      />
      <TotalsTable caption="Totals per currency" totals={b.totals} />
      {b.completedTotals.length > 0 && (
        <>
          <h3>Paid out so far</h3>
          <TotalsTable caption="Paid out so far, per currency" totals={b.completedTotals} />
        </>
      )}
    </Section>
  );
}

export function BatchPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? ''; // the route has :id
  const batch = useResource(() => api.get('/v1/withdrawal/batch', { query: { id } }), [id], true);
  const b = batch.data?.data;
  // The payouts are read again whenever one of them changed status (the counts say so).
  const moved = b ? `${b.updatedAt}|${countsText(b.counts)}` : '';
  const items = useResource(
    async () => (b ? readResults(await api.get('/v1/withdrawal/batch/results.csv', { query: { id } })) : undefined),
    [id, moved],
  );
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{b ? batchName(b.id) : 'Batch'}</h1>
        {b && <StatusBadge status={b.status} />}
      </div>
      <ErrorAlert error={batch.error} />
      <LiveStatus>{b ? `Status: ${b.status}` : batch.loading ? 'Loading…' : ''}</LiveStatus>
      {b && (
        <>
          <Summary b={b} />
          <Section title="Payouts">
            <ErrorAlert error={items.error} />
            {items.data ? <Payouts items={items.data} /> : <p class="muted">Loading the payouts…</p>}
          </Section>
        </>
      )}
    </>
  );
}
