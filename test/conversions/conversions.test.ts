import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import fc from 'fast-check';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { CURRENCIES, findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { openDatabase } from '../../src/lib/db/index.ts';
import { loadMigrations, migrate } from '../../src/lib/db/migrate.ts';
import { Amount, type Ratio } from '../../src/lib/money.ts';
import {
  conversionTerms,
  pegDeviation,
  priceByFromAmount,
  priceByToAmount,
  samePeg,
  type ConversionTerms,
} from '../../src/modules/conversions/pricing.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { describeEngines, liveNetworkEnv, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount, sandboxRates } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const RATE_ASSETS = ['USDT', 'USDC', 'EURC', 'ETH', 'TRX', 'BTC', 'BNB', 'LINK'];
const cur = (code: string) => findCurrency(code)!;

/** What `fromUnits` buys under `terms`, 0 when it does not cover the commission and one target unit. */
function bought(terms: ConversionTerms, fromUnits: bigint): bigint {
  try {
    return priceByFromAmount(terms, Amount.of(terms.from, fromUnits)).toAmount.units;
  } catch {
    return 0n;
  }
}

describe('conversion pricing', () => {
  const price = fc.record({ num: fc.bigInt(1n, 10n ** 12n), den: fc.integer({ min: 0, max: 10 }).map((e) => 10n ** BigInt(e)) });
  const pair = fc.tuple(fc.constantFrom(...CURRENCIES), fc.constantFrom(...CURRENCIES)).filter(([a, b]) => a.code !== b.code);
  const terms = fc
    .record({ pair, from: price, to: price, cents: fc.bigInt(0n, 10_000n) })
    .map(({ pair: [from, to], from: pf, to: pt, cents }) => ({ terms: conversionTerms(from, to, { from: pf, to: pt }, cents), pf, cents }));

  it('by toAmount: re-priced by its fromAmount it gives at least toAmount, and one source unit less gives less', () => {
    fc.assert(
      fc.property(terms, fc.bigInt(1n, 10n ** 24n), ({ terms: t }, wanted) => {
        const p = priceByToAmount(t, Amount.of(t.to, wanted));
        assert.equal(p.toAmount.units, wanted, 'what arrives is what was asked');
        const got = bought(t, p.fromAmount.units);
        assert.ok(got >= wanted, `${p.fromAmount.units} buys ${got} < ${wanted}`);
        assert.ok(bought(t, p.fromAmount.units - 1n) < wanted, 'fromAmount is the smallest that buys toAmount');
        // The excess is at most what that last source unit buys: one unit's worth, rounded up.
        const oneUnit = (t.rate.num + t.rate.den - 1n) / t.rate.den;
        assert.ok(got - wanted <= oneUnit, `excess ${got - wanted} above one source unit (${oneUnit})`);
      }),
    );
  });

  it('by fromAmount: re-priced by its toAmount it costs at most fromAmount and gives the same toAmount (no drift)', () => {
    fc.assert(
      fc.property(terms, fc.bigInt(1n, 10n ** 30n), ({ terms: t }, spent) => {
        const got = bought(t, spent);
        fc.pre(got > 0n);
        const back = priceByToAmount(t, Amount.of(t.to, got));
        assert.ok(back.fromAmount.units <= spent);
        assert.equal(bought(t, back.fromAmount.units), got);
      }),
    );
  });

  it("rounds both ways in the house's favour and prices the commission at no less than the setting", () => {
    fc.assert(
      fc.property(terms, fc.bigInt(1n, 10n ** 30n), ({ terms: t, pf, cents }, spent) => {
        const got = bought(t, spent);
        fc.pre(got > 0n);
        const net = spent - t.commission.units;
        // toAmount never exceeds the exact value of what is left after the commission.
        assert.ok(got * t.rate.den <= net * t.rate.num);
        assert.ok((got + 1n) * t.rate.den > net * t.rate.num, 'rounded down by less than one target unit');
        // The commission is worth at least the setting at the source price, and one unit less is not:
        // units × pf.num / (pf.den × 10^decimals) USD against cents / 100 USD, cross-multiplied.
        const worth = (units: bigint) => units * pf.num * 100n;
        const setting = cents * pf.den * 10n ** BigInt(t.from.decimals);
        assert.ok(worth(t.commission.units) >= setting);
        if (t.commission.units > 0n) assert.ok(worth(t.commission.units - 1n) < setting);
      }),
    );
  });

  it('prices stablecoins of one peg at their market prices, like any pair (never 1:1 by decree)', () => {
    const pegged = CURRENCIES.filter((c) => c.peg);
    const pegPair = fc.tuple(fc.constantFrom(...pegged), fc.constantFrom(...pegged)).filter(([a, b]) => a.code !== b.code && samePeg(a, b));
    fc.assert(
      fc.property(pegPair, price, price, fc.bigInt(1n, 10n ** 20n), ([from, to], pf, pt, units) => {
        const t = conversionTerms(from, to, { from: pf, to: pt }, 0n);
        // units × (pf / pt), rescaled from the source's decimals to the target's, rounded down.
        const exact = { num: units * pf.num * pt.den * 10n ** BigInt(to.decimals), den: pf.den * pt.num * 10n ** BigInt(from.decimals) };
        assert.equal(bought(t, units), exact.num / exact.den);
      }),
    );
    // 1000 USDT at 0.50 USD into USDC at 1 USD: 500 USDC, not 1000.
    const halved = conversionTerms(cur('USDT_TRC20'), cur('USDC_ERC20'), { from: { num: 1n, den: 2n }, to: { num: 1n, den: 1n } }, 0n);
    assert.equal(bought(halved, 1000_000_000n), 500_000_000n);
  });

  it("measures a stablecoin's distance from its peg exactly, the band's edge within it", () => {
    const r = (num: bigint, den: bigint): Ratio => ({ num, den });
    const band = r(2n, 100n);
    assert.equal(pegDeviation(r(98n, 100n), r(1n, 1n), band), null);
    assert.equal(pegDeviation(r(102n, 100n), r(1n, 1n), band), null);
    assert.deepEqual(pegDeviation(r(97_999_999n, 100_000_000n), r(1n, 1n), band), r(2_000_001n, 100_000_000n));
    assert.deepEqual(pegDeviation(r(1n, 2n), r(1n, 1n), band), r(1n, 2n));
    // EURC against the euro's own USD price: 1.08 vs 1.10 is 1.8 % off, 1.05 vs 1.10 is 4.5 %.
    assert.equal(pegDeviation(r(108n, 100n), r(110n, 100n), band), null);
    assert.ok(pegDeviation(r(105n, 100n), r(110n, 100n), band));
  });

  it('prices the documented examples exactly', () => {
    const sandbox = (code: string): Ratio =>
      ({ USDT: { num: 1n, den: 1n }, USDC: { num: 1n, den: 1n }, BTC: { num: 60000n, den: 1n }, ETH: { num: 3000n, den: 1n } })[
        cur(code).symbol
      ]!;
    const at = (from: string, to: string) => conversionTerms(cur(from), cur(to), { from: sandbox(from), to: sandbox(to) }, 50n);
    const show = (p: { fromAmount: Amount; toAmount: Amount; commission: Amount }) => [
      p.fromAmount.toDecimal(),
      p.toAmount.toDecimal(),
      p.commission.toDecimal(),
    ];
    assert.deepEqual(show(priceByFromAmount(at('USDT_TRC20', 'USDC_ERC20'), Amount.parse(cur('USDT_TRC20'), '20.5'))), [
      '20.5',
      '20',
      '0.5',
    ]);
    assert.deepEqual(show(priceByToAmount(at('USDT_TRC20', 'USDC_ERC20'), Amount.parse(cur('USDC_ERC20'), '20'))), ['20.5', '20', '0.5']);
    // 10 USDT after the commission is 1/300 ETH, rounded down to the wei.
    assert.deepEqual(show(priceByFromAmount(at('USDT_TRC20', 'ETH'), Amount.parse(cur('USDT_TRC20'), '10.5'))), [
      '10.5',
      '0.003333333333333333',
      '0.5',
    ]);
    // 0.5 USD of BTC is 833.33… sat: 834; one sat is 0.0006 USDT.
    assert.deepEqual(show(priceByFromAmount(at('BTC', 'USDT_TRC20'), Amount.parse(cur('BTC'), '0.001'))), [
      '0.001',
      '59.4996',
      '0.00000834',
    ]);
    assert.deepEqual(show(priceByToAmount(at('BTC', 'USDT_TRC20'), Amount.parse(cur('USDT_TRC20'), '11'))), [
      '0.00019168',
      '11',
      '0.00000834',
    ]);
  });
});

describe('conversion settings', () => {
  it('default to a 30-second quote and a 0.50 USD commission; a malformed one refuses to start', () => {
    const defaults = loadConfig({});
    assert.deepEqual([defaults.convertQuoteTtlS, defaults.convertCommissionUsdCents], [30, 50n]);
    const set = loadConfig({ CONVERT_QUOTE_TTL_S: '5', CONVERT_COMMISSION_USD: '1.25' });
    assert.deepEqual([set.convertQuoteTtlS, set.convertCommissionUsdCents], [5, 125n]);
    assert.equal(loadConfig({ CONVERT_COMMISSION_USD: '0' }).convertCommissionUsdCents, 0n);
    for (const env of [
      { CONVERT_QUOTE_TTL_S: '0' },
      { CONVERT_COMMISSION_USD: '0.005' },
      { CONVERT_COMMISSION_USD: '-1' },
      { CONVERT_COMMISSION_USD: '1e3' },
    ]) {
      assert.throws(() => loadConfig(env), ConfigError, JSON.stringify(env));
    }
  });
});

// Before migration 0018 the commission was debited beside from_amount; after it, inside. Rows
// written the old way must say what left the source balance.
it('migration 0018 restates earlier conversions and open auto-convert quotes with the commission inside fromAmount', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const all = loadMigrations();
    await migrate(
      database.db,
      all.filter((m) => m.version < 18),
    );
    const [tenant, account, conversion] = [randomUUID(), randomUUID(), randomUUID()];
    await sql`insert into tenants (id, name, webhook_secret) values (${tenant}, 't', 's')`.execute(database.db);
    await sql`insert into accounts (id, tenant_id, name) values (${account}, ${tenant}, 'a')`.execute(database.db);
    await sql`insert into conversions (id, tenant_id, account_id, from_currency, to_currency, from_amount, to_amount, commission, created_at)
      values (${conversion}, ${tenant}, ${account}, 'USDC_ERC20', 'USDT_TRC20', 11000000, 11000000, 500000, '2024-05-01T00:00:00Z')`.execute(
      database.db,
    );
    for (const [order, committed] of [
      ['open', null],
      ['done', '2024-05-01T00:00:00Z'],
    ] as const) {
      await sql`insert into withdrawal_quotes (id, tenant_id, account_id, order_id, currency_code, network, address, amount, fee, fee_native, fee_native_currency, usd_price,
          convert_from, convert_from_amount, convert_to_amount, convert_commission, expires_at, committed_at)
        values (${randomUUID()}, ${tenant}, ${account}, ${order}, 'USDT_TRC20', 'TRON', ${TRON_TO}, 10000000, 1000000, 4000000, 'TRX', 1,
          'USDC_ERC20', 11000000, 11000000, 500000, now(), ${committed})`.execute(database.db);
    }
    await migrate(
      database.db,
      all.filter((m) => m.version <= 18),
    );
    const c = await database.db.selectFrom('conversions').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual(
      [c.from_amount, c.to_amount, c.commission, c.quote_id, c.completed_at.toISOString()],
      ['11500000', '11000000', '500000', null, '2024-05-01T00:00:00.000Z'],
    );
    const quotes = await database.db
      .selectFrom('withdrawal_quotes')
      .select(['order_id', 'convert_from_amount'])
      .orderBy('order_id')
      .execute();
    // The committed one was booked the old way already: its row stays as it was booked.
    assert.deepEqual(quotes, [
      { order_id: 'done', convert_from_amount: '11000000' },
      { order_id: 'open', convert_from_amount: '11500000' },
    ]);
  } finally {
    await database.close();
  }
});

