import { sql } from 'kysely';
import type { Trx } from '../../../lib/db/index.ts';
import { moveStatus } from '../../../lib/state-machine.ts';
import { batchRecord } from './record.ts';
import { batchSummary } from './summary.ts';
import { batchStatusFor, withdrawalBatchMachine, type ItemCounts } from './status.ts';

/**
 * Moves a batch to what its items now add up to, in the transaction that moved one of them, with
 * its `withdrawalBatch.statusChanged` event. The batch row is locked first, so items finishing on
 * several workers at once move it one after another, each counting what the others committed.
 */
export async function advanceBatch(trx: Trx, batchId: string): Promise<void> {
  const batch = await trx.selectFrom('withdrawal_batches').selectAll().where('id', '=', batchId).forUpdate().executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('withdrawals')
    .select(['status', sql<string>`count(*)`.as('n')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  const counts: ItemCounts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const to = batchStatusFor(counts);
  if (to === batch.status) return;
  const final = withdrawalBatchMachine.isFinal(to);
  await moveStatus(trx, withdrawalBatchMachine, 'withdrawal_batches', batch, to, {
    set: final ? { completed_at: sql<Date>`now()` } : {},
    event: async (updated, previous) => ({
      tenantId: batch.tenant_id,
      type: 'withdrawalBatch.statusChanged',
      aggregateType: 'withdrawalBatch',
      aggregateId: batch.id,
      payload: { ...batchRecord(updated, await batchSummary(trx, batch.id)), previousStatus: previous },
    }),
  });
}
