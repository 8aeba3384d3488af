import { sql } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import type { WebhookDeliveryRow as DeliveryRow } from '../../lib/db/schema.ts';

/** A leased delivery, with what its sending needs: the tenant's secret and the event's data. */
export type ClaimedDelivery = Pick<
  DeliveryRow,
  'id' | 'attempts' | 'retry_from' | 'aggregate_key' | 'url' | 'seq' | 'origin' | 'event_type'
> & {
  secret: string;
  /**
   * The event's data as the JSON text stored with it (a `json` column keeps it as written): its
   * amounts with every digit, which parsing it into JS values would round through doubles.
   */
  payload: string;
};

export interface ClaimRequest {
  /** This process's name on the leases. */
  owner: string;
  leaseS: number;
  /** Deliveries to claim at most. */
  limit: number;
  /** Deliveries one origin may be given, unless `room` says otherwise. */
  perOrigin: number;
  /** How many more deliveries each origin this process holds some for may be given. */
  room: Map<string, number>;
  /**
   * Only these origins (those this process already sends to: cheap, after each finished send);
   * null: every origin with pending deliveries, found by skipping along the origin index.
   */
  origins: string[] | null;
}

/**
 * One statement: for each origin (the given ones, or every one with pending deliveries) the front
 * of its due deliveries, as many as its room (`perOrigin` for an origin this process holds none
 * for), and of one object's events to one URL only the oldest pending (so they arrive in order);
 * the oldest `limit` of those, skipping rows other workers hold, leased to `owner` and returned
 * with the tenant's secret and the event data. Its cost follows the origins and the deliveries
 * claimed, not the length of the queue.
 */
export async function claimDeliveries(db: Db, req: ClaimRequest): Promise<ClaimedDelivery[]> {
  const roomOrigins = [...req.room.keys()];
  const roomCounts = roomOrigins.map((o) => req.room.get(o) ?? 0);
  // Given origins: their room is known here, and the statement plans in a fraction of the time.
  const targets = req.origins
    ? sql`targets (origin, room) as (select * from unnest(${req.origins}::text[], ${req.origins.map((o) => req.room.get(o) ?? req.perOrigin)}::int[])),`
    : sql`recursive pending_origins (origin) as (
        (select origin from webhook_deliveries where status = 'pending' order by origin limit 1)
        union all
        select (select w.origin from webhook_deliveries w where w.status = 'pending' and w.origin > p.origin order by w.origin limit 1)
        from pending_origins p where p.origin is not null
      ),
      targets as (
        select p.origin, coalesce(f.n, ${req.perOrigin}::int) as room
        from pending_origins p
        left join unnest(${roomOrigins}::text[], ${roomCounts}::int[]) as f (o, n) on f.o = p.origin
        where p.origin is not null
      ),`;
  const { rows } = await sql<ClaimedDelivery>`
    with ${targets}
    front as (
      select c.id, c.version, c.next_attempt_at, c.seq from targets t
      cross join lateral (
        select w.id, w.xmin as version, w.next_attempt_at, w.seq from webhook_deliveries w
        where w.origin = t.origin and w.status = 'pending' and w.next_attempt_at <= now() and (w.lease_until is null or w.lease_until < now())
          and not exists (
            select 1 from webhook_deliveries e
            where e.aggregate_key = w.aggregate_key and e.url = w.url and e.status = 'pending' and e.seq < w.seq)
        order by w.next_attempt_at, w.seq
        limit t.room
      ) c
      where t.room > 0
      order by c.next_attempt_at, c.seq
      limit ${req.limit}
    ),
    due as (
      -- By id (an index lookup each, whatever the planner thinks of the queue's length), and only
      -- the very version of the row chosen above: a worker that leased or settled it since this
      -- statement began has written a newer one, which PostgreSQL checks this against before locking.
      select d.id from webhook_deliveries d
      where d.id = any(array(select id from front)) and d.xmin = (select f.version from front f where f.id = d.id)
      for update of d skip locked
    )
    update webhook_deliveries w
    set lease_until = now() + make_interval(secs => ${req.leaseS}), lease_owner = ${req.owner}, attempts = w.attempts + 1, updated_at = now()
    from due, tenants t, outbox_events o
    where w.id = due.id and t.id = w.tenant_id and o.id = w.event_id
    returning w.id, w.attempts, w.retry_from, w.aggregate_key, w.url, w.seq, w.origin, w.event_type, t.webhook_secret as secret, o.payload::text as payload`.execute(
    db,
  );
  return rows;
}

/**
 * Gives back leases on deliveries this process claimed but did not send (shutdown, a lease too
 * close to its end): free for any worker at once, their attempt not counted, while the lease is
 * still this process's.
 */
export async function unclaimDeliveries(db: Db, owner: string, deliveries: Array<Pick<DeliveryRow, 'id' | 'attempts'>>): Promise<void> {
  if (deliveries.length === 0) return;
  await sql`
    update webhook_deliveries w set lease_until = null, lease_owner = null, attempts = w.attempts - 1
    from unnest(${deliveries.map((d) => d.id)}::uuid[], ${deliveries.map((d) => d.attempts)}::int[]) as v (id, attempts)
    where w.id = v.id and w.attempts = v.attempts and w.lease_owner = ${owner} and w.status = 'pending'`.execute(db);
}
