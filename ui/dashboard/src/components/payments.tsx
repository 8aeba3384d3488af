// The on-chain payments of an invoice or a deposit: each transaction, its confirmations and status.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { useSession } from '../session.tsx';
import { RefundPanel } from './refund.tsx';
import { compare, type Decimal, remaining } from '../decimal.ts';
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
  const payments =
    kind === 'invoice' ? api.get('/v1/invoice/payments', { query: { id } }) : api.get('/v1/deposit/payments', { query: { id } });
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
  if (compare(p.settlement.heldAmount) > 0) return `${amount(p.settlement.heldAmount, p.cryptoCurrencyCode)} held`;
  return amount(p.settlement.netAmount, p.cryptoCurrencyCode);
}

/** A refund line as records list them: its currency, amount and status. */
type RefundLine = { cryptoCurrencyCode?: string; amount: Decimal; status: string };

/**
 * What may still be refunded of each other asset that reached the address: what arrived in it and
 * is final, less its live refunds (the API checks it exactly at quote time).
 */
function otherAssets(payments: Payment[], refunds: RefundLine[]): Array<{ code: string; refundable: Decimal }> {
  const codes = [...new Set(payments.filter((p) => !p.counted && p.settlement).map((p) => p.cryptoCurrencyCode))];
  return codes
    .map((code) => {
      const arrived = payments.filter((p) => !p.counted && p.settlement && p.cryptoCurrencyCode === code).map((p) => p.amount);
      const given = refunds
        .filter((r) => r.cryptoCurrencyCode === code && r.status !== 'failed' && r.status !== 'cancelled')
        .map((r) => r.amount);
      return { code, refundable: remaining(arrived, given) };
    })
    .filter((a) => compare(a.refundable) !== 0);
}

/** Refund buttons for the other assets that reached the address, each opening a refund in that asset. */
function OtherAssetRefunds({
  of,
  payments,
  refunds,
}: {
  of: { invoiceId: string } | { depositId: string };
  payments: Payment[];
  refunds: RefundLine[];
}) {
  const { can } = useSession();
  const [open, setOpen] = useState<{ code: string; refundable: Decimal } | undefined>();
  if (!can('withdrawals.create')) return null;
  if (open) return <RefundPanel of={of} currency={open.code} refundable={open.refundable} onClose={() => setOpen(undefined)} />;
  return (
    <div class="actions">
      {otherAssets(payments, refunds).map((a) => (
        <button key={a.code} type="button" class="secondary" onClick={() => setOpen(a)}>
          Refund {a.code}
        </button>
      ))}
    </div>
  );
}

/** The payments, newest first: a table on desktop, stacked cards on phones; `children` (the record's totals) above them. */
export function PaymentsSection({
  title = 'Payments',
  payments,
  empty,
  refund,
  children,
}: {
  title?: string;
  payments: Payment[] | undefined;
  empty: string;
  /** The record the payments are of, and its refunds: other assets can be refunded from here. */
  refund?: { of: { invoiceId: string } | { depositId: string }; refunds: RefundLine[] | undefined };
  children?: ComponentChildren;
}) {
  const other = payments?.some((p) => !p.counted);
  return (
    <Section title={title}>
      {children}
      {other && payments && refund && <OtherAssetRefunds of={refund.of} payments={payments} refunds={refund.refunds ?? []} />}
      {other && (
        <p class="notice" role="note">
          A payment in another asset than this one's currency does not count toward it: it is credited to the balance in its own currency
          (less that currency's network fee and the commission; below its minimum deposit it is held), and can be refunded in it.
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