describeEngines('conversions', (engine) => {
  const app = useTestApp(engine);
  const balance = async (t: TestApp, accountId: string, code: string) =>
    (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === code)?.units ?? 0n;
  const post = (t: TestApp, key: string, op: 'preview' | 'quote' | 'commit', body: Record<string, unknown>) =>
    t.call('POST', `/v1/converting/${op}`, { key, body });
  const usdtToUsdc = (amounts: Record<string, unknown>) => ({
    fromCryptoCurrencyCode: 'USDT_TRC20',
    toCryptoCurrencyCode: 'USDC_ERC20',
    ...amounts,
  });
  const stored = async (t: TestApp, accountId: string) => ({
    quotes: (await t.ctx.db.selectFrom('conversion_quotes').select('id').where('account_id', '=', accountId).execute()).length,
    conversions: (await t.ctx.db.selectFrom('conversions').select('id').where('account_id', '=', accountId).execute()).length,
    balances: await merchantBalances(t.ctx.db, accountId),
  });

  it('previews (storing nothing), quotes, commits, lists and reads a conversion, booked as one entry through treasury:conversion', async () => {
    const t = app();
    const { key, accountId, tenantId } = await fundedAccount(t, { rates: RATE_ASSETS });
    const preview = await post(t, key, 'preview', usdtToUsdc({ fromAmount: 20.5 }));
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual(preview.body.data, {
      fromCryptoCurrencyCode: 'USDT_TRC20',
      toCryptoCurrencyCode: 'USDC_ERC20',
      fromAmount: 20.5,
      toAmount: 20,
      commission: 0.5,
    });
    assert.deepEqual((await post(t, key, 'preview', usdtToUsdc({ toAmount: 20 }))).body.data, preview.body.data);
    assert.equal((await stored(t, accountId)).quotes, 0, 'a preview stores nothing');

    const quote = await post(t, key, 'quote', usdtToUsdc({ toAmount: 20 }));
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const q = quote.body.data;
    assert.deepEqual(
      { ...q, quoteId: undefined, expiresAt: undefined },
      { ...preview.body.data, quoteId: undefined, expiresAt: undefined },
    );
    const ttl = Date.parse(q.expiresAt) - Date.now();
    assert.ok(ttl > 25_000 && ttl <= 31_000, `CONVERT_QUOTE_TTL_S defaults to 30: ${ttl} ms`);

    const commit = await post(t, key, 'commit', { quoteId: q.quoteId });
    assert.equal(commit.status, 201, JSON.stringify(commit.body));
    const c = commit.body.data;
    assert.deepEqual(
      { ...c, id: undefined, completedAt: undefined },
      { id: undefined, quoteId: q.quoteId, ...preview.body.data, completedAt: undefined },
    );
    assert.ok(Math.abs(Date.parse(c.completedAt) - Date.now()) < 10_000);
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 79_500_000n);
    assert.equal(await balance(t, accountId, 'USDC_ERC20'), 20_000_000n);

    const entry = await t.ctx.db
      .selectFrom('journal_entries')
      .selectAll()
      .where('ref_type', '=', 'conversion')
      .where('ref_id', '=', c.id)
      .execute();
    assert.equal(entry.length, 1);
    assert.deepEqual([entry[0]!.kind, entry[0]!.tenant_id], ['conversion', tenantId]);
    const lines = await t.ctx.db
      .selectFrom('journal_lines')
      .select(['ledger_account', 'currency_code', 'amount'])
      .where('entry_id', '=', entry[0]!.id)
      .orderBy('line_no')
      .execute();
    assert.deepEqual(lines, [
      { ledger_account: `merchant:${accountId}`, currency_code: 'USDT_TRC20', amount: '20500000' },
      { ledger_account: 'treasury:conversion', currency_code: 'USDT_TRC20', amount: '-20500000' },
      { ledger_account: 'treasury:conversion', currency_code: 'USDC_ERC20', amount: '20000000' },
      { ledger_account: `merchant:${accountId}`, currency_code: 'USDC_ERC20', amount: '-20000000' },
    ]);

    const list = await t.call('GET', '/v1/converting/list', { key });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, { total: 1, page: 1, limit: 20, hasMore: false, data: [c] });
    assert.deepEqual((await t.call('GET', `/v1/converting/list?accountId=${accountId}&page=2&limit=1`, { key })).body, {
      total: 1,
      page: 2,
      limit: 1,
      hasMore: false,
      data: [],
    });
    assert.deepEqual((await t.call('GET', `/v1/converting?id=${c.id}`, { key })).body, { data: c });

    // Another tenant, and another account of the same tenant, see none of it.
    const stranger = await t.tenant(['*']);
    assert.equal((await t.call('GET', `/v1/converting?id=${c.id}`, { key: stranger.key })).body.code, 'exceptions.converting.notFound');
    assert.equal((await t.call('GET', `/v1/converting?id=${c.id}`, { key: stranger.key })).status, 404);
    assert.deepEqual((await t.call('GET', '/v1/converting/list', { key: stranger.key })).body.data, []);
    const second = (await t.call('POST', '/v1/accounts', { key, body: { name: 'Second' } })).body.data;
    const siblingKey = (await t.admin('POST', '/admin/api-keys', { tenantId, accountId: second.id, scopes: ['*'] })).body.data.key;
    assert.equal((await t.call('GET', `/v1/converting?id=${c.id}`, { key: siblingKey })).status, 404);
    assert.deepEqual((await t.call('GET', '/v1/converting/list', { key: siblingKey })).body.data, []);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it('prices across floating currencies at the current rates, rounded down to the atomic unit', async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t, { amount: 50, rates: RATE_ASSETS });
    const toEth = (await post(t, key, 'quote', { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'ETH', fromAmount: 10.5 }))
      .body.data;
    assert.deepEqual([toEth.fromAmount, toEth.toAmount], [10.5, 0.003333333333333333]);
    const c = await post(t, key, 'commit', { quoteId: toEth.quoteId });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 39_500_000n);
    assert.equal(await balance(t, accountId, 'ETH'), 3_333_333_333_333_333n);
    const byTo = (await post(t, key, 'preview', { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'ETH', toAmount: 0.01 })).body
      .data;
    assert.deepEqual([byTo.fromAmount, byTo.toAmount], [30.5, 0.01]);
  });

  it('refuses bad requests with a 400 and its own code, writing nothing', async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t, { rates: RATE_ASSETS });
    const before = await stored(t, accountId);
    const bad: Array<[Record<string, unknown>, string, Record<string, unknown>?]> = [
      [usdtToUsdc({ toCryptoCurrencyCode: 'USDT_TRC20', fromAmount: 5 }), 'exceptions.converting.sameCurrency'],
      [
        usdtToUsdc({ fromCryptoCurrencyCode: 'DOGE', fromAmount: 5 }),
        'exceptions.converting.currencyNotFound',
        { field: 'fromCryptoCurrencyCode', cryptoCurrencyCode: 'DOGE' },
      ],
      [
        usdtToUsdc({ toCryptoCurrencyCode: 'usdc_erc20', fromAmount: 5 }),
        'exceptions.converting.currencyNotFound',
        { field: 'toCryptoCurrencyCode', cryptoCurrencyCode: 'usdc_erc20' },
      ],
      [
        usdtToUsdc({ fromAmount: 5, toAmount: 4.5 }),
        'exceptions.converting.amountSpecificationInvalid',
        { given: ['fromAmount', 'toAmount'] },
      ],
      [usdtToUsdc({}), 'exceptions.converting.amountSpecificationInvalid', { given: [] }],
      [
        usdtToUsdc({ fromAmount: 0.0000001 }),
        'exceptions.converting.amountBelowAtomicUnit',
        { field: 'fromAmount', cryptoCurrencyCode: 'USDT_TRC20', decimals: 6 },
      ],
      [
        usdtToUsdc({ toAmount: 1e-9 }),
        'exceptions.converting.amountBelowAtomicUnit',
        { field: 'toAmount', cryptoCurrencyCode: 'USDC_ERC20', decimals: 6 },
      ],
      [
        usdtToUsdc({ fromAmount: 10.0000001 }),
        'exceptions.converting.amountInvalidDecimalPlaces',
        { field: 'fromAmount', cryptoCurrencyCode: 'USDT_TRC20', decimals: 6 },
      ],
      [
        usdtToUsdc({ toAmount: 1.1234567 }),
        'exceptions.converting.amountInvalidDecimalPlaces',
        { field: 'toAmount', cryptoCurrencyCode: 'USDC_ERC20', decimals: 6 },
      ],
      // The commission is inside fromAmount: 0.5 USDT buys nothing, 0.500001 buys one unit.
      [
        usdtToUsdc({ fromAmount: 0.5 }),
        'exceptions.converting.amountBelowMinimum',
        { minFromAmount: 0.500001, cryptoCurrencyCode: 'USDT_TRC20' },
      ],
      [usdtToUsdc({ fromAmount: -1 }), 'exceptions.validation.failed'],
      [usdtToUsdc({ toAmount: 0 }), 'exceptions.validation.failed'],
      [usdtToUsdc({ fromAmount: '5' }), 'exceptions.validation.failed'],
    ];
    for (const op of ['preview', 'quote'] as const) {
      for (const [body, code, extension] of bad) {
        const res = await post(t, key, op, body);
        const what = `${op} ${JSON.stringify(body)}`;
        assert.equal(res.status, 400, `${what} → ${JSON.stringify(res.body)}`);
        assert.deepEqual(Object.keys(res.body).sort(), [...(res.body.extension ? ['extension'] : []), 'code', 'message'].sort(), what);
        assert.equal(res.body.code, code, what);
        if (extension) assert.deepEqual(res.body.extension, extension, what);
      }
    }
    assert.equal((await post(t, key, 'preview', usdtToUsdc({ fromAmount: 0.500001 }))).body.data.toAmount, 0.000001);
    // Quotes reserve nothing, so one above the balance is given; its commit is refused.
    const big = (await post(t, key, 'quote', usdtToUsdc({ fromAmount: 100.5 }))).body.data;
    const short = await post(t, key, 'commit', { quoteId: big.quoteId });
    assert.equal(short.status, 400);
    assert.equal(short.body.code, 'exceptions.converting.insufficientBalance');
    assert.deepEqual(short.body.extension, { cryptoCurrencyCode: 'USDT_TRC20', required: 100.5 });
    assert.deepEqual(await stored(t, accountId), { ...before, quotes: before.quotes + 1 });
  });

  it("commits a quote once: a second commit, ten at once, an unknown quote and another account's quote are refused", async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t, { rates: RATE_ASSETS });
    const q = (await post(t, key, 'quote', usdtToUsdc({ fromAmount: 10.5 }))).body.data;
    const first = await post(t, key, 'commit', { quoteId: q.quoteId });
    assert.equal(first.status, 201);
    const again = await post(t, key, 'commit', { quoteId: q.quoteId });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'exceptions.converting.quoteNotQuoted');
    assert.equal(again.body.extension.conversionId, first.body.data.id);
    assert.deepEqual([again.body.extension.currentStatus, again.body.extension.expectedStatus], ['committed', 'quoted']);

    const once = (await post(t, key, 'quote', usdtToUsdc({ fromAmount: 10.5 }))).body.data;
    const burst = await Promise.all(Array.from({ length: 10 }, () => post(t, key, 'commit', { quoteId: once.quoteId })));
    assert.deepEqual(burst.map((r) => r.status).sort(), [201, ...Array(9).fill(400)]);
    assert.ok(burst.filter((r) => r.status === 400).every((r) => r.body.code === 'exceptions.converting.quoteNotQuoted'));
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 79_000_000n);
    assert.equal(await balance(t, accountId, 'USDC_ERC20'), 20_000_000n);

    const unknown = await post(t, key, 'commit', { quoteId: '00000000-0000-4000-8000-000000000000' });
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'exceptions.converting.quoteNotFound']);
    const open = (await post(t, key, 'quote', usdtToUsdc({ fromAmount: 10.5 }))).body.data;
    const stranger = await fundedAccount(t, { rates: RATE_ASSETS });
    const foreign = await post(t, stranger.key, 'commit', { quoteId: open.quoteId });
    assert.deepEqual([foreign.status, foreign.body.code], [404, 'exceptions.converting.quoteNotFound']);
    assert.equal(await balance(t, stranger.accountId, 'USDT_TRC20'), 100_000_000n);
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 79_000_000n);
    assert.equal((await post(t, key, 'commit', { quoteId: open.quoteId })).status, 201, "the quote is still its own account's to commit");
  });

  it('50 parallel commits of 50 quotes against a balance for 10: exactly 10, never below zero, ledger clean', async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t, { amount: 105, rates: RATE_ASSETS }); // 10 × 10.5
    const quotes: string[] = [];
    for (let i = 0; i < 50; i++) quotes.push((await post(t, key, 'quote', usdtToUsdc({ toAmount: 10 }))).body.data.quoteId);
    const results = await Promise.all(quotes.map((quoteId) => post(t, key, 'commit', { quoteId })));
    const ok = results.filter((r) => r.status === 201);
    assert.equal(ok.length, 10, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 400).map((r) => r.body)));
    assert.ok(
      results.filter((r) => r.status !== 201).every((r) => r.status === 400 && r.body.code === 'exceptions.converting.insufficientBalance'),
    );
    assert.equal(await balance(t, accountId, 'USDT_TRC20'), 0n);
    assert.equal(await balance(t, accountId, 'USDC_ERC20'), 100_000_000n);
    const negative = await t.ctx.db
      .selectFrom('ledger_balances')
      .select(['ledger_account', 'currency_code', 'balance'])
      .where('ledger_account', 'like', 'merchant:%')
      .where('balance', '<', '0')
      .execute();
    assert.deepEqual(negative, []);
    assert.equal((await t.call('GET', '/v1/converting/list?limit=100', { key })).body.total, 10);
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  it("prices a withdrawal's auto-convert with the same service, commission inside fromAmount", async () => {
    const t = app();
    const tenant = await fundedAccount(t, { code: 'BTC', amount: 0.01, fee: 0.00002, rates: RATE_ASSETS });
    await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const wq = await t.call('POST', '/v1/withdrawal/quote', {
      key: tenant.key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'auto-1', allowAutoConvert: true },
    });
    assert.equal(wq.status, 200, JSON.stringify(wq.body));
    const preview = (
      await post(t, tenant.key, 'preview', { fromCryptoCurrencyCode: 'BTC', toCryptoCurrencyCode: 'USDT_TRC20', toAmount: 11 })
    ).body.data;
    // 11 USDT short (10 + fee 1): 834 sat of commission plus 18334 sat at 0.0006 USDT each.
    assert.deepEqual(wq.body.data.autoConvert, { ...preview, commission: 0.00000834 });
    assert.deepEqual([preview.fromAmount, preview.toAmount], [0.00019168, 11]);
    const w = await t.call('POST', '/v1/withdrawal/commit', { key: tenant.key, body: { quoteId: wq.body.data.quoteId } });
    assert.equal(w.status, 201, JSON.stringify(w.body));
    assert.equal(await balance(t, tenant.accountId, 'BTC'), 1_000_000n - 19_168n);
    assert.equal(await balance(t, tenant.accountId, 'USDT_TRC20'), 0n);
    const c = (await t.call('GET', `/v1/converting?id=${w.body.data.convertId}`, { key: tenant.key })).body.data;
    assert.deepEqual({ ...c, completedAt: undefined }, { id: w.body.data.convertId, quoteId: null, ...preview, completedAt: undefined });
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });

  describe('with CONVERT_QUOTE_TTL_S=1', () => {
    const short = useTestApp(engine, { env: { CONVERT_QUOTE_TTL_S: '1' } });

    it('refuses an expired quote and books nothing', async () => {
      const t = short();
      await sandboxRates(t, RATE_ASSETS);
      const { key, accountId } = await t.tenant(['*']);
      const q = (await post(t, key, 'quote', usdtToUsdc({ toAmount: 1 }))).body.data;
      assert.ok(Date.parse(q.expiresAt) - Date.now() <= 1_500);
      await new Promise((r) => setTimeout(r, 1_300));
      const res = await post(t, key, 'commit', { quoteId: q.quoteId });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'exceptions.converting.quoteExpired');
      assert.equal((await stored(t, accountId)).conversions, 0);
    });
  });

  describe('in a live installation serving Ethereum only', () => {
    const live = useTestApp(engine, { env: liveNetworkEnv('ETHEREUM', 'http://127.0.0.1:1') });

    it('refuses a currency of a network it does not serve', async () => {
      const t = live();
      await sandboxRates(t, RATE_ASSETS);
      const { key, accountId } = await t.tenant(['*']);
      for (const [body, field] of [
        [{ fromCryptoCurrencyCode: 'USDT_ERC20', toCryptoCurrencyCode: 'USDT_TRC20', fromAmount: 5 }, 'toCryptoCurrencyCode'],
        [{ fromCryptoCurrencyCode: 'BTC', toCryptoCurrencyCode: 'ETH', toAmount: 1 }, 'fromCryptoCurrencyCode'],
      ] as const) {
        for (const op of ['preview', 'quote'] as const) {
          const res = await post(t, key, op, body);
          assert.equal(res.status, 400, JSON.stringify(res.body));
          assert.equal(res.body.code, 'exceptions.currency.unavailable');
          assert.equal(res.body.extension.field, field);
        }
      }
      const served = await post(t, key, 'preview', {
        fromCryptoCurrencyCode: 'USDT_ERC20',
        toCryptoCurrencyCode: 'USDC_ERC20',
        fromAmount: 5,
      });
      assert.equal(served.status, 200, JSON.stringify(served.body));
      assert.equal((await stored(t, accountId)).quotes, 0);
    });
  });
});
