import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseAvailability } from './db/availability.ts';
import { processTimers, type Timers } from './timers.ts';

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
  /**
   * With `idleIntervalMs`: milliseconds from the end of the round until the work it left falls due
   * by the clock alone (an invoice's expiry, a delivery's retry), or null when none will. The next
   * round then comes at that time (never sooner than `intervalMs`, never later than
   * `idleIntervalMs`); a change of the database, which may bring earlier work, still wakes it.
   */
  dueInMs?: () => number | null;
  /** Runs once the job has stopped (the webhook deliverer finishes its requests in flight). */
  afterStop?: () => Promise<void>;
}

/**
 * An expiry job (its round: `expireDue` of lib/db/lookup.ts, which also says when the earliest open
 * row of `table` expires). Where every change of the database is seen it sleeps until then, or until
 * a change of `table` wakes it; elsewhere it runs every 5 s, since other instances write unseen.
 */
export function expiryJob(name: string, table: string, expiryRound: () => Promise<{ nextDueMs: number | null }>): JobSpec {
  let dueInMs: number | null = null;
  return {
    name,
    intervalMs: 5000,
    round: async () => {
      dueInMs = (await expiryRound()).nextDueMs;
    },
    idleIntervalMs: 60_000,
    wakeTables: [table],
    dueInMs: () => dueInMs,
  };
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
 * What a round tells its runner: true, work is left now; a number, the milliseconds until its next
 * work falls due; false or nothing, no work it knows of.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a round that returns nothing (an async function without a value) is allowed.
export type RoundResult = boolean | number | void;

/**
 * Runs `round` every `intervalMs`, never two rounds at once, logging (not throwing) failures.
 * While the database is unreachable (`availability`) the job waits for its return instead of
 * running and failing every tick; the outage itself is logged once by `availability`. With `wake`,
 * a round follows a change of the database (at most every `intervalMs`) and, without one, the
 * previous round after `wake.idleIntervalMs`, unless that round resolved to true (work left) or
 * to the milliseconds until its next work falls due (then after those, within the two intervals).
 * Without `wake` (PostgreSQL, where other instances write unseen) it runs every `intervalMs`.
 */
export function every(
  name: string,
  intervalMs: number,
  log: FastifyBaseLogger,
  round: () => Promise<RoundResult>,
  availability?: DatabaseAvailability,
  wake?: Wake,
  timers: Timers = processTimers,
): Job {
  let timer: unknown;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** A change came while the round ran (it may not have seen it), or the round failed: no idling. */
  let changed = false;
  /** When the last round said its next work falls due (ms after it ended), if it did. */
  let dueInMs: number | undefined,
    lastEnd = 0;
  let wakeStop: () => void = () => {};
  const stopping = new Promise<void>((resolve) => (wakeStop = resolve));
  const schedule = (delayMs: number) => {
    if (timer) timers.clearTimeout(timer);
    timer = timers.setTimeout(tick, delayMs);
  };
  const tick = () => {
    if (stopped) return;
    timer = undefined;
    changed = false;
    dueInMs = undefined;
    running = roundWhenUp(name, log, round, availability, stopping, () => stopped)
      .then((result) => {
        if (typeof result === 'number') dueInMs = result;
        else if (result) changed = true;
      })
      .finally(() => {
        running = undefined;
        lastEnd = performance.now();
        if (!stopped) schedule(wake && !changed ? idleDelay(intervalMs, wake.idleIntervalMs, dueInMs) : intervalMs);
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
      if (timer) timers.clearTimeout(timer);
      await running;
    },
  };
}

/**
 * One round of `every`, once the database is up (none if the job stops meanwhile). A failure is
 * logged, not thrown, and answers true: the job does not idle after it.
 */
function roundWhenUp(
  name: string,
  log: FastifyBaseLogger,
  round: () => Promise<RoundResult>,
  availability: DatabaseAvailability | undefined,
  stopping: Promise<void>,
  stopped: () => boolean,
): Promise<RoundResult> {
  return (availability ? Promise.race([availability.whenUp(), stopping]) : Promise.resolve())
    .then(() => (stopped() ? undefined : round()))
    .catch((err) => {
      if (!availability?.noteFailure(err)) log.error({ err, job: name }, 'background job failed');
      return true;
    });
}

/**
 * How long a job that can wait for changes sleeps after a round: until its next work falls due if
 * it said when, else `idleMs`. Never sooner than `intervalMs`, so work falling due in a steady
 * trickle is still done in batches, and never later than `idleMs`.
 */
export function idleDelay(intervalMs: number, idleMs: number, dueInMs: number | undefined): number {
  if (dueInMs === undefined) return idleMs;
  return Math.min(idleMs, Math.max(intervalMs, Math.ceil(dueInMs)));
}
