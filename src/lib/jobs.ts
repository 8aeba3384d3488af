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
  /**
   * For a job whose work only a change of the database can bring (not the clock, nor a remote
   * node): where every change is seen (the embedded database), it runs soon after each change
   * (never sooner than `intervalMs` after its last round) and otherwise only every `idleIntervalMs`.
   */
  idleIntervalMs?: number;
  /** With `idleIntervalMs`: the tables whose changes bring the job work (unset: any change wakes it). */
  wakeTables?: readonly string[];
  /**
   * With `idleIntervalMs`: whether the round left work that no change of the database will announce
   * (a transaction waiting for its receipt), so the next round comes after `intervalMs`, not idling.
   */
  busy?: () => boolean;
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

/** Changes of the database that wake a job declaring `idleIntervalMs` (see `Database.writes`). */
export interface Wake {
  signal: { on(handler: (changed: (table: string) => boolean) => void): () => void };
  idleIntervalMs: number;
  /** Only changes of these tables wake the job (unset: any). */
  tables?: readonly string[];
}

/**
 * Runs `round` every `intervalMs`, never two rounds at once, logging (not throwing) failures.
 * While the database is unreachable (`availability`) the job waits for its return instead of
 * running and failing every tick; the outage itself is logged once by `availability`. With `wake`,
 * a round follows a change of the database (at most every `intervalMs`) and, without one, the
 * previous round after `wake.idleIntervalMs`, unless that round resolved to true (work left).
 */
export function every(
  name: string,
  intervalMs: number,
  log: FastifyBaseLogger,
  round: () => Promise<boolean | void>,
  availability?: DatabaseAvailability,
  wake?: Wake,
): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** A change came while the round ran (it may not have seen it), or the round failed: no idling. */
  let changed = false;
  let lastEnd = 0;
  let wakeStop: () => void = () => {};
  const stopping = new Promise<void>((resolve) => (wakeStop = resolve));
  const schedule = (delayMs: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  };
  const tick = () => {
    if (stopped) return;
    timer = undefined;
    changed = false;
    running = (availability ? Promise.race([availability.whenUp(), stopping]) : Promise.resolve())
      .then(() => (stopped ? undefined : round()))
      .then((busy) => {
        if (busy) changed = true;
      })
      .catch((err) => {
        changed = true;
        if (!availability?.noteFailure(err)) log.error({ err, job: name }, 'background job failed');
      })
      .finally(() => {
        running = undefined;
        lastEnd = performance.now();
        if (!stopped) schedule(wake && !changed ? wake.idleIntervalMs : intervalMs);
      });
  };
  const unsubscribe = wake?.signal.on((touched) => {
    if (stopped || (wake.tables && !wake.tables.some(touched))) return;
    if (running) changed = true;
    else schedule(Math.max(0, lastEnd + intervalMs - performance.now()));
  });
  schedule(0);
  return {
    name,
    async stop() {
      stopped = true;
      unsubscribe?.();
      wakeStop();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
