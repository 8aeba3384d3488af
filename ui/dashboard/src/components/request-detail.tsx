// One API call of the request log opened: who, when, how long, and the start of both bodies.
import { api } from '../api.ts';
import { useResource } from '../hooks.ts';
import { Link } from '../router.tsx';
import { BodyBlock, preciseTime } from './delivery-detail.tsx';
import { ErrorAlert, Facts, LiveStatus, Section } from './feedback.tsx';

/** The log's own link to a call: the list with `?request=<id>` (the filters kept). */
export function requestHref(id: string | null, query: URLSearchParams): string {
  const next = new URLSearchParams(query);
  if (id) next.set('request', id);
  else next.delete('request');
  const text = next.toString();
  return `/developers/requests${text ? `?${text}` : ''}`;
}

/** The detail of one logged call, with a link back to the list. */
export function RequestDetail({ id, query }: { id: string; query: URLSearchParams }) {
  const entry = useResource(() => api.get('/v1/request-log/{id}', { params: { id } }), [id]);
  const d = entry.data?.data;
  const caller = d
    ? d.apiKeyId
      ? `API key ${d.apiKeyName ? `“${d.apiKeyName}” ` : ''}${d.apiKeyStart ? `(${d.apiKeyStart}…)` : ''}`
      : `${d.actor} (dashboard)`
    : '';
  // API calls keep the start of their bodies; a signed-in person's changes keep none.
  const none = d?.apiKeyId ? 'None.' : 'Not kept for calls made in the dashboard.';
  return (
    <Section title="Request detail" actions={<Link href={requestHref(null, query)}>Back to all requests</Link>}>
      <ErrorAlert error={entry.error} />
      {!d && !entry.error && <LiveStatus>Loading the request…</LiveStatus>}
      {d && (
        <>
          <Facts
            items={[
              ['Method', <span class="mono">{d.method}</span>],
              ['Path', <span class="mono wrap">{d.path}</span>],
              ['Status', <span class={d.status >= 400 ? 'bad' : 'good'}>{d.status}</span>],
              ['Error code', d.errorCode ? <span class="mono">{d.errorCode}</span> : '—'],
              ['Caller', caller],
              ['Time', preciseTime(d.createdAt)],
              ['Duration', `${d.latencyMs.toFixed(1)} ms`],
              ['Request id', <span class="mono wrap">{d.requestId}</span>],
            ]}
          />
          <BodyBlock label="Request body" text={d.requestBody} empty={none} />
          <BodyBlock label="Response body" text={d.responseBody} empty={none} />
          <p class="muted">Bodies show their first 4 KB; keys, secrets, passwords and tokens are never stored.</p>
        </>
      )}
    </Section>
  );
}
