// Approvals: the account's withdrawals held for a second person (amount, destination, who
// committed it), approved or rejected by another owner or finance user with the authenticator.
// Whoever committed one cannot approve it, and the page says so where the button would be.
import { useId, useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Field } from '../components/fields.tsx';
import { amount, dateTime, usd, withdrawalName } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

type Withdrawal = Data<'get', '/v1/withdrawal/list'>[number];

/** Whether the tenant's approval is still missing (an operator's may be asked besides). */
function needsTenant(w: Withdrawal): boolean {
  return Boolean(w.approvalLevels?.includes('tenant')) && !w.approvals?.some((a) => a.level === 'tenant');
}

/** Who must still approve, and who did, in words. */
export function approvalText(w: Pick<Withdrawal, 'approvals' | 'approvalLevels'>): string {
  const given = (w.approvals ?? []).map((a) => `${a.level === 'tenant' ? 'approved' : 'operator approved'} by ${a.by}`);
  const missing = (w.approvalLevels ?? [])
    .filter((l) => !w.approvals?.some((a) => a.level === l))
    .map((l) => (l === 'tenant' ? 'a second person of the business' : 'the operator of the gateway'));
  return [...given, missing.length ? `waits for ${missing.join(' and ')}` : ''].filter(Boolean).join('; ');
}

function Decide({ w, what, onDone }: { w: Withdrawal; what: string; onDone(text: string): void }) {
  const { me } = useSession();
  const why = useId();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const own = w.committedByUserId === me.user.id;
  const decide = useAction(async () => {
    if (asking === 'approve') await api.post('/v1/withdrawal/approve', { body: { id: w.id } });
    else await api.post('/v1/withdrawal/reject', { body: { id: w.id, ...(reason.trim() ? { reason: reason.trim() } : {}) } });
    onDone(`${withdrawalName(w.id)} ${asking === 'approve' ? 'approved' : 'rejected: its funds are back in the balance'}.`);
  });
  if (asking) {
    return (
      <div class="confirm" role="group" aria-label={`${asking === 'approve' ? 'Approve' : 'Reject'} ${withdrawalName(w.id)}`}>
        <p>
          {asking === 'approve'
            ? `Approve sending ${what}? It is paid once every approval it needs is given.`
            : `Reject sending ${what}? It is cancelled and its funds go back to the balance.`}
        </p>
        {asking === 'reject' && <Field label="Reason (optional)" value={reason} onValue={setReason} maxLength={500} autoComplete="off" />}
        <div class="actions">
          <button type="button" class={asking === 'reject' ? 'danger' : ''} disabled={decide.busy} onClick={() => decide.run()}>
            {asking === 'approve' ? 'Approve withdrawal' : 'Reject withdrawal'}
          </button>
          <button type="button" class="secondary" disabled={decide.busy} onClick={() => setAsking(null)}>
            Back
          </button>
        </div>
        <ErrorAlert error={decide.error} />
      </div>
    );
  }
  const name = withdrawalName(w.id);
  return (
    <div class="actions">
      {/* Focusable while refused, so a keyboard or screen reader reaches the reason. */}
      <button
        type="button"
        aria-disabled={own ? 'true' : undefined}
        aria-describedby={own ? why : undefined}
        aria-label={`Approve ${name}`}
        onClick={() => !own && setAsking('approve')}
      >
        Approve
      </button>
      <button type="button" class="secondary" aria-label={`Reject ${name}`} onClick={() => setAsking('reject')}>
        Reject
      </button>
      {own && (
        <small id={why} class="hint">
          You committed this withdrawal: another owner or finance user must approve it.
        </small>
      )}
    </div>
  );
}

export function ApprovalsSection() {
  const { can } = useSession();
  const list = useResource(() => api.get('/v1/withdrawal/list', { query: { status: 'awaitingApproval', page: 1, limit: 100 } }), [], true);
  const book = useResource(
    () => (can('payouts.list') ? api.get('/v1/payout-addresses', { query: { page: 1, limit: 100 } }) : Promise.resolve(undefined)),
    [],
  );
  const [done, setDone] = useState('');
  const labels = new Map((book.data?.data ?? []).map((e) => [e.address.toLowerCase(), e.label]));
  const destination = (w: Withdrawal) => labels.get(w.address.toLowerCase()) ?? null;
  const decider = can('withdrawals.create');
  const total = list.data?.total;
  return (
    <Section title="Approvals">
      <p>
        Withdrawals the payout policy holds for a second person. Whoever committed one cannot approve it; unapproved ones expire and their
        funds go back to the balance.
      </p>
      <ErrorAlert error={list.error} />
      <LiveStatus>
        {done || (total === undefined ? 'Loading…' : `${total} withdrawal${total === 1 ? '' : 's'} awaiting approval`)}
      </LiveStatus>
      <DataTable<Withdrawal>
        caption="Withdrawals awaiting approval"
        rows={list.data?.data}
        rowKey={(w) => w.id}
        empty="No withdrawal awaits approval."
        columns={[
          { label: 'Withdrawal', render: (w) => <Link href={`/withdrawals/${w.id}`}>{withdrawalName(w.id)}</Link> },
          { label: 'Amount', class: 'num', render: (w) => `${amount(w.amount, w.cryptoCurrencyCode)} (${usd(w.amountUsd)})` },
          {
            label: 'Destination',
            render: (w) => (
              <>
                {destination(w) && <strong>{destination(w)} </strong>}
                <span class="mono wrap">{w.address}</span>
              </>
            ),
          },
          { label: 'Committed by', render: (w) => `${w.committedBy ?? '—'}, ${dateTime(w.createdAt)}` },
          { label: 'Approvals', render: (w) => approvalText(w) },
          { label: 'Expires', render: (w) => dateTime(w.approvalExpiresAt) },
          {
            label: 'Action',
            render: (w) =>
              !decider ? (
                <span class="muted">An owner or finance user decides.</span>
              ) : needsTenant(w) ? (
                <Decide
                  w={w}
                  what={`${amount(w.amount, w.cryptoCurrencyCode)} to ${destination(w) ?? w.address}`}
                  onDone={(text) => (setDone(text), list.reload())}
                />
              ) : (
                <span class="muted">Approved here; the operator decides.</span>
              ),
          },
        ]}
      />
    </Section>
  );
}
