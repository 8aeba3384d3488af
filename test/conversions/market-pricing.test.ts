import assert from 'node:assert/strict';
import { it } from 'node:test';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { usdPrice } from '../../src/modules/rates/service.ts';
import type { Ratio } from '../../src/lib/money.ts';
import { describeEngines, type TestApp } from '../helpers/harness.ts';
import { coinbaseWith, krakenWith, useReplayedRates } from '../helpers/rates.ts';
import { fundedAccount } from '../helpers/scenario.ts';

// Conversions priced from Coinbase and Kraken replayed locally (their documented answers, with
// USDT moved), two agreeing sources needed per price. The API's earlier fee rule 4 ("stablecoin-to-
// stablecoin conversions are 1:1") is overridden: a stablecoin converts at its market price, and
// not at all while it trades off its peg by more than STABLECOIN_DEPEG_BAND.
const RATES = { RATES_PROVIDER: 'coinbase,kraken', RATES_MIN_SOURCES: '2' };
const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
/** USDT at 0.50 USD on both sources: Coinbase's 2 USDT per USD, Kraken's book around 0.5000. */
const USDT_AT_HALF = { coinbase: coinbaseWith({ USDT: '2' }), kraken: krakenWith({ USDTZUSD: ['0.50010', '0.49990'] }) };

