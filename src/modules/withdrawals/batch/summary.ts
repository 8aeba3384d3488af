import { sql } from 'kysely';
import type { Executor } from '../../../lib/db/index.ts';
import type { WithdrawalStatus } from '../../../lib/db/schema.ts';
import { batchRecord, type BatchRow, type BatchSummary, type CurrencyTotal } from './record.ts';

/** A batch with no items counted yet. */
export function emptySummary(): BatchSummary {
  return { counts: {}, totals: [], completed: [] };
}

/**
 * Batches' items counted per status and summed per currency (all, and the completed ones), in one
 * query along the items' batch index.
 */
export async function batchSummaries(db: Executor, batchIds: string[]): Promise<Map<string, BatchSummary>> {
  const out = new Map<string, BatchSummary>(batchIds.map((id) => [id, emptySummary()]));
  if (batchIds.length === 0) return out;
  const rows = await db
    .selectFrom('withdrawals')
    .select([
      'batch_id',
      'status',
      'currency_code',
      sql<string>`count(*)`.as('n'),
      sql<string>`sum(amount)`.as('amount'),
      sql<string>`sum(fee)`.as('fee'),
    ])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status', 'currency_code'])
    .orderBy('currency_code')
    .execute();
  for (const r of rows) {
    const s = r.batch_id === null ? undefined : out.get(r.batch_id);
    if (!s) continue; // the query reads these batches' items only
    const status = r.status as WithdrawalStatus;
    s.counts[status] = (s.counts[status] ?? 0) + Number(r.n);
    add(s.totals, r);
    if (status === 'completed') add(s.completed, r);
  }
  return out;
}

function add(into: CurrencyTotal[], r: { currency_code: string; n: string; amount: string; fee: string }): void {
  let t = into.find((x) => x.currency === r.currency_code);
  if (!t) into.push((t = { currency: r.currency_code, count: 0, amount: 0n, fee: 0n }));
  t.count += Number(r.n);
  t.amount += BigInt(r.amount);
  t.fee += BigInt(r.fee);
}

export async function batchSummary(db: Executor, batchId: string): Promise<BatchSummary> {
  return (await batchSummaries(db, [batchId])).get(batchId) ?? emptySummary();
}

/** The batch with its summary, as the API shows it. */
export async function batchView(db: Executor, batch: BatchRow) {
  return batchRecord(batch, await batchSummary(db, batch.id));
}
