// Exchange rates: how prices are accepted here, each source's age, each asset's USD price with what
// every source said and its last accepted price, and the assets whose rate is stale or refused (no
// invoice or conversion is priced with those).
import { api, type Data } from '../api.ts';
import { DataTable } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { amount } from '../format.ts';
import { useResource } from '../hooks.ts';
import { age } from './parts.tsx';

type Rates = Data<'get', '/admin/rates'>;
type Source = Rates['sources'][number];
type Rate = Rates['rates'][number];

export function RatesPage() {
  const rates = useResource(() => api.get('/admin/rates'), [], true);
  const r = rates.data?.data;
  const stale = (seconds: number | null) => seconds === null || (r !== undefined && seconds > r.maxAgeSeconds);
  const bad = r?.rates.filter((x) => x.status !== 'ok') ?? [];
  return (
    <>
      <h1 tabIndex={-1}>Rates</h1>
      <ErrorAlert error={rates.error} />
      {!r && !rates.error && <LiveStatus>Loading…</LiveStatus>}
      {r && (
        <>
          {bad.length > 0 && (
            <p class="alert warn">
              <strong>Not priced now:</strong> {bad.map((x) => `${x.asset} (${x.status})`).join(', ')}. Invoices and conversions in these
              assets are refused until their rate is fresh again.
            </p>
          )}
          {r.policy.notes.map((note) => (
            <p class="alert warn" key={note}>
              {note}
            </p>
          ))}
          <Section title="Sources">
            <p class="muted">
              A rate older than {age(r.maxAgeSeconds)} is stale. A price needs {r.policy.minSources} fresh source
              {r.policy.minSources === 1 ? '' : 's'} agreeing within {r.policy.maxDivergence}; one source alone may not move it further than{' '}
              {r.policy.maxJump} from its last accepted price.
            </p>
            <DataTable<Source>
              caption="Rate sources"
              rows={r.sources}
              rowKey={(s) => s.source}
              empty="No source has answered yet."
              columns={[
                { label: 'Source', render: (s) => s.source },
                { label: 'Age', class: 'num', render: (s) => <span class={stale(s.ageSeconds) ? 'bad' : ''}>{age(s.ageSeconds)}</span> },
                { label: 'Status', render: (s) => <StatusBadge status={stale(s.ageSeconds) ? 'stale' : 'ok'} /> },
              ]}
            />
          </Section>
          <Section title="USD prices">
            <DataTable<Rate>
              caption="USD prices"
              rows={r.rates}
              rowKey={(x) => x.asset}
              empty="No rate yet."
              columns={[
                { label: 'Asset', render: (x) => x.asset },
                { label: 'USD price', class: 'num', render: (x) => amount(x.usdPrice, 'USD') },
                {
                  label: 'By source',
                  render: (x) => (
                    <span class="wrap">
                      {x.sources.map((s) => `${s.source}: ${amount(s.price, 'USD')} (${age(s.ageSeconds)})`).join(' · ') || '—'}
                    </span>
                  ),
                },
                { label: 'Last accepted', class: 'num', render: (x) => amount(x.lastAccepted?.usdPrice, 'USD') },
                { label: 'Status', render: (x) => <StatusBadge status={x.status} /> },
                { label: 'Reason', render: (x) => x.reason ?? '—' },
              ]}
            />
          </Section>
        </>
      )}
    </>
  );
}
