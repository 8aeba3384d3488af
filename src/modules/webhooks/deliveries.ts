import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import type { WebhookDeliveriesTable } from '../../lib/db/schema.ts';
import { processOutbox, type ClaimedEvent } from '../../lib/outbox.ts';
import { sendWebhook, signBody, type SendResult } from './sender.ts';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** How long a delivery keeps being retried before it is given up (about three days). */
export const GIVE_UP_AFTER_S = 3 * 24 * 3600;
/** Longest pause between two attempts. */
const MAX_BACKOFF_S = 6 * 3600;

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
    default: {
      // Withdrawals and x402 settlements carry their URL in the record they publish.
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
        })
        .onConflict((oc) => oc.columns(['event_id', 'url']).doNothing())
        .execute();
    }
  });
}

/** Retry decision for one answer: retry (network error, timeout, 408, 429, 5xx), or not. */
export function isRetryable(result: Pick<SendResult, 'statusCode'>): boolean {
  const s = result.statusCode;
  return s === null || s === 408 || s === 429 || s >= 500;
}

/**
 * Seconds before attempt `attempts + 1`: base × 2^(attempts − 1), ±25 % jitter so receivers that
 * failed together do not get their retries all at once, capped at six hours; Retry-After wins when
 * the receiver sent one (within the cap).
 */
export function backoffSeconds(attempts: number, baseS: number, retryAfterS: number | null = null, random = Math.random): number {
  if (retryAfterS !== null) return Math.min(Math.max(retryAfterS, 1), MAX_BACKOFF_S);
  const raw = baseS * 2 ** Math.max(0, attempts - 1);
  const jittered = raw * (0.75 + random() * 0.5);
  return Math.min(Math.max(1, Math.round(jittered)), MAX_BACKOFF_S);
}

export interface DeliveryOptions {
  allowPrivate: boolean;
  retryBaseS: number;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Deliveries sent at once by this process, and at most per receiving origin. */
  concurrency: number;
  perOrigin: number;
}

export function deliveryOptions(config: Config): DeliveryOptions {
  return {
    allowPrivate: config.webhookAllowPrivate,
    retryBaseS: config.webhookRetryBaseS,
    timeoutMs: config.webhookTimeoutMs,
    maxResponseBytes: 4096,
    concurrency: 32,
    perOrigin: 4,
  };
}

export interface DeliveryOutcome {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * Sends due deliveries. Claiming takes a short lease in its own transaction (FOR UPDATE SKIP
 * LOCKED), so any number of workers share the queue and nobody holds a transaction open across a
 * network call. Of one object's events to one URL only the oldest pending is due, so they arrive in
 * order. Each process sends at most `concurrency` at once and `perOrigin` per receiver, and never
 * waits for one receiver before claiming for another: a slow endpoint delays only its own events.
 */
export class WebhookDeliverer {
  private readonly inFlight = new Map<string, number>();
  private total = 0;
  private readonly running = new Set<Promise<void>>();
  readonly counts: DeliveryOutcome = { delivered: 0, retried: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly opts: DeliveryOptions,
    private readonly onOutcome: (kind: keyof DeliveryOutcome) => void = () => {},
  ) {}

  /** One round: claim what this process has room for and start sending it (does not wait). */
  async round(): Promise<number> {
    const room = this.opts.concurrency - this.total;
    if (room <= 0) return 0;
    const saturated = [...this.inFlight].filter(([, n]) => n >= this.opts.perOrigin).map(([origin]) => origin);
    const claimed = await this.claim(room, saturated);
    for (const d of claimed) {
      if ((this.inFlight.get(d.origin) ?? 0) >= this.opts.perOrigin) {
        await this.db.updateTable('webhook_deliveries').set({ lease_until: null, attempts: sql`attempts - 1` }).where('id', '=', d.id).execute();
        continue;
      }
      this.inFlight.set(d.origin, (this.inFlight.get(d.origin) ?? 0) + 1);
      this.total++;
      const p: Promise<void> = this.attempt(d)
        .catch(() => {}) // recorded failures are handled inside; a lost lease is retried by anyone
        .finally(() => {
          this.inFlight.set(d.origin, (this.inFlight.get(d.origin) ?? 1) - 1);
          this.total--;
          this.running.delete(p);
        });
      this.running.add(p);
    }
    return claimed.length;
  }

