// The cache behind the chain-read gauges (src/modules/solvency/reading.ts): a scrape never waits
// long for a node, a failing or hanging node leaves the last value standing, and a fresh read
// (GET /admin/solvency) is never an older one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CachedReading } from '../../src/modules/solvency/reading.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('CachedReading', () => {
  it('serves a young value without reading, reads again once it is old, and coalesces scrapes', async () => {
    let reads = 0;
    const r = new CachedReading(async () => ++reads, { maxAgeMs: 50, timeoutMs: 1_000 });
    assert.equal((await r.recent(100))?.value, 1);
    assert.equal((await r.recent(100))?.value, 1, 'young enough: no read');
    await sleep(60);
    const both = await Promise.all([r.recent(100), r.recent(100)]);
    assert.deepEqual(
      both.map((b) => b?.value),
      [2, 2],
      'two scrapes at once share one read',
    );
    assert.equal(reads, 2);
  });

  it('answers a scrape within its wait with the last value while the node is slow, then has the new one', async () => {
    let slow = false;
    let n = 0;
    const r = new CachedReading(
      async () => {
        n++;
        if (slow) await sleep(200);
        return n;
      },
      { maxAgeMs: 0, timeoutMs: 5_000 },
    );
    assert.equal((await r.recent(100))?.value, 1);
    slow = true;
    const started = Date.now();
    assert.equal((await r.recent(30))?.value, 1, 'the last value, at once');
    assert.ok(Date.now() - started < 150);
    await sleep(250);
    assert.equal(r.peek()?.value, 2, 'the slow read landed afterwards');
    await r.settle();
  });

  it('keeps the last value when a read fails or times out; fresh() rejects then', async () => {
    let mode: 'ok' | 'fail' | 'hang' = 'ok';
    const r = new CachedReading(
      async () => {
        if (mode === 'fail') throw new Error('node down');
        if (mode === 'hang') await sleep(500);
        return mode;
      },
      { maxAgeMs: 0, timeoutMs: 50 },
    );
    assert.equal((await r.recent(100))?.value, 'ok');
    mode = 'fail';
    assert.equal((await r.recent(100))?.value, 'ok');
    await assert.rejects(r.fresh(), /node down/);
    mode = 'hang';
    await assert.rejects(r.fresh(), /no answer within 50 ms/);
    assert.equal((await r.recent(100))?.value, 'ok');
    await r.settle();
  });

  it('before any success there is no value, and the age counts from creation', async () => {
    const r = new CachedReading<number>(
      async () => {
        throw new Error('unreachable');
      },
      { maxAgeMs: 0, timeoutMs: 50 },
    );
    assert.equal(await r.recent(20), undefined);
    assert.ok(r.createdAt <= Date.now());
  });
});
