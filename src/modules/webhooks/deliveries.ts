import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import { now, nowPlus, type Db, type Executor, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { webhookDeliveryMachine } from './status.ts';
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
  /** This process's name on the leases it takes. */
  private readonly owner = randomUUID();
  /** The deliveries being sent right now. */
  private readonly sending = new Set<string>();
  /**
   * A claim or an outcome failed to reach the database (it may or may not have committed): the
   * leases this process holds but is not using are freed on the next round that reaches it.
   */
  private leasesInDoubt = false;
  private total = 0;
  private readonly running = new Set<Promise<void>>();
  readonly counts: DeliveryOutcome = { delivered: 0, retried: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly opts: DeliveryOptions,
    private readonly onOutcome: (kind: keyof DeliveryOutcome) => void = () => {},
  ) {}

  private claiming = false;
  private again = false;
  private stopped = false;

  /**
   * One round: claim what this process has room for and start sending it (does not wait for the
   * sends). Every finished send starts another round at once, so a busy queue is not paced by the
   * worker's timer; rounds never overlap (one asked for meanwhile runs right after).
   */
  async round(): Promise<number> {
    if (this.claiming) {
      this.again = true;
      return 0;
    }
    this.claiming = true;
    let claimed = 0;
    try {
      do {
        this.again = false;
        claimed += await this.claimAndStart();
      } while (this.again && !this.stopped);
    } finally {
      this.claiming = false;
    }
    return claimed;
  }

  private async claimAndStart(): Promise<number> {
    const room = this.opts.concurrency - this.total;
    if (room <= 0 || this.stopped) return 0;
    if (this.leasesInDoubt) await this.freeIdleLeases();
    let claimed;
    try {
      claimed = await this.claim(room);
    } catch (err) {
      this.leasesInDoubt = true;
      throw err;
    }
    for (const d of claimed) {
      this.inFlight.set(d.origin, (this.inFlight.get(d.origin) ?? 0) + 1);
      this.total++;
      this.sending.add(d.id);
      const p: Promise<void> = this.attempt(d)
        // The outcome could not be stored: the lease is freed once the database answers again, and
        // the delivery sent again (at least once; the receiver dedupes by x-webhook-id).
        .catch(() => void (this.leasesInDoubt = true))
        .finally(() => {
          this.sending.delete(d.id);
          this.inFlight.set(d.origin, (this.inFlight.get(d.origin) ?? 1) - 1);
          this.total--;
          this.running.delete(p);
          if (!this.stopped) void this.round().catch(() => {});
        });
      this.running.add(p);
    }
    return claimed.length;
  }

  /** Frees the leases this process holds on deliveries it is not sending (after a lost connection). */
  private async freeIdleLeases(): Promise<void> {
    await sql`
      update webhook_deliveries set lease_until = null, lease_owner = null
      where lease_owner = ${this.owner} and status = 'pending' and lease_until is not null
        and not (id = any(${[...this.sending]}::uuid[]))`.execute(this.db);
    this.leasesInDoubt = false;
  }

  /** Waits for every send in flight (tests); with `stop`, claims nothing more (shutdown). */
  async drain(stop = false): Promise<void> {
    if (stop) this.stopped = true;
    while (this.running.size > 0 || this.claiming) {
      await Promise.all([...this.running]);
      if (this.claiming) await new Promise((r) => setTimeout(r, 5));
    }
  }

  /**
   * One statement: pick due deliveries from the front of the due index (O(limit), not O(queue)),
   * at most `perOrigin` per receiving origin counting what this process already sends there, only
   * the oldest pending event of each object and URL, skipping rows other workers hold; lease them
   * and return them with the tenant's secret and the event data.
   */
  private async claim(limit: number): Promise<Array<DeliveryRow & { secret: string; payload: unknown }>> {
    const origins = [...this.inFlight.keys()];
    const busy = origins.map((o) => this.inFlight.get(o) ?? 0);
    const lease = Math.ceil(this.opts.timeoutMs / 1000) + 60;
    const { rows } = await sql<DeliveryRow & { secret: string; payload: unknown }>`
      with due as (
        select d.id from (
          select id, origin, row_number() over (partition by origin order by next_attempt_at, seq) as rank
          from (
            select id, origin, next_attempt_at, seq from webhook_deliveries
            where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
            order by next_attempt_at, seq
            limit ${limit * 8}
          ) front
        ) c
        join webhook_deliveries d on d.id = c.id
        -- Checked again on the locked row itself: a worker that leased it meanwhile has committed
        -- a new version, which PostgreSQL re-evaluates these conditions against before locking.
        where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
          and c.rank + coalesce((select f.n from unnest(${origins}::text[], ${busy}::int[]) as f (o, n) where f.o = c.origin), 0) <= ${this.opts.perOrigin}
          and not exists (
            select 1 from webhook_deliveries e
            where e.aggregate_key = d.aggregate_key and e.url = d.url and e.status = 'pending' and e.seq < d.seq)
        order by d.next_attempt_at, d.seq
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries w
      set lease_until = now() + make_interval(secs => ${lease}), lease_owner = ${this.owner}, attempts = w.attempts + 1, updated_at = now()
      from due, tenants t, outbox_events o
      where w.id = due.id and t.id = w.tenant_id and o.id = w.event_id
      returning w.*, t.webhook_secret as secret, o.payload as payload`.execute(this.db);
    return rows;
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
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const wait = backoffSeconds(d.attempts, retryBaseS, result.retryAfterS);
  const ageS = (Date.now() - d.retry_from.getTime()) / 1000;
  const outcome = ok ? 'delivered' : isRetryable(result) && ageS + wait <= GIVE_UP_AFTER_S ? 'retried' : 'failed';
  return db.transaction().execute(async (trx) => {
    // The move holds only while this attempt still owns the delivery (a lease that ran out may have
    // been taken over; then the other attempt counts): the attempt count is part of the guard.
    const moved = await settleAttempt(trx, d, outcome, result, wait);
    if (!moved) return null;
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: d.id, attempt: d.attempts, status_code: result.statusCode, latency_ms: result.latencyMs, error: result.error, response_body: result.responseBody, outcome })
      .execute();
    if (outcome === 'retried') {
      // The object's later events wait behind a retried one; they are not due before it.
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: sql<Date>`greatest(next_attempt_at, now() + make_interval(secs => ${wait}))` })
        .where('aggregate_key', '=', d.aggregate_key)
        .where('url', '=', d.url)
        .where('status', '=', 'pending')
        .where('seq', '>', d.seq)
        .execute();
    }
    return outcome;
  });
}

/** Writes an attempt's outcome on its delivery; false when this attempt no longer owns it. */
async function settleAttempt(trx: Trx, d: DeliveryRow, outcome: keyof DeliveryOutcome, result: SendResult, waitS: number): Promise<boolean> {
  const common = { last_status_code: result.statusCode, last_error: result.error, lease_until: null };
  if (outcome === 'retried') {
    // Not a status change: the delivery stays pending, due again after the backoff.
    const row = await trx
      .updateTable('webhook_deliveries')
      .set({ ...common, next_attempt_at: nowPlus(waitS), updated_at: now() })
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', d.attempts)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
  const set = outcome === 'delivered' ? { ...common, delivered_at: now() } : { ...common, failed_at: now() };
  try {
    await moveStatus(trx, webhookDeliveryMachine, 'webhook_deliveries', d, outcome, { set, where: { attempts: d.attempts } });
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'exceptions.status.conflict') return false;
    throw err;
  }
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
