// One withdrawal, live: amounts and fees, why it waits (if it does), transaction, what it refunds or converted, webhooks.
import type { ComponentChildren } from 'preact';
import { api, type Data } from '../api.ts';
import { DeliveryList, useDeliveries } from '../components/deliveries.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Timeline } from '../components/timeline.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, batchName, dateTime, short, usd, withdrawalName } from '../format.ts';
import { approvalText } from './approvals.tsx';
import { GroupedAddress } from '../components/withdraw-confirm.tsx';
import { useResource } from '../hooks.ts';
import { Link } from '../router.tsx';

/** What the withdrawal refunds or converted first, and the batch it is a payout of, as links. */
function related(w: Withdrawal): Array<[string, ComponentChildren]> {
  const rows: Array<[string, ComponentChildren]> = [];
  if (w.invoiceId) rows.push(['Refund of', <Link href={`/invoices/${w.invoiceId}`}>{`invoice ${short(w.invoiceId)}`}</Link>]);
  if (w.depositId) rows.push(['Refund of', <Link href={`/deposits/${w.depositId}`}>{`deposit ${short(w.depositId)}`}</Link>]);
  if (w.convertId) rows.push(['Converted first', <Link href={`/conversions/${w.convertId}`}>{`conversion ${short(w.convertId)}`}</Link>]);
  if (w.batchId) rows.push(['Part of', <Link href={`/batches/${w.batchId}`}>{batchName(w.batchId)}</Link>]);
  return rows;
}

type Withdrawal = Data<'get', '/v1/withdrawal'>;

/**
 * Why a withdrawal is not sent yet, as the gateway's last payout round found it, for the merchant:
 * what the hot wallet lacks for it (in the payout's currency, or the network's fee coin) and who acts.
 */
function waitingText(w: Withdrawal): string | null {
  const reason = w.waitingReason;
  if (!reason) return null;
  switch (reason) {
    case 'hotWalletLow': {
      const short = w.waitingShortfall;
      if (!short) return 'Waiting: the hot wallet holds less than this payout needs. The operator has been told.';
      const what = amount(short.amount, short.cryptoCurrencyCode);
      const gas = short.cryptoCurrencyCode !== w.cryptoCurrencyCode ? " for the network's fee" : '';
      return `Waiting: the hot wallet holds ${what} less than this payout needs${gas}. The operator has been told.`;
    }
    case 'feeUnavailable':
      return 'Waiting: the network fee cannot be priced right now; it is sent as soon as it can.';
    case 'noSigner':
      return 'Waiting: no payout signer of the gateway is running for this network. The operator has been told.';
    case 'signingFailed':
      return "Waiting: the network's node failed to sign it; it is tried again shortly.";
    case 'screening':
      return 'Not sent: screening flagged the destination. The operator reviews it; if it is cancelled, the funds return to your balance.';
  }
}

export function WithdrawalPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? ''; // the route has :id
  const withdrawal = useResource(() => api.get('/v1/withdrawal', { query: { id } }), [id], true);
  const deliveries = useDeliveries({ objectId: id });
  const w = withdrawal.data?.data;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{w ? withdrawalName(w.id) : 'Withdrawal'}</h1>
        {w && <StatusBadge status={w.status} />}
      </div>
      <ErrorAlert error={withdrawal.error} />
      <LiveStatus>{w ? `Status: ${w.status}` : withdrawal.loading ? 'Loading…' : ''}</LiveStatus>
      {w && (
        <>
          <Section title="Details">
            {w.waitingReason && <p class="alert warn">{waitingText(w)}</p>}
            {w.status === 'awaitingApproval' && (
              <p class="alert warn">
                Awaiting approval until {dateTime(w.approvalExpiresAt)}: {approvalText(w)}. Committed by{' '}
                {w.committedBy ?? 'someone of the business'}; see <Link href="/payouts">Approvals</Link>.
              </p>
            )}
            <Facts
              items={[
                ['Id', <span class="mono wrap">{w.id}</span>],
                ['Order id', <span class="mono wrap">{w.orderId}</span>],
                ['To address', <GroupedAddress address={w.address} />],
                ['Amount sent', `${amount(w.amount, w.cryptoCurrencyCode)} (${usd(w.amountUsd)})`],
                ['Fee', `${amount(w.feeAmount, w.cryptoCurrencyCode)} (${usd(w.feeAmountUsd)})`],
                ['Debited from the balance', amount(w.debitedAmount, w.cryptoCurrencyCode)],
                ['Transaction', <TxLink hash={w.transactionHash} currency={w.cryptoCurrencyCode} />],
                ...related(w),
              ]}
            />
          </Section>
          <Section title="Timeline">
            <Timeline
              moments={[
                { at: w.createdAt, label: 'Committed', detail: `debited ${amount(w.debitedAmount, w.cryptoCurrencyCode)}` },
                { at: w.updatedAt, label: `Status now ${w.status}` },
                ...(deliveries.data?.data ?? []).map((d) => ({ at: d.createdAt, label: `Webhook ${d.event}`, detail: d.status })),
              ]}
            />
          </Section>
          <Section title="Webhook deliveries">
            <DeliveryList resource={deliveries} />
          </Section>
        </>
      )}
    </>
  );
}
