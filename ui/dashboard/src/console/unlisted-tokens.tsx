// Tokens outside the catalogue that reached one of our addresses: never credited to anyone. The
// operator moves them out (the sweeper signs on EVM networks; elsewhere by hand, with the key at
// the shown derivation path, then records the move) or dismisses them (spam airdrops are common).
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, StatusBadge } from '../components/feedback.tsx';
import { Field } from '../components/fields.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, dateTime, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { useLocation } from '../router.tsx';
import { Confirm, LIMIT, StatusTabs, TenantLink, usePage } from './parts.tsx';
import { useMay } from './roles.ts';

type Unlisted = Data<'get', '/admin/unlisted-tokens'>[number];
type Status = Unlisted['status'];
const TABS: Array<[Status, string]> = [
  ['held', 'Held'],
  ['moving', 'Moving'],
  ['moved', 'Moved'],
  ['dismissed', 'Dismissed'],
];

/** Move (to the hot wallet, or an address the operator names) or dismiss one held token. */
function Actions({ u, onDone }: { u: Unlisted; onDone(text: string): void }) {
  const [to, setTo] = useState('');
  const what = `${amount(u.amount)} units of ${short(u.contract, 14)} at ${short(u.address, 14)}`;
  return (
    <div class="actions">
      <Confirm
        label="Move"
        ariaLabel={`Move token ${u.id}`}
        danger={false}
        question={
          <>
            <p>Move {what} out? Empty: to the hot wallet.</p>
            <Field label="Destination address" value={to} onValue={setTo} autoComplete="off" />
          </>
        }
        confirm="Move"
        keep="Keep"
        onConfirm={async () => {
          await api.post('/admin/unlisted-tokens/{id}/move', { params: { id: u.id }, body: to.trim() ? { to: to.trim() } : {} });
          onDone(`Moving ${what}.`);
        }}
      />
      <Confirm
        label="Dismiss"
        ariaLabel={`Dismiss token ${u.id}`}
        question={<p>Dismiss {what}? It stays where it is; it can be held again.</p>}
        confirm="Dismiss"
        keep="Keep"
        onConfirm={async () => {
          await api.post('/admin/unlisted-tokens/{id}/dismiss', { params: { id: u.id }, body: {} });
          onDone(`Dismissed ${what}.`);
        }}
      />
    </div>
  );
}

export function UnlistedTokensPage() {
  const may = useMay();
  const { query } = useLocation();
  const status: Status = TABS.find(([s]) => s === query.get('status'))?.[0] ?? 'held';
  const [page, setPage] = usePage();
  const q = { status, page, limit: LIMIT };
  const list = useResource(() => api.get('/admin/unlisted-tokens', { query: q }), [JSON.stringify(q)], true);
  const [done, setDone] = useState('');
  const total = list.data?.total;
  return (
    <>
      <h1 tabIndex={-1}>Unlisted tokens</h1>
      <p>Tokens outside the catalogue that reached a deposit or invoice address. They are never credited to a merchant.</p>
      <StatusTabs base="/unlisted-tokens" tabs={TABS} current={status} />
      <ErrorAlert error={list.error} />
      <LiveStatus>{done || (total === undefined ? 'Loading…' : `${total} ${status}`)}</LiveStatus>
      <DataTable<Unlisted>
        caption={`Unlisted tokens: ${status}`}
        rows={list.data?.data}
        rowKey={(u) => u.id}
        empty="None."
        columns={[
          { label: 'Seen', render: (u) => dateTime(u.firstSeenAt) },
          { label: 'Tenant', render: (u) => <TenantLink id={u.tenantId} name={u.tenantName} /> },
          { label: 'Network', render: (u) => u.network },
          { label: 'Contract', render: (u) => <span class="mono wrap">{u.contract}</span> },
          { label: 'Amount (units)', class: 'num', render: (u) => <span class="wrap">{amount(u.amount)}</span> },
          {
            label: 'Address',
            render: (u) => (
              <span class="mono wrap" title={u.derivationPath}>
                {u.address}
              </span>
            ),
          },
          { label: 'Transaction', render: (u) => <TxLink hash={u.transactionHash} currency={null} network={u.network} /> },
          { label: 'Status', render: (u) => <StatusBadge status={u.status} /> },
          status === 'held' && may('POST /admin/unlisted-tokens/{id}/move')
            ? { label: 'Action', render: (u: Unlisted) => <Actions u={u} onDone={(text) => (setDone(text), list.reload())} /> }
            : {
                label: 'Note',
                render: (u: Unlisted) =>
                  u.note ?? (u.moveTransactionHash ? <TxLink hash={u.moveTransactionHash} currency={null} network={u.network} /> : '—'),
              },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
    </>
  );
}
