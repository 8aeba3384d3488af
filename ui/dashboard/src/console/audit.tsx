// The audit log across tenants and operator actions, newest first, filtered by tenant.
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, LiveStatus, Section } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { setQuery, useLocation } from '../router.tsx';
import { detailText } from '../pages/audit.tsx';
import { TenantLink, usePage, useTenantOptions } from './parts.tsx';

type Entry = Data<'get', '/admin/audit-log'>[number];
const LIMIT = 50;

export function AuditPage() {
  const { query } = useLocation();
  const [page, setPage] = usePage();
  const tenantId = query.get('tenantId') ?? '';
  const tenants = useTenantOptions();
  // A tenant beyond the newest hundred (followed from its page) is still offered.
  const options: Array<[string, string]> =
    tenantId && !tenants.some(([id]) => id === tenantId) ? [...tenants, [tenantId, tenantId]] : tenants;
  const q = { page, limit: LIMIT, ...(tenantId ? { tenantId } : {}) };
  const log = useResource(() => api.get('/admin/audit-log', { query: q }), [JSON.stringify(q)], true);
  const total = log.data?.total;
  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <Section title="Entries">
        <div class="filters">
          <Select
            label="Tenant"
            value={tenantId}
            onValue={(id) => setQuery({ tenantId: id, page: undefined })}
            options={[['', 'Every tenant and operator'], ...options]}
          />
        </div>
        <ErrorAlert error={log.error} />
        <LiveStatus>{total === undefined ? 'Loading…' : `${total} entr${total === 1 ? 'y' : 'ies'}`}</LiveStatus>
        <DataTable<Entry>
          caption="Audit log"
          rows={log.data?.data}
          rowKey={(e) => e.id}
          empty="Nothing recorded yet."
          columns={[
            { label: 'Time', render: (e) => dateTime(e.createdAt) },
            { label: 'Tenant', render: (e) => <TenantLink id={e.tenantId} name={tenants.find(([id]) => id === e.tenantId)?.[1]} /> },
            { label: 'Who', render: (e) => <span class="wrap">{e.actor}</span> },
            { label: 'Action', render: (e) => <span class="mono">{e.action}</span> },
            { label: 'Target', render: (e) => (e.targetType ? <span class="wrap">{`${e.targetType} ${e.targetId ?? ''}`}</span> : '—') },
            { label: 'Detail', render: (e) => <span class="wrap">{detailText(e.detail) || '—'}</span> },
            { label: 'IP', render: (e) => e.ip ?? '—' },
          ]}
        />
        {log.data && <Pager page={page} total={log.data.total} limit={LIMIT} onPage={setPage} />}
      </Section>
    </>
  );
}
