import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { every, idleDelay, type Job, type RoundResult, type Wake } from '../../src/lib/jobs.ts';
import { Clock } from '../helpers/clock.ts';

const log = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** A stand-in for `Database.writes`: the test says which table changed. */
class Writes {
  private readonly handlers = new Set<(changed: (table: string) => boolean) => void>();
  on(handler: (changed: (table: string) => boolean) => void): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }
  touch(table: string): void {
    for (const h of this.handlers) h((t) => t === table);
  }
}

/** Lets a round that a timer started run to its end (rounds here only await promises). */
const settle = () => new Promise((r) => setImmediate(r));

describe('background jobs: when the next round comes', () => {
  let job: Job | undefined;
  let clock = new Clock();
  afterEach(async () => {
    await job?.stop();
    job = undefined;
    clock = new Clock();
  });

  /** Starts a job whose rounds resolve to `results` in turn (then to nothing), counting them. */
  async function start(results: RoundResult[], wake?: Wake): Promise<{ rounds: () => number }> {
    let n = 0;
    job = every('test', 100, log, async () => results[n++], undefined, wake, clock);
    clock.tick(0);
    await settle();
    return { rounds: () => n };
  }
  async function advance(ms: number): Promise<void> {
    clock.tick(ms);
    await settle();
  }

  it('sleeps until the work its round said falls due, and for the idle interval when it said nothing', async () => {
    const writes = new Writes();
    const { rounds } = await start([10_000, undefined], { signal: writes, idleIntervalMs: 60_000 });
    assert.equal(rounds(), 1);
    await advance(9_999);
    assert.equal(rounds(), 1, 'not before the work falls due');
    await advance(1);
    assert.equal(rounds(), 2, 'when it falls due');
    await advance(59_999);
    assert.equal(rounds(), 2);
    await advance(1);
    assert.equal(rounds(), 3, 'after the idle interval');
  });

  it('waits at least the interval for work already due, and at most the idle interval for work far away', async () => {
    const writes = new Writes();
    const { rounds } = await start([-5_000, 0, 3_600_000], { signal: writes, idleIntervalMs: 60_000 });
    await advance(99);
    assert.equal(rounds(), 1);
    await advance(1);
    assert.equal(rounds(), 2, 'work overdue: after the interval');
    await advance(100);
    assert.equal(rounds(), 3, 'work due now: after the interval');
    await advance(60_000);
    assert.equal(rounds(), 4, 'work due in an hour: after the idle interval');
  });

  it('a change of one of its tables wakes it before its work falls due; a change of another table does not', async () => {
    const writes = new Writes();
    const { rounds } = await start([50_000, 50_000], { signal: writes, idleIntervalMs: 60_000, tables: ['invoices'] });
    writes.touch('payments');
    await advance(100);
    assert.equal(rounds(), 1);
    writes.touch('invoices');
    await advance(100);
    assert.equal(rounds(), 2, 'woken by the change');
  });

  it('a round that left work (true) comes back after the interval, whatever it said before', async () => {
    const writes = new Writes();
    const { rounds } = await start([true, 30_000], { signal: writes, idleIntervalMs: 60_000 });
    await advance(100);
    assert.equal(rounds(), 2);
    await advance(29_999);
    assert.equal(rounds(), 2);
    await advance(1);
    assert.equal(rounds(), 3);
  });

  it('without a signal of changes (PostgreSQL) it runs every interval, whenever the round says its work falls due', async () => {
    const { rounds } = await start([50_000, 50_000, 50_000]);
    await advance(100);
    assert.equal(rounds(), 2);
    await advance(100);
    assert.equal(rounds(), 3);
  });

  it('idleDelay keeps the due time within the two intervals', () => {
    assert.equal(idleDelay(5_000, 60_000, undefined), 60_000);
    assert.equal(idleDelay(5_000, 60_000, 12_000.2), 12_001);
    assert.equal(idleDelay(5_000, 60_000, 1), 5_000);
    assert.equal(idleDelay(5_000, 60_000, 86_400_000), 60_000);
  });
});
