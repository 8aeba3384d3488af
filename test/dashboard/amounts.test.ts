/**
 * Amount fields read numbers as the page's language writes them (ui/dashboard/src/locale.ts), to
 * exact decimal strings; what would mean another number there is refused with a sentence. And the
 * dashboard's exact decimals (decimal.ts): units, sums, comparisons and rates of the API's Decimals
 * (parsed exactly, test/dashboard/exact-json.test.ts), and the JSON text of a body whose amounts are
 * written digit for digit (api.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExactNumber, jsonText } from '../../ui/dashboard/src/api.ts';
import { compare, type Decimal, fromUnits, movePoint, ratio, remaining, share, toUnits, total } from '../../ui/dashboard/src/decimal.ts';
import { exampleAmount, inputAmount, parseAmount } from '../../ui/dashboard/src/locale.ts';

const read = (text: string, locale: string, decimals = 8) => {
  const r = parseAmount(text, decimals, locale);
  return r.ok ? r.value : `refused: ${r.message}`;
};

describe('amounts as people write them', () => {
  it('reads the decimal comma of German, French, Russian, Spanish, Polish and the point of English, with the groups each puts', () => {
    const cases: Array<[string, string, string]> = [
      ['de-DE', '49,90', '49.90'],
      ['de-DE', '5,5', '5.5'],
      ['de-DE', '1.234,5', '1234.5'],
      ['de-DE', '1.500', '1500'],
      ['fr-FR', '49,90', '49.90'],
      ['fr-FR', '1 234,5', '1234.5'],
      ['fr-FR', '1\u202f234,5', '1234.5'],
      ['fr-FR', '1\u00a0234,5', '1234.5'],
      ['ru-RU', '5,5', '5.5'],
      ['ru-RU', '1 000 000,25', '1000000.25'],
      ['es-ES', '1234,5', '1234.5'],
      ['es-ES', '1.234,5', '1234.5'],
      ['pl-PL', '12 345,67', '12345.67'],
      ['de-CH', "1'234.5", '1234.5'],
      ['de-CH', '1’234.5', '1234.5'],
      ['en-US', '49.90', '49.90'],
      ['en-US', '1,234.5', '1234.5'],
      ['en-US', '.5', '0.5'],
      ['en-US', '5.', '5'],
      ['en-US', ' 007.10 ', '7.10'],
      ['en-IN', '1,00,000.5', '100000.5'],
      ['ar-EG', '١٢٫٥', '12.5'],
      // A point means nothing else in French and Russian (their groups are spaces): a decimal point.
      ['fr-FR', '49.90', '49.90'],
      ['ru-RU', '0.001', '0.001'],
    ];
    for (const [locale, text, want] of cases) assert.equal(read(text, locale), want, `${locale} ${JSON.stringify(text)}`);
  });

  it('refuses what would mean another number there, what is not a number, zero, negatives and too many decimals, saying how to write it', () => {
    const cases: Array<[string, string, string]> = [
      ['en-US', '49,90', 'Write the decimals after a point, as in 49.90.'],
      ['de-DE', '49.90', 'Write the decimals after a comma, as in 49,90.'],
      ['de-DE', '1.50', 'Write the decimals after a comma, as in 49,90.'],
      ['de-DE', '1,2,3', 'Write one decimal separator, as in 49,90.'],
      ['en-US', '12,34,567', 'Write the decimals after a point, as in 49.90.'],
      ['en-US', '1e3', 'Write the amount with digits, as in 49.90.'],
      ['en-US', '0x10', 'Write the amount with digits, as in 49.90.'],
      ['en-US', 'Infinity', 'Write the amount with digits, as in 49.90.'],
      ['en-US', '', 'Enter an amount.'],
      ['en-US', '0', 'Enter an amount above zero.'],
      ['de-DE', '0,00', 'Enter an amount above zero.'],
      ['en-US', '-5', 'Enter an amount above zero.'],
    ];
    for (const [locale, text, message] of cases)
      assert.equal(read(text, locale), `refused: ${message}`, `${locale} ${JSON.stringify(text)}`);
    assert.equal(read('0,123456789', 'de-DE'), 'refused: Use at most 8 decimal places.');
    assert.equal(read('10,5', 'de-DE', 0), 'refused: Enter a whole amount, without decimals.');
    // 18 decimals are kept to the last digit: no double in between.
    assert.equal(read('1,000000000000000001', 'de-DE', 18), '1.000000000000000001');
    assert.equal(read('123456789012345678,5', 'de-DE', 18), '123456789012345678.5');
  });

  it('writes a decimal back into a field as the locale reads it, and an example as it writes a price', () => {
    assert.deepEqual(
      [inputAmount('1234.5', 'de-DE'), inputAmount('1234.5', 'en-US'), inputAmount('12.5', 'ar-EG')],
      ['1234,5', '1234.5', '١٢٫٥'],
    );
    assert.deepEqual([exampleAmount('de-DE'), exampleAmount('en-US'), exampleAmount('ru-RU')], ['49,90', '49.90', '49,90']);
    for (const locale of ['de-DE', 'fr-FR', 'ru-RU', 'en-US', 'ar-EG', 'en-IN']) {
      for (const value of ['0.000000000000000001', '99', '1234567.125'])
        assert.equal(read(inputAmount(value, locale), locale, 18), value, `${locale} ${value}`);
    }
  });
});

describe('exact decimals in the browser', () => {
  it('units and decimals, exactly, negatives too', () => {
    assert.deepEqual(
      [toUnits('12.5', 6), toUnits('0.000001', 6), toUnits('1.0000001', 6), toUnits('1.50', 1), toUnits('x', 6), toUnits('-1.5', 2)],
      [12_500_000n, 1n, null, 15n, null, -150n],
    );
    assert.deepEqual(
      [fromUnits(12_500_000n, 6), fromUnits(5n, 18), fromUnits(-15n, 1), fromUnits(0n, 2)],
      ['12.5', '0.000000000000000005', '-1.5', '0'],
    );
  });

  it('what is left of the API’s amounts is exact and never below zero (0.3 − 0.1 is 0.2); sums and comparisons too', () => {
    const d = (...values: string[]) => values as Decimal[];
    const one = (value: string) => value as Decimal;
    assert.deepEqual(
      [
        remaining(d('0.3'), d('0.1')),
        remaining(d('0.1', '0.2')),
        remaining(d('1'), d('2')),
        remaining(d('50'), []),
        remaining(d('0.000000000000000001', '0.000000000000000002'), d('0.000000000000000001')),
      ],
      ['0.2', '0.3', '0', '50', '0.000000000000000002'],
    );
    assert.equal(remaining(d('1.123456789012345678'), d('0.000000000000000001')), '1.123456789012345677');
    assert.deepEqual(
      [total(d('0.1', '0.2', '-0.05')), total(d('1', '0.000000000000000001')), total([])],
      ['0.25', '1.000000000000000001', '0'],
    );
    assert.deepEqual(
      [
        compare(one('0.000000000000000001')),
        compare(one('-0.5')),
        compare(one('0')),
        compare(one('0.10'), one('0.1')),
        compare(one('0.123456789012345678'), one('0.123456789012345679')),
      ],
      [1, -1, 0, 0, -1],
    );
    assert.deepEqual(
      [movePoint('0.015', 2), movePoint('1.5', -2), movePoint('25', 2), movePoint('0.000001', 6)],
      ['1.5', '0.015', '2500', '1'],
    );
    assert.deepEqual([share(one('1'), one('4')), share(one('0'), one('0')), share(one('3'), one('3'))], [0.25, 0, 1]);
  });

  it('a rate to 8 significant digits, rounded down, in integers', () => {
    assert.deepEqual(
      [ratio('11', '11.5'), ratio('0.00031', '1'), ratio('3000', '1'), ratio('1', '3'), ratio('1', '0')],
      ['0.95652173', '0.00031', '3000', '0.33333333', null],
    );
  });

  it('a body is written with its amounts digit for digit as JSON numbers, its strings untouched', () => {
    const text = jsonText({
      amount: new ExactNumber('1.000000000000000001'),
      items: [{ cost: new ExactNumber('49.90') }],
      note: '"exact-1.5"',
      n: 2,
    });
    assert.equal(text, '{"amount":1.000000000000000001,"items":[{"cost":49.90}],"note":"\\"exact-1.5\\"","n":2}');
    assert.deepEqual(JSON.parse(text).note, '"exact-1.5"');
    assert.throws(() => new ExactNumber('1e3'), RangeError);
    assert.throws(() => new ExactNumber('-1'), RangeError);
  });
});
