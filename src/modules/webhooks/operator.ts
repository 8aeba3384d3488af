import { sql, type SelectQueryBuilder } from 'kysely';
import { audit, type Audited } from '../audit/service.ts';
import { now, type Db, type Executor } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { webhookDeliveryMachine } from './status.ts';
import type { DB, WebhookDeliveryStatus } from '../../lib/db/schema.ts';

import type { WebhookDeliveryRow as DeliveryRow } from '../../lib/db/schema.ts';
import { countedTotal } from '../../lib/db/counts.ts';
import { byKeys, paged } from '../../lib/db/paging.ts';

/** The kinds of object events are about (the `aggregateType` of each module's events). */
export const EVENT_OBJECT_TYPES = ['invoice', 'deposit', 'withdrawal', 'x402', 'conversion', 'webhook'] as const;

/** Whose deliveries a merchant sees: the tenant's, and with `accountId` (a key bound to one account) only that account's. */
export interface DeliveryOwner {
  tenantId: string;
  accountId?: string | null;
}

/** The rows an owner may see; the operator (no owner) sees all. */
function ownedBy<O>(
  query: SelectQueryBuilder<DB, 'webhook_deliveries', O>,
  owner?: DeliveryOwner,
): SelectQueryBuilder<DB, 'webhook_deliveries', O> {
  if (!owner) return query;
  const q = query.where('tenant_id', '=', owner.tenantId);
  return owner.accountId ? q.where('account_id', '=', owner.accountId) : q;
}

/**
 * A tenant's deliveries (no owner: every tenant's, for the operator), newest first, optionally of
 * one status and of the events about one object (its id, of any kind: an exact match on the index
 * of the tenant's objects).
 */
export async function listDeliveries(
  db: Db,
  owner: DeliveryOwner | undefined,
  q: { page: number; limit: number; status?: WebhookDeliveryStatus; objectId?: string },
) {
  let base = ownedBy(db.selectFrom('webhook_deliveries'), owner);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.objectId !== undefined)
    base = base.where(
      'aggregate_key',
      'in',
      EVENT_OBJECT_TYPES.map((t) => `${t}:${q.objectId}`),
    );
  // Without an object the total is the maintained count (lib/db/counts.ts): the account's, the
  // tenant's, or every tenant's for the operator; a later page walks the index for its ids alone.
  const counted = owner?.accountId
    ? countedTotal(db, 'webhook_deliveries_of_account', owner.accountId, q.status)
    : countedTotal(db, 'webhook_deliveries', owner?.tenantId, q.status);
  return paged(
    q,
    () => (q.objectId === undefined ? counted : base.select((eb) => eb.fn.countAll<string>().as('total'))).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // By seq, the order's own key: the walk reads the index alone (it holds seq, not the id).
      const seqs = base.select('seq').orderBy('seq', 'desc').limit(limit).offset(offset);
      return byKeys(base, 'seq', offset, limit, seqs).selectAll().orderBy('seq', 'desc').execute();
    },
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
 * this very moment, and is refused with the state error `exceptions.webhookDelivery.notFinished`. `owner` (the merchant's redelivery)
 * limits it to that owner's deliveries: another's is not found.
 */
export async function redeliver(db: Db, id: string, owner?: DeliveryOwner, audited?: Audited): Promise<DeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const d = await ownedBy(trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', id), owner)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw new AppError('exceptions.webhookDelivery.notFound');
    const moved = await moveStatus(trx, webhookDeliveryMachine, 'webhook_deliveries', d, 'pending', {
      set: { next_attempt_at: now(), lease_until: null, failed_at: null, retry_from: now() },
      refusal: 'exceptions.webhookDelivery.notFinished',
    });
    if (audited)
      await audit(trx, {
        tenantId: d.tenant_id,
        ...audited.by,
        action: audited.action,
        targetType: 'webhookDelivery',
        targetId: d.id,
        detail: audited.detail,
      });
    return moved;
  });
}

/** Pending deliveries and the age of the oldest (metrics). */
export async function deliveryBacklog(db: Executor): Promise<{ pending: number; oldestAgeS: number }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([sql<string>`count(*)`.as('pending'), sql<string | null>`extract(epoch from now() - min(created_at))`.as('age')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestAgeS: row.age === null ? 0 : Number(row.age) };
}

/** A receiving endpoint (tenant and URL) whose deliveries fail. */
export interface FailingEndpoint {
  tenantId: string;
  tenantName: string;
  url: string;
  /** Deliveries to it not yet delivered or given up. */
  pending: number;
  /** Deliveries to it given up in the last 24 hours. */
  failed: number;
  /** The answer of its latest failed attempt (null: no HTTP answer, or none yet). */
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
}

/**
 * Endpoints in trouble, worst first (most given up, then most retrying), at most `limit`: those with
 * deliveries given up in the last 24 hours, or pending ones whose last attempt failed (retrying).
 * Each with its latest failing attempt.
 */
export async function failingEndpoints(db: Executor, limit = 50): Promise<FailingEndpoint[]> {
  const { rows } = await sql<{
    tenant_id: string;
    tenant_name: string;
    url: string;
    pending: number;
    failed: number;
    status_code: number | null;
    error: string | null;
    attempted_at: Date | null;
  }>`
    with endpoints as (
      select tenant_id, url,
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending' and (last_status_code is not null or last_error is not null))::int as retrying
      from webhook_deliveries
      where status = 'pending' or (status = 'failed' and failed_at > now() - interval '1 day')
      group by tenant_id, url
    )
    select e.tenant_id, t.name as tenant_name, e.url, e.pending, e.failed, a.status_code, a.error, a.attempted_at
    from endpoints e
    join tenants t on t.id = e.tenant_id
    left join lateral (
      select x.status_code, x.error, x.attempted_at
      from webhook_deliveries d join webhook_attempts x on x.delivery_id = d.id
      where d.tenant_id = e.tenant_id and d.url = e.url and x.outcome <> 'delivered'
        and (d.status = 'pending' or (d.status = 'failed' and d.failed_at > now() - interval '1 day'))
      order by x.attempted_at desc, x.id desc
      limit 1
    ) a on true
    where e.failed > 0 or e.retrying > 0
    order by e.failed desc, e.retrying desc, e.pending desc, e.url
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    url: r.url,
    pending: r.pending,
    failed: r.failed,
    lastStatusCode: r.status_code,
    lastError: r.error,
    lastAttemptAt: r.attempted_at === null ? null : new Date(r.attempted_at),
  }));
}

/** The delivery queue at a glance: pending, the oldest's age, given up in 24 h, and the endpoints in trouble. */
export async function webhookHealth(db: Executor) {
  const [backlog, failed, endpoints] = await Promise.all([
    deliveryBacklog(db),
    db
      .selectFrom('webhook_deliveries')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'failed')
      .where('failed_at', '>', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirstOrThrow(),
    failingEndpoints(db),
  ]);
  return {
    pending: backlog.pending,
    oldestPendingAgeSeconds: backlog.oldestAgeS,
    failedLastDay: Number(failed.n),
    failingEndpoints: endpoints,
  };
}
