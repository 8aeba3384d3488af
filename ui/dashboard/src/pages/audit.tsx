// The audit log (owners): who did what, when, from where.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, Section } from '../components/feedback.tsx';
import { dateTime } from '../format.ts';
import { useResource } from '../hooks.ts';

type Entry = Data<'get', '/v1/audit-log'>[number];
const LIMIT = 50;

/** The entry's detail as `key: value` pairs. */
export function detailText(detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  return Object.entries(detail as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

export function AuditSection() {
  const [page, setPage] = useState(1);
  const log = useResource(() => api.get('/v1/audit-log', { query: { page, limit: LIMIT } }), [page]);
  return (
    <Section title="Audit log">
      <ErrorAlert error={log.error} />
      <DataTable<Entry>
        caption="Audit log"
        rows={log.data?.data}
        rowKey={(e) => e.id}
        empty="Nothing recorded yet."
        columns={[
          { label: 'Time', render: (e) => dateTime(e.createdAt) },
          { label: 'Who', render: (e) => e.actor },
          { label: 'Action', render: (e) => <span class="mono">{e.action}</span> },
          { label: 'Target', render: (e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—') },
          { label: 'Detail', render: (e) => <span class="wrap">{detailText(e.detail) || '—'}</span> },
          { label: 'IP', render: (e) => e.ip ?? '—' },
        ]}
      />
      {log.data && <Pager page={page} total={log.data.total} limit={LIMIT} onPage={setPage} />}
    </Section>
  );
}
