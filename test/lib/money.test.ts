import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Amount,
  MoneyFormatError,
  MoneyPrecisionError,
  formatUnits,
  mulRatio,
  numberToDecimalString,
  parseRatio,
  rescale,
  toUnits,
  toJsonNumber,
} from '../../src/lib/money.ts';

describe('money', () => {
  it('parses decimal strings and JSON numbers into exact atomic units', () => {
    assert.equal(toUnits('1.5', 8), 150_000_000n);
    assert.equal(toUnits(0.1, 18), 100_000_000_000_000_000n);
    assert.equal(toUnits('123456789.123456789123456789', 18), 123456789123456789123456789n);
    assert.equal(toUnits(1e-7, 8), 10n);
    assert.equal(toUnits(1e21, 0), 10n ** 21n);
    assert.equal(toUnits('-0.01', 2), -1n);
    assert.equal(toUnits('100', 0), 100n);
    // 0.1 + 0.2 is not 0.3 in floats; in units it is.
    assert.equal(toUnits(0.1, 6) + toUnits(0.2, 6), toUnits(0.3, 6));
  });

  it('refuses more decimals than the currency has unless told how to round', () => {
    assert.throws(() => toUnits('1.001', 2), MoneyPrecisionError);
    assert.throws(() => toUnits(0.123, 2), MoneyPrecisionError);
    assert.equal(toUnits('1.001', 2, 'up'), 101n);
    assert.equal(toUnits('1.009', 2, 'down'), 100n);
    assert.equal(toUnits('1.000', 2), 100n); // trailing zeros are not extra precision
  });

  it('rejects what is not a decimal', () => {
    for (const bad of ['', 'abc', '1.2.3', '1,5', ' ', '.5', '5.', 'NaN', '0x10']) {
      assert.throws(() => toUnits(bad, 2), MoneyFormatError, bad);
    }
    assert.throws(() => toUnits(Number.NaN, 2), MoneyFormatError);
    assert.throws(() => toUnits(Number.POSITIVE_INFINITY, 2), MoneyFormatError);
  });

  it('formats units without float error at every precision', () => {
    assert.equal(formatUnits(150_000_000n, 8), '1.5');
    assert.equal(formatUnits(1n, 18), '0.000000000000000001');
    assert.equal(formatUnits(0n, 6), '0');
    assert.equal(formatUnits(-1n, 2), '-0.01');
    assert.equal(formatUnits(12345n, 0), '12345');
    for (const decimals of [0, 2, 6, 8, 18]) {
      const units = 987654321012345678n;
      assert.equal(toUnits(formatUnits(units, decimals), decimals), units);
    }
    assert.equal(toJsonNumber(123_456n, 6).text, '0.123456');
    assert.equal(toJsonNumber(1_234_567_890_123_456_789n, 18).text, '1.234567890123456789', 'every digit: no double in between');
  });

  it('writes exponent-form numbers out in full', () => {
    assert.equal(numberToDecimalString(1e-7), '0.0000001');
    assert.equal(numberToDecimalString(1.5e-10), '0.00000000015');
    assert.equal(numberToDecimalString(2.5e21), '2500000000000000000000');
    assert.equal(numberToDecimalString(-3e-8), '-0.00000003');
    assert.equal(numberToDecimalString(42.125), '42.125');
  });

  it('rescales between precisions and multiplies by exact rates', () => {
    assert.equal(rescale(1n, 6, 18), 1_000_000_000_000n);
    assert.equal(rescale(1_999_999_999_999n, 18, 6), 1n);
    assert.equal(rescale(1_999_999_999_999n, 18, 6, 'up'), 2n);
    const onePercent = parseRatio('0.01');
    assert.deepEqual(onePercent, { num: 1n, den: 100n });
    assert.equal(mulRatio(12_345n, onePercent), 123n);
    assert.equal(mulRatio(12_345n, onePercent, 'up'), 124n);
    assert.equal(mulRatio(10n ** 30n, parseRatio('0.005')), 5n * 10n ** 27n);
  });

  it('keeps amounts of different currencies apart', () => {
    const btc = Amount.of({ code: 'BTC', decimals: 8 } as const, 150_000_000n);
    const usdt = Amount.parse({ code: 'USDT', decimals: 6 } as const, '2.5');
    assert.equal(btc.plus(Amount.of({ code: 'BTC', decimals: 8 } as const, 1n)).units, 150_000_001n);
    assert.equal(toJsonNumber(usdt).text, '2.5');
    assert.equal(usdt.minus(Amount.parse({ code: 'USDT', decimals: 6 }, '0.000001')).toDecimal(), '2.499999');
    // @ts-expect-error: BTC units and USDT units do not add up, and the compiler says so.
    assert.throws(() => btc.plus(usdt), /cannot mix BTC and USDT/);
    // Where codes are only known at run time the same mistake is refused when it runs.
    const a: Amount = btc;
    const b: Amount = usdt;
    assert.throws(() => a.compare(b), TypeError);
    assert.equal(toJsonNumber('0.123456789', 6).text, '0.123456');
  });
});
