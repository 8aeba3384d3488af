// Webhook deliveries (of one object, or the whole tenant): what each is about, when it is tried
// next, every attempt with its bodies, and redelivery of a finished one.
import { useState } from 'preact/hooks';
import { api, type Data } from '../api.ts';
import { dateTime } from '../format.ts';
import { DeliveryAttempts, ObjectLink, preciseTime } from './delivery-detail.tsx';
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

/** Where a delivery stands: finished, or when it is tried (again) next. */
function Schedule({ delivery: d }: { delivery: Delivery }) {
  if (d.status !== 'pending' || !d.nextAttemptAt) return null;
  const retrying = d.attempts > 0;
  return (
    <div class="next-attempt">
      {retrying ? 'Retrying: next attempt' : 'Queued: first attempt'} <time dateTime={d.nextAttemptAt}>{preciseTime(d.nextAttemptAt)}</time>
    </div>
  );
}

function DeliveryItem({ delivery, onChanged, showObject }: { delivery: Delivery; onChanged(): void; showObject: boolean }) {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const redeliver = useAction(async () => {
    await api.post('/v1/webhook-deliveries/{id}/redeliver', { params: { id: delivery.id } });
    setDone(`Redelivery of ${delivery.event} queued.`);
    onChanged();
  });
  // Only a finished delivery is sent again by hand: a pending one is on its way already.
  const finished = delivery.status !== 'pending';
  return (
    <li class="delivery">
      <div class="delivery-head">
        <strong>{delivery.event}</strong>{' '}
        <StatusBadge status={delivery.status === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.status} />
        <span class="muted">{dateTime(delivery.createdAt)}</span>
      </div>
      {showObject && (
        <div>
          About: <ObjectLink type={delivery.objectType} id={delivery.objectId} />
        </div>
      )}
      <div class="mono wrap">{delivery.url}</div>
      <div class="muted">
        {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
        {delivery.lastStatusCode ? ` · last answer HTTP ${delivery.lastStatusCode}` : ''}
        {delivery.lastError ? ` · ${delivery.lastError}` : ''}
      </div>
      <Schedule delivery={delivery} />
      <div class="actions">
        <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide attempts' : 'Show attempts'}
        </button>
        {can('webhooks.manage') && finished && (
          <button type="button" class="secondary" disabled={redeliver.busy} onClick={() => redeliver.run()}>
            Redeliver
          </button>
        )}
      </div>
      <ErrorAlert error={redeliver.error} />
      <LiveStatus>{done}</LiveStatus>
      {open && <DeliveryAttempts id={delivery.id} />}
    </li>
  );
}

/**
 * The deliveries of a resource, newest first; `showObject` links each to the object it is about
 * (the log of every delivery; an object's own page leaves it out).
 */
export function DeliveryList({
  resource,
  empty = 'No webhook deliveries.',
  showObject = false,
}: {
  resource: Resource<Deliveries>;
  empty?: string;
  showObject?: boolean;
}) {
  const { can } = useSession();
  if (!can('webhooks.list')) return <p class="muted">Your role cannot read webhook deliveries.</p>;
  return (
    <>
      <ErrorAlert error={resource.error} />
      {resource.data?.data.length === 0 && <p class="empty">{empty}</p>}
      <ul class="deliveries">
        {resource.data?.data.map((d) => (
          <DeliveryItem key={d.id} delivery={d} onChanged={resource.reload} showObject={showObject} />
        ))}
      </ul>
    </>
  );
}
