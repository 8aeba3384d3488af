// Payments incoming screening held: a sender on the denylist, flagged by the provider, or a provider
// that did not answer while SCREENING_FAIL is closed. Nothing of them is credited until an operator
// releases one (its invoice or deposit is credited as it would have been) or refunds it to an
// address (a payout from the hold, less the network fee). Every operator reads the queue; admins
// and operations decide.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, StatusBadge } from '../components/feedback.tsx';
import { Field } from '../components/fields.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, dateTime, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';
import { Confirm, LIMIT, StatusTabs, TenantLink, usePage } from './parts.tsx';

type Held = Data<'get', '/admin/held-payments'>[number];
type Status = Held['status'];
const TABS: Array<[Status, string]> = [
  ['held', 'Held'],
  ['released', 'Released'],
  ['refunded', 'Refunded'],
];
/** The operator roles that release and refund (the API decides; this only hides what would be refused). */
const HELD_DECIDERS: readonly string[] = ['operator', 'operatorOperations'];

/** Release one held payment, or refund it to an address the operator names. */
function Actions({ h, onDone }: { h: Held; onDone(text: string): void }) {
  const [to, setTo] = useState('');
  const what = `${amount(h.amount, h.cryptoCurrencyCode)} from ${short(h.flaggedSender, 14)}`;
  return (
    <div class="actions">
      <Confirm
        label="Release"
        ariaLabel={`Release payment ${h.id}`}
        danger={false}
        question={
          <p>
            Release {what}? Its {h.ownerType} is credited as if it had never been held.
          </p>
        }
        confirm="Release and credit"
        onConfirm={async () => {
          await api.post('/admin/held-payments/{id}/release', { params: { id: h.id }, body: {} });
          onDone(`Released ${what}.`);
        }}
      />
      {h.paymentStatus === 'confirmed' && (
        <Confirm
          label="Refund"
          ariaLabel={`Refund payment ${h.id}`}
          question={
            <>
              <p>Refund {what}, less the network fee? It is paid out from the hold; the merchant is not credited.</p>
              <Field label="Refund address" value={to} onValue={setTo} autoComplete="off" required />
            </>
          }
          confirm="Refund"
          onConfirm={async () => {
            await api.post('/admin/held-payments/{id}/refund', { params: { id: h.id }, body: { address: to.trim() } });
            onDone(`Refunding ${what} to ${short(to.trim(), 14)}.`);
          }}
        />
      )}
    </div>
  );
}

/** Who flagged it and why, in a phrase. */
function flaggedBy(h: Held): string {
  const by = h.source === 'failClosed' ? 'provider did not answer (fail closed)' : h.source;
  return `${h.decision} by ${by}${h.reason ? `: ${h.reason}` : ''}`;
}

export function HeldPaymentsPage() {
  const { me } = useSession();
  const { query } = useLocation();
  const status: Status = TABS.find(([s]) => s === query.get('status'))?.[0] ?? 'held';
  const [page, setPage] = usePage();
  const q = { status, page, limit: LIMIT };
  const list = useResource(() => api.get('/admin/held-payments', { query: q }), [JSON.stringify(q)], true);
  const [done, setDone] = useState('');
  const total = list.data?.total;
  const decides = status === 'held' && HELD_DECIDERS.includes(me.user.role);
  return (
    <>
      <h1 tabIndex={-1}>Held payments</h1>
      <p>Payments whose sender screening flagged. Nothing of them is credited until released; a refund pays them back from the hold.</p>
      <StatusTabs base="/held-payments" tabs={TABS} current={status} />
      <ErrorAlert error={list.error} />
      <LiveStatus>{done || (total === undefined ? 'Loading…' : `${total} ${status}`)}</LiveStatus>
      <DataTable<Held>
        caption={`Held payments: ${status}`}
        rows={list.data?.data}
        rowKey={(h) => h.id}
        empty="None."
        columns={[
          { label: 'Held', render: (h) => dateTime(h.heldAt) },
          { label: 'Tenant', render: (h) => <TenantLink id={h.tenantId} name={h.tenantName} /> },
          { label: 'For', render: (h) => `${h.ownerType} ${short(h.ownerId, 8)}` },
          { label: 'Amount', class: 'num', render: (h) => <span class="wrap">{amount(h.amount, h.cryptoCurrencyCode)}</span> },
          { label: 'Sender', render: (h) => <span class="mono wrap">{h.flaggedSender}</span> },
          { label: 'Flagged', render: (h) => flaggedBy(h) },
          { label: 'Transaction', render: (h) => <TxLink hash={h.transactionHash} currency={h.cryptoCurrencyCode} network={h.network} /> },
          { label: 'Payment', render: (h) => <StatusBadge status={h.paymentStatus} /> },
          decides
            ? { label: 'Action', render: (h: Held) => <Actions h={h} onDone={(text) => (setDone(text), list.reload())} /> }
            : { label: 'Decision', render: (h: Held) => decision(h) },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
    </>
  );
}

/** What became of it: who released it, or where the refund went and how its payout stands. */
function decision(h: Held) {
  if (h.status === 'held') return h.refundStatus ? `held again: refund ${h.refundStatus}` : '—';
  if (h.status === 'released') return `released by ${h.decidedBy ?? '—'}`;
  return (
    <span class="wrap">
      refund to <span class="mono">{short(h.refundAddress ?? '', 14)}</span>: <StatusBadge status={h.refundStatus ?? 'created'} />
    </span>
  );
}
