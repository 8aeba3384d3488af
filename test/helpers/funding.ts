import { randomUUID } from 'node:crypto';
import { findCurrency, networkOf } from '../../src/lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { DepositService } from '../../src/modules/deposits/service.ts';
import { createWatchers } from '../../src/modules/payments/watcher.ts';
import type { TestApp } from './harness.ts';

/**
 * A sandbox tenant (a new one unless given) whose account is credited `amount` of `code` through a
 * real deposit: no commission, `fee` as the network fee, the transfer mined and seen by the watcher.
 */
export async function fundedBySandboxDeposit(t: TestApp, code: string, amount: number, fee: number, tenant?: Awaited<ReturnType<TestApp['tenant']>>) {
  tenant ??= await t.tenant(['*']);
  await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0 });
  await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: code, amount: fee });
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
  const d = (await t.call('POST', '/v1/deposit', { key: tenant.key, body: { cryptoCurrencyCode: code, orderId: `fund-${randomUUID()}` } })).body.data;
  await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: code, to: d.address, amount: amount + fee });
  await t.admin('POST', '/admin/sandbox/mine', { network: networkOf(findCurrency(code)!).api, blocks: 5 });
  for (const w of createWatchers(t.ctx.config, t.ctx.db, new DepositService(t.ctx))) await w.round();
  return tenant;
}
