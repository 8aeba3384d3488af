// One invoice, live: its payment link, cancellation, timeline, payment and its transactions with their confirmations, settlement, refunds, webhook deliveries.
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { DeliveryList, useDeliveries, type Delivery } from '../components/deliveries.tsx';
import { CANCELLABLE, CancelInvoice, PAYABLE, PaymentLink } from '../components/invoice-actions.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { PaymentsSection, withPayments } from '../components/payments.tsx';
import { RefundPanel } from '../components/refund.tsx';
import { remaining } from '../decimal.ts';
import { RefundsSection, SettlementSection } from '../components/record-parts.tsx';
import { Timeline, type Moment } from '../components/timeline.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, dateTime, fiat, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { Invoice } from './invoices.tsx';

const REFUNDABLE = ['paid', 'overpaid', 'partially_paid', 'expired', 'cancelled'];

/** The invoice's moments: its timestamps and the webhooks it caused. */
export function invoiceMoments(i: Invoice, deliveries: Delivery[] | undefined): Moment[] {
  return [
    { at: i.createdAt, label: 'Created', detail: fiat(i.amount, i.fiatCurrencyCode) },
    { at: i.paidAt, label: 'Paid', detail: amount(i.cryptoAmountReceived, i.cryptoCurrencyCode) },
    { at: i.settlement?.completedAt, label: 'Settled', detail: `credited ${amount(i.settlement?.netAmount, i.cryptoCurrencyCode)}` },
    { at: i.status === 'expired' ? i.expiresAt : undefined, label: 'Expired' },
    { at: i.updatedAt, label: `Status now ${i.status.replace(/_/g, ' ')}` },
    ...(deliveries ?? []).map((d) => ({ at: d.createdAt, label: `Webhook ${d.event}`, detail: `${d.status}, ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}` })),
  ];
}

/** What the customer sent and what it still waits for (the payment page's view of the invoice). */
function Payment({ invoice }: { invoice: Invoice }) {
  const state = useResource(() => api.get('/pay/{id}/state', { params: { id: invoice.id } }), [invoice.id, invoice.status, invoice.cryptoAmountReceived]);
  const sel = state.data?.data.selected;
  const code = invoice.cryptoCurrencyCode;
  return (
    <Section title="Payment">
      {!code && <p class="muted">The customer has not chosen a currency yet.</p>}
      {code && (
        <Facts
          items={[
            ['Currency', sel ? `${code} on ${sel.network}` : code],
            ['Address', <span class="mono wrap">{invoice.address ?? '—'}</span>],
            ['Expected', amount(invoice.cryptoAmountExpected, code)],
            ['Received', amount(invoice.cryptoAmountReceived ?? 0, code)],
            ['Waiting for confirmations', sel ? `${sel.amountPending} ${code} (needs ${sel.confirmationsRequired} confirmations)` : '—'],
            ['Transaction', <TxLink hash={invoice.txHash} currency={code} />],
          ]}
        />
      )}
    </Section>
  );
}

/** What may still be refunded, exactly: what arrived less what was refunded. */
function refundable(i: Invoice): string {
  return remaining([i.cryptoAmountReceived ?? 0], [i.amountRefunded ?? 0]);
}

/** Everything below the head: the link while the customer may pay, details, timeline, money, webhooks. */
function InvoiceBody({ invoice: i, resource, deliveries }: { invoice: Invoice; resource: ReturnType<typeof useInvoice>; deliveries: ReturnType<typeof useDeliveries> }) {
  return (
    <>
      {PAYABLE.includes(i.status) && <PaymentLink url={i.paymentPageUrl} />}
      <Section title="Details">
        <Facts
          items={[
            ['Id', <span class="mono wrap">{i.id}</span>],
            ['Order id', i.orderId ?? '—'],
            ['Amount', fiat(i.amount, i.fiatCurrencyCode)],
            ['Description', i.description ?? '—'],
            ['Customer', i.customerId ?? '—'],
            ['Expires', dateTime(i.expiresAt)],
          ]}
        />
      </Section>
      <Section title="Timeline">
        <Timeline moments={invoiceMoments(i, deliveries.data?.data)} />
      </Section>
      <Payment invoice={i} />
      <PaymentsSection payments={resource.data?.payments} empty="No transaction seen yet." refund={{ of: { invoiceId: i.id }, refunds: i.refunds }} />
      <SettlementSection settlement={i.settlement} currency={i.cryptoCurrencyCode} />
      <RefundsSection refunds={i.refunds} refunded={i.amountRefunded} currency={i.cryptoCurrencyCode} />
      <Section title="Webhook deliveries">
        <DeliveryList resource={deliveries} />
      </Section>
    </>
  );
}

/** The invoice with its payments, polled. */
function useInvoice(id: string) {
  return useResource(() => withPayments('invoice', id, api.get('/v1/invoice', { query: { id } })), [id], true);
}

export function InvoicePage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const id = params.id!;
  const invoice = useInvoice(id);
  const deliveries = useDeliveries({ objectId: id });
  const [panel, setPanel] = useState<'refund' | 'cancel' | undefined>();
  const i = invoice.data?.data;
  const canRefund = i && can('withdrawals.create') && REFUNDABLE.includes(i.status) && refundable(i) !== '0' && !!i.cryptoCurrencyCode;
  const canCancel = i && can('invoices.cancel') && CANCELLABLE.includes(i.status);
  const cancelled = () => {
    setPanel(undefined);
    invoice.reload();
    document.querySelector<HTMLElement>('main h1')?.focus();
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Invoice {i ? (i.orderId ?? short(i.id)) : ''}</h1>
        {i && <StatusBadge status={i.status} />}
        <div class="actions">
          {canRefund && !panel && (
            <button type="button" onClick={() => setPanel('refund')}>
              Refund
            </button>
          )}
          {canCancel && !panel && (
            <button type="button" class="secondary" onClick={() => setPanel('cancel')}>
              Cancel invoice
            </button>
          )}
          {i && (
            <a class="button secondary" href={i.paymentPageUrl} target="_blank" rel="noopener noreferrer">
              Payment page
            </a>
          )}
        </div>
      </div>
      <ErrorAlert error={invoice.error} />
      <LiveStatus>{i ? `Status: ${i.status.replace(/_/g, ' ')}` : invoice.loading ? 'Loading…' : ''}</LiveStatus>
      {i && panel === 'refund' && <RefundPanel of={{ invoiceId: i.id }} currency={i.cryptoCurrencyCode!} refundable={refundable(i)} onClose={() => setPanel(undefined)} />}
      {i && canCancel && panel === 'cancel' && <CancelInvoice invoiceId={i.id} onDone={cancelled} onKeep={() => setPanel(undefined)} />}
      {i && <InvoiceBody invoice={i} resource={invoice} deliveries={deliveries} />}
    </>
  );
}
