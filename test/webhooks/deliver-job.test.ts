import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { webhookJobs } from '../../src/modules/webhooks/jobs.ts';
import { sendTestEvent } from '../../src/modules/webhooks/test-event.ts';
import { startJob } from '../../src/worker.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { startReceiver, until } from '../helpers/receiver.ts';

const log = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

describeEngines('webhook deliver job', (engine) => {
  const app = useTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '60000' } });

  it('sends a retry when it falls due, though no change of the database announces it', async () => {
    const t = app();
    // The first attempt is told to come back in 2 s; the second is taken.
    const receiver = await startReceiver((_req, n) => (n === 1 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 200 }));
    after(() => receiver.close());
    const { tenantId } = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${tenantId}`, { webhookUrl: `${receiver.url}/hooks` });
    const specs = webhookJobs({ ctx: t.ctx, log });
    const deliver = specs.find((s) => s.name === 'webhook-deliver')!;
    // The job as the worker runs it (sleeping up to its idle minute on the embedded database),
    // only with a shorter busy interval so the test is quick.
    const job = startJob(t.ctx, log, { ...deliver, intervalMs: 100 });
    try {
      const id = await sendTestEvent(t.ctx.db, tenantId);
      await until(() => receiver.received.length >= 1, 15_000, 'the first attempt');
      // Well within the idle minute: the job slept only until the retry fell due.
      await until(
        async () => {
          const row = await t.ctx.db.selectFrom('webhook_deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow();
          return row.status === 'delivered';
        },
        30_000,
        'the retry to be delivered',
      );
      assert.equal(receiver.received.length, 2);
    } finally {
      await job.stop();
      await deliver.afterStop?.();
    }
  });
});
