import assert from 'node:assert/strict';
import { it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { depositJobs } from '../../src/modules/deposits/jobs.ts';

import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { assertShortenedExpiryIsMet, silentLog } from '../helpers/expiry.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

describeEngines('deposit expiry job', (engine) => {
  const app = useTestApp(engine);

  it('expires a deposit whose window was shortened after the job had found the next expiry far away, and no other', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USD']);
    const { key } = await t.tenant(['*']);
    const [spec] = depositJobs({ ctx: t.ctx, log: silentLog });
    await assertShortenedExpiryIsMet(t, {
      spec: spec!,
      table: 'deposits',
      farMs: 60_000,
      create: async (orderId) => {
        const res = await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId } });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body.data.id as string;
      },
      status: async (id) => (await t.call('GET', `/v1/deposit?id=${id}`, { key })).body.data.status,
    });
  });
});
