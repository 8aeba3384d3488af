import type { AppContext } from '../src/context.ts';
import { defaultOracles, refreshFees } from '../src/modules/currencies/fees.ts';
import { depositListener } from '../src/modules/deposits/settle.ts';
import { invoiceListener } from '../src/modules/invoices/payments.ts';
import { allListeners, createWatchers } from '../src/modules/payments/watcher.ts';
import { RATED_ASSETS, SandboxRateProvider, refreshRates } from '../src/modules/rates/service.ts';
import { ADMIN_TOKEN, type BenchGateway } from './lib.ts';

/** A JSON call to the bench gateway, with its key or (`admin`) the operator token; throws unless `expect`. */
export async function call(
  gw: BenchGateway,
  method: string,
  path: string,
  opts: { body?: unknown; admin?: boolean; expect?: number } = {},
) {
  const headers: Record<string, string> = opts.admin ? { authorization: `Bearer ${ADMIN_TOKEN}` } : { 'x-tenant-api-key': gw.key };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gw.url}${path}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
  const text = await res.text();
  if (opts.expect !== undefined && res.status !== opts.expect)
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function context(gw: BenchGateway): AppContext {
  return { config: gw.config, database: gw.database, db: gw.database.db };
}

/** Sandbox rates and network fees in place, as the worker keeps them (the bench runs no worker). */
export async function prepareSandbox(gw: BenchGateway): Promise<void> {
  await refreshRates(gw.database.db, new SandboxRateProvider(), RATED_ASSETS);
  await refreshFees(gw.database.db, defaultOracles(gw.database.db, gw.config));
}

/** One round of every watcher, as the worker's job runs it. */
async function watchOnce(gw: BenchGateway): Promise<void> {
  const ctx = context(gw);
  for (const w of createWatchers(gw.config, gw.database.db, allListeners(depositListener(ctx), invoiceListener(ctx)))) await w.round();
}

/** The tenant's balance in USDT_TRC20: one deposit paid on the sandbox Tron chain and confirmed. */
export async function fund(gw: BenchGateway, amount: string): Promise<void> {
  const deposit = (
    await call(gw, 'POST', '/v1/deposit', { body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'bench-funding' }, expect: 201 })
  ).body.data;
  await call(gw, 'POST', '/admin/sandbox/transfers', {
    admin: true,
    body: { cryptoCurrencyCode: 'USDT_TRC20', to: deposit.address, amount },
    expect: 201,
  });
  for (let i = 0; i < 20; i++) {
    await call(gw, 'POST', '/admin/sandbox/mine', { admin: true, body: { network: 'Tron', blocks: 5 }, expect: 200 });
    await watchOnce(gw);
    if ((await call(gw, 'GET', `/v1/deposit?id=${deposit.id}`, { expect: 200 })).body.data.status === 'completed') return;
  }
  throw new Error('the funding deposit was not credited after 20 watcher rounds');
}
