// One invoice, live: its payment link, cancellation, timeline, payment (totals, settlement and each transaction with its confirmations), refunds, webhook deliveries.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { DeliveryList, useDeliveries } from '../components/deliveries.tsx';
import { CANCELLABLE, CancelInvoice, PAYABLE, PaymentLink } from '../components/invoice-actions.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { PaymentsSection, withPayments, type Payment } from '../components/payments.tsx';
import { RefundPanel } from '../components/refund.tsx';
import { type Decimal, remaining, ZERO } from '../decimal.ts';
import { RefundsSection, settlementFacts } from '../components/record-parts.tsx';
import { Timeline, type Moment } from '../components/timeline.tsx';
import { amount, dateTime, fiat, short, statusLabel } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';
import type { Invoice } from './invoices.tsx';

const REFUNDABLE = ['paid', 'overpaid', 'partially_paid', 'expired', 'cancelled'];

/** The statuses the timeline dates by a timestamp of their own. */
const DATED = ['created', 'paid', 'expired'];

/**
 * When things happened to the invoice, and nothing else: the amounts are in Details and Payment,
 * the webhooks in their own section, the current status in the badge.
 */
export function invoiceMoments(i: Invoice): Moment[] {
  return [
    { at: i.createdAt, label: 'Created' },
    { at: i.paidAt, label: 'Paid' },
    { at: i.settlement?.completedAt, label: 'Settled' },
    { at: i.status === 'expired' ? i.expiresAt : undefined, label: 'Expired' },
    // Any other status (cancelled, partially paid, …) took effect at the last change.
    { at: DATED.includes(i.status) ? undefined : i.updatedAt, label: statusLabel(i.status) },
  ];
}

/** What the customer was asked for and sent, what it still waits for, and what the balance got; then each transaction. */
function PaymentBlock({ invoice, payments }: { invoice: Invoice; payments: Payment[] | undefined }) {
  const state = useResource(
    () => api.get('/pay/{id}/state', { params: { id: invoice.id } }),
    [invoice.id, invoice.status, invoice.cryptoAmountReceived],
  );
  const sel = state.data?.data.selected;
  const code = invoice.cryptoCurrencyCode;
  const settled = invoice.settlement ? settlementFacts(invoice.settlement, code) : [];
  // Said only while something waits: the payments table has each transaction's depth.
  const needs = sel ? `${sel.confirmationsRequired} confirmation${sel.confirmationsRequired === 1 ? '' : 's'}` : '';
  const waiting: Array<[string, string]> =
    sel && !/^0(\.0*)?$/.test(sel.amountPending)
      ? [['Waiting for confirmations', `${amount(sel.amountPending, code)} (needs ${needs})`]]
      : [];
  return (
    <PaymentsSection
      title="Payment"
      payments={payments}
      empty="No transaction seen yet."
      refund={{ of: { invoiceId: invoice.id }, refunds: invoice.refunds }}
    >
      {!code && <p class="muted">The customer has not chosen a currency yet.</p>}
      {code && (
        <Facts
          items={[
            ['Currency', sel ? `${code} on ${sel.network}` : code],
            ['Address', <span class="mono wrap">{invoice.address ?? '—'}</span>],
            ['Expected', amount(invoice.cryptoAmountExpected, code)],
            // Once settled, what arrived is the settlement's first line (with its USD value).
            ...(settled.length ? [] : [['Received', amount(invoice.cryptoAmountReceived ?? ZERO, code)] as [string, string]]),
            ...waiting,
            ...settled,
          ]}
        />
      )}
    </PaymentsSection>
  );
}

/** The payment link an invoice was made through, by its title, linked to its page. */
function LinkName({ id }: { id: string }) {
  const link = useResource(() => api.get('/v1/payment-links/{id}', { params: { id } }), [id]);
  return <Link href={`/payment-links/${id}`}>{link.data ? `Payment link “${link.data.data.title}”` : 'Payment link'}</Link>;
}

/** What may still be refunded, exactly: what arrived less what was refunded. */
function refundable(i: Invoice): Decimal {
  return remaining([i.cryptoAmountReceived ?? ZERO], [i.amountRefunded ?? ZERO]);
}

/** Everything below the head: the link while the customer may pay, details, timeline, payment, webhooks; each fact once. */
function InvoiceBody({
  invoice: i,
  resource,
  deliveries,
}: {
  invoice: Invoice;
  resource: ReturnType<typeof useInvoice>;
  deliveries: ReturnType<typeof useDeliveries>;
}) {
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
            ...(i.customerEmail ? [['Customer email', i.customerEmail] as [string, string]] : []),
            ...(i.paymentLinkId ? [['Made through', <LinkName id={i.paymentLinkId} />] as [string, ComponentChildren]] : []),
            ['Expires', dateTime(i.expiresAt)],
          ]}
        />
      </Section>
      <Section title="Timeline">
        <Timeline moments={invoiceMoments(i)} />
      </Section>
      <PaymentBlock invoice={i} payments={resource.data?.payments} />
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
  const id = params.id ?? ''; // the route has :id
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
          {/* While the customer may pay, the Payment link section below carries the page's address. */}
          {i && !PAYABLE.includes(i.status) && (
            <a class="button secondary" href={i.paymentPageUrl} target="_blank" rel="noopener noreferrer">
              Payment page
            </a>
          )}
        </div>
      </div>
      <ErrorAlert error={invoice.error} />
      {/* Said to screen readers as it changes; the badge shows it. */}
      <LiveStatus class={i ? 'sr-only' : ''}>{i ? `Status: ${i.status.replace(/_/g, ' ')}` : invoice.loading ? 'Loading…' : ''}</LiveStatus>
      {i?.cryptoCurrencyCode && panel === 'refund' && (
        <RefundPanel
          of={{ invoiceId: i.id }}
          currency={i.cryptoCurrencyCode}
          refundable={refundable(i)}
          onClose={() => setPanel(undefined)}
        />
      )}
      {i && canCancel && panel === 'cancel' && <CancelInvoice invoiceId={i.id} onDone={cancelled} onKeep={() => setPanel(undefined)} />}
      {i && <InvoiceBody invoice={i} resource={invoice} deliveries={deliveries} />}
    </>
  );
}
