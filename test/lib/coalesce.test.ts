import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Coalescer } from '../../src/lib/coalesce.ts';

/** A batch function whose calls stay out until released; records the batches it was given. */
function held() {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((i) => i * 10))));
  };
  return { batches, releases, run };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('Coalescer', () => {
  it('runs one batch at a time: what comes meanwhile waits and goes next, together', async () => {
    const h = held();
    const c = new Coalescer(h.run, { maxBatch: 10 });
    const first = [c.submit(1), c.submit(2)];
    await turn();
    const second = [c.submit(3), c.submit(4)];
    await turn();
    assert.deepEqual(h.batches, [[1, 2]], 'the second batch waits for the first');
    h.releases[0]!();
    assert.deepEqual(await Promise.all(first), [10, 20]);
    await turn();
    assert.deepEqual(h.batches, [
      [1, 2],
      [3, 4],
    ]);
    h.releases[1]!();
    assert.deepEqual(await Promise.all(second), [30, 40]);
  });

  it("with overlap, sends each turn's batch at the end of its turn, whatever is still out", async () => {
    const h = held();
    const c = new Coalescer(h.run, { maxBatch: 2, overlap: true });
    const first = [c.submit(1), c.submit(2), c.submit(3)];
    await turn();
    const second = [c.submit(4)];
    await turn();
    assert.deepEqual(h.batches, [[1, 2], [3], [4]], 'split at maxBatch, and the next turn does not wait');
    h.releases.reverse().forEach((release) => release());
    assert.deepEqual(await Promise.all([...first, ...second]), [10, 20, 30, 40], 'each answered with its own');
  });
});
