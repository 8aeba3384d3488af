import { Coalescer } from '../../lib/coalesce.ts';
import type { Db } from '../../lib/db/index.ts';
import { recordAttempts, type DeliveryOutcome, type FinishedAttempt } from './attempts.ts';

/** Attempts stored by one statement at most. */
const MAX_BATCH = 256;
/** How long the first attempt of a batch waits for others to join it. */
const LINGER_MS = 25;

/**
 * Stores finished attempts by group commit: the attempts that finish within LINGER_MS of each
 * other, or while one write is under way, are stored together by the next, so a busy
 * deliverer pays one statement per batch instead of a transaction per attempt. Each caller learns
 * its own attempt's outcome when the write that holds it has committed (or its error); a batch
 * that fails is stored attempt by attempt, so one that cannot be stored does not hold back the others.
 */
export class AttemptRecorder {
  private readonly batches: Coalescer<FinishedAttempt, keyof DeliveryOutcome | null>;

  constructor(db: Db, retryBaseS: number) {
    this.batches = new Coalescer((attempts) => recordAttempts(db, attempts, retryBaseS), {
      maxBatch: MAX_BATCH,
      lingerMs: LINGER_MS,
      splitOnError: true,
    });
  }

  record(attempt: FinishedAttempt): Promise<keyof DeliveryOutcome | null> {
    return this.batches.submit(attempt);
  }
}
