import { sql } from 'kysely';
import { now, nowPlus, type Db, type Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { webhookDeliveryMachine } from './status.ts';
import type { SendResult } from './sender.ts';

import type { DeliveryRow } from './deliveries.ts';

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

