import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { depositJobs } from '../../src/modules/deposits/jobs.ts';
import { DepositService } from '../../src/modules/deposits/service.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { startJob } from '../../src/worker.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';

const log = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

describeEngines('deposit expiry job', (engine) => {
  const app = useTestApp(engine);

  it('expires a deposit whose window was shortened after the job had found the next expiry far away, and no other', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USD']);
    const { key } = await t.tenant(['*']);
    const create = async (orderId: string) => {
      const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data.id as string;
    };
    const status = async (id: string) => (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data.status;
    const far = await create('far');
    const [spec] = depositJobs({ ctx: t.ctx, log }, new DepositService(t.ctx));
    let rounds = 0;
    // The job as the worker runs it, only with a shorter busy interval so the test is quick.
    const job = startJob(t.ctx, log, { ...spec!, intervalMs: 100, round: async () => (await spec!.round(), rounds++) });
    try {
      await until(() => rounds > 0, 15_000, 'the first round');
      assert.ok(spec!.dueInMs!()! > 60_000, 'the first round found the next expiry far away');
      const soon = await create('soon');
      await t.ctx.db.updateTable('deposits').set({ expires_at: sql`now() + interval '1 second'` as never }).where('id', '=', soon).execute();
      // Well within the job's idle minute: the change woke it, and it slept only until the new expiry.
      await until(async () => (await status(soon)) === 'expired', 30_000, 'the shortened deposit to expire');
      assert.equal(await status(far), 'created');
    } finally {
      await job.stop();
    }
  });
});
