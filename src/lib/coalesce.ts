interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

export interface CoalesceOptions {
  /** Items one call of the batch function takes at most. */
  maxBatch: number;
  /** How long the first item waits for others to join it; unset: until the end of this turn of the event loop. */
  lingerMs?: number;
  /** When a batch fails, run its items one by one, so one bad item does not fail the others. */
  splitOnError?: boolean;
  /**
   * Send each turn's batch at the end of its turn even while earlier batches are still out (reads:
   * a batch then costs one round trip, not up to two); unset, one batch runs at a time (writes).
   */
  overlap?: boolean;
}

/**
 * Coalesces concurrent calls into batches: the items submitted while the first one lingers, or
 * while a batch runs, go to the next call of `run` together (up to `maxBatch`). `run` answers each
 * item in order. Every item is answered by a call that started after it was submitted. With
 * `overlap`, the items of one turn of the event loop go out at its end whatever else is running.
 */
export class Coalescer<I, O> {
  private queue: Array<Waiting<I, O>> = [];
  private running = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly options: CoalesceOptions,
  ) {}

  submit(item: I): Promise<O> {
    if (this.options.overlap) return this.submitOverlapping(item);
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running) return;
      this.running = true;
      const { lingerMs } = this.options;
      if (lingerMs === undefined) setImmediate(() => void this.drain());
      else setTimeout(() => void this.drain(), lingerMs);
    });
  }

  /** `overlap`: the first item of a turn schedules the turn's batch (or batches) for its end. */
  private submitOverlapping(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length > 1) return;
      setImmediate(() => {
        const turn = this.queue.splice(0);
        for (let i = 0; i < turn.length; i += this.options.maxBatch) void this.settle(turn.slice(i, i + this.options.maxBatch));
      });
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.settle(this.queue.splice(0, this.options.maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async settle(batch: Array<Waiting<I, O>>): Promise<void> {
    try {
      const out = await this.run(batch.map((w) => w.item));
      // run answers one output per item, in order; O may itself admit undefined, so none is not refused here.
      batch.forEach((w, i) => w.resolve(out[i] as O));
    } catch (err) {
      if (!this.options.splitOnError || batch.length === 1) return batch.forEach((w) => w.reject(err));
      for (const w of batch) await this.settle([w]);
    }
  }
}
