// Parts the invoice and deposit pages share: settlement breakdown and refunds.
import type { Data } from '../api.ts';
import { amount, usd, withdrawalName } from '../format.ts';
import { Link } from '../router.tsx';
import { DataTable } from './data-table.tsx';
import { Facts, Section, StatusBadge } from './feedback.tsx';
import { TxLink } from './tx-link.tsx';

type Settlement = NonNullable<Data<'get', '/v1/invoice'>['settlement']>;
type Refund = NonNullable<Data<'get', '/v1/invoice'>['refunds']>[number];

/** What the customer paid, what the gateway kept and what the merchant was credited. */
export function SettlementSection({ settlement, currency }: { settlement: Settlement | undefined; currency: string | undefined }) {
  if (!settlement) return null;
  const s = settlement;
  const line = (value: number, valueUsd: number, code = currency) => `${amount(value, code)} (${usd(valueUsd)})`;
  return (
    <Section title="Settlement">
      <Facts
        items={[
          ['Paid by the customer', line(s.amountPaid, s.amountPaidUsd)],
          ['Commission', `− ${line(s.commissionAmount, s.commissionAmountUsd)}`],
          ['Network fee', `− ${line(s.networkFeeAmount, s.networkFeeAmountUsd, s.networkFeeCurrencyCode)}`],
          ['Credited to your balance', line(s.netAmount, s.netAmountUsd)],
          ['Transaction', <TxLink hash={s.txHash} currency={currency} />],
        ]}
      />
    </Section>
  );
}

/** Refunds booked against the object (each is a withdrawal) and their total. */
export function RefundsSection({ refunds, refunded, currency }: { refunds: Refund[] | undefined; refunded: number | undefined; currency: string | undefined }) {
  if (!refunds?.length && !refunded) return null;
  return (
    <Section title="Refunds">
      <p>
        Refunded in total: <strong>{amount(refunded ?? 0, currency)}</strong>
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
