// The deposits export: an account's deposits, amounts in their crypto currency.
import { inRange } from '../../../lib/db/search.ts';
import { findCurrency } from '../../../lib/currencies/catalogue.ts';
import { text, time } from '../csv.ts';
import { afterCursor, crypto, cursorAt, type ExportSource } from '../page.ts';

export const deposits: ExportSource = {
  scope: 'deposits.list',
  columns: [
    'id',
    'orderId',
    'status',
    'cryptoCurrencyCode',
    'network',
    'address',
    'amountPaid',
    'networkFee',
    'commission',
    'netAmount',
    'txHash',
    'customerId',
    'createdAt',
    'completedAt',
  ],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('deposits')
      .select([
        'id',
        'order_id',
        'status',
        'currency_code',
        'address',
        'amount_paid',
        'fee_withheld',
        'commission',
        'net_credited',
        'tx_hash',
        'customer_id',
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
        crypto(r.currency_code, r.amount_paid),
        crypto(r.currency_code, r.fee_withheld),
        crypto(r.currency_code, r.commission),
        crypto(r.currency_code, r.net_credited),
        text(r.tx_hash),
        text(r.customer_id),
        time(r.created_at),
        time(r.completed_at),
      ],
    }));
  },
};
