// The tenant's recent API calls, filtered by key and status in the URL, each opened to its detail
// (the dashboard's own reads are not logged).
import { api, type Data } from '../api.ts';
import { DataTable, Pager } from '../components/data-table.tsx';
import { ErrorAlert, Section } from '../components/feedback.tsx';
import { Select } from '../components/fields.tsx';
import { preciseTime } from '../components/delivery-detail.tsx';
import { RequestDetail, requestHref } from '../components/request-detail.tsx';
import { useResource } from '../hooks.ts';
import { Link, setQuery, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';

type Entry = Data<'get', '/v1/request-log'>[number];
const LIMIT = 50;

/** Status classes, then the statuses an integration meets most. */
const STATUSES: Array<[string, string]> = [
  ['', 'Any status'],
  ['2xx', 'Succeeded (2xx)'],
  ['4xx', 'Refused (4xx)'],
  ['5xx', 'Failed (5xx)'],
  ...['200', '201', '202', '204', '400', '401', '403', '404', '409', '429', '500', '503'].map((s): [string, string] => [s, `Exactly ${s}`]),
];

/** The key filter: the tenant's keys by name (and start), for a role that may list them. */
function KeyFilter({ value }: { value: string }) {
  const { can } = useSession();
  const allowed = can('apiKeys.list');
  const keys = useResource(() => (allowed ? api.get('/v1/api-keys') : Promise.resolve({ data: [] })), [allowed]);
  if (!allowed) return null;
  const options = (keys.data?.data ?? []).map((k): [string, string] => [
    k.id,
    `${k.name ?? 'Unnamed key'} (${k.keyStart}…)${k.revokedAt ? ', revoked' : ''}`,
  ]);
  return (
    <Select
      label="API key"
      value={value}
      onValue={(apiKey) => setQuery({ apiKey, page: undefined, request: undefined })}
      options={[['', 'Every key'], ...options]}
    />
  );
}

export function RequestLogSection() {
  const { query } = useLocation();
  const status = query.get('status') ?? '';
  const apiKeyId = query.get('apiKey') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const opened = query.get('request');
  const log = useResource(
    () => api.get('/v1/request-log', { query: { page, limit: LIMIT, ...(status ? { status } : {}), ...(apiKeyId ? { apiKeyId } : {}) } }),
    [page, status, apiKeyId],
    true,
  );
  if (opened) return <RequestDetail id={opened} query={query} />;
  return (
    <Section
      title="Request log"
      actions={
        <div class="request-filters" role="group" aria-label="Filters">
          <KeyFilter value={apiKeyId} />
          <Select label="Status" value={status} onValue={(v) => setQuery({ status: v, page: undefined })} options={STATUSES} />
        </div>
      }
    >
      <p class="muted">Calls of your API keys and the changes people make here; the dashboard's own page loads are left out.</p>
      <ErrorAlert error={log.error} />
      <DataTable<Entry>
        caption="Request log"
        rows={log.data?.data}
        rowKey={(e) => e.id}
        empty="No API calls recorded for these filters."
        columns={[
          { label: 'Time', render: (e) => preciseTime(e.createdAt) },
          {
            label: 'Request',
            render: (e) => (
              <Link href={requestHref(e.id, query)} class="mono wrap">
                {e.method} {e.path}
              </Link>
            ),
          },
          { label: 'Status', class: 'num', render: (e) => <span class={e.status >= 400 ? 'bad' : 'good'}>{e.status}</span> },
          { label: 'Duration', class: 'num', render: (e) => `${Math.round(e.latencyMs)} ms` },
          { label: 'Error code', render: (e) => e.errorCode ?? '—' },
          { label: 'Caller', render: (e) => e.actor },
        ]}
      />
      {log.data && <Pager page={page} total={log.data.total} limit={LIMIT} onPage={(p) => setQuery({ page: p }, false)} />}
    </Section>
  );
}
