import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, it } from 'node:test';
import { RequestLogBuffer, type RequestLogRow } from '../../src/modules/request-log/recorder.ts';
import { Clock } from '../helpers/clock.ts';

const row = (n: number): RequestLogRow => ({
  tenant_id: randomUUID(),
  account_id: null,
  actor: 'api key cgk_x…',
  method: 'POST',
  path: `/v1/n/${n}`,
  status: 201,
  latency_ms: '1.000',
  request_id: `r-${n}`,
  error_code: null,
  created_at: new Date(),
});

/** Lets a write the timer started finish (the fake INSERT only awaits promises). */
const settle = () => new Promise((r) => setImmediate(r));

describe('request log buffer timer', () => {
  let clock = new Clock();
  beforeEach(() => {
    clock = new Clock();
  });

  it('runs only while rows wait: armed by the first row, written after one interval, idle again after', async () => {
    const inserts: RequestLogRow[][] = [];
    const buffer = new RequestLogBuffer(
      async (rows) => void inserts.push(rows),
      { intervalMs: 1000, batchRows: 100, maxBuffered: 1000, readsPerSecond: 20 },
      undefined,
      clock,
    );
    assert.equal(buffer.timerRunning, false, 'nothing buffered: no timer');
    buffer.add(row(1));
    buffer.add(row(2));
    assert.equal(buffer.timerRunning, true);
    clock.tick(999);
    await settle();
    assert.equal(inserts.length, 0);
    clock.tick(1);
    await settle();
    assert.deepEqual(
      inserts.map((b) => b.length),
      [2],
    );
    assert.equal(buffer.timerRunning, false, 'all written: the timer stops');
    buffer.add(row(3));
    clock.tick(1000);
    await settle();
    assert.deepEqual(
      inserts.map((b) => b.length),
      [2, 1],
    );
    await buffer.close();
    assert.equal(buffer.timerRunning, false);
  });

  it('tries a failed write again on the next tick, and stops once it succeeds', async () => {
    const inserts: RequestLogRow[][] = [];
    let failing = true;
    const buffer = new RequestLogBuffer(
      async (rows) => {
        if (failing) throw new Error('connection refused');
        inserts.push(rows);
      },
      { intervalMs: 1000, batchRows: 100, maxBuffered: 1000, readsPerSecond: 20 },
      undefined,
      clock,
    );
    buffer.add(row(1));
    clock.tick(1000);
    await settle();
    assert.equal(buffer.pending, 1);
    assert.equal(buffer.timerRunning, true, 'rows kept: the timer goes on');
    failing = false;
    clock.tick(1000);
    await settle();
    assert.deepEqual(
      inserts.map((b) => b.length),
      [1],
    );
    assert.equal(buffer.timerRunning, false);
    await buffer.close();
  });

  it('a full batch is written at once and leaves no timer behind', async () => {
    const inserts: RequestLogRow[][] = [];
    const buffer = new RequestLogBuffer(
      async (rows) => void inserts.push(rows),
      { intervalMs: 1000, batchRows: 3, maxBuffered: 1000, readsPerSecond: 20 },
      undefined,
      clock,
    );
    for (let i = 0; i < 3; i++) buffer.add(row(i));
    await settle();
    assert.deepEqual(
      inserts.map((b) => b.length),
      [3],
    );
    assert.equal(buffer.timerRunning, false);
    await buffer.close();
  });
});
