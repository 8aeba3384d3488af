import type { Db } from '../../lib/db/index.ts';
import { recordAttempts, type DeliveryOutcome, type FinishedAttempt } from './attempts.ts';

interface Waiting {
  attempt: FinishedAttempt;
  resolve: (kind: keyof DeliveryOutcome | null) => void;
  reject: (err: unknown) => void;
}

/** Attempts stored by one statement at most. */
const MAX_BATCH = 256;
/** How long the first attempt of a batch waits for others to join it. */
const LINGER_MS = 25;

/**
 * Stores finished attempts by group commit: the attempts that finish within LINGER_MS of each
 * other, or while one write is under way, are stored together by the next, so a busy
 * deliverer pays one statement per batch instead of a transaction per attempt. Each caller learns
 * its own attempt's outcome when the write that holds it has committed (or its error).
 */
export class AttemptRecorder {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly db: Db,
    private readonly retryBaseS: number,
  ) {}

  record(attempt: FinishedAttempt): Promise<keyof DeliveryOutcome | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ attempt, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setTimeout(() => void this.write(), LINGER_MS);
      }
    });
  }

  private async write(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.store(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.writing = false;
    }
  }

  /**
   * One batch; if it fails, each attempt on its own, so one that cannot be stored (whatever the
   * reason) does not hold back the others.
   */
  private async store(batch: Waiting[]): Promise<void> {
    try {
      const kinds = await recordAttempts(this.db, batch.map((w) => w.attempt), this.retryBaseS);
      batch.forEach((w, i) => w.resolve(kinds[i] ?? null));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) await this.store([w]);
    }
  }
}
