// The tenant's recent API calls: method, path, status, latency, request id, error code (no secrets).
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, Section } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import { dateTime } from '../format.ts';
import { useResource } from '../hooks.ts';

type Entry = Data<'get', '/v1/request-log'>[number];
const LIMIT = 50;

export function RequestLogSection() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const log = useResource(() => api.get('/v1/request-log', { query: { page, limit: LIMIT, ...(status ? { status } : {}) } }), [page, status], true);
  return (
    <Section
      title="Request log"
      actions={
        <Select
          label="Answer"
          value={status}
          onValue={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[['', 'Any status'], ['2xx', 'Succeeded (2xx)'], ['4xx', 'Refused (4xx)'], ['5xx', 'Failed (5xx)']]}
        />
      }
    >
      <ErrorAlert error={log.error} />
      <DataTable<Entry>
        caption="Request log"
        rows={log.data?.data}
        rowKey={(e) => e.id}
        empty="No API calls recorded yet."
        columns={[
          { label: 'Time', render: (e) => dateTime(e.createdAt) },
          { label: 'Method', render: (e) => <span class="mono">{e.method}</span> },
          { label: 'Path', render: (e) => <span class="mono wrap">{e.path}</span> },
          { label: 'Status', class: 'num', render: (e) => <span class={e.status >= 400 ? 'bad' : 'good'}>{e.status}</span> },
          { label: 'Latency', class: 'num', render: (e) => `${Math.round(e.latencyMs)} ms` },
          { label: 'Request id', render: (e) => <span class="mono wrap">{e.requestId}</span> },
          { label: 'Error code', render: (e) => e.errorCode ?? '—' },
          { label: 'Caller', render: (e) => e.actor },
        ]}
      />
      {log.data && <Pager page={page} total={log.data.total} limit={LIMIT} onPage={setPage} />}
    </Section>
  );
}
