// Parts the invoice and deposit pages share: settlement breakdown and refunds.
import type { Data } from '../api.ts';
import { compare, type Decimal, ZERO } from '../decimal.ts';
import { amount, usd, withdrawalName } from '../format.ts';
import { Link } from '../router.tsx';
import { DataTable } from './data-table.tsx';
import { Facts, Section, StatusBadge } from './feedback.tsx';
import { TxLink } from './tx-link.tsx';

/** A settlement as the invoice and the deposit carry it. */
export type Settlement = NonNullable<Data<'get', '/v1/invoice'>['settlement']>;
type Refund = NonNullable<Data<'get', '/v1/invoice'>['refunds']>[number];

/** `26 USDT_TRC20 ($26.00)`. */
function withUsd(value: Decimal, valueUsd: Decimal, code: string | null | undefined): string {
  return `${amount(value, code)} (${usd(valueUsd)})`;
}

/**
 * What the customer paid, what the gateway kept and what the merchant was credited, as facts. The
 * transaction is not among them: the payments table beside it names every transaction once.
 */
export function settlementFacts(s: Settlement, currency: string | null | undefined): Array<[string, string]> {
  return [
    ['Paid by the customer', withUsd(s.amountPaid, s.amountPaidUsd, currency)],
    ['Commission', `− ${withUsd(s.commissionAmount, s.commissionAmountUsd, currency)}`],
    ['Network fee', `− ${withUsd(s.networkFeeAmount, s.networkFeeAmountUsd, s.networkFeeCurrencyCode)}`],
    ['Credited to your balance', withUsd(s.netAmount, s.netAmountUsd, currency)],
  ];
}

/** The settlement as a section of its own (the deposit page). */
export function SettlementSection({ settlement, currency }: { settlement: Settlement | undefined; currency: string | undefined }) {
  if (!settlement) return null;
  return (
    <Section title="Settlement">
      <Facts items={settlementFacts(settlement, currency)} />
    </Section>
  );
}

/** Refunds booked against the object (each is a withdrawal) and their total. */
export function RefundsSection({
  refunds,
  refunded,
  currency,
}: {
  refunds: Refund[] | undefined;
  refunded: Decimal | undefined;
  currency: string | undefined;
}) {
  if (!refunds?.length && compare(refunded ?? ZERO) === 0) return null;
  return (
    <Section title="Refunds">
      <p>
        Refunded in total: <strong>{amount(refunded ?? ZERO, currency)}</strong>
      </p>
      <DataTable<Refund>
        caption="Refunds"
        rows={refunds ?? []}
        rowKey={(r) => r.id}
        columns={[
          { label: 'Refund', render: (r) => <Link href={`/withdrawals/${r.id}`}>{withdrawalName(r.id)}</Link> },
          { label: 'Status', render: (r) => <StatusBadge status={r.status} /> },
          { label: 'Amount', class: 'num', render: (r) => amount(r.amount, currency) },
          { label: 'Transaction', render: (r) => <TxLink hash={r.transactionHash} currency={currency} /> },
        ]}
      />
    </Section>
  );
}
