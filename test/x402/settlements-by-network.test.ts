/**
 * The settlement list of a facilitator on several networks: the network filter, payer, payTo and
 * transaction filters that compare EVM hex in any case and Solana's base58 exactly, totals that
 * agree with the rows (the maintained counts included), what the record says of known tokens, and
 * the networks a list can be filtered by. Settlements are written through the facilitator's own
 * claim and finish (no chain needed to list them).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { addressScope, auditListCounts } from '../../src/lib/db/counts.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import {
  BASE_MAINNET,
  BASE_USDC,
  BSC_MAINNET,
  BSC_USDT,
  SOLANA_DEVNET,
  SOLANA_DEVNET_USDC,
  base58,
  evmAddress,
  recordSettlement,
} from '../helpers/x402-settlements.ts';

/** A base58 address starting with a letter whose other case is base58 too, and that other form. */
function caseTwins(): [string, string] {
  const rest = base58(43);
  return [`a${rest}`, `A${rest}`];
}

describeEngines('x402 settlements on several networks', (engine) => {
  const app = useTestApp(engine);
  let tenant: { tenantId: string; key: string };
  let other: { tenantId: string; key: string };
  const evmPayer = evmAddress();
  const [solPayer, solPayerOtherCase] = caseTwins();
  const solPayTo = base58(44);
  const solTx = `a${base58(87)}`;
  const ids: Record<string, string> = {};

  before(async () => {
    const t = app();
    tenant = await t.tenant(['x402.list']);
    other = await t.tenant(['x402.list']);
    const db = t.ctx.db;
    // Base: 3 (one failed), BNB Smart Chain: 2, Solana devnet: 2 (one submitted), all of one tenant.
    ids.base = (
      await recordSettlement(db, tenant.tenantId, {
        network: BASE_MAINNET,
        asset: BASE_USDC,
        amount: '1234567',
        payer: evmPayer,
        gasCost: 21_000_000_000_123n,
      })
    ).id;
    await recordSettlement(db, tenant.tenantId, {
      network: BASE_MAINNET,
      asset: BASE_USDC,
      amount: '1',
      payer: evmPayer,
      status: 'failed',
    });
    await recordSettlement(db, tenant.tenantId, { network: BASE_MAINNET, asset: evmAddress(), amount: '99' });
    ids.bsc = (
      await recordSettlement(db, tenant.tenantId, { network: BSC_MAINNET, asset: BSC_USDT, amount: '1000000000000000001', payer: evmPayer })
    ).id;
    await recordSettlement(db, tenant.tenantId, { network: BSC_MAINNET, asset: BSC_USDT, amount: '5' });
    ids.sol = (
      await recordSettlement(db, tenant.tenantId, {
        network: SOLANA_DEVNET,
        asset: SOLANA_DEVNET_USDC,
        amount: '2500000',
        payer: solPayer,
        payTo: solPayTo,
        transaction: solTx,
        gasCost: 5000n,
      })
    ).id;
    await recordSettlement(db, tenant.tenantId, {
      network: SOLANA_DEVNET,
      asset: SOLANA_DEVNET_USDC,
      amount: '7',
      payer: solPayer,
      status: 'submitted',
    });
    // The other tenant settles on BNB Smart Chain from the same payer, to Solana's same payTo.
    await recordSettlement(db, other.tenantId, { network: BSC_MAINNET, asset: BSC_USDT, amount: '3', payer: evmPayer });
    await recordSettlement(db, other.tenantId, { network: SOLANA_DEVNET, asset: SOLANA_DEVNET_USDC, amount: '4', payTo: solPayTo });
  });

  const list = async (query: string, key = tenant.key) => {
    const res = await app().call('GET', `/v1/x402/settlements?limit=100&${query}`, { key });
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.total, res.body.data.length, `${query}: the total counts the rows listed`);
    return res.body as { total: number; data: Array<Record<string, unknown>> };
  };
  const rowCount = async (where: string) =>
    Number(
      (
        await sql
          .raw<{ n: string }>(`select count(*)::text as n from x402_settlements where tenant_id = '${tenant.tenantId}'::uuid ${where}`)
          .execute(app().ctx.db)
      ).rows[0]?.n,
    );

  it('filters by network, alone and with a status or an address; a network with none is an empty list', async () => {
    for (const [network, n] of [
      [BASE_MAINNET, 3],
      [BSC_MAINNET, 2],
      [SOLANA_DEVNET, 2],
      ['eip155:1', 0],
    ] as const) {
      const got = await list(`network=${encodeURIComponent(network)}`);
      assert.equal(got.total, n, network);
      assert.ok(
        got.data.every((s) => s.network === network),
        network,
      );
    }
    assert.equal((await list(`network=${BASE_MAINNET}&status=failed`)).total, 1);
    assert.equal((await list(`network=${BASE_MAINNET}&payer=${evmPayer}`)).total, 2);
    assert.equal((await list(`network=${BSC_MAINNET}&payer=${evmPayer}`)).total, 1);
    assert.equal((await list(`network=${encodeURIComponent(SOLANA_DEVNET)}&status=confirmed`)).total, 1);
    const day = new Date(Date.now() - 86_400_000).toISOString();
    assert.equal((await list(`network=${BASE_MAINNET}&from=${encodeURIComponent(day)}`)).total, 3);
    assert.equal((await list('')).total, 7);
  });

  it('refuses a network that is not a CAIP-2 id', async () => {
    for (const bad of ['base', 'eip155', 'eip155:', 'EIP155:1', 'eip155:1 ', `eip155:${'1'.repeat(33)}`]) {
      const res = await app().call('GET', `/v1/x402/settlements?network=${encodeURIComponent(bad)}`, { key: tenant.key });
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.code, 'exceptions.validation.failed', bad);
      assert.equal(res.body.extension.fields[0].field, 'network', bad);
    }
  });

  it('matches EVM addresses and hashes in any letter case, base58 ones exactly as written', async () => {
    assert.equal((await list(`payer=${evmPayer.toUpperCase().replace('0X', '0x')}`)).total, 3);
    assert.equal((await list(`payer=${solPayer}`)).total, 2);
    assert.equal((await list(`payer=${solPayerOtherCase}`)).total, 0, 'base58 is case-sensitive: another address');
    assert.equal((await list(`payTo=${solPayTo}`)).total, 1);
    assert.deepEqual(
      (await list(`transaction=${solTx}`)).data.map((s) => s.id),
      [ids.sol],
    );
    assert.equal((await list(`transaction=A${solTx.slice(1)}`)).total, 0);
    const base = (await app().call('GET', `/v1/x402/settlements/${ids.base}`, { key: tenant.key })).body.data;
    assert.deepEqual(
      (await list(`transaction=${String(base.transaction).toUpperCase().replace('0X', '0x')}`)).data.map((s) => s.id),
      [ids.base],
    );
    for (const bad of ['0x1234', `${solPayer}0`, 'O0Il'.repeat(11)]) {
      assert.equal((await app().call('GET', `/v1/x402/settlements?payer=${bad}`, { key: tenant.key })).status, 400, bad);
    }
  });

  it('totals from the maintained counts agree with the rows, for EVM and base58 payers, payTos, networks, statuses and ranges', async () => {
    const from = encodeURIComponent(new Date(Date.now() - 3 * 86_400_000).toISOString());
    const to = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const cases: Array<[string, string]> = [
      [`payer=${evmPayer.toUpperCase().replace('0X', '0x')}`, `and payer = '${evmPayer}'`],
      [`payer=${solPayer}&status=confirmed`, `and payer = '${solPayer}' and status = 'confirmed'`],
      [`payer=${solPayer}&from=${from}&to=${to}`, `and payer = '${solPayer}'`],
      [`payTo=${solPayTo}&from=${from}`, `and pay_to = '${solPayTo}'`],
      [`status=submitted&to=${to}`, `and status = 'submitted'`],
      [`network=${BASE_MAINNET}`, `and network = '${BASE_MAINNET}'`],
      [`network=${BASE_MAINNET}&status=confirmed&from=${from}`, `and network = '${BASE_MAINNET}' and status = 'confirmed'`],
      [`network=${encodeURIComponent(SOLANA_DEVNET)}&to=${to}`, `and network = '${SOLANA_DEVNET}'`],
    ];
    for (const [query, where] of cases) assert.equal((await list(query)).total, await rowCount(where), query);
    assert.deepEqual(await auditListCounts(app().ctx.db), []);
    // The network's total is its own count: a count made wrong shows in the total, and the audit names it.
    const db = app().ctx.db;
    const scope = addressScope(tenant.tenantId, BSC_MAINNET);
    await sql`insert into list_count_deltas (kind, scope_id, status, day, delta) values ('x402_settlements_of_network', ${scope}::uuid, 'confirmed', null, 1)`.execute(
      db,
    );
    const res = await app().call('GET', `/v1/x402/settlements?limit=1&network=${BSC_MAINNET}`, { key: tenant.key });
    assert.equal(res.body.total, 3);
    assert.deepEqual(
      (await auditListCounts(db)).map((m) => [m.kind, m.scopeId, m.status, m.day]),
      [['x402_settlements_of_network', scope, 'confirmed', null]],
    );
    await sql`delete from list_count_deltas where kind = 'x402_settlements_of_network' and scope_id = ${scope}::uuid and day is null`.execute(
      db,
    );
    assert.deepEqual(await auditListCounts(db), []);
  });

  it("another tenant's settlements never show: not by its payer, payTo, network or id", async () => {
    assert.equal((await list(`payer=${evmPayer}`, other.key)).total, 1);
    assert.equal((await list(`payTo=${solPayTo}`, other.key)).total, 1);
    assert.equal((await list(`network=${BASE_MAINNET}`, other.key)).total, 0);
    assert.equal((await list(`transaction=${solTx}`, other.key)).total, 0);
    const res = await app().call('GET', `/v1/x402/settlements/${ids.sol}`, { key: other.key });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'exceptions.x402.settlementNotFound');
  });

  it('says what it knows of each token and network: symbol, decimals, fee coin; nothing of an unknown token', async () => {
    const get = async (id: string | undefined) => (await app().call('GET', `/v1/x402/settlements/${id}`, { key: tenant.key })).body.data;
    const base = await get(ids.base);
    assert.deepEqual(
      [
        base.amount,
        base.assetSymbol,
        base.assetDecimals,
        base.gasCost,
        base.gasSymbol,
        base.gasDecimals,
        base.networkName,
        base.catalogueNetwork,
      ],
      ['1234567', 'USDC', 6, '21000000000123', 'ETH', 18, 'Base', 'Base'],
    );
    const bsc = await get(ids.bsc);
    assert.deepEqual(
      [bsc.amount, bsc.assetSymbol, bsc.assetDecimals, bsc.gasCost, bsc.gasSymbol, bsc.networkName],
      ['1000000000000000001', 'USDT', 18, null, 'BNB', 'BNB Smart Chain'],
    );
    const sol = await get(ids.sol);
    assert.deepEqual(
      [sol.payer, sol.payTo, sol.assetSymbol, sol.assetDecimals, sol.gasCost, sol.gasSymbol, sol.gasDecimals, sol.catalogueNetwork],
      [solPayer, solPayTo, 'USDC', 6, '5000', 'SOL', 9, null],
    );
    const unknown = (await list(`network=${BASE_MAINNET}`)).data.find((s) => s.amount === '99');
    assert.deepEqual([unknown?.assetSymbol, unknown?.assetDecimals, unknown?.networkName], [null, null, 'Base']);
  });

  it('lists the networks to filter by: those settled on (none served without a facilitator), each named', async () => {
    const res = await app().call('GET', '/v1/x402/networks', { key: tenant.key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, [
      { network: BSC_MAINNET, name: 'BNB Smart Chain', served: false },
      { network: BASE_MAINNET, name: 'Base', served: false },
      { network: SOLANA_DEVNET, name: 'Solana Devnet', served: false },
    ]);
    assert.deepEqual(
      (await app().call('GET', '/v1/x402/networks', { key: other.key })).body.data.map((n: { network: string }) => n.network),
      [BSC_MAINNET, SOLANA_DEVNET],
    );
    const fresh = await app().tenant(['x402.list']);
    assert.deepEqual((await app().call('GET', '/v1/x402/networks', { key: fresh.key })).body.data, []);
    assert.equal((await app().call('GET', '/v1/x402/networks', { key: (await app().tenant(['x402.verify'])).key })).status, 403);
  });
});
