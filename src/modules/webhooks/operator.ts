import { sql } from 'kysely';
import { now, type Db, type Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { webhookDeliveryMachine } from './status.ts';
import type { WebhookDeliveryStatus } from '../../lib/db/schema.ts';

import type { DeliveryRow } from './deliveries.ts';
import { paged } from '../../lib/db/paging.ts';

/** A tenant's deliveries, newest first, optionally of one status (the operator's log). */
export async function listDeliveries(db: Db, tenantId: string, q: { page: number; limit: number; status?: WebhookDeliveryStatus }) {
  let base = db.selectFrom('webhook_deliveries').where('tenant_id', '=', tenantId);
  if (q.status) base = base.where('status', '=', q.status);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => base.selectAll().orderBy('seq', 'desc').limit(limit).offset(offset).execute(),
    (row: DeliveryRow) => row,
  );
}

/** One delivery with every attempt, oldest first; 404 when there is none. */
export async function deliveryWithAttempts(db: Db, id: string) {
  const delivery = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!delivery) throw new AppError('exceptions.webhookDelivery.notFound');
  const attempts = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', id).orderBy('id').execute();
  return { delivery, attempts };
}

/**
 * Operator: send a delivery again now, with a fresh retry window (its attempts are kept). Only a
 * finished one (delivered or failed) reopens; a pending one is already on its way, perhaps leased
 * by a worker this very moment, and is refused with the state error.
 */
export async function redeliver(db: Db, id: string): Promise<DeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const d = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
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
