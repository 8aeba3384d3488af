import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENCIES } from '../../src/lib/currencies/catalogue.ts';
import { formatUnits, toUnits } from '../../src/lib/money.ts';
import { settlementLines, settlementRecord, splitPayment, usdValue } from '../../src/modules/ledger/settlement.ts';

describe('settlement arithmetic', () => {
  it('withholds the fee, takes the commission on the rest rounded down, credits the remainder, at every precision', () => {
    for (const c of CURRENCIES) {
      const d = c.decimals;
      // 123.456789… received (cut to the coin's decimals), fee 0.5, commission 1 %.
      const received = toUnits('123.456789012345678901'.slice(0, 4 + d), d, 'down');
      const fee = toUnits('0.5', d);
      const s = splitPayment(received, fee, '0.01');
      assert.equal(s.fee, fee, c.code);
      // commission = floor((received − fee) / 100) in atomic units
      assert.equal(s.commission, (received - fee) / 100n, c.code);
      assert.equal(s.net, received - fee - s.commission, c.code);
      assert.equal(s.fee + s.commission + s.net, received, c.code);
      const lines = settlementLines('TRON', '00000000-0000-4000-8000-000000000001', c, s);
      assert.equal(lines.reduce((sum, l) => sum + l.amount, 0n), 0n, `${c.code} entry balances`);
      const rec = settlementRecord(c, { paid: received, fee: s.fee, commission: s.commission, net: s.net, txHash: null, completedAt: new Date(0) }, '2');
      // The JSON number is the exact decimal, converted only at the edge (nearest double for 18 places).
      assert.equal(rec.netAmount, Number(formatUnits(s.net, d)), c.code);
      if (d <= 8) assert.equal(String(rec.netAmount), formatUnits(s.net, d), c.code);
      assert.equal(rec.networkFeeCurrencyCode, c.code);
      assert.equal(rec.txHash, undefined);
    }
  });

  it('examples by hand', () => {
    // 6 decimals (USDT): 101 received, fee 1, 1 % of 100 = 1, net 99.
    assert.deepEqual(splitPayment(101_000_000n, 1_000_000n, '0.01'), { received: 101_000_000n, fee: 1_000_000n, commission: 1_000_000n, net: 99_000_000n });
    // 8 decimals (BTC): 0.00012345 received, fee 0.00001, 1.5 % of 0.00011345 = 0.0000017017… → 170 sat.
    assert.deepEqual(splitPayment(12_345n, 1_000n, '0.015'), { received: 12_345n, fee: 1_000n, commission: 170n, net: 11_175n });
    // 18 decimals (ETH): one wei over the fee pays no commission.
    assert.deepEqual(splitPayment(10n ** 15n + 1n, 10n ** 15n, '0.01'), { received: 10n ** 15n + 1n, fee: 10n ** 15n, commission: 0n, net: 1n });
    // A payment smaller than the fee due: the fee is capped at what arrived, nothing is credited.
    assert.deepEqual(splitPayment(500n, 1_000n, '0.01'), { received: 500n, fee: 500n, commission: 0n, net: 0n });
    // Zero commission rate.
    assert.deepEqual(splitPayment(7n, 2n, '0'), { received: 7n, fee: 2n, commission: 0n, net: 5n });
    assert.throws(() => splitPayment(-1n, 0n, '0.01'), RangeError);
  });

  it('USD snapshots are cents rounded down', () => {
    const btc = CURRENCIES.find((c) => c.code === 'BTC')!;
    assert.equal(usdValue(41_667n, btc, '60000'), 25); // 0.00041667 BTC × 60000 = 25.0002
    assert.equal(usdValue(1n, btc, '60000'), 0); // 0.0006 USD
    assert.equal(usdValue(100_000_000n, btc, null), 0);
  });
});
