// The withdrawals queue across tenants: awaiting approval (whose, decided under Approvals), waiting
// (each with why), processing, failed; a waiting one can be cancelled by admins and operations, its
// debited total refunded to the merchant.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, StatusBadge } from '../components/feedback.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link, useLocation } from '../router.tsx';
import { Confirm, LIMIT, TenantLink, age, usePage } from './parts.tsx';
import { approvalState } from './approvals.tsx';
import { useMay } from './roles.ts';

type Queued = Data<'get', '/admin/withdrawals'>[number];
type Tab = 'awaitingApproval' | 'waiting' | 'processing' | 'failed';
/** A tab's name as the list's caption says it. */
const tabLabel = (tab: Tab): string => TABS.find(([t]) => t === tab)?.[1] ?? tab;

const TABS: Array<[Tab, string]> = [
  ['awaitingApproval', 'Awaiting approval'],
  ['waiting', 'Waiting'],
  ['processing', 'Processing'],
  ['failed', 'Failed'],
];

/** The queue's tabs (one tenant's queue stays one tenant's). */
function Tabs({ current, tenantId }: { current: Tab; tenantId: string }) {
  const href = (tab: Tab) => {
    const q = new URLSearchParams({ ...(tab !== 'waiting' ? { status: tab } : {}), ...(tenantId ? { tenantId } : {}) }).toString();
    return `/withdrawals${q ? `?${q}` : ''}`;
  };
  return (
    <nav class="sub-nav" aria-label="Queue">
      <ul>
        {TABS.map(([tab, label]) => (
          <li key={tab}>
            <Link href={href(tab)} aria-current={tab === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CancelWithdrawal({ w, onDone }: { w: Queued; onDone(text: string): void }) {
  const what = `${amount(w.amount, w.cryptoCurrencyCode)} to ${short(w.address, 12)}`;
  return (
    <Confirm
      label="Cancel"
      ariaLabel={`Cancel withdrawal ${w.id}`}
      question={
        <p>
          Cancel the withdrawal of {what}? It is never sent; its amount and fee go back to {w.tenantName ?? 'the merchant'}'s balance.
        </p>
      }
      confirm="Cancel and refund"
      keep="Keep waiting"
      onConfirm={async () => {
        await api.post('/admin/withdrawals/{id}/cancel', { params: { id: w.id } });
        onDone(`Withdrawal of ${what} cancelled and refunded.`);
      }}
    />
  );
}

/**
 * The last column: a waiting one's Cancel (for the roles that may), the way to Approvals for those
 * awaiting approval, else the transaction (waiting ones have none yet).
 */
function actionColumn(tab: Tab, cancels: boolean, onDone: (text: string) => void) {
  if (tab === 'awaitingApproval') return [{ label: 'Action', render: () => <Link href="/approvals">Decide under Approvals</Link> }];
  if (tab === 'waiting') return cancels ? [{ label: 'Action', render: (w: Queued) => <CancelWithdrawal w={w} onDone={onDone} /> }] : [];
  return [{ label: 'Transaction', render: (w: Queued) => <TxLink hash={w.txHash} currency={w.cryptoCurrencyCode} network={w.network} /> }];
}

export function WithdrawalsPage() {
  const { query } = useLocation();
  const tab: Tab = TABS.find(([t]) => t === query.get('status'))?.[0] ?? 'waiting';
  const may = useMay();
  const [page, setPage] = usePage();
  const tenantId = query.get('tenantId') ?? '';
  const q = { status: tab, page, limit: LIMIT, ...(tenantId ? { tenantId } : {}) };
  const list = useResource(() => api.get('/admin/withdrawals', { query: q }), [JSON.stringify(q)], true);
  const [done, setDone] = useState('');
  const total = list.data?.total;
  return (
    <>
      <h1 tabIndex={-1}>Withdrawals</h1>
      <Tabs current={tab} tenantId={tenantId} />
      {tenantId && (
        <p>
          One tenant's withdrawals.{' '}
          <Link href={tab === 'waiting' ? '/withdrawals' : `/withdrawals?status=${tab}`}>Show every tenant's</Link>
        </p>
      )}
      <ErrorAlert error={list.error} />
      <LiveStatus>
        {done || (total === undefined ? 'Loading…' : `${total} withdrawal${total === 1 ? '' : 's'} ${tabLabel(tab).toLowerCase()}`)}
      </LiveStatus>
      <DataTable<Queued>
        caption={`Withdrawals: ${tabLabel(tab)}`}
        rows={list.data?.data}
        rowKey={(w) => w.id}
        empty="The queue is empty."
        columns={[
          { label: 'Waiting', render: (w) => age(w.ageSeconds) },
          { label: 'Tenant', render: (w) => <TenantLink id={w.tenantId} name={w.tenantName} /> },
          { label: 'Amount', class: 'num', render: (w) => amount(w.amount, w.cryptoCurrencyCode) },
          { label: 'Fee', class: 'num', render: (w) => amount(w.fee, w.cryptoCurrencyCode) },
          { label: 'To', render: (w) => <span class="mono wrap">{w.address}</span> },
          { label: 'Status', render: (w) => <StatusBadge status={w.status} /> },
          { label: 'Reason', render: (w) => (w.approval ? approvalState(w.approval) : (w.reason ?? '—')) },
          ...actionColumn(tab, may('POST /admin/withdrawals/{id}/cancel'), (text) => (setDone(text), list.reload())),
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
    </>
  );
}
