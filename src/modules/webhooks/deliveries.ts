import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import type { WebhookDeliveryRow } from '../../lib/db/schema.ts';
import { sendWebhook, signBody, webhookBody, type SendResult } from './sender.ts';
import type { DeliveryOutcome } from './attempts.ts';
import { AttemptRecorder } from './recorder.ts';
import { claimDeliveries, unclaimDeliveries, type ClaimedDelivery } from './claim.ts';
import { OriginQueues, PREFETCH } from './origins.ts';

export { GIVE_UP_AFTER_S, backoffSeconds, isRetryable, recordAttempt, type DeliveryOutcome } from './attempts.ts';
export { dispatchEvents } from './dispatch.ts';
export { deliveryBacklog, redeliver } from './operator.ts';

export type DeliveryRow = WebhookDeliveryRow;

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
 * Sends due deliveries. Claiming takes a short lease in its own statement (FOR UPDATE SKIP
 * LOCKED), so any number of workers share the queue and nobody holds a transaction open across a
 * network call. Of one object's events to one URL only the oldest pending is due, so they arrive in
 * order. Each process sends at most `concurrency` at once and `perOrigin` per receiver, and never
 * waits for one receiver before claiming for another: a slow endpoint delays only its own events.
 * A receiver that answers quickly gets a few claimed deliveries queued here behind its requests,
 * so one claim feeds several sends; outcomes are stored in batches (AttemptRecorder).
 */
export class WebhookDeliverer {
  private readonly queues: OriginQueues;
  /** This process's name on the leases it takes. */
  private readonly owner = randomUUID();
  private readonly leaseS: number;
  /** The deliveries being sent right now (or their outcome stored). */
  private readonly sending = new Set<string>();
  /**
   * A claim or an outcome failed to reach the database (it may or may not have committed): the
   * leases this process holds but is not using are freed on the next round that reaches it.
   */
  private leasesInDoubt = false;
  private readonly running = new Set<Promise<void>>();
  private readonly recorder: AttemptRecorder;
  readonly counts: DeliveryOutcome = { delivered: 0, retried: 0, failed: 0 };

