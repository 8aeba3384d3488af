/** What the subscription tests share: a clock the app bills by, a plan, customer and subscription made through the API, sandbox payments. */
import assert from 'node:assert/strict';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { billingRound } from '../../src/modules/subscriptions/billing.ts';
import { Clock } from '../helpers/clock.ts';
import type { TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

export type Tenant = Awaited<ReturnType<TestApp['tenant']>>;
export const HOUR = 3_600_000;

/** One clock for the suite: the app's billing reads it, tests move it. */
export const clock = new Clock();
export const appClock = { ctx: { clock: () => clock.date() } };

/** Rates and network fees fresh, so invoices can be paid and credit priced. */
export async function freshMarket(t: TestApp): Promise<void> {
  await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'TRX', 'USD']);
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
}

export async function made(t: TestApp, key: string, url: string, body: Record<string, unknown>) {
  const res = await t.call('POST', url, { key, body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

/** A plan, a customer and their subscription of tenant `a`. */
export async function subscribed(t: TestApp, a: Tenant, plan: Record<string, unknown> = {}) {
  const p = await made(t, a.key, '/v1/plans', { name: 'Pro', amount: 10, fiatCurrencyCode: 'USD', interval: 'month', ...plan });
  const c = await made(t, a.key, '/v1/customers', { email: `c${Math.random().toString(36).slice(2, 8)}@example.com`, name: 'Ada' });
  const s = await made(t, a.key, '/v1/subscriptions', { planId: p.id, customerId: c.id });
  return { plan: p, customer: c, sub: s };
}

export const subNow = async (t: TestApp, a: Tenant, id: string) =>
  (await t.call('GET', `/v1/subscriptions/${id}`, { key: a.key })).body.data;
export const invoiceNow = async (t: TestApp, a: Tenant, id: string) =>
  (await t.call('GET', `/v1/invoice?id=${id}`, { key: a.key })).body.data;

/** The chain watchers' rounds, as the worker runs them. */
export const watch = (t: TestApp): Promise<void> => runWatchers(t);

/** The customer pays on the payment page through the sandbox: `exact` what is left, or `partial` half of it; mined and seen. */
export async function pay(t: TestApp, invoiceId: string, amount: 'exact' | 'partial'): Promise<void> {
  await t.call('POST', `/pay/${invoiceId}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
  const sent = await t.call('POST', `/pay/${invoiceId}/simulate`, { body: { amount } });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal((await t.call('POST', `/pay/${invoiceId}/simulate/mine`, { body: {} })).status, 200);
  await watch(t);
}

/** Moves the clock on and runs a billing round. */
export async function after(t: TestApp, ms: number): Promise<void> {
  clock.tick(ms);
  await billingRound(t.ctx);
}

/** The mail-only notices of a type about a subscription (or customer). */
export async function notices(t: TestApp, type: string, aggregateId: string): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('outbox_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_type', '=', type)
    .where('aggregate_id', '=', aggregateId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
