import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { InvoiceQuotesTable, InvoicesTable } from '../../lib/db/schema.ts';
import { Amount, type MinorUnit, toJsonNumber } from '../../lib/money.ts';
import { findCurrency, findFiat } from '../../lib/currencies/catalogue.ts';
import { settlementRecord, totalsOf } from '../ledger/settlement.ts';
import { refundFields, refundsOf, type RefundLine } from '../withdrawals/refunds.ts';

export type InvoiceRow = Selectable<InvoicesTable>;
export type QuoteRow = Selectable<InvoiceQuotesTable>;
/** An invoice with the quote it is paid through, if the customer has picked a currency. */
export interface InvoiceView {
  row: InvoiceRow;
  quote: QuoteRow | null;
  /** Its refund withdrawals, oldest first (none when not loaded: a new invoice has none). */
  refunds?: RefundLine[];
}

const QUOTE_COLUMNS = [
  'q.id as q_id',
  'q.invoice_id as q_invoice_id',
  'q.currency_code as q_currency_code',
  'q.network as q_network',
  'q.address as q_address',
  'q.amount_expected as q_amount_expected',
  'q.network_fee as q_network_fee',
  'q.fiat_usd_price as q_fiat_usd_price',
  'q.crypto_usd_price as q_crypto_usd_price',
  'q.locked_at as q_locked_at',
] as const;

/** Invoices joined with their current quote (one row per invoice). */
export function viewSelect(db: Executor) {
  return db
    .selectFrom('invoices')
    .leftJoin('invoice_quotes as q', 'q.id', 'invoices.quote_id')
    .selectAll('invoices')
    .select(QUOTE_COLUMNS);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewSelect>['executeTakeFirstOrThrow']>>;

/** A joined row as an invoice with its quote. */
export function toView(r: ViewRow): InvoiceView {
  const { q_id, q_invoice_id, q_currency_code, q_network, q_address, q_amount_expected, q_network_fee, q_fiat_usd_price, q_crypto_usd_price, q_locked_at, ...row } = r;
  const quote =
    q_id === null
      ? null
      : {
          id: q_id,
          invoice_id: q_invoice_id!,
          currency_code: q_currency_code!,
          network: q_network!,
          address: q_address!,
          amount_expected: q_amount_expected!,
          network_fee: q_network_fee!,
          fiat_usd_price: q_fiat_usd_price!,
          crypto_usd_price: q_crypto_usd_price!,
          locked_at: q_locked_at!,
        };
  return { row: row as InvoiceRow, quote };
}

export async function loadInvoice(db: Executor, id: string): Promise<InvoiceView | undefined> {
  const r = await viewSelect(db).where('invoices.id', '=', id).executeTakeFirst();
  return r ? (await withRefunds(db, [toView(r)]))[0] : undefined;
}

/** The views with their refunds, in one query. */
export async function withRefunds(db: Executor, views: InvoiceView[]): Promise<InvoiceView[]> {
  const refunds = await refundsOf(db, 'invoice', views.map((v) => v.row.id));
  return views.map((v) => ({ ...v, refunds: refunds.get(v.row.id) ?? [] }));
}

/** The invoice's items as JSON numbers (stored as exact decimal strings). */
/** The invoice's fiat total, as stored: minor units of its fiat currency. */
export function fiatTotal(row: Pick<InvoiceRow, 'amount_minor' | 'fiat_currency'>): MinorUnit {
  return Amount.of(findFiat(row.fiat_currency)!, BigInt(row.amount_minor));
}

/** The invoice's lines as the API shows them. */
export function invoiceItems(row: Pick<InvoiceRow, 'items'>) {
  // Stored as the exact decimal strings the merchant sent; as numbers they read back as given.
  return row.items.map((i) => ({ name: i.name, quantity: Number(i.quantity), cost: Number(i.cost) }));
}

/** The spec's invoice record. */
export function invoiceRecord({ row, quote, refunds }: InvoiceView, publicBaseUrl: string) {
  const fiat = findFiat(row.fiat_currency)!;
  const currency = quote ? findCurrency(quote.currency_code)! : undefined;
  const paid = BigInt(row.amount_paid);
  const opt = <K extends string, V>(key: K, value: V | null) => (value !== null ? ({ [key]: value } as Record<K, V>) : {});
  return {
    id: row.id,
    accountId: row.account_id,
    orderId: row.order_id,
    amount: toJsonNumber(fiatTotal(row)),
    fiatCurrencyCode: fiat.code,
    items: invoiceItems(row),
    status: row.status,
    ...(currency && quote
      ? {
          cryptoCurrencyCode: currency.code,
          cryptoAmountExpected: toJsonNumber(BigInt(quote.amount_expected), currency.decimals),
          cryptoAmountReceived: toJsonNumber(paid, currency.decimals),
          address: quote.address,
        }
      : {}),
    ...opt('txHash', row.tx_hash),
    ...(currency && quote && paid > 0n
      ? {
          settlement: settlementRecord(totalsOf(currency, row, row.paid_at ?? row.updated_at), quote.crypto_usd_price),
        }
      : {}),
    ...opt('description', row.description),
    ...opt('number', row.number),
    ...opt('webhookUrl', row.webhook_url),
    ...opt('returnUrl', row.return_url),
    ...opt('successUrl', row.success_url),
    ...opt('failedUrl', row.failed_url),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...opt('paidAt', row.paid_at ? row.paid_at.toISOString() : null),
    ...opt('customerId', row.customer_id),
    ...opt('customPayload', row.custom_payload),
    paymentPageUrl: `${publicBaseUrl}/pay/${row.id}`,
    source: row.source,
    ...opt('latePayment', row.late_payment),
    ...refundFields(quote?.currency_code ?? null, refunds),
  };
}

export type InvoiceRecord = ReturnType<typeof invoiceRecord>;

/** Sums of the payments to one quote's address. */
export async function quotePayments(db: Executor, quote: Pick<QuoteRow, 'network' | 'address'>) {
  const r = await db
    .selectFrom('payments')
    .select([
      sql<string>`coalesce(sum(amount) filter (where status = 'confirmed'), 0)`.as('confirmed'),
      sql<string>`coalesce(sum(amount) filter (where status = 'seen'), 0)`.as('pending'),
      sql<string>`count(*)`.as('count'),
    ])
    .where('network', '=', quote.network)
    .where('address', '=', quote.address)
    .executeTakeFirstOrThrow();
  return { confirmed: BigInt(r.confirmed), pending: BigInt(r.pending), everSeen: Number(r.count) > 0 };
}

/** The record as the API answers it, links made from this installation's public URL. */
export function recordOf(ctx: AppContext, view: InvoiceView) {
  return invoiceRecord(view, ctx.config.publicBaseUrl);
}
