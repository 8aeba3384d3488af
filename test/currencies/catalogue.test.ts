import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { defaultOracles, getDepositNetworkFee, refreshFees } from '../../src/modules/currencies/fees.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

const SPEC_TABLE: Record<string, [string, string | undefined, number, string | null]> = {
  BTC: ['BTC', undefined, 8, null],
  ETH: ['Ethereum', undefined, 18, null],
  USDT_ERC20: ['Ethereum', 'erc20', 6, '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  USDC_ERC20: ['Ethereum', 'erc20', 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
  LINK_ERC20: ['Ethereum', 'erc20', 18, '0x514910771AF9Ca656af840dff83E8264EcF986CA'],
  BNB: ['BNB', undefined, 18, null],
  USDT_BEP20: ['BNB', 'bep20', 18, '0x55d398326f99059fF775485246999027B3197955'],
  USDC_BEP20: ['BNB', 'bep20', 18, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d'],
  LINK_BEP20: ['BNB', 'bep20', 18, '0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD'],
  ETH_BASE: ['Base', undefined, 18, null],
  USDC_BASE: ['Base', 'erc20', 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
  EURC_BASE: ['Base', 'erc20', 6, '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42'],
  TRX: ['Tron', undefined, 6, null],
  USDT_TRC20: ['Tron', 'trc20', 6, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
};

describeEngines('currency catalogues', (engine) => {
  const app = useTestApp(engine);

  it('lists the 14 currencies with the API network/tokenType table, decimals and contracts', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list']);
    const res = await t.call('GET', '/v1/currencies', { key });
    assert.equal(res.status, 200);
    const byCode = new Map(res.body.data.map((c: any) => [c.code, c]));
    assert.equal(byCode.size, 14);
    for (const [code, [network, tokenType, decimals, contract]] of Object.entries(SPEC_TABLE)) {
      const c: any = byCode.get(code);
      assert.ok(c, code);
      assert.equal(c.network, network, code);
      assert.equal(c.tokenType, tokenType, code);
      assert.equal('tokenType' in c, tokenType !== undefined, `${code} tokenType omitted for native coins`);
      assert.equal(c.decimalPlaces, decimals, code);
      assert.equal(c.contractAddress, contract, code);
      assert.ok(
        new RegExp(c.addressMask).test(
          contract ??
            (network === 'BTC'
              ? '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
              : network === 'Tron'
                ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
                : '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'),
        ),
      );
      assert.match(c.imageUrl, /^http:\/\/gateway\.test\/assets\/icons\/[A-Z_0-9]+\.svg$/);
      assert.match(c.networkIconUrl, /^http:\/\/gateway\.test\/assets\/networks\/\w+\.svg$/);
      assert.equal(typeof c.minWithdrawalAmount, 'number');
      assert.equal(c.depositCommission, 0.01);
    }
  });

  it('serves its own icons', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list']);
    const { body } = await t.call('GET', '/v1/currencies', { key });
    for (const c of body.data) {
      for (const url of [c.imageUrl, c.networkIconUrl]) {
        const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
        assert.equal(res.statusCode, 200, url);
        assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
        assert.match(res.body, /^<svg /);
      }
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/assets/icons/NOPE.svg' })).statusCode, 404);
  });

  it('filters by network and refuses an unknown one', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list']);
    const base = await t.call('GET', '/v1/currencies?network=Base', { key });
    assert.deepEqual(base.body.data.map((c: any) => c.code).sort(), ['ETH_BASE', 'EURC_BASE', 'USDC_BASE']);
    const solana = await t.call('GET', '/v1/currencies?network=Solana', { key });
    assert.deepEqual(solana.body.data, []);
    const bad = await t.call('GET', '/v1/currencies?network=Mars', { key });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'exceptions.validation.failed');
    assert.equal(bad.body.extension.fields[0].field, 'network');
  });

  it('shows the live network fee set by the operator and raises the minimum deposit by it', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list']);
    const set = await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'BTC', amount: 0.00012345 });
    assert.equal(set.status, 200);
    let btc = (await t.call('GET', '/v1/currencies?network=BTC', { key })).body.data[0];
    assert.equal(btc.depositNetworkFee.amount, 0.00012345);
    assert.ok(Date.now() - Date.parse(btc.depositNetworkFee.quotedAt) < 60_000);
    assert.equal(btc.minDepositAmount, 0.00022345); // base minimum 0.0001 + fee
    assert.equal((await getDepositNetworkFee(t.ctx.db, 'BTC', 900))?.units, 12345n);

    assert.equal((await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'BTC', amount: null })).status, 200);
    btc = (await t.call('GET', '/v1/currencies?network=BTC', { key })).body.data[0];
    assert.equal(btc.depositNetworkFee, null);
    assert.equal(btc.minDepositAmount, 0.0001);
    assert.equal(await getDepositNetworkFee(t.ctx.db, 'BTC', 900), null);

    const tooPrecise = await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'BTC', amount: 0.000000001 });
    assert.equal(tooPrecise.status, 400);
    const unknown = await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'DOGE', amount: 1 });
    assert.equal(unknown.status, 400);
    const negative = await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'ETH', amount: -1 });
    assert.equal(negative.status, 400);
  });

  it('treats a stale quote as unavailable', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list']);
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'TRX', amount: 1.5 });
    await sql`update network_fee_quotes set quoted_at = now() - interval '1 hour' where currency_code = 'TRX'`.execute(t.ctx.db);
    await new Promise((r) => setTimeout(r, 1100)); // past the one-second read cache
    const trx = (await t.call('GET', '/v1/currencies?network=Tron', { key })).body.data.find((c: any) => c.code === 'TRX');
    assert.equal(trx.depositNetworkFee, null);
  });

  it('refreshes quotes on a timer: sandbox keeps the operator value and makes it live again', async () => {
    const t = app();
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'ETH', amount: 0.0004 });
    await sql`update network_fee_quotes set quoted_at = now() - interval '1 hour'`.execute(t.ctx.db);
    await sql`delete from network_fee_quotes where currency_code = 'LINK_ERC20'`.execute(t.ctx.db);
    const refreshed = await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    assert.equal(refreshed, 14);
    assert.equal((await getDepositNetworkFee(t.ctx.db, 'ETH', 900))?.units, 400_000_000_000_000n);
    assert.equal((await getDepositNetworkFee(t.ctx.db, 'LINK_ERC20', 900))?.units, 150_000_000_000_000_000n);
  });

  it("uses the tenant's commission override, else the system default", async () => {
    const t = app();
    const a = await t.tenant(['currencies.list']);
    const b = await t.tenant(['currencies.list']);
    assert.equal((await t.call('GET', '/v1/currencies', { key: a.key })).body.data[0].depositCommission, 0.01);
    assert.equal((await t.admin('PATCH', `/admin/tenants/${a.tenantId}`, { depositCommission: 0.0025 })).status, 200);
    assert.ok((await t.call('GET', '/v1/currencies', { key: a.key })).body.data.every((c: any) => c.depositCommission === 0.0025));
    assert.equal((await t.call('GET', '/v1/currencies', { key: b.key })).body.data[0].depositCommission, 0.01);
    await t.admin('PATCH', `/admin/tenants/${a.tenantId}`, { depositCommission: null });
    assert.equal((await t.call('GET', '/v1/currencies', { key: a.key })).body.data[0].depositCommission, 0.01);
  });

  it('lists the fiat currencies with ISO decimals and minimum invoice amounts', async () => {
    const t = app();
    const { key } = await t.tenant(['currencies.list']);
    const res = await t.call('GET', '/v1/currencies/fiat', { key });
    assert.equal(res.status, 200);
    const byCode = new Map(res.body.data.map((f: any) => [f.code, f]));
    for (const code of ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'PLN', 'TRY', 'BRL', 'INR', 'UAH']) {
      const f: any = byCode.get(code);
      assert.ok(f, code);
      assert.equal(f.decimalPlaces, code === 'JPY' ? 0 : 2, code);
      assert.ok(f.minInvoiceAmount > 0, code);
      assert.equal(typeof f.name, 'string');
    }
  });

  it('needs the currencies.list scope', async () => {
    const t = app();
    const { key } = await t.tenant(['invoices.create']);
    for (const url of ['/v1/currencies', '/v1/currencies/fiat']) {
      const res = await t.call('GET', url, { key });
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'exceptions.auth.insufficientScope');
    }
  });
});
