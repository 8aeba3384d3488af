import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseAvailability } from './db/availability.ts';

/**
 * A module's background job, as it declares it: `worker.ts` runs every module's jobs (each module
 * exports a `jobs(…)` function returning these) and owns none itself.
 */
export interface JobSpec {
  name: string;
  intervalMs: number;
  round: () => Promise<unknown>;
  /** Runs once the job has stopped (the webhook deliverer finishes its requests in flight). */
  afterStop?: () => Promise<void>;
}

/** What a module's job factory receives: the context and the worker's logger. */
export interface JobEnv<Ctx> {
  ctx: Ctx;
  log: FastifyBaseLogger;
}

/** A background loop that can be stopped; stop() resolves once its current round has finished. */
export interface Job {
  name: string;
  stop(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs`, never two rounds at once, logging (not throwing) failures.
 * While the database is unreachable (`availability`) the job waits for its return instead of
 * running and failing every tick; the outage itself is logged once by `availability`.
 */
export function every(
  name: string,
  intervalMs: number,
  log: FastifyBaseLogger,
  round: () => Promise<void>,
  availability?: DatabaseAvailability,
): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let wake: () => void = () => {};
  const stopping = new Promise<void>((resolve) => (wake = resolve));
  const tick = () => {
    if (stopped) return;
    running = (availability ? Promise.race([availability.whenUp(), stopping]) : Promise.resolve())
      .then(() => (stopped ? undefined : round()))
      .catch((err) => {
        if (!availability?.noteFailure(err)) log.error({ err, job: name }, 'background job failed');
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    name,
    async stop() {
      stopped = true;
      wake();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

