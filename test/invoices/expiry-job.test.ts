import assert from 'node:assert/strict';
import { it } from 'node:test';
import { invoiceJobs } from '../../src/modules/invoices/jobs.ts';

import { assertShortenedExpiryIsMet, silentLog } from '../helpers/expiry.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

describeEngines('invoice expiry job', (engine) => {
  const app = useTestApp(engine);

  it('expires an invoice whose window was shortened after the job had found the next expiry far away', async () => {
    const t = app();
    const { key } = await t.tenant(['*']);
    const [spec] = invoiceJobs({ ctx: t.ctx, log: silentLog });
    await assertShortenedExpiryIsMet(t, {
      spec: spec!,
      table: 'invoices',
      // Half an hour away.
      farMs: 25 * 60_000,
      create: async (orderId) => {
        const res = await t.call('POST', '/v1/invoice', {
          key,
          body: { amount: 25, fiatCurrencyCode: 'USD', orderId, expiresInMinutes: 30 },
        });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body.data.id as string;
      },
      status: async (id) => (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data.status,
    });
  });
});
