// The conversions export: an account's completed conversions, each amount in its own currency.
import { inRange } from '../../../lib/db/search.ts';
import { text, time } from '../csv.ts';
import { afterCursor, crypto, cursorAt, type ExportSource } from '../page.ts';

export const conversions: ExportSource = {
  scope: 'converting.list',
  columns: ['id', 'quoteId', 'fromCryptoCurrencyCode', 'fromAmount', 'toCryptoCurrencyCode', 'toAmount', 'commission', 'completedAt'],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('conversions')
      .select([
        'id',
        'quote_id',
        'from_currency',
        'from_amount',
        'to_currency',
        'to_amount',
        'commission',
        'completed_at',
        cursorAt('completed_at'),
      ])
      .where('account_id', '=', accountId)
      .where(inRange('completed_at', range))
      .where(afterCursor('completed_at', 'id', after))
      .orderBy('completed_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      cursor: { at: r.cursor_at, id: r.id },
      cells: [
        text(r.id),
        text(r.quote_id),
        text(r.from_currency),
        crypto(r.from_currency, r.from_amount),
        text(r.to_currency),
        crypto(r.to_currency, r.to_amount),
        crypto(r.from_currency, r.commission),
        time(r.completed_at),
      ],
    }));
  },
};
