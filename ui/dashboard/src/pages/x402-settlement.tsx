// One x402 settlement, live: its network and token, the amount exactly, who paid whom, the
// transaction (with the block explorer where there is one), the fee payer's cost, and its webhooks.
import type { ComponentChildren } from 'preact';
import { api } from '../api.ts';
import { DeliveryList, useDeliveries } from '../components/deliveries.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Timeline } from '../components/timeline.tsx';
import { TxLink } from '../components/tx-link.tsx';
import { amount, dateTime, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { networkLabel, settlementAmount, unitsIn, type Settlement } from './x402-settlements.tsx';

/** What the fee payer spent on the transaction, in the network's coin when known; a dash until known. */
function fee(s: Settlement): string {
  if (s.gasCost === null) return s.status === 'submitted' ? '— (known once the transaction is in a block)' : '—';
  const decimal = unitsIn(s.gasCost, s.gasDecimals);
  return decimal === null ? `${amount(s.gasCost)} atomic units` : amount(decimal, s.gasSymbol);
}

function facts(s: Settlement): Array<[string, ComponentChildren]> {
  const items: Array<[string, ComponentChildren]> = [
    ['Id', <span class="mono wrap">{s.id}</span>],
    ['Network', networkLabel(s.network, s.networkName)],
    [
      'Asset',
      s.assetSymbol ? (
        <span>
          {s.assetSymbol} <span class="mono wrap">{s.asset}</span>
        </span>
      ) : (
        <span class="mono wrap">{s.asset}</span>
      ),
    ],
    ['Amount', settlementAmount(s)],
    ['Atomic units', <span class="mono">{s.amount}</span>],
    ['Payer', <span class="mono wrap">{s.payer}</span>],
    ['Pay to', <span class="mono wrap">{s.payTo}</span>],
    // The explorer link needs the network as the catalogue names it: main chains only (tx-link.tsx).
    ['Transaction', <TxLink hash={s.transaction || null} currency={null} network={s.catalogueNetwork ?? undefined} />],
    ['Network fee (paid by the facilitator)', fee(s)],
    ['Created', dateTime(s.createdAt)],
    ['Confirmed', dateTime(s.confirmedAt)],
  ];
  if (s.errorReason) items.push(['Failure reason', <span class="mono">{s.errorReason}</span>]);
  return items;
}

export function X402SettlementPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? ''; // the route has :id
  const settlement = useResource(() => api.get('/v1/x402/settlements/{id}', { params: { id } }), [id], true);
  const deliveries = useDeliveries({ objectId: id });
  const s = settlement.data?.data;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{`Settlement ${short(id, 8)}`}</h1>
        {s && <StatusBadge status={s.status} />}
      </div>
      <ErrorAlert error={settlement.error} />
      <LiveStatus>{s ? `Status: ${s.status}` : settlement.loading ? 'Loading…' : ''}</LiveStatus>
      {s && (
        <>
          <Section title="Details">
            <Facts items={facts(s)} />
          </Section>
          <Section title="Timeline">
            <Timeline
              moments={[
                { at: s.createdAt, label: 'Submitted', detail: settlementAmount(s) },
                ...(s.confirmedAt ? [{ at: s.confirmedAt, label: 'Confirmed' }] : []),
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
