import type { Executor } from '../../../lib/db/index.ts';
import { paged } from '../../../lib/db/paging.ts';
import { AppError } from '../../../lib/errors.ts';
import { formatUnits } from '../../../lib/money.ts';
import { knownCurrency } from '../../../lib/currencies/catalogue.ts';
import { csvHeader, csvRow, num, text, time } from '../../exports/csv.ts';
import { batchRecord, type BatchRow } from './record.ts';
import type { WithdrawalBatchStatus } from './status.ts';
import { batchSummaries, emptySummary } from './summary.ts';

/** One batch of the account (another account's or tenant's is the same 404 as a missing one). */
export async function findBatch(db: Executor, accountId: string, id: string): Promise<BatchRow> {
  const row = await db
    .selectFrom('withdrawal_batches')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.withdrawal.batchNotFound');
  return row;
}

/** The account's batches, newest first, each with its summary (one query for the page's summaries). */
export async function listBatches(db: Executor, accountId: string, q: { page: number; limit: number; status?: WithdrawalBatchStatus }) {
  const base = () => {
    let query = db.selectFrom('withdrawal_batches').where('account_id', '=', accountId);
    if (q.status) query = query.where('status', '=', q.status);
    return query;
  };
  const page = await paged(
    q,
    () =>
      base()
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    (offset, limit) => base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    (row) => row,
  );
  const summaries = await batchSummaries(
    db,
    page.data.map((b) => b.id),
  );
  return { ...page, data: page.data.map((b) => batchRecord(b, summaries.get(b.id) ?? emptySummary())) };
}

/** The results CSV's columns (the dashboard reads them by these names). */
export const RESULT_COLUMNS = [
  'index',
  'withdrawalId',
  'orderId',
  'status',
  'cryptoCurrencyCode',
  'network',
  'address',
  'amount',
  'fee',
  'debitedAmount',
  'transactionHash',
  'createdAt',
  'updatedAt',
] as const;

/** A batch's items and how each ended (or stands), in the order of the request, as CSV. */
export async function batchResultsCsv(db: Executor, batch: BatchRow): Promise<string> {
  const rows = await db
    .selectFrom('withdrawals as w')
    .innerJoin('withdrawal_quotes as q', 'q.id', 'w.quote_id')
    .select([
      'q.batch_index',
      'w.id',
      'w.order_id',
      'w.status',
      'w.currency_code',
      'w.address',
      'w.amount',
      'w.fee',
      'w.tx_hash',
      'w.created_at',
      'w.updated_at',
    ])
    .where('w.batch_id', '=', batch.id)
    .orderBy('q.batch_index')
    .execute();
  const lines = rows.map((r) => {
    const c = knownCurrency(r.currency_code);
    const units = (v: bigint) => num(formatUnits(v, c.decimals));
    return csvRow([
      num(String(r.batch_index)),
      text(r.id),
      text(r.order_id),
      text(r.status),
      text(c.code),
      text(c.network),
      text(r.address),
      units(BigInt(r.amount)),
      units(BigInt(r.fee)),
      units(BigInt(r.amount) + BigInt(r.fee)),
      text(r.tx_hash),
      time(r.created_at),
      time(r.updated_at),
    ]);
  });
  return csvHeader(RESULT_COLUMNS) + lines.join('');
}
