// A bundle's fee split over its withdrawals: exact, deterministic, in proportion to output size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { costShares, splitExact } from '../../src/modules/withdrawals/bundle/kind.ts';

describe('splitExact', () => {
  it('gives each part the floor of its share and the units left one each to the first parts, so the parts always sum to the total', () => {
    assert.deepEqual(splitExact(7n, [1n, 1n, 1n]), [3n, 2n, 2n]);
    assert.deepEqual(splitExact(0n, [31n, 43n]), [0n, 0n]);
    assert.deepEqual(splitExact(2n, [31n, 31n, 31n]), [1n, 1n, 0n]);
    // 100 × 31/105 = 29.5, 100 × 43/105 = 40.9: floors 29, 40, 29 leave 2, one each to the first two.
    assert.deepEqual(splitExact(100n, [31n, 43n, 31n]), [30n, 41n, 29n]);
    for (const total of [1n, 999n, 12_345_678_901_234_567_890n]) {
      for (const weights of [[1n], [31n, 43n, 34n, 31n], Array.from({ length: 250 }, (_, i) => BigInt(31 + (i % 13)))]) {
        const parts = splitExact(total, weights);
        assert.equal(
          parts.reduce((a, b) => a + b, 0n),
          total,
        );
        assert.ok(parts.every((p) => p >= 0n));
        assert.deepEqual(splitExact(total, weights), parts, 'the same inputs, the same split');
      }
    }
  });

  it('refuses weights that sum to nothing rather than dividing by zero', () => {
    assert.throws(() => splitExact(10n, []), /sum to nothing/);
    assert.throws(() => splitExact(10n, [0n, 0n]), /sum to nothing/);
  });

  it('costShares weighs each withdrawal by its output: a taproot output (43 vB) carries more than a P2WPKH one (31 vB)', () => {
    const p2wpkh = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const p2tr = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
    assert.deepEqual(costShares([{ address: p2wpkh }, { address: p2tr }, { address: p2wpkh }], 1_050n), [310n, 430n, 310n]);
    assert.deepEqual(costShares([{ address: p2wpkh }, { address: p2wpkh }, { address: p2wpkh }], 1_000n), [334n, 333n, 333n]);
  });
});
