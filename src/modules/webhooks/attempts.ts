import { sql } from 'kysely';
import type { Db, Executor } from '../../lib/db/index.ts';
import { webhookDeliveryMachine } from './status.ts';
import type { SendResult } from './sender.ts';

import type { WebhookDeliveryRow as DeliveryRow } from '../../lib/db/schema.ts';

/** How long a delivery keeps being retried before it is given up (about three days). */
export const GIVE_UP_AFTER_S = 3 * 24 * 3600;
/** Longest pause between two attempts. */
const MAX_BACKOFF_S = 6 * 3600;

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

export interface DeliveryOutcome {
  delivered: number;
  retried: number;
  failed: number;
}

/** What storing an attempt needs of its delivery (as claimed). */
export type AttemptedDelivery = Pick<DeliveryRow, 'id' | 'attempts' | 'retry_from' | 'aggregate_key' | 'url' | 'seq'>;

/** One finished attempt of a delivery, as its sender saw it. */
export interface FinishedAttempt {
  delivery: AttemptedDelivery;
  result: SendResult;
  /** The exact body signed for the attempt (shown in the delivery log). */
  requestBody?: string | null;
}

/** What one attempt leads to, and after how long it is tried again when retried. */
function decide(d: AttemptedDelivery, result: SendResult, retryBaseS: number): { outcome: keyof DeliveryOutcome; wait: number } {
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const wait = backoffSeconds(d.attempts, retryBaseS, result.retryAfterS);
  const ageS = (Date.now() - d.retry_from.getTime()) / 1000;
  const outcome = ok ? 'delivered' : isRetryable(result) && ageS + wait <= GIVE_UP_AFTER_S ? 'retried' : 'failed';
  // Delivered and failed are status changes: the machine must allow them (from pending).
  if (outcome !== 'retried') webhookDeliveryMachine.assert('pending', outcome);
  return { outcome, wait };
}

/** Stores an attempt and moves the delivery on: delivered, scheduled again, or failed. */
export async function recordAttempt(
  db: Db,
  d: AttemptedDelivery,
  result: SendResult,
  retryBaseS: number,
): Promise<keyof DeliveryOutcome | null> {
  const [kind] = await recordAttempts(db, [{ delivery: d, result }], retryBaseS);
  return kind ?? null;
}

/**
 * Stores attempts and moves their deliveries on, in one statement whatever their number (one
 * transaction with the later events' new schedule when some are retried). Each move holds only
 * while its attempt still owns the delivery (pending, with that attempt count: a lease that ran out
 * may have been taken over, and then the other attempt counts); such an attempt gives null.
 */
export async function recordAttempts(
  db: Db,
  attempts: FinishedAttempt[],
  retryBaseS: number,
): Promise<Array<keyof DeliveryOutcome | null>> {
  if (attempts.length === 0) return [];
  const decided = attempts.map((a) => ({ ...a, ...decide(a.delivery, a.result, retryBaseS) }));
  const retried = decided.filter((a) => a.outcome === 'retried');
  const moved =
    retried.length === 0
      ? await settle(db, decided)
      : await db.transaction().execute(async (trx) => {
          const ids = await settle(trx, decided);
          // The object's later events wait behind a retried one; they are not due before it.
          for (const { delivery: d, wait } of retried.filter((a) => ids.has(a.delivery.id))) {
            await trx
              .updateTable('webhook_deliveries')
              .set({ next_attempt_at: sql<Date>`greatest(next_attempt_at, now() + make_interval(secs => ${wait}))` })
              .where('aggregate_key', '=', d.aggregate_key)
              .where('url', '=', d.url)
              .where('status', '=', 'pending')
              .where('seq', '>', d.seq)
              .execute();
          }
          return ids;
        });
  return decided.map((a) => (moved.has(a.delivery.id) ? a.outcome : null));
}

/**
 * Writes the attempts' outcomes on their deliveries (delivered and failed are the status moves the
 * machine allows from pending, checked in `decide`; retried stays pending, due again after the
 * backoff) and logs each attempt that still owned its delivery. Returns the ids moved.
 */
async function settle(
  db: Executor,
  attempts: Array<FinishedAttempt & { outcome: keyof DeliveryOutcome; wait: number }>,
): Promise<Set<string>> {
  const col = <T>(f: (a: (typeof attempts)[number]) => T) => attempts.map(f);
  const { rows } = await sql<{ id: string }>`
    with v (id, attempt, outcome, status_code, error, response_body, latency_ms, wait_s, request_body) as (
      select * from unnest(
        ${col((a) => a.delivery.id)}::uuid[], ${col((a) => a.delivery.attempts)}::int[], ${col((a) => a.outcome)}::text[],
        ${col((a) => a.result.statusCode)}::int[], ${col((a) => a.result.error)}::text[], ${col((a) => a.result.responseBody)}::text[],
        ${col((a) => a.result.latencyMs)}::int[], ${col((a) => a.wait)}::int[], ${col((a) => a.requestBody ?? null)}::text[])
    ),
    moved as (
      update webhook_deliveries w set
        status = case when v.outcome = 'retried' then w.status else v.outcome end,
        last_status_code = v.status_code, last_error = v.error, lease_until = null, updated_at = now(),
        next_attempt_at = case when v.outcome = 'retried' then now() + make_interval(secs => v.wait_s) else w.next_attempt_at end,
        delivered_at = case when v.outcome = 'delivered' then now() else w.delivered_at end,
        failed_at = case when v.outcome = 'failed' then now() else w.failed_at end
      from v
      where w.id = v.id and w.status = 'pending' and w.attempts = v.attempt
      returning w.id
    ),
    logged as (
      insert into webhook_attempts (delivery_id, attempt, status_code, latency_ms, error, response_body, outcome, request_body)
      select v.id, v.attempt, v.status_code, v.latency_ms, v.error, v.response_body, v.outcome, v.request_body from v join moved on moved.id = v.id
      returning delivery_id
    )
    select id from moved`.execute(db);
  return new Set(rows.map((r) => r.id));
}
