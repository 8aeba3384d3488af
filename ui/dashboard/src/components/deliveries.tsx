// Webhook deliveries (of one object, or the whole tenant): every attempt, and redelivery.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { dateTime } from '../format.ts';
import { useAction, useResource, type Resource } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { ErrorAlert, LiveStatus, StatusBadge } from './feedback.tsx';

/** One delivery as the list answers it. */
export type Delivery = Data<'get', '/v1/webhook-deliveries'>[number];
type Deliveries = { data: Delivery[]; total: number };

/** The deliveries a query names, polled with the page; empty for a role that cannot read them. */
export function useDeliveries(query: { objectId?: string; status?: Delivery['status']; page?: number }, poll = true): Resource<Deliveries> {
  const { can, accountId } = useSession();
  const allowed = can('webhooks.list');
  return useResource<Deliveries>(
    () => (allowed ? api.get('/v1/webhook-deliveries', { query: { ...query, limit: 20 } }) : Promise.resolve({ data: [], total: 0 })),
    [allowed, accountId, JSON.stringify(query)],
    poll,
  );
}

function Attempts({ id }: { id: string }) {
  const detail = useResource(() => api.get('/v1/webhook-deliveries/{id}', { params: { id } }), [id]);
  if (detail.error) return <ErrorAlert error={detail.error} />;
  if (!detail.data) return <LiveStatus>Loading attempts…</LiveStatus>;
  const attempts = detail.data.data.attempts;
  if (attempts.length === 0) return <p class="muted">Not attempted yet.</p>;
  return (
    <ol class="attempts" aria-label="Attempts">
      {attempts.map((a) => (
        <li key={a.n}>
          <strong>Attempt {a.n}</strong> · {dateTime(a.at)} · {a.statusCode ? `HTTP ${a.statusCode}` : 'no answer'}
          {a.error && <span class="muted"> · {a.error}</span>} · {a.durationMs} ms
        </li>
      ))}
    </ol>
  );
}

function DeliveryItem({ delivery, onChanged }: { delivery: Delivery; onChanged(): void }) {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const redeliver = useAction(async () => {
    await api.post('/v1/webhook-deliveries/{id}/redeliver', { params: { id: delivery.id } });
    setDone(`Redelivery of ${delivery.event} queued.`);
    onChanged();
  });
  return (
    <li class="delivery">
      <div class="delivery-head">
        <strong>{delivery.event}</strong> <StatusBadge status={delivery.status} />
        <span class="muted">{dateTime(delivery.createdAt)}</span>
      </div>
      <div class="mono wrap">{delivery.url}</div>
      <div class="muted">
        {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
        {delivery.lastStatusCode ? ` · last answer HTTP ${delivery.lastStatusCode}` : ''}
        {delivery.lastError ? ` · ${delivery.lastError}` : ''}
      </div>
      <div class="actions">
        <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide attempts' : 'Show attempts'}
        </button>
        {can('webhooks.manage') && (
          <button type="button" class="secondary" disabled={redeliver.busy} onClick={() => redeliver.run()}>
            Redeliver
          </button>
        )}
      </div>
      <ErrorAlert error={redeliver.error} />
      <LiveStatus>{done}</LiveStatus>
      {open && <Attempts id={delivery.id} />}
    </li>
  );
}

/** The deliveries of a resource, newest first. */
export function DeliveryList({ resource, empty = 'No webhook deliveries.' }: { resource: Resource<Deliveries>; empty?: string }) {
  const { can } = useSession();
  if (!can('webhooks.list')) return <p class="muted">Your role cannot read webhook deliveries.</p>;
  return (
    <>
      <ErrorAlert error={resource.error} />
      {resource.data?.data.length === 0 && <p class="empty">{empty}</p>}
      <ul class="deliveries">
        {resource.data?.data.map((d) => <DeliveryItem key={d.id} delivery={d} onChanged={resource.reload} />)}
      </ul>
    </>
  );
}
