import { sql } from 'kysely';
import type { Db, Executor, Trx } from './db/index.ts';
import { stringifyExact } from './exact-json.ts';

/** An event to publish, written with the state change that causes it. */
export interface OutboxEvent {
  tenantId: string | null;
  /** invoice.statusChanged, deposit.statusChanged, … */
  type: string;
  aggregateType: string;
  aggregateId: string;
  payload: unknown;
}

/**
 * The `aggregateType` of the gateway's own notices (a new sign-in, a withdrawal waiting for
 * approval): written like any event, in the change's transaction, they lead to mail and are never
 * sent as webhooks.
 */
export const NOTICE = 'notice';

/** A notice of the tenant's (see NOTICE), about the object `id`. */
export function notice(tenantId: string, type: string, id: string, payload: unknown): OutboxEvent {
  return { tenantId, type, aggregateType: NOTICE, aggregateId: id, payload };
}

/** What else is made of claimed events, in the transaction that marks them processed. */
export type OutboxHandler = (trx: Trx, events: ClaimedEvent[]) => Promise<void>;

/** A stored event, as a worker claims it. */
export interface ClaimedEvent extends OutboxEvent {
  id: string;
  createdAt: Date;
}

/** Writes an event inside the caller's transaction: it exists if and only if the change commits. */
export async function enqueue(trx: Trx, event: OutboxEvent): Promise<string> {
  const row = await trx
    .insertInto('outbox_events')
    .values({
      tenant_id: event.tenantId,
      event_type: event.type,
      aggregate_type: event.aggregateType,
      aggregate_id: event.aggregateId,
      // Exact: its amounts are written with every digit, and the json column keeps the text as is.
      payload: stringifyExact(event.payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * Claims up to `limit` pending events and hands them to `handle` inside one transaction; they are
 * marked processed when it commits. Rows locked by another worker are skipped, not waited for, so
 * workers on every instance share the queue and no event is processed twice. A failing handler
 * rolls back and leaves its events pending for the next round.
 */
export async function processOutbox(db: Db, limit: number, handle: (trx: Trx, events: ClaimedEvent[]) => Promise<void>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('outbox_events')
      .selectAll()
      .where('processed_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return 0;
    await handle(
      trx,
      rows.map((r) => ({
        id: String(r.id),
        tenantId: r.tenant_id,
        type: r.event_type,
        aggregateType: r.aggregate_type,
        aggregateId: r.aggregate_id,
        payload: r.payload,
        createdAt: r.created_at,
      })),
    );
    await trx
      .updateTable('outbox_events')
      .set({ processed_at: sql`now()` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  });
}

/** Pending events and the age of the oldest, for metrics. */
export async function outboxBacklog(db: Executor): Promise<{ pending: number; oldestAgeS: number }> {
  const row = await db
    .selectFrom('outbox_events')
    .select([sql<string>`count(*)`.as('pending'), sql<string | null>`extract(epoch from now() - min(created_at))`.as('age')])
    .where('processed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestAgeS: row.age === null ? 0 : Number(row.age) };
}
