import { sql } from 'kysely';
import { now, type Db, type Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { webhookDeliveryMachine } from './status.ts';
import type { WebhookDeliveryStatus } from '../../lib/db/schema.ts';

import type { DeliveryRow } from './deliveries.ts';
import { paged } from '../../lib/db/paging.ts';

/** The kinds of object events are about (the `aggregateType` of each module's events). */
export const EVENT_OBJECT_TYPES = ['invoice', 'deposit', 'withdrawal', 'x402', 'conversion', 'webhook'] as const;

/** Whose deliveries a merchant sees: the tenant's, and with `accountId` (a key bound to one account) only that account's. */
export interface DeliveryOwner {
  tenantId: string;
  accountId?: string | null;
}

/** The rows an owner may see; the operator (no owner) sees all. */
function ownedBy<Q extends { where: (...args: any[]) => Q }>(query: Q, owner?: DeliveryOwner): Q {
  if (!owner) return query;
  const q = query.where('tenant_id', '=', owner.tenantId);
  return owner.accountId ? q.where('account_id', '=', owner.accountId) : q;
}

/**
 * A tenant's deliveries, newest first, optionally of one status and of the events about one object
 * (its id, of any kind: an exact match on the index of the tenant's objects).
 */
export async function listDeliveries(db: Db, owner: DeliveryOwner, q: { page: number; limit: number; status?: WebhookDeliveryStatus; objectId?: string }) {
  let base = ownedBy(db.selectFrom('webhook_deliveries'), owner);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.objectId !== undefined) base = base.where('aggregate_key', 'in', EVENT_OBJECT_TYPES.map((t) => `${t}:${q.objectId}`));
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => base.selectAll().orderBy('seq', 'desc').limit(limit).offset(offset).execute(),
    (row: DeliveryRow) => row,
  );
}

/** One delivery with every attempt, oldest first; 404 when there is none (or, given its owner, none of that owner's). */
export async function deliveryWithAttempts(db: Db, id: string, owner?: DeliveryOwner) {
  const delivery = await ownedBy(db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id), owner).executeTakeFirst();
  if (!delivery) throw new AppError('exceptions.webhookDelivery.notFound');
  const attempts = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', id).orderBy('id').execute();
  return { delivery, attempts };
}

/**
 * Send a delivery again now, with a fresh retry window (its attempts are kept). Only a finished one
 * (delivered or failed) reopens; a pending one is already on its way, perhaps leased by a worker
 * this very moment, and is refused with the state error. `owner` (the merchant's redelivery)
 * limits it to that owner's deliveries: another's is not found.
 */
export async function redeliver(db: Db, id: string, owner?: DeliveryOwner): Promise<DeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const d = await ownedBy(trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', id), owner).forUpdate().executeTakeFirst();
    if (!d) throw new AppError('exceptions.webhookDelivery.notFound');
    return moveStatus(trx, webhookDeliveryMachine, 'webhook_deliveries', d, 'pending', {
      set: { next_attempt_at: now(), lease_until: null, failed_at: null, retry_from: now() },
    });
  });
}

/** Pending deliveries and the age of the oldest (metrics). */
export async function deliveryBacklog(db: Executor): Promise<{ pending: number; oldestAgeS: number }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([
      sql<string>`count(*)`.as('pending'),
      sql<string | null>`extract(epoch from now() - min(created_at))`.as('age'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestAgeS: row.age === null ? 0 : Number(row.age) };
}
