// The operator console's queues: withdrawals waiting, processing and failed across
// tenants (cancel takes one out of the queue and refunds it), webhook health with the endpoints in
// trouble and the cross-tenant deliveries list, and exchange rates with their sources and ages.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { chainAdapters } from '../../src/chains/registry.ts';
import { PermanentBroadcastError, type ChainAdapter } from '../../src/chains/types.ts';
import { enqueue } from '../../src/lib/outbox.ts';
import { merchantBalances } from '../../src/modules/ledger/service.ts';
import { RATED_ASSETS, SandboxRateProvider, refreshRates, type RateProvider } from '../../src/modules/rates/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { deliverWebhooks, fundedAccount } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** Copies of the adapters with one method replaced. */
function patched(t: TestApp, patch: (a: ChainAdapter) => Partial<ChainAdapter>): ChainAdapter[] {
  return chainAdapters(t.ctx.config, t.ctx.db).map((a) => Object.assign(Object.create(Object.getPrototypeOf(a)), a, patch(a)));
}

describeEngines('operator console: queues', (engine) => {
  const app = useTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  let seq = 0;

  const commit = async (t: TestApp, key: string, amount: number) => {
    const q = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount, orderId: `q-${++seq}` },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    return c.body.data as { id: string };
  };
  const queue = async (t: TestApp, query: string) => {
    const res = await t.admin('GET', `/admin/withdrawals?${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };
  const usdt = async (t: TestApp, accountId: string) =>
    (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === 'USDT_TRC20')?.units ?? 0n;

  it('lists withdrawals waiting, processing and failed across tenants; a cancelled one leaves the queue, refunded', async () => {
    const t = app();
    const tenant = await fundedAccount(t);
    const other = await t.tenant();
    // Refused for good by the network: failed; the other one is signed and sent: processing.
    const failed = await commit(t, tenant.key, 20);
    const sent = await commit(t, tenant.key, 10);
    await executeRound(
      t.ctx,
      patched(t, (a) => ({
        broadcast: async (signed) => {
          if (JSON.parse(signed.raw).units === '20000000') throw new PermanentBroadcastError('rejected: invalid destination');
          return a.broadcast(signed);
        },
      })),
    );
    // The hot wallet is short: it waits.
    const beforeCommit = await usdt(t, tenant.accountId);
    const waiting = await commit(t, tenant.key, 17);
    assert.equal(await usdt(t, tenant.accountId), beforeCommit - 18_000_000n, '17 and the fee of 1 debited');
    // An empty hot wallet no sandbox faucet tops up, as on a real network.
    assert.ok(
      (
        await executeRound(
          t.ctx,
          patched(t, () => ({ hotWalletBalance: async () => 0n, fundHotWallet: undefined })),
        )
      ).waiting >= 1,
    );

    const mine = `tenantId=${tenant.tenantId}`;
    const FUND_17 =
      'Fund the Tron hot wallet with at least 17 USDT_TRC20: it holds 17 USDT_TRC20 less than this payout needs. It is signed on the next round after that.';
    const waits = await queue(t, `status=waiting&${mine}`);
    assert.deepEqual({ ...waits, data: undefined }, { total: 1, page: 1, limit: 20, hasMore: false, data: undefined });
    const item = waits.data[0];
    assert.ok(item.ageSeconds >= 0 && item.ageSeconds < 120, String(item.ageSeconds));
    assert.ok(!Number.isNaN(Date.parse(item.createdAt)));
    const tenantName = (await t.admin('GET', `/admin/tenants/${tenant.tenantId}`)).body.data.name;
    assert.ok(!Number.isNaN(Date.parse(item.waiting.since)));
    assert.deepEqual(
      { ...item, ageSeconds: undefined, createdAt: undefined, waiting: { ...item.waiting, since: undefined } },
      {
        id: waiting.id,
        tenantId: tenant.tenantId,
        tenantName,
        accountId: tenant.accountId,
        cryptoCurrencyCode: 'USDT_TRC20',
        network: 'Tron',
        amount: 17,
        fee: 1,
        address: TRON_TO,
        status: 'created',
        txHash: null,
        ageSeconds: undefined,
        createdAt: undefined,
        // Why it waits: the hot wallet lacks all 17 (the fee stays with the house).
        reason: `Hot wallet low: 17 USDT_TRC20 missing. ${FUND_17}`,
        waitingReason: 'hotWalletLow',
        waiting: { reason: 'hotWalletLow', since: undefined, cryptoCurrencyCode: 'USDT_TRC20', missing: 17, action: FUND_17 },
        approval: null,
      },
    );
    const processing = (await queue(t, `status=processing&${mine}`)).data;
    assert.deepEqual(
      processing.map((w: any) => [w.id, w.status]),
      [[sent.id, 'processing']],
    );
    assert.match(processing[0].txHash, /^[0-9a-f]{64}$/);
    const gaveUp = (await queue(t, `status=failed&${mine}`)).data;
    assert.deepEqual(
      gaveUp.map((w: any) => [w.id, w.status]),
      [[failed.id, 'failed']],
    );
    assert.match(gaveUp[0].reason, /invalid destination/);
    // No status: all three, the oldest first; another tenant's filter: none of them.
    assert.deepEqual((await queue(t, mine)).data.map((w: any) => w.id).sort(), [failed.id, sent.id, waiting.id].sort());
    assert.equal((await queue(t, `tenantId=${other.tenantId}`)).total, 0);
    const everyone = (await queue(t, 'status=waiting&limit=100')).data.map((w: any) => w.id);
    assert.ok(everyone.includes(waiting.id));

    // Cancelled by the operator: out of the queue, the debit refunded.
    const cancelled = await t.admin('POST', `/admin/withdrawals/${waiting.id}/cancel`);
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.data.status, 'cancelled');
    assert.equal((await queue(t, `status=waiting&${mine}`)).total, 0);
    assert.equal(await usdt(t, tenant.accountId), beforeCommit);
    const [entry] = (await t.admin('GET', `/admin/audit-log?tenantId=${tenant.tenantId}&limit=1`)).body.data;
    assert.deepEqual(
      [entry.actor, entry.action, entry.targetId],
      ['operator token', 'withdrawal.cancelled', waiting.id],
      'the cancel is audited',
    );
  });

  it('shows webhook health with failing endpoints worst first, and lists deliveries across tenants by status and tenant', async () => {
    const t = app();
    const failing = await startReceiver(() => ({ status: 500, body: 'down' }));
    const gone = await startReceiver(() => ({ status: 410 }));
    const healthy = await startReceiver();
    try {
      const tenants = [];
      for (const url of [`${failing.url}/hook`, `${gone.url}/hook`, `${healthy.url}/hook`]) {
        const tenant = await t.tenant();
        assert.equal((await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { webhookUrl: url })).status, 200);
        await t.ctx.db.transaction().execute((trx) =>
          enqueue(trx, {
            tenantId: tenant.tenantId,
            type: 'x402.payment.settled',
            aggregateType: 'x402',
            aggregateId: randomUUID(),
            payload: { ok: true },
          }),
        );
        tenants.push({ ...tenant, url });
      }
      const [retrying, refused, fine] = tenants as [(typeof tenants)[0], (typeof tenants)[0], (typeof tenants)[0]];
      await deliverWebhooks(
        t,
        () => failing.received.length > 0 && gone.received.length > 0 && healthy.received.length > 0,
        'one attempt at each receiver',
        {
          ms: 30_000,
          drain: 'each',
        },
      );

      const res = await t.admin('GET', '/admin/webhook-health');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const health = res.body.data;
      assert.ok(health.pending >= 1, JSON.stringify(health));
      assert.ok(health.oldestPendingAgeSeconds >= 0);
      assert.ok(health.failedLastDay >= 1);
      const urls = health.failingEndpoints.map((e: any) => e.url);
      assert.ok(
        urls.indexOf(refused.url) >= 0 && urls.indexOf(refused.url) < urls.indexOf(retrying.url),
        `given up before retrying: ${urls}`,
      );
      assert.ok(!urls.includes(fine.url), 'a healthy endpoint is not listed');
      const endpoint = health.failingEndpoints.find((e: any) => e.url === retrying.url);
      const tenantName = (await t.admin('GET', `/admin/tenants/${retrying.tenantId}`)).body.data.name;
      assert.deepEqual(
        { ...endpoint, lastAttemptAt: undefined },
        {
          tenantId: retrying.tenantId,
          tenantName,
          url: retrying.url,
          pending: 1,
          failed: 0,
          lastStatusCode: 500,
          lastError: null,
          lastAttemptAt: undefined,
        },
      );
      assert.ok(Date.now() - Date.parse(endpoint.lastAttemptAt) < 60_000);
      assert.deepEqual(
        { ...health.failingEndpoints.find((e: any) => e.url === refused.url), lastAttemptAt: undefined, tenantName: undefined },
        {
          tenantId: refused.tenantId,
          tenantName: undefined,
          url: refused.url,
          pending: 0,
          failed: 1,
          lastStatusCode: 410,
          lastError: null,
          lastAttemptAt: undefined,
        },
      );

      const list = async (query: string) => {
        const r = await t.admin('GET', `/admin/webhook-deliveries?${query}`);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return r.body;
      };
      const failedAll = await list('status=failed&limit=100');
      assert.ok(failedAll.data.some((d: any) => d.tenantId === refused.tenantId));
      assert.ok(failedAll.data.every((d: any) => d.status === 'failed'));
      const pendingOne = await list(`status=pending&tenantId=${retrying.tenantId}`);
      assert.equal(pendingOne.total, 1);
      assert.deepEqual(
        [pendingOne.data[0].tenantId, pendingOne.data[0].url, pendingOne.data[0].lastStatusCode],
        [retrying.tenantId, retrying.url, 500],
      );
      assert.equal((await list(`status=delivered&tenantId=${retrying.tenantId}`)).total, 0);
      const delivered = await list(`tenantId=${fine.tenantId}`);
      assert.deepEqual(
        delivered.data.map((d: any) => d.status),
        ['delivered'],
      );
      const across = await list('limit=100');
      for (const x of tenants)
        assert.ok(
          across.data.some((d: any) => d.tenantId === x.tenantId),
          'every tenant in the unfiltered list',
        );
    } finally {
      await Promise.all([failing.close(), gone.close(), healthy.close()]);
    }
  });

  it('shows each rate source and asset with ages; stale and refused assets say why', async () => {
    const t = app();
    const disagreeing: RateProvider = { source: 'other', fetchUsdPrices: async () => new Map([['LINK', '20']]) };
    await refreshRates(t.ctx.db, [new SandboxRateProvider(), disagreeing], RATED_ASSETS);
    await t.ctx.db
      .updateTable('exchange_rates')
      .set({ fetched_at: sql<Date>`now() - interval '2 hours'` })
      .where('asset', '=', 'ETH')
      .execute();
    const res = await t.admin('GET', '/admin/rates');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { maxAgeSeconds, sources, rates } = res.body.data;
    assert.equal(maxAgeSeconds, t.ctx.config.rateMaxAgeS);
    assert.deepEqual(sources.map((s: any) => s.source).sort(), ['other', 'sandbox']);
    for (const s of sources) assert.ok(s.ageSeconds >= 0 && s.ageSeconds < 60, JSON.stringify(s));
    const of = (asset: string) => rates.find((r: any) => r.asset === asset);
    const btc = of('BTC');
    assert.deepEqual(
      {
        ...btc,
        sources: btc.sources.map((s: any) => ({ ...s, ageSeconds: undefined })),
        lastAccepted: { ...btc.lastAccepted, acceptedAt: undefined },
      },
      {
        asset: 'BTC',
        usdPrice: '60000',
        sources: [{ source: 'sandbox', price: '60000', ageSeconds: undefined }],
        status: 'ok',
        reason: null,
        lastAccepted: { usdPrice: '60000', acceptedAt: undefined },
      },
    );
    assert.ok(btc.sources[0].ageSeconds >= 0 && btc.sources[0].ageSeconds < 60);
    assert.deepEqual([of('ETH').status, of('ETH').reason, of('ETH').usdPrice], ['stale', 'stale', '3000']);
    const link = of('LINK');
    assert.deepEqual([link.status, link.reason, link.usdPrice], ['refused', 'sourcesDisagree', null]);
    assert.deepEqual(
      link.sources.map((s: any) => [s.source, s.price]),
      [
        ['other', '20'],
        ['sandbox', '15'],
      ],
    );
    assert.deepEqual(of('EUR').usdPrice, '1.08');
    assert.ok(
      RATED_ASSETS.every((a) => of(a)),
      'every rated asset is listed',
    );
  });

  it('refuses bad filters with the validation error', async () => {
    const t = app();
    for (const url of [
      '/admin/withdrawals?status=created',
      '/admin/withdrawals?status=bogus',
      '/admin/withdrawals?tenantId=not-a-uuid',
      '/admin/withdrawals?limit=1000',
      '/admin/webhook-deliveries?status=bogus',
      '/admin/webhook-deliveries?tenantId=x',
      '/admin/webhook-deliveries?page=0',
    ]) {
      const res = await t.admin('GET', url);
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'exceptions.validation.failed', url);
    }
  });
});
