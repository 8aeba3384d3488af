// The one status-move helper (point 1), against both engines: a move the table lists
// writes the row and its event together; a move it does not list, or a move from a status the row
// no longer has (another writer won), is the catalogued state error and writes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import type { Db } from '../../src/lib/db/index.ts';
import { moveStatus } from '../../src/lib/state-machine.ts';
import { AppError } from '../../src/lib/errors.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';
import { x402Machine } from '../../src/modules/x402/status.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

async function submitted(db: Db) {
  const tenant = await createTenant(db, `sm-${randomUUID()}`);
  return db
    .insertInto('x402_settlements')
    .values({
      id: randomUUID(),
      tenant_id: tenant.id,
      network: 'eip155:31337',
      asset: '0xa',
      payer: '0xb',
      pay_to: '0xc',
      nonce: randomUUID(),
      amount: 1n,
      status: 'submitted',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const events = (db: Db, id: string) => db.selectFrom('outbox_events').select('event_type').where('aggregate_id', '=', id).execute();

function isStateError(expected: Record<string, unknown>) {
  return (err: unknown) => {
    assert.ok(err instanceof AppError);
    assert.equal(err.code, 'exceptions.status.conflict');
    assert.equal(err.statusCode, 409);
    assert.deepEqual(err.extension, expected);
    return true;
  };
}

describeEngines('moveStatus', (engine) => {
  const database = useTestDatabase(engine);
  const event = (row: { id: string; tenant_id: string }) => ({
    tenantId: row.tenant_id,
    type: 'x402.payment.settled',
    aggregateType: 'x402',
    aggregateId: row.id,
    payload: {},
  });

  it('writes the listed move, its columns and its event in the caller transaction', async () => {
    const { db } = database();
    const row = await submitted(db);
    const moved = await db
      .transaction()
      .execute((trx) =>
        moveStatus(trx, x402Machine, 'x402_settlements', row, 'confirmed', { set: { error_reason: null, gas_cost: 21_000n }, event }),
      );
    assert.equal(moved.status, 'confirmed');
    assert.equal(moved.gas_cost, '21000');
    assert.ok(moved.updated_at >= row.updated_at);
    assert.deepEqual(await events(db, row.id), [{ event_type: 'x402.payment.settled' }]);
  });

  it('refuses a move the table does not list, writing nothing', async () => {
    const { db } = database();
    const row = await submitted(db);
    const done = await db.transaction().execute((trx) => moveStatus(trx, x402Machine, 'x402_settlements', row, 'failed'));
    await assert.rejects(
      db.transaction().execute((trx) => moveStatus(trx, x402Machine, 'x402_settlements', done, 'confirmed', { event })),
      isStateError({ object: 'x402Settlement', currentStatus: 'failed', expectedStatus: ['submitted'], requestedStatus: 'confirmed' }),
    );
    assert.deepEqual(await events(db, row.id), []);
  });

  it('lets one of two writers holding the same stale row win; the other gets the status it found', async () => {
    const { db } = database();
    const row = await submitted(db);
    const results = await Promise.allSettled(
      (['confirmed', 'failed'] as const).map((to) =>
        db.transaction().execute((trx) => moveStatus(trx, x402Machine, 'x402_settlements', row, to, { event })),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(won.length, 1);
    assert.equal(lost.length, 1);
    const winner = (won[0] as PromiseFulfilledResult<{ status: string }>).value.status;
    assert.throws(
      () => {
        throw lost[0]!.reason;
      },
      isStateError({
        object: 'x402Settlement',
        currentStatus: winner,
        expectedStatus: ['submitted'],
        requestedStatus: winner === 'confirmed' ? 'failed' : 'confirmed',
      }),
    );
    assert.equal((await events(db, row.id)).length, 1, 'only the winning move published');
  });

  it('honours further guards: a row whose guarded column changed is not moved', async () => {
    const { db } = database();
    const row = await submitted(db);
    await assert.rejects(
      db
        .transaction()
        .execute((trx) => moveStatus(trx, x402Machine, 'x402_settlements', row, 'confirmed', { where: { transaction: '0xother' } })),
      isStateError({ object: 'x402Settlement', currentStatus: 'submitted', expectedStatus: ['submitted'], requestedStatus: 'confirmed' }),
    );
  });
});