  /** Waits for every send in flight (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async claim(limit: number, excludedOrigins: string[]): Promise<Array<DeliveryRow & { secret: string; payload: unknown }>> {
    return this.db.transaction().execute(async (trx) => {
      const due = await sql<{ id: string }>`
        select d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at <= now()
          and (d.lease_until is null or d.lease_until < now())
          ${excludedOrigins.length ? sql`and d.origin not in (${sql.join(excludedOrigins)})` : sql``}
          and not exists (
            select 1 from webhook_deliveries e
            where e.aggregate_key = d.aggregate_key and e.url = d.url and e.status = 'pending' and e.seq < d.seq)
        order by d.next_attempt_at, d.seq
        limit ${limit}
        for update of d skip locked`.execute(trx);
      if (due.rows.length === 0) return [];
      const lease = Math.ceil(this.opts.timeoutMs / 1000) + 60;
      return trx
        .updateTable('webhook_deliveries as d')
        .from('tenants as t')
        .from('outbox_events as o')
        .set({ lease_until: sql`now() + make_interval(secs => ${lease})`, attempts: sql`d.attempts + 1`, updated_at: sql`now()` })
        .whereRef('t.id', '=', 'd.tenant_id')
        .whereRef('o.id', '=', 'd.event_id')
        .where(
          'd.id',
          'in',
          due.rows.map((r) => r.id),
        )
        .returning([
          'd.id',
          'd.seq',
          'd.tenant_id',
          'd.event_id',
          'd.event_type',
          'd.aggregate_key',
          'd.url',
          'd.origin',
          'd.status',
          'd.attempts',
          'd.next_attempt_at',
          'd.lease_until',
          'd.last_status_code',
          'd.last_error',
          'd.created_at',
          'd.retry_from',
          'd.updated_at',
          'd.delivered_at',
          'd.failed_at',
          't.webhook_secret as secret',
          'o.payload as payload',
        ])
        .execute() as Promise<Array<DeliveryRow & { secret: string; payload: unknown }>>;
    });
  }

  private async attempt(d: DeliveryRow & { secret: string; payload: unknown }): Promise<void> {
    // The timestamp is the time of signing and sending, so the body is made fresh each attempt.
    const body = JSON.stringify({ event: d.event_type, data: d.payload, timestamp: new Date().toISOString() });
    const result = await sendWebhook(
      d.url,
      body,
      {
        'user-agent': 'cryptogate-webhooks/1',
        'x-webhook-id': d.id,
        'x-webhook-event': d.event_type,
        'x-webhook-attempt': String(d.attempts),
        'x-webhook-signature': signBody(d.secret, body),
      },
      this.opts,
    );
    const kind = await recordAttempt(this.db, d, result, this.opts.retryBaseS);
    if (kind) {
      this.counts[kind]++;
      this.onOutcome(kind);
    }
  }
}

/** Stores an attempt and moves the delivery on: delivered, scheduled again, or failed. */
export async function recordAttempt(db: Db, d: DeliveryRow, result: SendResult, retryBaseS: number): Promise<keyof DeliveryOutcome | null> {
  return db.transaction().execute(async (trx) => {
    // Still ours? (A lease that ran out may have been taken over; then the other attempt counts.)
    const current = await trx.selectFrom('webhook_deliveries').select(['status', 'attempts', 'retry_from']).where('id', '=', d.id).forUpdate().executeTakeFirst();
    if (!current || current.status !== 'pending' || current.attempts !== d.attempts) return null;
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const wait = backoffSeconds(d.attempts, retryBaseS, result.retryAfterS);
    const ageS = (Date.now() - current.retry_from.getTime()) / 1000;
    const outcome = ok ? 'delivered' : isRetryable(result) && ageS + wait <= GIVE_UP_AFTER_S ? 'retried' : 'failed';
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: d.id,
        attempt: d.attempts,
        status_code: result.statusCode,
        latency_ms: result.latencyMs,
        error: result.error,
        response_body: result.responseBody,
        outcome,
      })
      .execute();
    const base = { last_status_code: result.statusCode, last_error: result.error, lease_until: null, updated_at: sql`now()` };
    const next =
      outcome === 'delivered'
        ? { status: 'delivered', delivered_at: sql`now()` }
        : outcome === 'retried'
          ? { next_attempt_at: sql`now() + make_interval(secs => ${wait})` }
          : { status: 'failed', failed_at: sql`now()` };
    await trx.updateTable('webhook_deliveries').set({ ...base, ...next } as never).where('id', '=', d.id).execute();
    return outcome;
  });
}

/** Operator: send a delivery again now (a failed one is reopened; its attempts are kept). */
export async function redeliver(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: sql`now()`, lease_until: null, failed_at: null, retry_from: sql`now()`, updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
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
