import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { invoiceJobs } from '../../src/modules/invoices/jobs.ts';
import { InvoiceService } from '../../src/modules/invoices/service.ts';
import { startJob } from '../../src/worker.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';

const log = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

describeEngines('invoice expiry job', (engine) => {
  const app = useTestApp(engine);

  it('expires an invoice whose window was shortened after the job had found the next expiry far away', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const create = async (orderId: string) => {
      const res = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId, expiresInMinutes: 30 } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data.id as string;
    };
    const status = async (id: string) => (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data.status;
    const far = await create('far');
    const [spec] = invoiceJobs({ ctx: t.ctx, log }, new InvoiceService(t.ctx));
    let rounds = 0;
    // The job as the worker runs it (sleeping up to its idle minute on the embedded database),
    // only with a shorter busy interval so the test is quick.
    const job = startJob(t.ctx, log, { ...spec!, intervalMs: 100, round: async () => (await spec!.round(), rounds++) });
    try {
      await until(() => rounds > 0, 15_000, 'the first round');
      assert.ok(spec!.dueInMs!()! > 25 * 60_000, 'the first round found the next expiry half an hour away');
      const soon = await create('soon');
      await t.ctx.db.updateTable('invoices').set({ expires_at: sql`now() + interval '1 second'` as never }).where('id', '=', soon).execute();
      // Well within the job's idle minute: the change woke it, and it slept only until the new expiry.
      await until(async () => (await status(soon)) === 'expired', 30_000, 'the shortened invoice to expire');
      assert.equal(await status(far), 'created');
    } finally {
      await job.stop();
    }
  });
});
