// One deposit, live: timeline, address, payments with their confirmations, settlement, refunds, webhook deliveries.
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { DeliveryList, useDeliveries } from '../components/deliveries.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { PaymentsSection, withPayments } from '../components/payments.tsx';
import { RefundPanel } from '../components/refund.tsx';
import { remaining, ZERO } from '../decimal.ts';
import { RefundsSection, SettlementSection } from '../components/record-parts.tsx';
import { Timeline } from '../components/timeline.tsx';
import { amount, dateTime, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';

export function DepositPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const id = params.id ?? ''; // the route has :id
  const deposit = useResource(() => withPayments('deposit', id, api.get('/v1/deposit', { query: { id } })), [id], true);
  const deliveries = useDeliveries({ objectId: id });
  const [refunding, setRefunding] = useState(false);
  const d = deposit.data?.data;
  const refundable = d?.settlement ? remaining([d.settlement.amountPaid], [d.amountRefunded ?? ZERO]) : ZERO;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Deposit {d ? (d.orderId ?? short(d.id)) : ''}</h1>
        {d && <StatusBadge status={d.status} />}
        <div class="actions">
          {d && can('withdrawals.create') && refundable !== '0' && !refunding && (
            <button type="button" onClick={() => setRefunding(true)}>
              Refund
            </button>
          )}
        </div>
      </div>
      <ErrorAlert error={deposit.error} />
      <LiveStatus>{d ? `Status: ${d.status}` : deposit.loading ? 'Loading…' : ''}</LiveStatus>
      {d && refunding && (
        <RefundPanel of={{ depositId: d.id }} currency={d.cryptoCurrencyCode} refundable={refundable} onClose={() => setRefunding(false)} />
      )}
      {d && (
        <>
          <Section title="Details">
            <Facts
              items={[
                ['Id', <span class="mono wrap">{d.id}</span>],
                ['Order id', d.orderId ?? '—'],
                ['Customer', d.customerId ?? '—'],
                ['Currency', d.cryptoCurrencyCode],
                ['Address', <span class="mono wrap">{d.address ?? '—'}</span>],
                ['Received', amount(d.settlement?.amountPaid, d.cryptoCurrencyCode)],
              ]}
            />
          </Section>
          <Section title="Timeline">
            <Timeline
              moments={[
                { at: d.createdAt, label: 'Created' },
                {
                  at: d.settlement?.completedAt,
                  label: 'Completed',
                  detail: `credited ${amount(d.settlement?.netAmount, d.cryptoCurrencyCode)}`,
                },
                { at: d.updatedAt, label: `Status now ${d.status}` },
                { at: d.status === 'expired' ? d.expiresAt : undefined, label: 'Expired' },
                ...(deliveries.data?.data ?? []).map((w) => ({ at: w.createdAt, label: `Webhook ${w.event}`, detail: w.status })),
              ]}
            />
            <p class="muted">Address expires {dateTime(d.expiresAt)}.</p>
          </Section>
          <PaymentsSection
            payments={deposit.data?.payments}
            empty="No transaction to this address yet."
            refund={{ of: { depositId: d.id }, refunds: d.refunds }}
          />
          <SettlementSection settlement={d.settlement} currency={d.cryptoCurrencyCode} />
          <RefundsSection refunds={d.refunds} refunded={d.amountRefunded} currency={d.cryptoCurrencyCode} />
          <Section title="Webhook deliveries">
            <DeliveryList resource={deliveries} />
          </Section>
        </>
      )}
    </>
  );
}
