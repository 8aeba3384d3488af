// One payment link, live: its address to copy and its QR code, turning it off and on, its usage, its terms, and its invoices.
import { api, downloadUrl } from '../api.ts';
import { CopyValue } from '../components/copy.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { count, dateTime, fiat } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';
import { AvailabilityBadge, availabilityText, priceOf, usesOf, type PaymentLink } from './payment-links.tsx';

/** The link's address with a Copy button, and its QR code to show or print. */
function Share({ link }: { link: PaymentLink }) {
  const qr = downloadUrl(`/v1/payment-links/${link.id}/qr.svg`, {});
  return (
    <Section title="Share">
      <p class="muted">Send this address to your customers, or let them scan the code: they pay on the page it opens.</p>
      <CopyValue label="Link" value={link.url} />
      <img class="qr" src={qr} alt={`QR code of ${link.url}`} width={200} height={200} />
      <p>
        <a href={qr} download="payment-link-qr.svg">
          Download the QR code (SVG)
        </a>
      </p>
    </Section>
  );
}

/** The link's invoices, newest first (the first page; the invoice list has them all under its filter). */
function LinkInvoices({ link }: { link: PaymentLink }) {
  const list = useResource(
    () => api.get('/v1/invoice/list', { query: { page: 1, limit: 20, paymentLinkId: link.id } }),
    [link.id, link.invoicesMade, link.invoicesPaid],
    false,
  );
  return (
    <Section title="Invoices">
      <ErrorAlert error={list.error} />
      <DataTable
        caption="Invoices of the payment link"
        rows={list.data?.data}
        rowKey={(i) => i.id}
        empty="No customer has paid through this link yet."
        columns={[
          { label: 'Invoice', render: (i) => <Link href={`/invoices/${i.id}`}>{i.orderId ?? i.id}</Link> },
          { label: 'Status', render: (i) => <StatusBadge status={i.status} /> },
          { label: 'Amount', class: 'num', render: (i) => fiat(i.amount, i.fiatCurrencyCode) },
          { label: 'Customer email', render: (i) => i.customerEmail ?? '—' },
          { label: 'Created', render: (i) => dateTime(i.createdAt) },
        ]}
      />
    </Section>
  );
}

/** Turns the link off (its page refuses payments) or on again. */
function Toggle({ link, onDone }: { link: PaymentLink; onDone(): void }) {
  const toggle = useAction(async () => {
    await api.patch('/v1/payment-links/{id}', { params: { id: link.id }, body: { active: !link.active } });
    onDone();
  });
  return (
    <>
      <button type="button" class={link.active ? 'secondary' : ''} disabled={toggle.busy} onClick={() => toggle.run()}>
        {link.active ? 'Turn off' : 'Turn on'}
      </button>
      <ErrorAlert error={toggle.error} focus />
    </>
  );
}

function LinkBody({ link: l }: { link: PaymentLink }) {
  return (
    <>
      {l.availability === 'open' ? (
        <Share link={l} />
      ) : (
        <p class="alert">This link takes no payment now: {availabilityText(l).toLowerCase()}.</p>
      )}
      <Section title="Usage">
        <Facts
          items={[
            ['Uses', usesOf(l)],
            ['Invoices made', count(l.invoicesMade)],
            ['Invoices paid', count(l.invoicesPaid)],
            ['Received', fiat(l.amountPaid, l.fiatCurrencyCode)],
          ]}
        />
      </Section>
      <Section title="Details">
        <Facts
          items={[
            [
              'Kind',
              l.kind === 'request'
                ? 'Payment request (one invoice, paid in one or more payments)'
                : 'Payment link (an invoice per payment)',
            ],
            ['Price', priceOf(l)],
            ['Description', l.description ?? '—'],
            ['Expires', l.expiresAt ? dateTime(l.expiresAt) : 'Never'],
            ['Success URL', l.successUrl ? <span class="wrap">{l.successUrl}</span> : '—'],
            ['Created', dateTime(l.createdAt)],
            ['Id', <span class="mono wrap">{l.id}</span>],
          ]}
        />
      </Section>
      <LinkInvoices link={l} />
    </>
  );
}

export function PaymentLinkPage({ params }: { params: Record<string, string> }) {
  const { can } = useSession();
  const id = params.id ?? ''; // the route has :id
  const link = useResource(() => api.get('/v1/payment-links/{id}', { params: { id } }), [id], true);
  const l = link.data?.data;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{l ? l.title : 'Payment link'}</h1>
        {l && <AvailabilityBadge link={l} />}
        <div class="actions">{l && can('invoices.create') && <Toggle link={l} onDone={link.reload} />}</div>
      </div>
      <ErrorAlert error={link.error} />
      <LiveStatus class={l ? 'sr-only' : ''}>{l ? `Status: ${availabilityText(l)}` : link.loading ? 'Loading…' : ''}</LiveStatus>
      {l && <LinkBody link={l} />}
    </>
  );
}
