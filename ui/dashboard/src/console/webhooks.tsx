// Webhooks across tenants: the backlog, the endpoints that fail, and every delivery with redelivery.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, Facts, LiveStatus, Section, StatusBadge } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import { count, dateTime, statusLabel } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import { LIMIT, TenantLink, age, usePage, useTenantOptions } from './parts.tsx';
import { useMay } from './roles.ts';

type Health = Data<'get', '/admin/webhook-health'>;
type Endpoint = Health['failingEndpoints'][number];
type Delivery = Data<'get', '/admin/webhook-deliveries'>[number];
type Status = Delivery['status'];
const STATUSES: Status[] = ['pending', 'delivered', 'failed'];

function HealthSection() {
  const health = useResource(() => api.get('/admin/webhook-health'), [], true);
  const h = health.data?.data;
  return (
    <Section title="Health">
      <ErrorAlert error={health.error} />
      {h && (
        <Facts
          items={[
            ['Pending deliveries', count(h.pending)],
            ['Oldest pending', h.pending ? age(h.oldestPendingAgeSeconds) : '—'],
            ['Failed in the last 24 h', <span class={h.failedLastDay ? 'bad' : ''}>{count(h.failedLastDay)}</span>],
          ]}
        />
      )}
      <h3>Failing endpoints</h3>
      <DataTable<Endpoint>
        caption="Failing endpoints"
        rows={h?.failingEndpoints}
        rowKey={(e) => `${e.tenantId} ${e.url}`}
        empty="No endpoint is failing."
        columns={[
          { label: 'Tenant', render: (e) => <TenantLink id={e.tenantId} name={e.tenantName} /> },
          { label: 'URL', render: (e) => <span class="mono wrap">{e.url}</span> },
          { label: 'Pending', class: 'num', render: (e) => count(e.pending) },
          { label: 'Failed', class: 'num', render: (e) => count(e.failed) },
          { label: 'Last answer', render: (e) => (e.lastStatusCode ? `HTTP ${e.lastStatusCode}` : (e.lastError ?? '—')) },
          { label: 'Last attempt', render: (e) => dateTime(e.lastAttemptAt) },
        ]}
      />
    </Section>
  );
}

function Redeliver({ d, onDone }: { d: Delivery; onDone(text: string): void }) {
  const redeliver = useAction(async () => {
    await api.post('/admin/webhook-deliveries/{id}/redeliver', { params: { id: d.id } });
    onDone(`Redelivery of ${d.event} queued.`);
  });
  return (
    <div class="row-actions">
      <button type="button" class="secondary" disabled={redeliver.busy} onClick={() => redeliver.run()}>
        Redeliver
      </button>
      <ErrorAlert error={redeliver.error} />
    </div>
  );
}

function Deliveries() {
  const may = useMay();
  const { query } = useLocation();
  const [page, setPage] = usePage();
  const status = STATUSES.find((s) => s === query.get('status'));
  const tenantId = query.get('tenantId') ?? '';
  const q = { page, limit: LIMIT, ...(status ? { status } : {}), ...(tenantId ? { tenantId } : {}) };
  const list = useResource(() => api.get('/admin/webhook-deliveries', { query: q }), [JSON.stringify(q)], true);
  const [done, setDone] = useState('');
  const tenants = useTenantOptions();
  return (
    <Section title="Deliveries">
      <div class="filters">
        <Select
          label="Delivery status"
          value={status ?? ''}
          onValue={(s) => setQuery({ status: s, page: undefined })}
          options={[['', 'Any status'], ...STATUSES.map((s): [string, string] => [s, statusLabel(s)])]}
        />
      </div>
      {tenantId && (
        <p>
          One tenant's deliveries. <Link href="/webhooks">Show every tenant's</Link>
        </p>
      )}
      <ErrorAlert error={list.error} />
      <LiveStatus>{done}</LiveStatus>
      <DataTable<Delivery>
        caption="Webhook deliveries"
        rows={list.data?.data}
        rowKey={(d) => d.id}
        empty="No delivery matches."
        columns={[
          { label: 'Created', render: (d) => dateTime(d.createdAt) },
          { label: 'Tenant', render: (d) => <TenantLink id={d.tenantId} name={tenants.find(([id]) => id === d.tenantId)?.[1]} /> },
          { label: 'Event', render: (d) => <span class="mono">{d.event}</span> },
          { label: 'URL', render: (d) => <span class="mono wrap">{d.url}</span> },
          { label: 'Status', render: (d) => <StatusBadge status={d.status} /> },
          { label: 'Attempts', class: 'num', render: (d) => count(d.attempts) },
          { label: 'Last answer', render: (d) => (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')) },
          // Only a finished delivery is sent again by hand: a pending one is on its way already.
          ...(may('POST /admin/webhook-deliveries/{id}/redeliver')
            ? [
                {
                  label: 'Action',
                  render: (d: Delivery) =>
                    d.status === 'pending' ? (
                      <span class="muted">On its way</span>
                    ) : (
                      <Redeliver d={d} onDone={(text) => (setDone(text), list.reload())} />
                    ),
                },
              ]
            : []),
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
    </Section>
  );
}

export function WebhooksPage() {
  return (
    <>
      <h1 tabIndex={-1}>Webhooks</h1>
      <HealthSection />
      <Deliveries />
    </>
  );
}
