// A merchant backend sending a burst of parallel requests from one address gets
// an HTTP answer to every one of them: served within the per-address connection cap, 503
// `exceptions.service.busy` with Retry-After beyond it, never a connection closed unanswered.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

/** What one request came back with: its status, code and Retry-After, or how it failed. */
interface Outcome {
  orderId: string;
  status: number | null;
  code?: string;
  retryAfter?: number;
  failure?: string;
}

async function postDeposit(port: number, key: string, orderId: string): Promise<Outcome> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/deposit`, {
      method: 'POST',
      headers: { 'x-tenant-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ cryptoCurrencyCode: 'USDT_TRC20', orderId }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { code?: string };
    const retryAfter = res.headers.get('retry-after');
    return { orderId, status: res.status, code: body.code, ...(retryAfter === null ? {} : { retryAfter: Number(retryAfter) }) };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { orderId, status: null, failure: `${(err as Error).message} ${cause?.code ?? ''}` };
  }
}

/** Every outcome that is neither 201 nor an honest 503 busy with Retry-After, described. */
function unanswered(outcomes: Outcome[]): string[] {
  return outcomes
    .filter((o) => o.status !== 201 && !(o.status === 503 && o.code === 'exceptions.service.busy' && o.retryAfter! >= 1))
    .map((o) => (o.status === null ? `no answer: ${o.failure}` : `${o.status} ${o.code} retry-after ${o.retryAfter}`));
}

describeEngines('parallel requests from one client address', (engine) => {
  // The default limits: the burst is measured against what an installation runs with.
  const app = useTestApp(engine);

  it('answers every one of 300 parallel POST /v1/deposit: 201 within the per-address cap, 503 busy with Retry-After beyond it', async () => {
    const t = app();
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { key, accountId } = await t.tenant(['*']);

    const outcomes = await Promise.all(Array.from({ length: 300 }, () => postDeposit(port, key, randomUUID())));
    assert.deepEqual(unanswered(outcomes), [], 'every request gets an HTTP answer');
    const created = outcomes.filter((o) => o.status === 201);
    const busy = outcomes.filter((o) => o.status === 503);
    assert.ok(created.length >= 200, `a pool of 200 parallel connections is served in full (${created.length} created)`);
    assert.ok(busy.length > 0, 'the burst was over the cap: some requests were refused');

    // A refused request changed nothing, and is served when it is sent again.
    const stored = await t.ctx.db.selectFrom('deposits').select('order_id').where('account_id', '=', accountId).execute();
    assert.deepEqual(stored.map((d) => d.order_id).sort(), created.map((o) => o.orderId).sort());
    const retried = await Promise.all(busy.map((o) => postDeposit(port, key, o.orderId)));
    assert.deepEqual(
      retried.filter((o) => o.status !== 201),
      [],
      'the refused requests are served on their retry',
    );
    assert.equal(t.ctx.config.http.maxConnectionsPerIp, 256, 'the default cap, sized for a merchant pool of 100-200 connections');
  });
});
