// One subscription, live: status, current period, customer and plan, the customer's portal link, its
// billed periods with their invoices, and cancelling it (now or at the period's end) after a confirmation.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import {
  STATUS_TEXT,
  SubscriptionBadge,
  customerName,
  ended,
  priceOf,
  type Period,
  type Subscription,
} from '../components/subscription-parts.tsx';
import { dateTime, fiat } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** What happens at the end of the current period, in words. */
function renewal(s: Subscription): string {
  if (s.status === 'cancelled' || s.status === 'expired') return `Ended ${dateTime(s.endedAt ?? s.updatedAt)}`;
  if (s.cancelAtPeriodEnd) return `Ends ${dateTime(s.currentPeriodEnd)}, with no further invoice`;
  return s.status === 'trialing' ? `First invoice ${dateTime(s.currentPeriodEnd)}` : `Renews ${dateTime(s.currentPeriodEnd)}`;
}

/** "Cancel this subscription?" Cancel now / at the period's end / Keep; then `onDone` (the page reloads it). */
function CancelPanel({ sub, onDone, onKeep }: { sub: Subscription; onDone(): void; onKeep(): void }) {
  const keep = useRef<HTMLButtonElement>(null);
  const cancel = useAction(async (atPeriodEnd: boolean) => {
    await api.post('/v1/subscriptions/{id}/cancel', { params: { id: sub.id }, body: { atPeriodEnd } });
    onDone();
  });
  // The button that opened this step is gone: the safe choice takes the focus.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div class="panel inset" role="group" aria-label="Cancel subscription">
      <p>
        <strong>Cancel this subscription?</strong> Now ends it at once and cancels its unpaid invoices; at the period’s end it runs until{' '}
        {dateTime(sub.currentPeriodEnd)} and bills nothing more.
      </p>
      <div class="actions">
        <button type="button" class="danger" disabled={cancel.busy} onClick={() => cancel.run(false)}>
          Cancel now
        </button>
        {!sub.cancelAtPeriodEnd && (
          <button type="button" class="secondary" disabled={cancel.busy} onClick={() => cancel.run(true)}>
            Cancel at period end
          </button>
        )}
        <button type="button" class="secondary" ref={keep} onClick={onKeep}>
          Keep
        </button>
      </div>
      <ErrorAlert error={cancel.error} focus />
    </div>
  );
}

/** The billed periods, newest first, each with its invoice (a period paid from credit has none). */
function Periods({ sub }: { sub: Subscription }) {
  const list = useResource(
    () => api.get('/v1/subscriptions/{id}/periods', { params: { id: sub.id }, query: { page: 1, limit: 100 } }),
    [sub.id, sub.updatedAt, sub.latestInvoiceId],
    true,
  );
  const paid = (p: Period) => (p.paid ? (p.paidBy === 'credit' ? 'Yes, from credit' : 'Yes') : 'No');
  return (
    <Section title="Invoices">
      <ErrorAlert error={list.error} />
      <DataTable
        caption="Billed periods"
        rows={list.data?.data}
        rowKey={(p) => String(p.periodNumber)}
        empty={sub.status === 'trialing' ? 'Nothing billed during the trial.' : 'Nothing billed yet.'}
        columns={[
          { label: 'Period', render: (p) => `${p.periodNumber}: ${dateTime(p.periodStart)} to ${dateTime(p.periodEnd)}` },
          { label: 'Amount', class: 'num', render: (p) => fiat(p.amount, p.fiatCurrencyCode) },
          { label: 'Paid', render: paid },
          {
            label: 'Invoice',
            render: (p) =>
              p.invoiceId ? (
                <>
                  <Link href={`/invoices/${p.invoiceId}`}>Invoice of period {p.periodNumber}</Link>{' '}
                  <StatusBadge status={p.invoiceStatus ?? ''} />
                </>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Section>
  );
}

function Details({ sub: s }: { sub: Subscription }) {
  const plan = useResource(() => api.get('/v1/plans/{id}', { params: { id: s.planId } }), [s.planId]);
  const customer = useResource(() => api.get('/v1/customers/{id}', { params: { id: s.customerId } }), [s.customerId]);
  const p = plan.data?.data;
  const c = customer.data?.data;
  return (
    <Section title="Details">
      <ErrorAlert error={plan.error ?? customer.error} />
      <Facts
        items={[
          ['Customer', <Link href={`/subscriptions/customers/${s.customerId}`}>{c ? customerName(c) : 'Customer'}</Link>],
          ['Plan', p ? `${p.name} · ${priceOf(p)}` : '…'],
          [
            'Current period',
            `${s.status === 'trialing' ? 'Trial' : `Period ${s.periodNumber}`}: ${dateTime(s.currentPeriodStart)} to ${dateTime(s.currentPeriodEnd)}`,
          ],
          ['Next', renewal(s)],
          ...(s.cancelledAt ? [['Cancelled', dateTime(s.cancelledAt)] as [string, string]] : []),
          ['Created', dateTime(s.createdAt)],
          ['Id', <span class="mono wrap">{s.id}</span>],
        ]}
      />
    </Section>
  );
}

export function SubscriptionPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const id = params.id ?? ''; // the route has :id
  const sub = useResource(() => api.get('/v1/subscriptions/{id}', { params: { id } }), [id], true);
  const [confirming, setConfirming] = useState(false);
  const s = sub.data?.data;
  // Every read signs a fresh link: the first one stays, so the link does not change while it is copied.
  const [portal, setPortal] = useState<string>();
  useEffect(() => {
    if (!portal && s?.portalUrl) setPortal(s.portalUrl);
  }, [portal, s?.portalUrl]);
  const done = () => {
    setConfirming(false);
    sub.reload();
    document.querySelector<HTMLElement>('main h1')?.focus();
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Subscription</h1>
        {s && <SubscriptionBadge status={s.status} />}
        <div class="actions">
          {s && !ended(s) && can('invoices.cancel') && !confirming && (
            <button type="button" class="secondary" onClick={() => setConfirming(true)}>
              Cancel subscription
            </button>
          )}
        </div>
      </div>
      <ErrorAlert error={sub.error} />
      <LiveStatus class={s ? 'sr-only' : ''}>
        {s
          ? `Status: ${STATUS_TEXT[s.status]}${s.cancelAtPeriodEnd && !ended(s) ? ', ends at the end of the period' : ''}`
          : sub.loading
            ? 'Loading…'
            : ''}
      </LiveStatus>
      {s && confirming && <CancelPanel sub={s} onDone={done} onKeep={() => setConfirming(false)} />}
      {s && <Details sub={s} />}
      {s && portal && !ended(s) && (
        <Section title="Customer portal">
          <p class="muted">
            Send this link to the customer: they see their subscriptions and invoices, change their email, or cancel. It works for a limited
            time.
          </p>
          <CopyValue label="Portal link" value={portal} />
        </Section>
      )}
      {s && <Periods sub={s} />}
    </>
  );
}
