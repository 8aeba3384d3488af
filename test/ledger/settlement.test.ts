import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENCIES, cryptoAmount } from '../../src/lib/currencies/catalogue.ts';
import { Amount, formatUnits, type JsonDecimal } from '../../src/lib/money.ts';
import { credit, custodyAccount, debit, type PostingLine } from '../../src/modules/ledger/service.ts';
import { settlementLines, settlementRecord, splitPayment, uncreditedSplit, usdValue } from '../../src/modules/ledger/settlement.ts';

/** A split as plain units, for comparing with numbers worked out by hand. */
const unitsOf = (s: ReturnType<typeof splitPayment>) => ({
  received: s.received.units,
  fee: s.fee.units,
  commission: s.commission.units,
  net: s.net.units,
});
const usdt = (units: bigint) => cryptoAmount('USDT_TRC20', units);
const btc = (units: bigint) => cryptoAmount('BTC', units);
const eth = (units: bigint) => cryptoAmount('ETH', units);

/** The lines' sum per currency: a balanced entry sums to zero in each. */
function sums(lines: PostingLine[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const l of lines) out.set(l.amount.currency.code, (out.get(l.amount.currency.code) ?? 0n) + l.amount.units);
  return out;
}

describe('settlement arithmetic', () => {
  it('withholds the fee, takes the commission on the rest rounded down, credits the remainder, at every precision', () => {
    for (const c of CURRENCIES) {
      const d = c.decimals;
      // 123.456789… received (cut to the coin's decimals), fee 0.5, commission 1 %.
      const received = Amount.parse(c, '123.456789012345678901'.slice(0, 4 + d), 'down');
      const fee = Amount.parse(c, '0.5');
      const s = splitPayment(received, fee, '0.01');
      assert.equal(s.fee.units, fee.units, c.code);
      // commission = floor((received − fee) / 100) in atomic units
      assert.equal(s.commission.units, (received.units - fee.units) / 100n, c.code);
      assert.equal(s.net.units, received.units - fee.units - s.commission.units, c.code);
      assert.equal(s.fee.plus(s.commission).plus(s.net).units, received.units, c.code);
      for (const part of [s.fee, s.commission, s.net]) assert.equal(part.currency.code, c.code);
      const lines = settlementLines('TRON', '00000000-0000-4000-8000-000000000001', s);
      assert.deepEqual([...sums(lines)], [[c.code, 0n]], `${c.code} entry balances`);
      const rec = settlementRecord(
        { paid: received, fee: s.fee, commission: s.commission, net: s.net, txHash: null, completedAt: new Date(0) },
        '2',
      );
      // The JSON number is the exact decimal at every precision, 18 places included (no double in between).
      assert.equal(rec.netAmount.text, formatUnits(s.net.units, d), c.code);
      assert.equal(rec.networkFeeCurrencyCode, c.code);
      assert.equal(rec.txHash, undefined);
    }
  });

  it('examples by hand', () => {
    // 6 decimals (USDT): 101 received, fee 1, 1 % of 100 = 1, net 99.
    assert.deepEqual(unitsOf(splitPayment(usdt(101_000_000n), usdt(1_000_000n), '0.01')), {
      received: 101_000_000n,
      fee: 1_000_000n,
      commission: 1_000_000n,
      net: 99_000_000n,
    });
    // 8 decimals (BTC): 0.00012345 received, fee 0.00001, 1.5 % of 0.00011345 = 0.0000017017… → 170 sat.
    assert.deepEqual(unitsOf(splitPayment(btc(12_345n), btc(1_000n), '0.015')), {
      received: 12_345n,
      fee: 1_000n,
      commission: 170n,
      net: 11_175n,
    });
    // 18 decimals (ETH): one wei over the fee pays no commission.
    assert.deepEqual(unitsOf(splitPayment(eth(10n ** 15n + 1n), eth(10n ** 15n), '0.01')), {
      received: 10n ** 15n + 1n,
      fee: 10n ** 15n,
      commission: 0n,
      net: 1n,
    });
    // A payment smaller than the fee due: the fee is capped at what arrived, nothing is credited.
    assert.deepEqual(unitsOf(splitPayment(btc(500n), btc(1_000n), '0.01')), { received: 500n, fee: 500n, commission: 0n, net: 0n });
    // Zero commission rate.
    assert.deepEqual(unitsOf(splitPayment(btc(7n), btc(2n), '0')), { received: 7n, fee: 2n, commission: 0n, net: 5n });
    assert.deepEqual(unitsOf(uncreditedSplit(btc(9n))), { received: 9n, fee: 0n, commission: 0n, net: 0n });
    assert.throws(() => splitPayment(btc(-1n), btc(0n), '0.01'), RangeError);
  });

  it('refuses to mix currencies: a fee in another coin, and lines built from another coin', () => {
    // The type system refuses `splitPayment(Amount<'BTC'>, Amount<'ETH'>)` where the codes are
    // literal; amounts read from rows carry the code at run time and are checked there.
    assert.throws(() => splitPayment(btc(10n), eth(1n), '0.01'), /cannot mix (BTC and ETH|ETH and BTC) amounts/);
    const lines = [debit(custodyAccount('BTC'), btc(5n)), credit('fees:network', eth(5n))];
    assert.deepEqual(
      [...sums(lines)],
      [
        ['BTC', 5n],
        ['ETH', -5n],
      ],
      'so post() sees two unbalanced currencies, not one balanced one',
    );
  });

  it('USD snapshots are cents rounded half up', () => {
    assert.equal(usdValue(btc(41_667n), '60000').text, '25'); // 0.00041667 BTC × 60000 = 25.0002
    assert.equal(usdValue(btc(1n), '60000').text, '0'); // 0.0006 USD
    assert.equal(usdValue(btc(9n), '60000').text, '0.01'); // 0.0054 USD
    assert.equal(usdValue(usdt(4_995_000n), '1').text, '5'); // exactly half a cent: up
    assert.equal(usdValue(usdt(4_994_999n), '1').text, '4.99');
    assert.equal(usdValue(usdt(50_909_999n), '1').text, '50.91'); // truncated it was 50.90
    assert.equal(usdValue(btc(100_000_000n), null).text, '0');
  });

  it('the USD figures of a settlement add up: paid − fee − commission = net, to the cent, at any price', () => {
    // The case: cents cut off each figure apart made 50.90 − 0.49 − 1.00 ≠ 49.40.
    const cents = (v: JsonDecimal) => {
      const [whole, fraction = ''] = v.text.split('.');
      return BigInt(whole!) * 100n + BigInt(`${fraction}00`.slice(0, 2));
    };
    const prices = ['1', '0.9997', '1.0003', '60000.123', '3456.789', '0.1234567'];
    for (const price of prices) {
      for (let i = 0; i < 300; i++) {
        // Deterministic spread of amounts, fees and rates (no randomness: a failure reproduces).
        const received = usdt(BigInt(1_000_000 + i * 7_654_321));
        const s = splitPayment(received, usdt(BigInt(100_000 + i * 3_331)), ['0.01', '0.015', '0.0199', '0'][i % 4]!);
        const rec = settlementRecord(
          { paid: received, fee: s.fee, commission: s.commission, net: s.net, txHash: null, completedAt: new Date(0) },
          price,
        );
        const sum = cents(rec.networkFeeAmountUsd) + cents(rec.commissionAmountUsd) + cents(rec.netAmountUsd);
        assert.equal(sum, cents(rec.amountPaidUsd), `price ${price}, case ${i}`);
        // Each part stays within a cent of its own value.
        for (const [part, value] of [
          [s.fee, rec.networkFeeAmountUsd],
          [s.commission, rec.commissionAmountUsd],
          [s.net, rec.netAmountUsd],
        ] as const) {
          const off = cents(value) - cents(usdValue(part, price));
          assert.ok(off >= -1n && off <= 1n, `price ${price}, case ${i}`);
        }
      }
    }
    // By hand: 50.905 paid at 1 USD, fee 0.495, commission 1.00: 50.91 = 0.50 + 1.00 + 49.41.
    const rec = settlementRecord(
      {
        paid: usdt(50_905_000n),
        fee: usdt(495_000n),
        commission: usdt(1_000_000n),
        net: usdt(49_410_000n),
        txHash: null,
        completedAt: new Date(0),
      },
      '1',
    );
    assert.deepEqual(
      [rec.amountPaidUsd, rec.networkFeeAmountUsd, rec.commissionAmountUsd, rec.netAmountUsd].map((v) => v.text),
      ['50.91', '0.5', '1', '49.41'],
    );
  });
});
