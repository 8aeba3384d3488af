import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/index.ts';
import { NOTICE, processOutbox, type ClaimedEvent, type OutboxHandler } from '../../lib/outbox.ts';
import { isUuid } from '../../lib/db/search.ts';

/** A tenant's default URLs: every event's, and deposit events' before it. */
interface TenantUrls {
  webhook_url: string | null;
  deposit_webhook_url: string | null;
}

/** The tables whose rows may name their own webhook URL, by their events' `aggregateType`. */
const OWN_URL_OBJECTS = { deposit: 'deposits', invoice: 'invoices' } as const;

/**
 * The objects' own webhook URLs, by event id: one query per kind of object (deposits and invoices
 * keep theirs in a column), none for events that carry theirs. Events whose object names none (or
 * is gone) are absent.
 */
async function ownUrls(trx: Trx, events: ClaimedEvent[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [type, table] of Object.entries(OWN_URL_OBJECTS)) {
    const ids = [...new Set(events.filter((e) => e.aggregateType === type && isUuid(e.aggregateId)).map((e) => e.aggregateId))];
    if (ids.length === 0) continue;
    const rows = await trx.selectFrom(table).select(['id', 'webhook_url']).where('id', 'in', ids).execute();
    const urls = new Map(rows.map((r) => [r.id, r.webhook_url]));
    for (const e of events) {
      const url = e.aggregateType === type ? urls.get(e.aggregateId) : undefined;
      if (url) out.set(e.id, url);
    }
  }
  for (const e of events) {
    if (e.aggregateType in OWN_URL_OBJECTS) continue;
    // Withdrawals carry their URL (from the commit) in the record they publish; x402 settlements
    // and conversions belong to the merchant and name none.
    const url = (e.payload as { webhookUrl?: unknown } | null)?.webhookUrl;
    if (typeof url === 'string' && url) out.set(e.id, url);
  }
  return out;
}

/**
 * Where an event goes: the object's own webhook URL, else the tenant's `webhookUrl`; deposits try
 * the tenant's `depositWebhookUrl` before it. x402 events went to `depositWebhookUrl` before
 * `webhookUrl` existed, so a tenant that set only that one keeps receiving them there. Events with
 * no URL at all are not delivered.
 */
function urlFor(event: ClaimedEvent, own: string | undefined, tenant: TenantUrls | undefined): string | null {
  if (own) return own;
  switch (event.aggregateType) {
    case 'deposit':
      return tenant?.deposit_webhook_url ?? tenant?.webhook_url ?? null;
    case 'x402':
      return tenant?.webhook_url ?? tenant?.deposit_webhook_url ?? null;
    default:
      return tenant?.webhook_url ?? null;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Turns published outbox events into deliveries, in the transaction that marks them processed:
 * an event becomes exactly one delivery per URL, whichever worker takes it. A batch costs a few
 * statements whatever its size: the tenants' and objects' URLs read at once, the deliveries
 * written in one insert. `also` makes what else comes of the events (mail) in that transaction.
 * Notices are not webhooks.
 */
export async function dispatchEvents(db: Db, limit = 200, also?: OutboxHandler): Promise<number> {
  return processOutbox(db, limit, async (trx, events) => {
    if (also) await also(trx, events);
    const owned = events.filter((e): e is ClaimedEvent & { tenantId: string } => e.tenantId !== null && e.aggregateType !== NOTICE);
    if (owned.length === 0) return;
    const tenantIds = [...new Set(owned.map((e) => e.tenantId))];
    const tenantRows = await trx
      .selectFrom('tenants')
      .select(['id', 'webhook_url', 'deposit_webhook_url'])
      .where('id', 'in', tenantIds)
      .execute();
    const tenants = new Map(tenantRows.map((r) => [r.id, r]));
    const own = await ownUrls(trx, owned);
    const deliveries: NewDelivery[] = [];
    for (const event of owned) {
      const url = urlFor(event, own.get(event.id), tenants.get(event.tenantId));
      if (url) deliveries.push({ event, url });
    }
    await insertDeliveries(trx, deliveries);
  });
}

/** A delivery to make: a stored event and the URL it goes to. */
export interface NewDelivery {
  event: Pick<ClaimedEvent, 'id' | 'type' | 'aggregateType' | 'aggregateId'> & { tenantId: string };
  url: string;
}

/**
 * Deliveries of stored events, each to its URL, pending and due at once (or behind an earlier
 * event of the same object to the same URL that waits for a retry), in the order given (their
 * `seq`), with the account their object belongs to (a key bound to it sees the delivery; none: the
 * tenant's own). At most one per event and URL: a second insert is a no-op. One statement over
 * arrays, whatever the number: its plan does not grow with the rows. Returns the new ids.
 */
export async function insertDeliveries(trx: Trx, deliveries: NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const column = <T>(f: (d: NewDelivery) => T) => deliveries.map(f);
  const { rows } = await sql<{ id: string }>`
    insert into webhook_deliveries (id, tenant_id, event_id, event_type, aggregate_key, account_id, url, origin, status, next_attempt_at)
    select v.id, v.tenant_id, v.event_id, v.event_type, v.aggregate_key,
      case v.object_type
        when 'invoice' then (select account_id from invoices where id = v.object_id)
        when 'deposit' then (select account_id from deposits where id = v.object_id)
        when 'withdrawal' then (select account_id from withdrawals where id = v.object_id)
        when 'conversion' then (select account_id from conversions where id = v.object_id)
      end,
      v.url, v.origin, 'pending',
      -- Behind an earlier event of the object that waits for a retry: not due before it. (Events
      -- of one object in the same insert are all due now, as they would be inserted one by one.)
      greatest(now(), (select max(p.next_attempt_at) from webhook_deliveries p where p.aggregate_key = v.aggregate_key and p.url = v.url and p.status = 'pending'))
    from unnest(
      ${column(() => randomUUID())}::uuid[], ${column((d) => d.event.tenantId)}::uuid[], ${column((d) => d.event.id)}::bigint[],
      ${column((d) => d.event.type)}::text[], ${column((d) => `${d.event.aggregateType}:${d.event.aggregateId}`)}::text[],
      ${column((d) => d.event.aggregateType)}::text[], ${column((d) => (isUuid(d.event.aggregateId) ? d.event.aggregateId : null))}::uuid[],
      ${column((d) => d.url)}::text[], ${column((d) => originOf(d.url))}::text[]
    ) with ordinality as v (id, tenant_id, event_id, event_type, aggregate_key, object_type, object_id, url, origin, n)
    order by v.n
    on conflict (event_id, url) do nothing
    returning id`.execute(trx);
  return rows.map((r) => r.id);
}

/** One delivery (see insertDeliveries); its id, or null when it already existed. */
export async function insertDelivery(trx: Trx, event: NewDelivery['event'], url: string): Promise<string | null> {
  const [id] = await insertDeliveries(trx, [{ event, url }]);
  return id ?? null;
}
