/**
 * The x402 settlements export (GET /v1/export/x402.csv): the tenant's settlements on every network,
 * amounts and fees exact in the token's and coin's units where the gateway knows them and always in
 * atomic units beside them, and nothing of another tenant's.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import {
  BASE_MAINNET,
  BASE_USDC,
  BSC_MAINNET,
  BSC_USDT,
  SOLANA_DEVNET,
  SOLANA_DEVNET_USDC,
  evmAddress,
  recordSettlement,
} from '../helpers/x402-settlements.ts';
import type { SettlementRow } from '../../src/modules/x402/record.ts';

const HEADER =
  'id,createdAt,confirmedAt,status,network,asset,assetSymbol,amount,amountUnits,payer,payTo,transaction,fee,feeCurrency,feeUnits,errorReason';

describeEngines('x402 settlements export', (engine) => {
  const app = useTestApp(engine);
  let a: { tenantId: string; accountId: string; key: string };
  let b: { tenantId: string; key: string };
  const rows: Record<string, SettlementRow> = {};

  before(async () => {
    const t = app();
    a = await t.tenant(['x402.list']);
    b = await t.tenant(['x402.list']);
    const db = t.ctx.db;
    rows.base = await recordSettlement(db, a.tenantId, {
      network: BASE_MAINNET,
      asset: BASE_USDC,
      amount: '1234567',
      gasCost: 21_000_000_000_123n,
    });
    rows.bsc = await recordSettlement(db, a.tenantId, {
      network: BSC_MAINNET,
      asset: BSC_USDT,
      amount: '123456789012345678901234567890',
      gasCost: 1n,
    });
    rows.unknown = await recordSettlement(db, a.tenantId, { network: 'eip155:31337', asset: evmAddress(), amount: '99', status: 'failed' });
    rows.sol = await recordSettlement(db, a.tenantId, {
      network: SOLANA_DEVNET,
      asset: SOLANA_DEVNET_USDC,
      amount: '2500001',
      status: 'submitted',
    });
    rows.theirs = await recordSettlement(db, b.tenantId, { network: BASE_MAINNET, asset: BASE_USDC, amount: '5' });
  });

  const csv = async (key: string, query = '') => {
    const res = await app().app.inject({ method: 'GET', url: `/v1/export/x402.csv${query}`, headers: { 'x-tenant-api-key': key } });
    assert.equal(res.statusCode, 200, res.body);
    return { res, lines: res.body.split('\r\n').filter(Boolean) };
  };

  it('writes every settlement of the tenant, oldest first, amounts exact in the token units and in atomic units', async () => {
    const { res, lines } = await csv(a.key);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="x402-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...records] = lines;
    assert.equal(header, HEADER);
    const at = (r: SettlementRow | undefined) => r?.created_at.toISOString();
    const base = rows.base!;
    assert.deepEqual(records, [
      `${base.id},${at(base)},${rows.base?.confirmed_at?.toISOString()},confirmed,${BASE_MAINNET},${BASE_USDC},USDC,1.234567,1234567,${base.payer},${base.pay_to},${base.transaction},0.000021000000000123,ETH,21000000000123,`,
      `${rows.bsc?.id},${at(rows.bsc)},${rows.bsc?.confirmed_at?.toISOString()},confirmed,${BSC_MAINNET},${BSC_USDT},USDT,123456789012.34567890123456789,123456789012345678901234567890,${rows.bsc?.payer},${rows.bsc?.pay_to},${rows.bsc?.transaction},0.000000000000000001,BNB,1,`,
      // A token the gateway does not know on a network it does not know: atomic units only.
      `${rows.unknown?.id},${at(rows.unknown)},,failed,eip155:31337,${rows.unknown?.asset},,,99,${rows.unknown?.payer},${rows.unknown?.pay_to},${rows.unknown?.transaction},,,,invalid_transaction_state`,
      `${rows.sol?.id},${at(rows.sol)},,submitted,${SOLANA_DEVNET},${SOLANA_DEVNET_USDC},USDC,2.500001,2500001,${rows.sol?.payer},${rows.sol?.pay_to},${rows.sol?.transaction},,,,`,
    ]);
  });

  it("never holds another tenant's settlements; every account of the tenant gets the tenant's", async () => {
    const theirs = (await csv(b.key)).lines;
    assert.equal(theirs.length, 2);
    assert.ok(theirs[1]?.startsWith(`${rows.theirs?.id},`));
    for (const r of Object.values(rows).filter((r) => r !== rows.theirs)) assert.ok(!theirs.join('\n').includes(r.id), `B sees ${r.id}`);
    assert.ok(!(await csv(a.key)).lines.join('\n').includes(rows.theirs!.id));
    // Another account of tenant A, through a tenant-wide key naming it (as the dashboard does).
    const created = await app().call('POST', '/v1/accounts', { key: await app().wideKey(a.tenantId), body: { name: 'second' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const wide = await app().wideKey(a.tenantId, ['x402.list']);
    for (const query of ['', `?accountId=${a.accountId}`, `?accountId=${created.body.data.id}`]) {
      assert.equal((await csv(wide, query)).lines.length, 5, query);
    }
  });

  it('keeps to its range, and refuses a key without x402.list', async () => {
    const past = (await csv(a.key, '?from=2024-01-01&to=2024-01-31')).lines;
    assert.deepEqual(past, [HEADER]);
    const reader = await app().tenant(['invoices.list']);
    const res = await app().call('GET', '/v1/export/x402.csv', { key: reader.key });
    assert.equal(res.status, 403);
    assert.equal(res.body.extension.requiredScope, 'x402.list');
  });
});
