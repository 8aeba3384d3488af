// The withdrawals export: an account's withdrawals, amount and fee in their crypto currency.
import { inRange } from '../../../lib/db/search.ts';
import { findCurrency } from '../../../lib/currencies/catalogue.ts';
import { text, time } from '../csv.ts';
import { afterCursor, crypto, cursorAt, type ExportSource } from '../page.ts';

export const withdrawals: ExportSource = {
  scope: 'withdrawals.list',
  columns: [
    'id',
    'orderId',
    'status',
    'cryptoCurrencyCode',
    'network',
    'address',
    'amount',
    'fee',
    'txHash',
    'failureReason',
    'createdAt',
    'completedAt',
  ],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('withdrawals')
      .select([
        'id',
        'order_id',
        'status',
        'currency_code',
        'address',
        'amount',
        'fee',
        'tx_hash',
        'failure_reason',
        'created_at',
        'completed_at',
        cursorAt('created_at'),
      ])
      .where('account_id', '=', accountId)
      .where(inRange('created_at', range))
      .where(afterCursor('created_at', 'id', after))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      cursor: { at: r.cursor_at, id: r.id },
      cells: [
        text(r.id),
        text(r.order_id),
        text(r.status),
        text(r.currency_code),
        text(findCurrency(r.currency_code)?.network),
        text(r.address),
        crypto(r.currency_code, r.amount),
        crypto(r.currency_code, r.fee),
        text(r.tx_hash),
        text(r.failure_reason),
        time(r.created_at),
        time(r.completed_at),
      ],
    }));
  },
};
