// Console overview: solvency per currency (custody against liabilities and the ledger) and the
// networks at a glance.
import { api, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { compare } from '../decimal.ts';
import { ErrorAlert, Section, StatusBadge } from '../components/feedback.tsx';
import { amount, count, signedAmount } from '../format.ts';
import { useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { ChainReading, age, blocks } from './parts.tsx';

type Solvency = Data<'get', '/admin/solvency'>[number];
export type NetworkStatus = Data<'get', '/admin/networks'>['networks'][number];

/** custody − liabilities, signed, marked when it is a warning. */
function Difference({ row }: { row: Solvency }) {
  const text = signedAmount(row.difference, row.cryptoCurrencyCode);
  return <strong class={`diff ${row.status === 'warning' ? 'bad' : compare(row.difference) !== 0 ? 'good' : ''}`}>{text}</strong>;
}

/** Whether a currency holds or owes anything (the others are only named). */
function active(r: Solvency): boolean {
  return r.status === 'warning' || compare(r.custody) !== 0 || compare(r.liabilities) !== 0 || compare(r.ledgerCustody) !== 0;
}

function SolvencySection() {
  // Each reading goes to the chains: read on opening and on request, not polled.
  const solvency = useResource(() => api.get('/admin/solvency'), []);
  const all = solvency.data?.data;
  const warnings = all?.filter((r) => r.status === 'warning') ?? [];
  // Warnings first, then what holds anything; the currencies at zero in one line below.
  const rows = all && [...warnings, ...all.filter((r) => r.status !== 'warning' && active(r))];
  const idle = all?.filter((r) => !active(r)) ?? [];
  return (
    <ChainReading title="Solvency" reading={solvency}>
      {warnings.length > 0 && (
        <div class="alert warn">
          <p>
            <strong>Warning:</strong> {warnings.map((w) => w.cryptoCurrencyCode).join(', ')} — custody is below liabilities, or the chain
            and the ledger disagree.
          </p>
          {/* Each problem in plain words: which side is higher, by how much, and what to do. */}
          <ul>
            {warnings
              .flatMap((w) => w.warnings)
              .map((text) => (
                <li key={text}>{text}</li>
              ))}
          </ul>
        </div>
      )}
      {all && all.length > 0 && warnings.length === 0 && (
        <p class="good">Every currency is covered: custody matches liabilities and the ledger.</p>
      )}
      <DataTable<Solvency>
        caption="Solvency per currency"
        rows={rows}
        rowKey={(r) => r.cryptoCurrencyCode}
        empty="No currency holds or owes anything yet."
        columns={[
          { label: 'Currency', render: (r) => r.cryptoCurrencyCode },
          { label: 'Custody (on chain)', class: 'num', render: (r) => amount(r.custody, r.cryptoCurrencyCode) },
          { label: 'Liabilities', class: 'num', render: (r) => amount(r.liabilities, r.cryptoCurrencyCode) },
          { label: 'Ledger custody', class: 'num', render: (r) => amount(r.ledgerCustody, r.cryptoCurrencyCode) },
          { label: 'Difference', class: 'num', render: (r) => <Difference row={r} /> },
          { label: 'Status', render: (r) => <StatusBadge status={r.status} /> },
        ]}
      />
      {idle.length > 0 && rows && rows.length > 0 && (
        <p class="muted">Nothing held or owed in {idle.map((r) => r.cryptoCurrencyCode).join(', ')}.</p>
      )}
    </ChainReading>
  );
}

/** Node reachable or why not. */
export function NodeState({ n }: { n: Pick<NetworkStatus, 'nodeReachable' | 'error'> }) {
  return n.nodeReachable ? <span class="good">Reachable</span> : <span class="bad">Unreachable{n.error ? `: ${n.error}` : ''}</span>;
}

function NetworksSummary() {
  const networks = useResource(() => api.get('/admin/networks'), [], true);
  return (
    <Section title="Networks" actions={<Link href="/networks">Network details</Link>}>
      <ErrorAlert error={networks.error} />
      <DataTable<NetworkStatus>
        caption="Networks"
        rows={networks.data?.data.networks}
        rowKey={(n) => n.network}
        columns={[
          { label: 'Network', render: (n) => n.network },
          { label: 'Mode', render: (n) => n.mode },
          { label: 'Node', render: (n) => <NodeState n={n} /> },
          { label: 'Lag', class: 'num', render: (n) => blocks(n.lag) },
          { label: 'Last scan', class: 'num', render: (n) => (n.scanAgeSeconds === null ? '—' : `${age(n.scanAgeSeconds)} ago`) },
          { label: 'Unconfirmed payments', class: 'num', render: (n) => count(n.unconfirmedPayments) },
        ]}
      />
    </Section>
  );
}

export function OverviewPage() {
  return (
    <>
      <h1 tabIndex={-1}>Overview</h1>
      <SolvencySection />
      <NetworksSummary />
    </>
  );
}
