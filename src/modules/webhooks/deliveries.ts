import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import type { WebhookDeliveriesTable } from '../../lib/db/schema.ts';
import { sendWebhook, signBody } from './sender.ts';
import { recordAttempt, type DeliveryOutcome } from './attempts.ts';

export { GIVE_UP_AFTER_S, backoffSeconds, isRetryable, recordAttempt, type DeliveryOutcome } from './attempts.ts';
export { dispatchEvents } from './dispatch.ts';
export { deliveryBacklog, redeliver } from './operator.ts';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

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

