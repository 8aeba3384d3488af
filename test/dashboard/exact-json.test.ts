/**
 * The browser's exact JSON reader (ui/shared/exact-json.ts), which the dashboard, the console, the
 * payment page and the customer portal read every answer with: an amount the API wrote with 18
 * decimals reaches the page digit for digit, by either path (the reviver's source text, as Chromium
 * hands it over, and the rewrite for engines without it; Node 20 has none, so parseExactJson takes
 * the rewrite here), with negatives, integers and exponents; counts stay numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decimalFields, numberFields } from '../../ui/dashboard/src/api-types.ts';
import { amount, fiat, signedAmount, usd } from '../../ui/dashboard/src/format.ts';
import {
  byName,
  decimal,
  exactDecimal,
  exactReviver,
  parseExactJson,
  quoteExactNumbers,
  type Decimal,
} from '../../ui/shared/exact-json.ts';

/** The rule the dashboard's client reads answers by (api.ts). */
const keep = byName(decimalFields, numberFields);
const read = (text: string) => parseExactJson(text, keep) as Record<string, any>;

describe('exact JSON numbers in the browser', () => {
  it('an 18-decimal amount survives parse → display digit for digit, where JSON.parse rounds it', () => {
    const text =
      '{"data":{"amount":1.123456789012345678,"cryptoCurrencyCode":"ETH","confirmations":12,"settlement":{"netAmount":0.123456789012345678,"amountPaidUsd":3456.78}}}';
    assert.equal(JSON.parse(text).data.amount, 1.1234567890123457, 'the double a plain JSON.parse makes');
    const { data } = read(text);
    assert.deepEqual(data, {
      amount: '1.123456789012345678',
      cryptoCurrencyCode: 'ETH',
      confirmations: 12,
      settlement: { netAmount: '0.123456789012345678', amountPaidUsd: '3456.78' },
    });
    assert.equal(amount(data.amount, 'ETH'), '1.123456789012345678 ETH');
    assert.equal(amount(data.settlement.netAmount), '0.123456789012345678');
    assert.equal(usd(data.settlement.amountPaidUsd as Decimal), '$3,456.78');
    assert.equal(amount('12345678901234567890.123456789012345678' as Decimal, 'ETH'), '12,345,678,901,234,567,890.123456789012345678 ETH');
  });

  it('negatives, integers and exponents become plain decimals; -0 is 0', () => {
    const { data } = read(
      '{"data":{"difference":-0.000000000000000001,"balance":25,"fee":1.5e-7,"amount":-2.5E+3,"hot":1.50,"cold":-0,"liabilities":12345678901234567890123}}',
    );
    assert.deepEqual(data, {
      difference: '-0.000000000000000001',
      balance: '25',
      fee: '0.00000015',
      amount: '-2500',
      hot: '1.5',
      cold: '0',
      liabilities: '12345678901234567890123',
    });
    assert.equal(signedAmount(data.difference as Decimal, 'ETH'), '-0.000000000000000001 ETH');
    assert.equal(fiat(data.balance as Decimal, 'EUR'), '€25.00');
    const cases: Array<[string, string]> = [
      ['0', '0'],
      ['-0.0', '0'],
      ['100', '100'],
      ['1e2', '100'],
      ['1E-18', '0.000000000000000001'],
      ['-12.3400e1', '-123.4'],
      ['0.5e1', '5'],
      ['123.456e-5', '0.00123456'],
      ['9007199254740993', '9007199254740993'],
    ];
    for (const [source, plain] of cases) assert.equal(exactDecimal(source), plain, source);
    for (const bad of ['01', '1.', '.5', '+1', '1e', 'NaN', '0x10', '']) assert.throws(() => exactDecimal(bad), SyntaxError, bad);
    assert.throws(() => exactDecimal('1e1001'), RangeError, 'no megabyte of zeros');
    assert.equal(decimal('-1.5'), '-1.5');
    assert.throws(() => decimal('1.50'), RangeError, 'a Decimal is written as the API writes one');
  });

  it('only an object property the rule picks: strings, array items, keys inside strings and counts are left alone', () => {
    const text =
      '{"note":"\\"amount\\":1.5","amount":"12.34","items":[1.5,2],"a\\u006dount":0.1,"data":[{"amount":0.1},{"amount":0.2}],"total":2,"page":1}';
    assert.deepEqual(read(text), {
      note: '"amount":1.5',
      amount: '0.1',
      items: [1.5, 2],
      data: [{ amount: '0.1' }, { amount: '0.2' }],
      total: 2,
      page: 1,
    });
    // The later of two equal keys wins, as in JSON.parse (here the escaped one): it is still read exactly.
    assert.equal(read('{"amount":1,"a\\u006dount":0.30000000000000000001}').amount, '0.30000000000000000001');
    assert.deepEqual(read('[0.1,{"fee":0.1}]'), [0.1, { fee: '0.1' }]);
    assert.equal(read(' { "amount" :\n 0.000000000000000001 } ').amount, '0.000000000000000001', 'whitespace around the colon');
    for (const bad of ['{"amount":1.5.3}', '{"amount":1.5', '{"amount":01}', '{"a":"unterminated}'])
      assert.throws(() => read(bad), SyntaxError, bad);
  });

  it('JSON no schema describes (an error extension): any number but a safe integer is kept exact, counts stay numbers', () => {
    const body = read(
      '{"code":"exceptions.withdrawal.insufficientBalance","extension":{"available":0.123456789012345678,"required":1,"limitUsd":1000.5,"big":9007199254740993,"sameAsIndex":3,"decimals":18}}',
    );
    assert.deepEqual(body.extension, {
      available: '0.123456789012345678',
      required: 1,
      limitUsd: '1000.5',
      big: '9007199254740993',
      sameAsIndex: 3,
      decimals: 18,
    });
    assert.deepEqual(
      [...decimalFields].filter((name) => numberFields.has(name)),
      [],
      'no name is both (the generator refuses one)',
    );
  });

  it('the reviver path (Chromium: the number’s source text) gives what the rewrite gives', () => {
    const reviver = exactReviver(keep);
    const holder = { amount: 1.1234567890123457 };
    assert.equal(reviver.call(holder, 'amount', holder.amount, { source: '1.123456789012345678' }), '1.123456789012345678');
    assert.equal(reviver.call(holder, 'amount', -2500, { source: '-2.5E+3' }), '-2500');
    assert.equal(reviver.call(holder, 'confirmations', 12, { source: '12' }), 12, 'a count stays a number');
    assert.equal(reviver.call([0.1], '0', 0.1, { source: '0.1' }), 0.1, 'an array item has no name');
    assert.equal(reviver.call(holder, 'amount', '12.34', { source: '"12.34"' }), '12.34', 'a string is left as it is');
    assert.equal(
      quoteExactNumbers('{"amount":1.123456789012345678,"total":2,"x":"1"}', keep),
      '{"amount":"1.123456789012345678","total":2,"x":"1"}',
      'the rewrite quotes the same numbers with the same text',
    );
  });
});
