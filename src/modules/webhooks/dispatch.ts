import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/index.ts';
import { processOutbox, type ClaimedEvent } from '../../lib/outbox.ts';
import { isUuid } from '../../lib/db/search.ts';

/** A tenant's default URLs: every event's, and deposit events' before it. */
interface TenantUrls {
  webhook_url: string | null;
  deposit_webhook_url: string | null;
}

/** The object's own webhook URL, if it names one; null when it names none (or is gone). */
async function ownUrl(trx: Trx, event: ClaimedEvent): Promise<string | null> {
  switch (event.aggregateType) {
    case 'deposit': {
      const row = await trx.selectFrom('deposits').select('webhook_url').where('id', '=', event.aggregateId).executeTakeFirst();
      return row?.webhook_url ?? null;
    }
    case 'invoice': {
      const row = await trx.selectFrom('invoices').select('webhook_url').where('id', '=', event.aggregateId).executeTakeFirst();
      return row?.webhook_url ?? null;
    }
    default: {
      // Withdrawals carry their URL (from the commit) in the record they publish; x402 settlements
      // and conversions belong to the merchant and name none.
      const url = (event.payload as { webhookUrl?: unknown } | null)?.webhookUrl;
      return typeof url === 'string' && url ? url : null;
    }
  }
}

/**
 * Where an event goes: the object's own webhook URL, else the tenant's `webhookUrl`; deposits try
 * the tenant's `depositWebhookUrl` before it. x402 events went to `depositWebhookUrl` before
 * `webhookUrl` existed, so a tenant that set only that one keeps receiving them there. Events with
 * no URL at all are not delivered.
 */
async function urlFor(trx: Trx, event: ClaimedEvent, tenant: TenantUrls | undefined): Promise<string | null> {
  const own = await ownUrl(trx, event);
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
 * an event becomes exactly one delivery per URL, whichever worker takes it.
 */
export async function dispatchEvents(db: Db, limit = 200): Promise<number> {
  return processOutbox(db, limit, async (trx, events) => {
    const tenants = new Map<string, TenantUrls | undefined>();
    for (const event of events) {
      if (!event.tenantId) continue;
      if (!tenants.has(event.tenantId)) {
        const row = await trx.selectFrom('tenants').select(['webhook_url', 'deposit_webhook_url']).where('id', '=', event.tenantId).executeTakeFirst();
        tenants.set(event.tenantId, row);
      }
      const url = await urlFor(trx, event, tenants.get(event.tenantId));
      if (!url) continue;
      await insertDelivery(trx, { ...event, tenantId: event.tenantId }, url);
    }
  });
}

/** The tables of the objects that belong to one account, by their events' `aggregateType`. */
const ACCOUNT_OBJECTS = { invoice: 'invoices', deposit: 'deposits', withdrawal: 'withdrawals', conversion: 'conversions' } as const;

/** The account an event's object belongs to (a key bound to it sees the delivery), or null for the tenant's own. */
function objectAccount(type: string, id: string) {
  const table = ACCOUNT_OBJECTS[type as keyof typeof ACCOUNT_OBJECTS];
  return table && isUuid(id) ? sql<string | null>`(select account_id from ${sql.table(table)} where id = ${id}::uuid)` : null;
}

/**
 * One delivery of a stored event to one URL, pending and due at once (or behind an earlier event
 * of the same object to the same URL that waits for a retry). At most one per event and URL: a
 * second insert is a no-op. Returns the delivery's id, or null when it already existed.
 */
export async function insertDelivery(
  trx: Trx,
  event: Pick<ClaimedEvent, 'id' | 'type' | 'aggregateType' | 'aggregateId'> & { tenantId: string },
  url: string,
): Promise<string | null> {
  const aggregateKey = `${event.aggregateType}:${event.aggregateId}`;
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      id: randomUUID(),
      tenant_id: event.tenantId,
      event_id: event.id,
      event_type: event.type,
      aggregate_key: aggregateKey,
      account_id: objectAccount(event.aggregateType, event.aggregateId),
      url,
      origin: originOf(url),
      status: 'pending',
      // Behind an earlier event of the object that waits for a retry: not due before it.
      next_attempt_at: sql<Date>`greatest(now(), (select max(next_attempt_at) from webhook_deliveries p where p.aggregate_key = ${aggregateKey} and p.url = ${url} and p.status = 'pending'))`,
    })
    .onConflict((oc) => oc.columns(['event_id', 'url']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
