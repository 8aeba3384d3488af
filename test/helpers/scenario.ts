/**
 * The steps a test takes to get money moving in the sandbox, written once: prices and fees, a funded
 * account, a transfer seen by the watchers, a paid invoice, webhooks delivered. Each goes through the
 * same routes and services the gateway uses, so a test that builds on them still exercises the flow.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../src/context.ts';
import { findCurrency, networkOf } from '../../src/lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { invoiceListener } from '../../src/modules/invoices/payments.ts';
import { allListeners, createWatchers } from '../../src/modules/payments/watcher.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { WebhookDeliverer, deliveryOptions, dispatchEvents } from '../../src/modules/webhooks/deliveries.ts';
import type { TestApp } from './harness.ts';
import { until } from './receiver.ts';

type Tenant = Awaited<ReturnType<TestApp['tenant']>>;

/** The assets whose sandbox prices most tests need (every asset a withdrawal or conversion quotes). */
export const SANDBOX_ASSETS: readonly string[] = ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB'];

/** Reads the sandbox's prices of `assets` into the rates table. */
export async function sandboxRates(t: TestApp, assets: readonly string[] = SANDBOX_ASSETS): Promise<void> {
  await refreshRates(t.ctx.db, new SandboxRateProvider(), [...assets]);
}

/** Sets the sandbox network fee of `code` (null: the network's own) and reads the fees again. */
export async function setNetworkFee(t: TestApp, code: string, amount: number | null): Promise<void> {
  const res = await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: code, amount });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
}

export interface WatchOptions {
  /** Which services hear the payments: both (the worker's setting), deposits or invoices alone. */
  listen?: 'all' | 'deposits' | 'invoices';
  /** Only this network's watcher (`TRON`, `ETH`, …). */
  network?: string;
}

/**
 * One round of every network's watcher, as the worker runs it. Takes anything with a context, so a
 * test can pass a context of its own (another database handle, other settings).
 */
export async function runWatchers(t: { ctx: AppContext }, opts: WatchOptions = {}): Promise<void> {
  const { listen = 'all' } = opts;
  const listener =
    listen === 'deposits'
      ? depositListener(t.ctx)
      : listen === 'invoices'
        ? invoiceListener(t.ctx)
        : allListeners(depositListener(t.ctx), invoiceListener(t.ctx));
  for (const w of createWatchers(t.ctx.config, t.ctx.db, listener)) {
    if (!opts.network || w.network === opts.network) await w.round();
  }
}

export interface TransferOptions extends WatchOptions {
  /** The sender (the sandbox's own address when left out). */
  from?: string;
  /** Blocks mined after it (0: left unconfirmed). */
  blocks?: number;
}

/** Sends `amount` of `code` to `to` on the sandbox, mines `blocks` (5) on its network and runs the watchers; its hash. */
export async function sandboxTransfer(
  t: TestApp,
  code: string,
  to: string,
  amount: number | string,
  opts: TransferOptions = {},
): Promise<string> {
  const sent = await t.admin('POST', '/admin/sandbox/transfers', {
    cryptoCurrencyCode: code,
    to,
    amount,
    ...(opts.from ? { from: opts.from } : {}),
  });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  const blocks = opts.blocks ?? 5;
  if (blocks > 0) await t.admin('POST', '/admin/sandbox/mine', { network: networkOf(findCurrency(code)!).api, blocks });
  await runWatchers(t, opts);
  return sent.body.data.txHash as string;
}

export interface FundingOptions {
  /** What the account is credited in (USDT_TRC20). */
  code?: string;
  /** What the account holds after it, in whole units of `code` (100). */
  amount?: number;
  /** The network fee set for `code`, paid on top of `amount` (1). */
  fee?: number;
  /** Credit this tenant's account instead of a new tenant's. */
  tenant?: Tenant;
  /** Tenant settings set beside the zero deposit commission. */
  settings?: Record<string, unknown>;
  /** Assets whose sandbox prices are read first (SANDBOX_ASSETS); null leaves the rates as the test set them. */
  rates?: readonly string[] | null;
}

/**
 * A tenant (a new one with a full-scope key unless given) whose account is credited `amount` of
 * `code` through a real deposit: no commission, `fee` as the network fee, the transfer mined and
 * seen by the deposit watcher. Returns the tenant and the funding deposit's id.
 */
export async function fundedAccount(t: TestApp, opts: FundingOptions = {}): Promise<Tenant & { depositId: string }> {
  const { code = 'USDT_TRC20', amount = 100, fee = 1, rates = SANDBOX_ASSETS } = opts;
  if (rates) await sandboxRates(t, rates);
  const tenant = opts.tenant ?? (await t.tenant(['*']));
  const patched = await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0, ...opts.settings });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  await setNetworkFee(t, code, fee);
  const d = (await t.call('POST', '/v1/deposit', { key: tenant.key, body: { cryptoCurrencyCode: code, orderId: `fund-${randomUUID()}` } }))
    .body.data;
  await sandboxTransfer(t, code, d.address, amount + fee, { listen: 'deposits' });
  return { ...tenant, depositId: d.id as string };
}

/**
 * The customer pays invoice `invoiceId` on the payment page through the sandbox: picks `code`, sends
 * `amount` (`exact` what is left, `partial`, `over`), mined and seen by the watchers.
 */
export async function payInvoice(
  t: TestApp,
  invoiceId: string,
  amount: 'exact' | 'partial' | 'over' = 'exact',
  code = 'USDT_TRC20',
): Promise<void> {
  const picked = await t.call('POST', `/pay/${invoiceId}/select`, { body: { cryptoCurrencyCode: code } });
  assert.equal(picked.status, 200, JSON.stringify(picked.body));
  const sent = await t.call('POST', `/pay/${invoiceId}/simulate`, { body: { amount } });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const mined = await t.call('POST', `/pay/${invoiceId}/simulate/mine`, { body: {} });
  assert.equal(mined.status, 200, JSON.stringify(mined.body));
  await runWatchers(t);
}

/**
 * Runs the outbox's dispatch and delivery rounds, as the worker does, until `done` holds (or `ms`
 * pass). `drain`: wait for the attempts still in flight at the end (the default), after each round,
 * or not at all (a receiver that never answers would hold the wait). Returns the deliverer.
 */
export async function deliverWebhooks(
  t: { ctx: AppContext },
  done: () => boolean | Promise<boolean>,
  what: string,
  opts: { ms?: number; deliverer?: WebhookDeliverer; drain?: 'end' | 'each' | 'none' } = {},
): Promise<WebhookDeliverer> {
  const { drain = 'end' } = opts;
  const deliverer = opts.deliverer ?? new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config));
  await until(
    async () => {
      await dispatchEvents(t.ctx.db);
      await deliverer.round();
      if (drain === 'each') await deliverer.drain();
      return done();
    },
    opts.ms ?? 60_000,
    what,
  );
  if (drain === 'end') await deliverer.drain();
  return deliverer;
}
