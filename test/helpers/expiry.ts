import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { JobSpec } from '../../src/lib/jobs.ts';
import { startJob } from '../../src/worker.ts';
import type { TestApp } from './harness.ts';
import { until } from './receiver.ts';

/** A logger that says nothing: the jobs' own lines are not what these tests look at. */
export const silentLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

/**
 * An expiry job (lib/jobs.ts: expiryJob) run as the worker runs it, only with a shorter busy
 * interval so the test is quick: its first round finds the next expiry far away (more than `farMs`);
 * then an object's window is shortened to one second, and the object must expire well within the
 * job's idle minute (the change woke it, and it slept only until the new expiry), the other not.
 */
export async function assertShortenedExpiryIsMet(
  t: TestApp,
  opts: {
    spec: JobSpec;
    table: 'invoices' | 'deposits';
    farMs: number;
    create(orderId: string): Promise<string>;
    status(id: string): Promise<string>;
  },
): Promise<void> {
  const { spec } = opts;
  const far = await opts.create('far');
  let rounds = 0;
  const job = startJob(t.ctx, silentLog, { ...spec, intervalMs: 100, round: async () => (await spec.round(), rounds++) });
  try {
    await until(() => rounds > 0, 15_000, 'the first round');
    assert.ok(spec.dueInMs!()! > opts.farMs, 'the first round found the next expiry far away');
    const soon = await opts.create('soon');
    await t.ctx.db
      .updateTable(opts.table)
      .set({ expires_at: sql`now() + interval '1 second'` as never })
      .where('id', '=', soon)
      .execute();
    await until(async () => (await opts.status(soon)) === 'expired', 30_000, `the shortened ${opts.table} row to expire`);
    assert.equal(await opts.status(far), 'created');
  } finally {
    await job.stop();
  }
}