  private claiming = false;
  /** A round asked for while one runs: every origin (true), or these only. */
  private again: Set<string> | true | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly opts: DeliveryOptions,
    private readonly onOutcome: (kind: keyof DeliveryOutcome) => void = () => {},
  ) {
    this.queues = new OriginQueues(opts.perOrigin, opts.timeoutMs);
    this.recorder = new AttemptRecorder(db, opts.retryBaseS);
    this.leaseS = Math.ceil(opts.timeoutMs / 1000) + 60;
  }

  /**
   * One round: claim what this process has room for, from every origin with due deliveries, and
   * start sending it (does not wait for the sends). Finished sends start the next waiting ones and
   * claim more for their origins at once, so a busy queue is not paced by the worker's timer;
   * rounds never overlap (one asked for meanwhile runs right after).
   */
  round(): Promise<number> {
    return this.claimRound(null);
  }

  private async claimRound(origins: string[] | null): Promise<number> {
    if (this.claiming) {
      if (origins === null || this.again === true) this.again = true;
      else this.again = new Set([...(this.again ?? []), ...origins]);
      return 0;
    }
    this.claiming = true;
    let claimed = 0;
    try {
      let next: string[] | null = origins;
      for (;;) {
        this.again = null;
        claimed += await this.claimAndStart(next);
        const again = this.again as Set<string> | true | null;
        if (again === null || this.stopped) break;
        next = again === true ? null : [...again];
      }
    } finally {
      this.claiming = false;
    }
    return claimed;
  }

  private async claimAndStart(origins: string[] | null): Promise<number> {
    const limit = this.opts.concurrency * PREFETCH - this.queues.heldTotal();
    if (limit <= 0 || this.stopped) return 0;
    if (this.leasesInDoubt) await this.freeIdleLeases();
    const leaseEnd = performance.now() + this.leaseS * 1000;
    let claimed: Awaited<ReturnType<typeof claimDeliveries>>;
    try {
      claimed = await claimDeliveries(this.db, {
        owner: this.owner,
        leaseS: this.leaseS,
        limit,
        perOrigin: this.opts.perOrigin,
        room: this.queues.room(),
        origins,
      });
    } catch (err) {
      this.leasesInDoubt = true;
      throw err;
    }
    // Oldest first (RETURNING keeps no order).
    claimed.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
    for (const delivery of claimed) this.queues.add({ delivery, leaseEnd });
    for (const origin of new Set(claimed.map((d) => d.origin))) this.startWaiting(origin);
    return claimed.length;
  }

  /**
   * Sends the origin's waiting deliveries it has room for. One whose lease would run out before
   * its attempt could end is given back instead (another worker could take it over meanwhile).
   */
  private startWaiting(origin: string): void {
    const late: ClaimedDelivery[] = [];
    for (let held = this.queues.next(origin, this.opts.concurrency); held; held = this.queues.next(origin, this.opts.concurrency)) {
      if (this.stopped || performance.now() + this.opts.timeoutMs + 5_000 > held.leaseEnd) {
        late.push(held.delivery);
        this.queues.done(origin, null);
        continue;
      }
      this.track(held.delivery.id, this.attempt(held.delivery));
    }
    if (late.length) this.track(null, unclaimDeliveries(this.db, this.owner, late));
  }

  private track(id: string | null, work: Promise<void>): void {
    if (id) this.sending.add(id);
    const p: Promise<void> = work
      // The outcome could not be stored: the lease is freed once the database answers again, and
      // the delivery sent again (at least once; the receiver dedupes by x-webhook-id).
      .catch(() => void (this.leasesInDoubt = true))
      .finally(() => {
        if (id) this.sending.delete(id);
        this.running.delete(p);
      });
    this.running.add(p);
  }

  /** Frees the leases this process holds on deliveries it is not sending (after a lost connection). */
  private async freeIdleLeases(): Promise<void> {
    await unclaimDeliveries(
      this.db,
      this.owner,
      this.queues.takeWaiting().map((h) => h.delivery),
    );
    await sql`
      update webhook_deliveries set lease_until = null, lease_owner = null
      where lease_owner = ${this.owner} and status = 'pending' and lease_until is not null
        and not (id = any(${[...this.sending]}::uuid[]))`.execute(this.db);
    this.leasesInDoubt = false;
  }

  /** A claim or an outcome may not have reached the database: a round should follow soon to free leases. */
  get inDoubt(): boolean {
    return this.leasesInDoubt;
  }

  /**
   * Milliseconds until a delivery nobody is sending falls due (at most 0: one is due already), or
   * null when none will by the clock alone. Like the claim it counts only the oldest pending of
   * one object's events to one URL; a lease of another process counts until it runs out. This
   * process's own leases end in an outcome, whose write wakes the job.
   */
  async dueInMs(): Promise<number | null> {
    const { rows } = await sql<{ ms: number | null }>`
      select (extract(epoch from least(
        (select w.next_attempt_at from webhook_deliveries w
          where w.status = 'pending' and (w.lease_until is null or w.lease_until < now())
            and not exists (
              select 1 from webhook_deliveries e
              where e.aggregate_key = w.aggregate_key and e.url = w.url and e.status = 'pending' and e.seq < w.seq)
          order by w.next_attempt_at, w.seq limit 1),
        (select min(greatest(w.next_attempt_at, w.lease_until)) from webhook_deliveries w
          where w.status = 'pending' and w.lease_until >= now() and w.lease_owner is distinct from ${this.owner})
      ) - now()) * 1000)::float8 as ms`.execute(this.db);
    const ms = rows[0]?.ms;
    return ms == null ? null : Number(ms);
  }

  /**
   * Waits until every claimed delivery is sent and its outcome stored (tests); with `stop`, claims
   * nothing more and gives back the leases of those not yet sent (shutdown).
   */
  async drain(stop = false): Promise<void> {
    if (stop) {
      this.stopped = true;
      const waiting = this.queues.takeWaiting().map((h) => h.delivery);
      if (waiting.length) this.track(null, unclaimDeliveries(this.db, this.owner, waiting));
    }
    while (this.running.size > 0 || this.claiming) {
      await Promise.all([...this.running]);
      if (this.claiming) await new Promise((r) => setTimeout(r, 5));
    }
  }

  /**
   * A request to the origin has ended: the next waiting delivery goes out at once, and more are
   * claimed when the line runs short, while this outcome is being stored (the delivery stays
   * leased to this process until it is).
   */
  private finished(origin: string, result: SendResult | undefined): void {
    const wasFull = this.queues.total >= this.opts.concurrency;
    this.queues.done(origin, result ? result.statusCode !== null : null, result?.latencyMs);
    if (this.stopped) return;
    this.startWaiting(origin);
    // A free place under the process-wide cap may serve another origin's waiting line.
    if (wasFull) for (const o of this.queues.origins()) this.startWaiting(o);
    if (this.queues.wantsMore(origin)) void this.claimRound([...new Set([origin, ...this.queues.origins()])]).catch(() => {});
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    // The timestamp is the time of signing and sending, so the body is made fresh each attempt.
    const body = webhookBody(d.event_type, d.payload, new Date());
    let result: SendResult | undefined;
    try {
      result = await sendWebhook(
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
    } finally {
      this.finished(d.origin, result);
    }
    const kind = await this.recorder.record({ delivery: d, result, requestBody: body });
    if (kind) {
      this.counts[kind]++;
      this.onOutcome(kind);
    }
  }
}
