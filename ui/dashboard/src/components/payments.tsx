// The on-chain payments of an invoice or a deposit: each transaction, its confirmations and status.
import { api, type Data } from '../api.ts';
import { amount, dateTime } from '../format.ts';
import { DataTable } from './data-table.tsx';
import { Section, StatusBadge } from './feedback.tsx';
import { TxLink } from './tx-link.tsx';

/** One payment as GET /v1/invoice/payments (and /v1/deposit/payments) answers it. */
export type Payment = Data<'get', '/v1/invoice/payments'>[number];

/**
 * A record and its payments in one load, so the page's one polling loop refreshes both (the
 * payments need the same scope as the record).
 */
export async function withPayments<R>(kind: 'invoice' | 'deposit', id: string, record: Promise<R>): Promise<R & { payments: Payment[] }> {
  const payments = kind === 'invoice' ? api.get('/v1/invoice/payments', { query: { id } }) : api.get('/v1/deposit/payments', { query: { id } });
  const [r, p] = await Promise.all([record, payments]);
  return { ...r, payments: p.data };
}

/** `1 of 2 confirmations`. */
function confirmations(p: Payment): string {
  return `${p.confirmations} of ${p.confirmationsRequired} confirmation${p.confirmationsRequired === 1 ? '' : 's'}`;
}

/** What a final payment gave the balance, in its own currency: credited, or held below that currency's minimum. */
function credited(p: Payment): string {
  if (!p.settlement) return '—';
  if (p.settlement.heldAmount > 0) return `${amount(p.settlement.heldAmount, p.cryptoCurrencyCode)} held`;
  return amount(p.settlement.netAmount, p.cryptoCurrencyCode);
}

/** The payments, newest first: a table on desktop, stacked cards on phones. */
export function PaymentsSection({ payments, empty }: { payments: Payment[] | undefined; empty: string }) {
  const other = payments?.some((p) => !p.counted);
  return (
    <Section title="Payments">
      {other && (
        <p class="notice" role="note">
          A payment in another asset than this one's currency does not count toward it: it is credited to the balance in its own currency (less that
          currency's network fee and the commission; below its minimum deposit it is held), and can be refunded in it.
        </p>
      )}
      <DataTable<Payment>
        caption="Payments"
        rows={payments}
        rowKey={(p) => `${p.network}:${p.txHash}:${p.outputIndex}`}
        empty={empty}
        columns={[
          { label: 'Transaction', render: (p) => <TxLink hash={p.txHash} currency={p.cryptoCurrencyCode} /> },
          { label: 'Status', render: (p) => <StatusBadge status={p.status} /> },
          { label: 'Confirmations', render: confirmations },
          { label: 'Amount', class: 'num', render: (p) => amount(p.amount, p.cryptoCurrencyCode) },
          { label: 'Counts toward it', render: (p) => (p.counted ? 'Yes' : `No: ${p.cryptoCurrencyCode}, another asset`) },
          { label: 'Credited', class: 'num', render: credited },
          { label: 'First seen', render: (p) => dateTime(p.firstSeenAt) },
        ]}
      />
    </Section>
  );
}
