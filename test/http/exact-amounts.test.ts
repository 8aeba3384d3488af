/**
 * Money in a JSON body is read as written: a number a double cannot hold
 * (`1.000000000000000001` reads as 1) is checked against the currency's decimals exactly and
 * refused with the route's own precision code, not rounded; one that fits the currency is kept to
 * its last atomic unit. The body parser keeps the exact text of such numbers (json-body.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanJson } from '../../src/lib/http/json-body.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';

const JSON_TYPE = { 'content-type': 'application/json' };
const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('the exact text of numbers', () => {
  it('finds every number a double changes, by path, as a plain decimal; leaves the rest alone', () => {
    assert.deepEqual(scanJson('{"amount":1.000000000000000001}').inexact, new Map([['amount', '1.000000000000000001']]));
    assert.deepEqual(
      scanJson(
        '{"a":"1.000000000000000001","items":[{"cost":1.5},{"cost":10.0000000000000000001,"quantity":12345678901234567890}],"e":-1.00000000000000000001E2}',
      ).inexact,
      new Map([
        ['items.1.cost', '10.0000000000000000001'],
        ['items.1.quantity', '12345678901234567890'],
        ['e', '-100.000000000000000001'],
      ]),
    );
    for (const text of [
      '{"a":1.5,"b":0.000001,"c":123456789012345,"d":1e-7,"e":1.5e3,"f":9007199254740992,"g":1.000000000000000000}',
      '{"hash":"0x1234567890123456789012345678901234567890"}',
      '[1.000000000000000001]',
    ]) {
      assert.equal(scanJson(text).inexact, undefined, text);
    }
    assert.deepEqual(scanJson('{"a":{"b":1,"a":2,"a":3}}').repeated, ['a', 'a'], 'repeated keys are found as before');
  });
});

describeEngines('money as written', (engine) => {
  const app = useTestApp(engine);

  async function priced(t: TestApp) {
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB']);
    for (const code of ['ETH', 'USDT_TRC20'])
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: code, amount: 0.0001 });
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    return t.tenant(['*']);
  }

  const raw = (t: TestApp, url: string, key: string, text: string) => t.call('POST', url, { key, body: text, headers: JSON_TYPE });

  it('a withdrawal quote refuses more decimals than the currency has, however the number is written; an 18-decimal ETH amount is kept to the wei', async () => {
    const t = app();
    const tenant = await priced(t);
    const { key } = tenant;
    // An ETH balance to quote against (a quote over the balance is refused).
    await fundedAccount(t, { code: 'ETH', amount: 2, fee: 0.0001, tenant, rates: null });
    for (const [code, address, amount] of [
      ['USDT_TRC20', TRON_TO, '10.000000000000000001'],
      ['USDT_TRC20', TRON_TO, '1.0000000000000000000001e1'],
      ['ETH', EVM_TO, '1.0000000000000000001'],
    ]) {
      const res = await raw(t, '/v1/withdrawal/quote', key, `{"cryptoCurrencyCode":"${code}","address":"${address}","amount":${amount}}`);
      assert.deepEqual(
        [res.status, res.body.code],
        [400, 'exceptions.withdrawal.amountInvalidDecimalPlaces'],
        `${code} ${amount}: ${JSON.stringify(res.body)}`,
      );
    }
    const res = await raw(
      t,
      '/v1/withdrawal/quote',
      key,
      `{"cryptoCurrencyCode":"ETH","address":"${EVM_TO}","amount":1.000000000000000001,"orderId":"wei-exact"}`,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const row = await t.ctx.db
      .selectFrom('withdrawal_quotes')
      .select('amount')
      .where('order_id', '=', 'wei-exact')
      .executeTakeFirstOrThrow();
    assert.equal(BigInt(String(row.amount).split('.')[0]!), 1_000_000_000_000_000_001n, 'kept to the wei, not rounded to 1 ETH');
  });

  it('a conversion refuses either amount past its currency’s decimals', async () => {
    const t = app();
    const { key } = await priced(t);
    for (const field of ['fromAmount', 'toAmount']) {
      const res = await raw(
        t,
        '/v1/converting/preview',
        key,
        `{"fromCryptoCurrencyCode":"USDT_TRC20","toCryptoCurrencyCode":"ETH","${field}":${field === 'fromAmount' ? '5.000000000000000001' : '0.0010000000000000000001'}}`,
      );
      assert.deepEqual(
        [res.status, res.body.code],
        [400, 'exceptions.converting.amountInvalidDecimalPlaces'],
        `${field}: ${JSON.stringify(res.body)}`,
      );
    }
  });

  it('an invoice refuses a total, a cost or a quantity whose exact total is not in whole cents', async () => {
    const t = app();
    const { key } = await priced(t);
    for (const [i, money] of [
      '"amount":25.000000000000000001',
      '"items":[{"name":"a","quantity":1,"cost":10.000000000000000001}]',
      '"items":[{"name":"a","quantity":1.0000000000000000001,"cost":10}]',
    ].entries()) {
      const res = await raw(t, '/v1/invoice', key, `{"fiatCurrencyCode":"USD","orderId":"exact-${i}",${money}}`);
      assert.deepEqual(
        [res.status, res.body.code],
        [400, 'exceptions.invoice.amountInvalidDecimalPlaces'],
        `${money}: ${JSON.stringify(res.body)}`,
      );
    }
    assert.deepEqual(await t.ctx.db.selectFrom('invoices').select('id').where('order_id', 'like', 'exact-%').execute(), []);
    const ok = await raw(t, '/v1/invoice', key, '{"fiatCurrencyCode":"USD","orderId":"exact-ok","amount":25.000000000000000000}');
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
  });

  it('sandbox transfers and network fees take the amount as written: refused past the decimals, kept to the last unit', async () => {
    const t = app();
    const admin = (url: string, text: string) =>
      t.app.inject({
        method: url.endsWith('fees') ? 'PUT' : 'POST',
        url,
        payload: text,
        headers: { ...JSON_TYPE, authorization: `Bearer ${t.ctx.config.adminToken}` },
      });
    const tooPrecise = await admin(
      '/admin/sandbox/transfers',
      `{"cryptoCurrencyCode":"USDT_TRC20","to":"${TRON_TO}","amount":1.000000000000000001}`,
    );
    assert.deepEqual([tooPrecise.statusCode, tooPrecise.json().code], [400, 'exceptions.validation.failed']);
    const fee = await admin('/admin/sandbox/network-fees', '{"cryptoCurrencyCode":"USDT_TRC20","amount":1.000000000000000001}');
    assert.deepEqual([fee.statusCode, fee.json().code], [400, 'exceptions.validation.failed']);
    const wei = await admin('/admin/sandbox/transfers', `{"cryptoCurrencyCode":"ETH","to":"${EVM_TO}","amount":1.000000000000000001}`);
    assert.equal(wei.statusCode, 201, wei.body);
    const row = await t.ctx.db
      .selectFrom('sandbox_transfers')
      .select('amount')
      .where('tx_hash', '=', wei.json().data.txHash)
      .executeTakeFirstOrThrow();
    assert.equal(BigInt(String(row.amount).split('.')[0]!), 1_000_000_000_000_000_001n);
  });
});
