// Networks: each chain's node, scan progress, unconfirmed payments, fee quotes and hot wallet; each
// x402 network's fee payer gas.
import { api, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section } from '../components/feedback.tsx';
import { amount, count } from '../format.ts';
import { useResource } from '../hooks.ts';
import { NodeState, type NetworkStatus } from './overview.tsx';
import { age, blocks } from './parts.tsx';

type X402 = Data<'get', '/admin/networks'>['x402'][number];
type Fee = NetworkStatus['fees'][number];
type Holding = NonNullable<NetworkStatus['hotWallet']>['balances'][number];

function Network({ n }: { n: NetworkStatus }) {
  return (
    <Section title={n.network}>
      <Facts
        items={[
          ['Mode', n.mode],
          ['Node', <NodeState n={n} />],
          ['Chain tip', count(n.tip)],
          ['Scanned height', count(n.scannedHeight)],
          ['Lag', blocks(n.lag)],
          ['Last scan', n.scanAgeSeconds === null ? '—' : `${age(n.scanAgeSeconds)} ago`],
          ['Unconfirmed payments', count(n.unconfirmedPayments)],
          [
            'Hot wallet',
            n.hotWallet?.address ? (
              <span class="mono wrap">{n.hotWallet.address}</span>
            ) : n.mode === 'sandbox' ? (
              'The sandbox network itself'
            ) : (
              'None known'
            ),
          ],
        ]}
      />
      <h3>Fee quotes</h3>
      <DataTable<Fee>
        caption={`Fee quotes on ${n.network}`}
        rows={n.fees}
        rowKey={(f) => f.cryptoCurrencyCode}
        empty="No fee quote."
        columns={[
          { label: 'Currency', render: (f) => f.cryptoCurrencyCode },
          {
            label: 'Network fee',
            class: 'num',
            render: (f) => (f.amount === null ? <span class="bad">Unavailable</span> : amount(f.amount, f.cryptoCurrencyCode)),
          },
          { label: 'Age', class: 'num', render: (f) => age(f.ageSeconds) },
        ]}
      />
      {n.hotWallet && (
        <>
          <h3>Hot-wallet balances</h3>
          <DataTable<Holding>
            caption={`Hot-wallet balances on ${n.network}`}
            rows={n.hotWallet.balances}
            rowKey={(b) => b.cryptoCurrencyCode}
            empty="Nothing in the hot wallet."
            columns={[
              { label: 'Currency', render: (b) => b.cryptoCurrencyCode },
              { label: 'Balance', class: 'num', render: (b) => amount(b.amount, b.cryptoCurrencyCode) },
            ]}
          />
        </>
      )}
    </Section>
  );
}

function X402Panel({ x }: { x: X402 }) {
  const low = x.settlementsLeft !== null && x.settlementsLeft < 10;
  return (
    <Section title={`x402 fee payer on ${x.network}`}>
      <Facts
        items={[
          ['Network', x.network],
          ['Node', <NodeState n={{ nodeReachable: x.nodeReachable, error: null }} />],
          ['Fee payer', x.feePayer ? <span class="mono wrap">{x.feePayer}</span> : 'None'],
          ['Balance', amount(x.balance, x.coin)],
          ['Reserve', amount(x.reserve, x.coin)],
          ['Settlements left', x.settlementsLeft === null ? '—' : <span class={low ? 'bad' : ''}>{count(x.settlementsLeft)}</span>],
        ]}
      />
    </Section>
  );
}

export function NetworksPage() {
  const networks = useResource(() => api.get('/admin/networks'), [], true);
  const data = networks.data?.data;
  return (
    <>
      <h1 tabIndex={-1}>Networks</h1>
      <ErrorAlert error={networks.error} />
      {!data && !networks.error && <LiveStatus>Reading the networks…</LiveStatus>}
      {data && (
        <div class="grid">
          {data.networks.map((n) => (
            <Network key={n.network} n={n} />
          ))}
          {data.x402.map((x) => (
            <X402Panel key={x.network} x={x} />
          ))}
        </div>
      )}
    </>
  );
}
