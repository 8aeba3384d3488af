import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/index.ts';
import { processOutbox, type ClaimedEvent } from '../../lib/outbox.ts';

/**
 * Where an event goes: the object's own webhook URL, else (deposits) the tenant's default. Events
 * of objects without a URL are not delivered anywhere.
 */
async function urlFor(trx: Trx, event: ClaimedEvent): Promise<string | null> {
  switch (event.aggregateType) {
    case 'deposit': {
      const row = await trx
        .selectFrom('deposits')
        .innerJoin('tenants', 'tenants.id', 'deposits.tenant_id')
        .select(['deposits.webhook_url', 'tenants.deposit_webhook_url'])
        .where('deposits.id', '=', event.aggregateId)
        .executeTakeFirst();
      return row?.webhook_url ?? row?.deposit_webhook_url ?? null;
    }
    case 'invoice': {
      const row = await trx.selectFrom('invoices').select('webhook_url').where('id', '=', event.aggregateId).executeTakeFirst();
      return row?.webhook_url ?? null;
    }
    case 'x402': {
      // x402 payments belong to the merchant, not to an object with its own URL: the tenant default.
      const row = await trx.selectFrom('tenants').select('deposit_webhook_url').where('id', '=', event.tenantId!).executeTakeFirst();
      return row?.deposit_webhook_url ?? null;
    }
    default: {
      // Withdrawals carry their URL (from the commit) in the record they publish.
      const url = (event.payload as { webhookUrl?: unknown } | null)?.webhookUrl;
      return typeof url === 'string' && url ? url : null;
    }
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
    for (const event of events) {
      if (!event.tenantId) continue;
      const url = await urlFor(trx, event);
      if (!url) continue;
      await trx
        .insertInto('webhook_deliveries')
        .values({
          id: randomUUID(),
          tenant_id: event.tenantId,
          event_id: event.id,
          event_type: event.type,
          aggregate_key: `${event.aggregateType}:${event.aggregateId}`,
          url,
          origin: originOf(url),
          status: 'pending',
          // Behind an earlier event of the object that waits for a retry: not due before it.
          next_attempt_at: sql<Date>`greatest(now(), (select max(next_attempt_at) from webhook_deliveries p where p.aggregate_key = ${`${event.aggregateType}:${event.aggregateId}`} and p.url = ${url} and p.status = 'pending'))`,
        })
        .onConflict((oc) => oc.columns(['event_id', 'url']).doNothing())
        .execute();
    }
  });
}
