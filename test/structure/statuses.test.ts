// Each object's statuses are written once, in code (point 1); the database's CHECK
// constraint must accept exactly the same values, or a status the code may write would fail there
// (or one the database allows would have no transitions). Read from the migrated schema itself, so
// a later migration that changes a constraint is checked too.
import { sweepTxMachine } from '../../src/chains/sweep-status.ts';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../src/lib/db/index.ts';
import type { StatusMachine } from '../../src/lib/state-machine.ts';
import { depositMachine } from '../../src/modules/deposits/status.ts';
import { invoiceMachine } from '../../src/modules/invoices/status.ts';
import { heldPaymentMachine, paymentMachine } from '../../src/modules/payments/status.ts';
import { webhookDeliveryMachine } from '../../src/modules/webhooks/status.ts';
import { withdrawalMachine } from '../../src/modules/withdrawals/status.ts';
import { withdrawalBatchMachine } from '../../src/modules/withdrawals/batch/status.ts';
import { x402Machine } from '../../src/modules/x402/status.ts';
import { coldTransferMachine } from '../../src/modules/cold-storage/status.ts';
import { payoutBundleMachine } from '../../src/modules/withdrawals/bundle/status.ts';
import { emailJobMachine } from '../../src/modules/email/status.ts';
import { subscriptionMachine } from '../../src/modules/subscriptions/status.ts';
import { freshDatabase } from '../helpers/harness.ts';

const MACHINES: Record<string, StatusMachine<string>> = {
  invoices: invoiceMachine,
  deposits: depositMachine,
  payments: paymentMachine,
  withdrawals: withdrawalMachine,
  withdrawal_batches: withdrawalBatchMachine,
  webhook_deliveries: webhookDeliveryMachine,
  x402_settlements: x402Machine,
  sweep_transactions: sweepTxMachine,
  cold_transfers: coldTransferMachine,
  payout_bundles: payoutBundleMachine,
  email_jobs: emailJobMachine,
  held_payments: heldPaymentMachine,
  subscriptions: subscriptionMachine,
};

/** The values a table's CHECK constraint on `status` allows, as PostgreSQL prints it. */
async function checkedStatuses(database: Database, table: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conrelid = ${table}::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%status%'`.execute(database.db);
  assert.equal(rows.length, 1, `${table} has one CHECK on status`);
  return [...rows[0]!.def.matchAll(/'([A-Za-z_]+)'::text/g)].map((m) => m[1]!);
}

describe('status machines', () => {
  let database: Database;
  before(async () => {
    database = await freshDatabase('pglite');
  });
  after(() => database.close());

  for (const [table, machine] of Object.entries(MACHINES)) {
    it(`${machine.object}: the migration's CHECK on ${table}.status lists exactly the machine's statuses`, async () => {
      assert.deepEqual(await checkedStatuses(database, table), [...machine.statuses]);
    });

    it(`${machine.object}: every move leads to a known status and every status is reachable or initial`, () => {
      const targets = new Set(Object.values(machine.transitions).flat());
      for (const to of targets) assert.ok(machine.statuses.includes(to), `${to} is a status`);
      assert.deepEqual(Object.keys(machine.transitions).sort(), [...machine.statuses].sort());
    });
  }

  it('refuses a move the table does not list with the catalogued state error', () => {
    assert.throws(
      () => withdrawalMachine.assert('completed', 'processing'),
      (err: { code?: string; statusCode?: number; extension?: Record<string, unknown> }) => {
        assert.equal(err.code, 'exceptions.status.conflict');
        assert.equal(err.statusCode, 409);
        assert.deepEqual(err.extension, {
          object: 'withdrawal',
          currentStatus: 'completed',
          expectedStatus: ['created'],
          requestedStatus: 'processing',
        });
        return true;
      },
    );
    assert.equal(invoiceMachine.can('paid', 'created'), false);
    assert.equal(invoiceMachine.can('cancelled', 'suspended'), true);
    // A final payment never goes back; a dropped one may come back.
    assert.equal(paymentMachine.can('confirmed', 'seen'), false);
    assert.equal(paymentMachine.can('orphaned', 'seen'), true);
    assert.equal(paymentMachine.isFinal('confirmed'), true);
  });
});