const usdtToUsdc = (fromAmount: number) => ({ fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_ERC20', fromAmount });
const post = (t: TestApp, key: string, op: 'preview' | 'quote' | 'commit', body: Record<string, unknown>) =>
  t.call('POST', `/v1/converting/${op}`, { key, body });
const balance = async (t: TestApp, accountId: string, code: string) =>
  (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === code)?.units ?? 0n;

/**
 * What 1000 USDT buys in USDC at these prices, computed here from the stored prices alone: the
 * commission (0.50 USD) in USDT rounded up, the rest at USDT's price over USDC's, rounded down.
 */
function usdcFor1000Usdt(usdt: Ratio, usdc: Ratio): { commission: bigint; toUnits: bigint } {
  const commission = (500_000n * usdt.den + usdt.num - 1n) / usdt.num;
  return { commission, toUnits: ((1_000_000_000n - commission) * usdt.num * usdc.den) / (usdt.den * usdc.num) };
}

/** Sandbox fees for the withdrawal of USDC and the funding deposits. */
async function fees(t: TestApp) {
  await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDC_ERC20', amount: 1 });
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
}

describeEngines('stablecoin conversions at market prices', (engine) => {
  const { app, round, coinbase, kraken } = useReplayedRates(engine, RATES);

  it('converts USDT at 0.99 on both sources at its market price, not 1:1', async () => {
    const t = app();
    coinbase.answer = coinbaseWith({ USDT: '1.01' }); // 0.990099…
    kraken.answer = krakenWith({ USDTZUSD: ['0.99015', '0.99005'] });
    await round();
    const { key, accountId } = await fundedAccount(t, { amount: 1000, rates: null });
    const prices = { usdt: (await usdPrice(t.ctx.db, 'USDT', 600)).price, usdc: (await usdPrice(t.ctx.db, 'USDC', 600)).price };
    const expected = usdcFor1000Usdt(prices.usdt, prices.usdc);
    const quote = await post(t, key, 'quote', usdtToUsdc(1000));
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    assert.equal(quote.body.data.toAmount, Number(expected.toUnits) / 1e6);
    assert.ok(quote.body.data.toAmount > 989 && quote.body.data.toAmount < 990, `about 989.6 USDC, not 999.5: ${quote.body.data.toAmount}`);
    const commit = await post(t, key, 'commit', { quoteId: quote.body.data.quoteId });
    assert.equal(commit.status, 201, JSON.stringify(commit.body));
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 0n);
    assert.equal(await balance(t, accountId, 'USDC_ERC20'), expected.toUnits);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('USDT at 0.50 on both sources: preview, quote, commit and a withdrawal auto-convert are refused with a clear code; floating pairs go on', async () => {
    const t = app();
    coinbase.answer = coinbaseWith();
    kraken.answer = krakenWith();
    await round();
    await fees(t);
    const { key, accountId } = await fundedAccount(t, { amount: 1000, rates: null });
    const before = await merchantBalances(t.ctx.db, accountId);
    // Quoted while USDT holds its peg, committed after it lost it.
    const quoted = (await post(t, key, 'quote', usdtToUsdc(100))).body.data;
    const withdrawal = await t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDC_ERC20', address: EVM_TO, amount: 50, orderId: 'auto-before', allowAutoConvert: true },
    });
    assert.equal(withdrawal.body.data.autoConvert.fromCryptoCurrencyCode, 'USDT_TRC20', JSON.stringify(withdrawal.body));

    coinbase.answer = USDT_AT_HALF.coinbase;
    kraken.answer = USDT_AT_HALF.kraken;
    await round();
    const offPeg = (res: { status: number; body: any }, what: string) => {
      assert.equal(res.status, 503, `${what}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'exceptions.converting.stablecoinOffPeg', what);
      assert.deepEqual(
        res.body.extension,
        { cryptoCurrencyCode: 'USDT_TRC20', peg: 'USD', usdPrice: '0.5', pegUsdPrice: '1', deviation: '0.5', band: '0.02' },
        what,
      );
    };
    offPeg(await post(t, key, 'preview', usdtToUsdc(1000)), 'preview');
    offPeg(await post(t, key, 'quote', usdtToUsdc(1000)), 'quote');
    offPeg(
      await post(t, key, 'preview', { fromCryptoCurrencyCode: 'USDC_ERC20', toCryptoCurrencyCode: 'USDT_TRC20', toAmount: 10 }),
      'into USDT',
    );
    offPeg(
      await post(t, key, 'preview', { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'ETH', fromAmount: 10 }),
      'USDT into a floating coin',
    );
    offPeg(await post(t, key, 'commit', { quoteId: quoted.quoteId }), 'commit of a quote made before');
    offPeg(
      await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: withdrawal.body.data.quoteId } }),
      'withdrawal commit with its conversion',
    );
    offPeg(
      await t.call('POST', '/v1/withdrawal/quote', {
        key,
        body: { cryptoCurrencyCode: 'USDC_ERC20', address: EVM_TO, amount: 50, orderId: 'auto-after', allowAutoConvert: true },
      }),
      'withdrawal quote with auto-convert',
    );
    assert.deepEqual(await merchantBalances(t.ctx.db, accountId), before, 'nothing moved');
    assert.equal((await t.call('GET', '/v1/converting/list', { key })).body.total, 0);
    assert.equal((await t.call('GET', `/v1/withdrawal/list?accountId=${accountId}`, { key })).body.total, 0);
    // A pair with no stablecoin is priced as before.
    const floating = await post(t, key, 'preview', { fromCryptoCurrencyCode: 'ETH', toCryptoCurrencyCode: 'TRX', fromAmount: 1 });
    assert.equal(floating.status, 200, JSON.stringify(floating.body));
  });
});

describeEngines('stablecoin conversions within a wide depeg band (STABLECOIN_DEPEG_BAND=0.6)', (engine) => {
  const { app, round, coinbase, kraken } = useReplayedRates(engine, { ...RATES, STABLECOIN_DEPEG_BAND: '0.6' });

  it('converts 1000 USDT at 0.50 into about 500 USDC, at the market price', async () => {
    const t = app();
    coinbase.answer = USDT_AT_HALF.coinbase;
    kraken.answer = USDT_AT_HALF.kraken;
    await round();
    const { key, accountId } = await fundedAccount(t, { amount: 1000, rates: null });
    // USDC: (1 + 0.99995) / 2 on the two sources.
    const expected = usdcFor1000Usdt({ num: 1n, den: 2n }, { num: 999_975n, den: 1_000_000n });
    assert.deepEqual([expected.commission, expected.toUnits], [1_000_000n, 499_512_487n]);
    const preview = await post(t, key, 'preview', usdtToUsdc(1000));
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual(preview.body.data, {
      fromCryptoCurrencyCode: 'USDT_TRC20',
      toCryptoCurrencyCode: 'USDC_ERC20',
      fromAmount: 1000,
      toAmount: 499.512487,
      commission: 1,
    });
    const quote = (await post(t, key, 'quote', usdtToUsdc(1000))).body.data;
    assert.equal((await post(t, key, 'commit', { quoteId: quote.quoteId })).status, 201);
    assert.equal(await balance(t, accountId, 'USDC_ERC20'), 499_512_487n);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
