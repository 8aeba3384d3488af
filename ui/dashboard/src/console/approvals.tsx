// Approvals: withdrawals of every tenant held for approval, oldest first. Those above the
// installation's threshold wait for an operator too: admins and operations approve or reject them
// (one operator's approval is all a withdrawal takes); other roles see the queue without buttons.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus } from '../components/feedback.tsx';
import { amount, dateTime, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { useLocation } from '../router.tsx';
import { Confirm, LIMIT, TenantLink, age, usePage } from './parts.tsx';
import { useMay } from './roles.ts';

type Queued = Data<'get', '/admin/withdrawals'>[number];
type Approval = NonNullable<Queued['approval']>;

/** Who approved and who must still, in words. */
export function approvalState(a: Approval | null | undefined): string {
  if (!a) return '—';
  const given = a.approvals.map((x) => `${x.level === 'operator' ? 'operator' : 'merchant'} approved by ${x.by}`);
  const missing = a.levels
    .filter((l) => !a.approvals.some((x) => x.level === l))
    .map((l) => (l === 'operator' ? 'an operator' : "the merchant's second person"));
  return [...given, missing.length ? `waits for ${missing.join(' and ')}` : ''].filter(Boolean).join('; ');
}

/** Whether the withdrawal still needs an operator's approval. */
const needsOperator = (a: Approval | null | undefined) =>
  Boolean(a?.levels.includes('operator') && !a.approvals.some((x) => x.level === 'operator'));

function Decide({ w, onDone }: { w: Queued; onDone(text: string): void }) {
  const what = `${amount(w.amount, w.cryptoCurrencyCode)} to ${short(w.address, 12)}`;
  return (
    <div class="actions">
      <Confirm
        label="Approve"
        ariaLabel={`Approve withdrawal ${w.id}`}
        danger={false}
        question={
          <p>
            Approve the withdrawal of {what} for {w.tenantName}? It is paid once every approval it needs is given.
          </p>
        }
        confirm="Approve withdrawal"
        keep="Back"
        onConfirm={async () => {
          await api.post('/admin/withdrawals/{id}/approve', { params: { id: w.id } });
          onDone(`Withdrawal of ${what} approved.`);
        }}
      />
      <Confirm
        label="Reject"
        ariaLabel={`Reject withdrawal ${w.id}`}
        question={
          <p>
            Reject the withdrawal of {what}? It is cancelled and its amount and fee go back to {w.tenantName}'s balance.
          </p>
        }
        confirm="Reject withdrawal"
        keep="Back"
        onConfirm={async () => {
          await api.post('/admin/withdrawals/{id}/reject', { params: { id: w.id }, body: {} });
          onDone(`Withdrawal of ${what} rejected and refunded.`);
        }}
      />
    </div>
  );
}

export function ApprovalsPage() {
  const { query } = useLocation();
  const may = useMay();
  const [page, setPage] = usePage();
  const tenantId = query.get('tenantId') ?? '';
  const q = { status: 'awaitingApproval' as const, page, limit: LIMIT, ...(tenantId ? { tenantId } : {}) };
  const list = useResource(() => api.get('/admin/withdrawals', { query: q }), [JSON.stringify(q)], true);
  const [done, setDone] = useState('');
  const decides = may('POST /admin/withdrawals/{id}/approve');
  const total = list.data?.total;
  return (
    <>
      <h1 tabIndex={-1}>Approvals</h1>
      <p>
        Withdrawals held for approval, the longest waiting first. Above the installation's threshold an operator approves too: not the
        merchant's people, and one operator's approval is all it takes. Unapproved ones expire and are refunded.
      </p>
      {!decides && <p class="muted">Your role reads this queue; an operator admin or operations decides.</p>}
      <ErrorAlert error={list.error} />
      <LiveStatus>
        {done || (total === undefined ? 'Loading…' : `${total} withdrawal${total === 1 ? '' : 's'} awaiting approval`)}
      </LiveStatus>
      <DataTable<Queued>
        caption="Withdrawals awaiting approval"
        rows={list.data?.data}
        rowKey={(w) => w.id}
        empty="No withdrawal awaits approval."
        columns={[
          { label: 'Waiting', render: (w) => age(w.ageSeconds) },
          { label: 'Tenant', render: (w) => <TenantLink id={w.tenantId} name={w.tenantName} /> },
          { label: 'Amount', class: 'num', render: (w) => amount(w.amount, w.cryptoCurrencyCode) },
          { label: 'To', render: (w) => <span class="mono wrap">{w.address}</span> },
          { label: 'Committed by', render: (w) => w.approval?.committedBy ?? '—' },
          { label: 'Approvals', render: (w) => approvalState(w.approval) },
          { label: 'Expires', render: (w) => dateTime(w.approval?.expiresAt) },
          ...(decides
            ? [
                {
                  label: 'Action',
                  render: (w: Queued) =>
                    needsOperator(w.approval) ? (
                      <Decide w={w} onDone={(text) => (setDone(text), list.reload())} />
                    ) : (
                      <span class="muted">
                        {w.approval?.levels.includes('operator') ? 'Operator approval given' : 'The merchant’s to approve'}
                      </span>
                    ),
                },
              ]
            : []),
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
    </>
  );
}
