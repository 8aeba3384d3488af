// x402 settlements: the payments the facilitator settled for the business's APIs, on every network,
// filtered by status and network, polled live, and exported as CSV.
import { api, type Data } from '../api.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { ListView, type ListQuery, type SelectFilter } from '../components/list-view.tsx';
import { fromUnits } from '../decimal.ts';
import { amount, dateTime, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link } from '../router.tsx';

/** One settlement as the API answers it. */
export type Settlement = Data<'get', '/v1/x402/settlements/{id}'>;

const STATUSES = ['submitted', 'confirmed', 'failed'] as const;

/** Atomic units as the exact decimal of a unit of `decimals` places; null when either is missing or not whole units. */
export function unitsIn(units: string | null, decimals: number | null): string | null {
  if (units === null || decimals === null || !/^\d+$/.test(units)) return null;
  return fromUnits(BigInt(units), decimals);
}

/**
 * `1.234567 USDC` (every digit, none rounded) when the gateway knows the token; else its atomic
 * units as the API gives them, said as such.
 */
export function settlementAmount(s: Settlement): string {
  const decimal = unitsIn(s.amount, s.assetDecimals);
  return decimal === null ? `${amount(s.amount)} atomic units` : amount(decimal, s.assetSymbol);
}

/** `Base (eip155:8453)`, or the CAIP-2 id alone for a network the gateway does not name. */
export function networkLabel(network: string, name: string | null): string {
  return name ? `${name} (${network})` : network;
}

/** The network filter's choices: the networks served and those the business has settled on. */
function useNetworkFilter(): SelectFilter[] {
  const networks = useResource(() => api.get('/v1/x402/networks'), []);
  const options = (networks.data?.data ?? []).map((n): [string, string] => [n.network, networkLabel(n.network, n.name)]);
  return [{ name: 'network', label: 'Network', any: 'Any network', options }];
}

export function X402SettlementsPage() {
  const selects = useNetworkFilter();
  return (
    <ListView<Settlement, Settlement['status']>
      title="x402 settlements"
      kind="x402"
      searchable={false}
      statuses={STATUSES}
      selects={selects}
      load={({ filters, ...q }: ListQuery<Settlement['status']>) =>
        api.get('/v1/x402/settlements', { query: { ...q, ...(filters?.network ? { network: filters.network } : {}) } })
      }
      rowKey={(s) => s.id}
      columns={[
        { label: 'Settlement', render: (s) => <Link href={`/x402/${s.id}`}>{`Settlement ${short(s.id, 8)}`}</Link> },
        { label: 'Status', render: (s) => <StatusBadge status={s.status} /> },
        { label: 'Network', render: (s) => <span title={s.network}>{s.networkName ?? s.network}</span> },
        { label: 'Amount', class: 'num', render: settlementAmount },
        {
          label: 'Payer',
          render: (s) => (
            <span class="mono" title={s.payer}>
              {short(s.payer, 12)}
            </span>
          ),
        },
        {
          label: 'Pay to',
          render: (s) => (
            <span class="mono" title={s.payTo}>
              {short(s.payTo, 12)}
            </span>
          ),
        },
        { label: 'Created', render: (s) => dateTime(s.createdAt) },
      ]}
    />
  );
}
