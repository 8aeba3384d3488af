import assert from 'node:assert/strict';
import { it } from 'node:test';
import { enqueue, outboxBacklog, processOutbox, type ClaimedEvent } from '../../src/lib/outbox.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

describeEngines('transactional outbox', (engine) => {
  const db = useTestDatabase(engine);

  const event = (i: number) => ({
    tenantId: null,
    type: 'test.happened',
    aggregateType: 'test',
    aggregateId: `obj-${i}`,
    payload: { i, amount: '1.50' },
  });

  it('keeps an event only when its transaction commits', async () => {
    await db()
      .db.transaction()
      .execute((trx) => enqueue(trx, event(1)));
    await assert.rejects(
      db()
        .db.transaction()
        .execute(async (trx) => {
          await enqueue(trx, event(2));
          throw new Error('the state change failed');
        }),
    );
    const seen: ClaimedEvent[] = [];
    await processOutbox(db().db, 100, async (_trx, events) => void seen.push(...events));
    assert.deepEqual(
      seen.map((e) => e.payload),
      [{ i: 1, amount: '1.50' }],
    );
    assert.equal((await outboxBacklog(db().db)).pending, 0);
  });

  it('leaves events pending when their handler fails', async () => {
    await db()
      .db.transaction()
      .execute((trx) => enqueue(trx, event(3)));
    await assert.rejects(processOutbox(db().db, 10, async () => Promise.reject(new Error('receiver down'))));
    assert.equal((await outboxBacklog(db().db)).pending, 1);
    assert.equal(await processOutbox(db().db, 10, async () => {}), 1);
  });

  it('lets concurrent workers share the queue without processing an event twice', async () => {
    for (let i = 0; i < 60; i++)
      await db()
        .db.transaction()
        .execute((trx) => enqueue(trx, event(100 + i)));
    const counts = new Map<string, number>();
    const worker = async () => {
      for (;;) {
        const n = await processOutbox(db().db, 5, async (_trx, events) => {
          for (const e of events) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5)); // hold the claim while others run
        });
        if (n === 0) return;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    assert.equal(counts.size, 60);
    assert.ok([...counts.values()].every((c) => c === 1));
  });
});
