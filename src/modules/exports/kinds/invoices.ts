// The invoices export: an account's invoices with their quote, amounts in their own currencies.
import { inRange } from '../../../lib/db/search.ts';
import { findCurrency, findFiat } from '../../../lib/currencies/catalogue.ts';
import { formatUnits } from '../../../lib/money.ts';
import { num, text, time } from '../csv.ts';
import { afterCursor, crypto, cursorAt, type ExportSource } from '../page.ts';

export const invoices: ExportSource = {
  scope: 'invoices.list',
  columns: [
    'id',
    'orderId',
    'number',
    'status',
    'amount',
    'fiatCurrencyCode',
    'cryptoCurrencyCode',
    'network',
    'address',
    'cryptoAmountExpected',
    'cryptoAmountReceived',
    'networkFee',
    'commission',
    'netAmount',
    'txHash',
    'customerId',
    'description',
    'createdAt',
    'paidAt',
  ],
  async page(db, accountId, range, after, limit) {
    const rows = await db
      .selectFrom('invoices as i')
      .leftJoin('invoice_quotes as q', 'q.id', 'i.quote_id')
      .select([
        'i.id',
        'i.order_id',
        'i.number',
        'i.status',
        'i.amount_minor',
        'i.fiat_currency',
        'i.amount_paid',
        'i.fee_withheld',
        'i.commission',
        'i.net_credited',
        'i.tx_hash',
        'i.customer_id',
        'i.description',
        'i.created_at',
        'i.paid_at',
      ])
      .select(['q.currency_code', 'q.address', 'q.amount_expected', cursorAt('i.created_at')])
      .where('i.account_id', '=', accountId)
      .where(inRange('i.created_at', range))
      .where(afterCursor('i.created_at', 'i.id', after))
      .orderBy('i.created_at')
      .orderBy('i.id')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const fiat = findFiat(r.fiat_currency);
      const code = r.currency_code;
      return {
        cursor: { at: r.cursor_at, id: r.id },
        cells: [
          text(r.id),
          text(r.order_id),
          text(r.number),
          text(r.status),
          fiat ? num(formatUnits(BigInt(r.amount_minor), fiat.decimals)) : null,
          text(r.fiat_currency),
          text(r.currency_code),
          text(findCurrency(r.currency_code ?? '')?.network),
          text(r.address),
          crypto(code, r.amount_expected),
          crypto(code, r.amount_paid),
          crypto(code, r.fee_withheld),
          crypto(code, r.commission),
          crypto(code, r.net_credited),
          text(r.tx_hash),
          text(r.customer_id),
          text(r.description),
          time(r.created_at),
          time(r.paid_at),
        ],
      };
    });
  },
};
