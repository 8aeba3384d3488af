import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { InvoiceQuotesTable, InvoicesTable } from '../../lib/db/schema.ts';
import { Amount, jsonDecimal, type JsonDecimal, type MinorUnit, toJsonNumber } from '../../lib/money.ts';
import { knownCurrency, knownFiat } from '../../lib/currencies/catalogue.ts';
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
  return db.selectFrom('invoices').leftJoin('invoice_quotes as q', 'q.id', 'invoices.quote_id').selectAll('invoices').select(QUOTE_COLUMNS);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewSelect>['executeTakeFirstOrThrow']>>;

/** A column of the joined quote, which a quote row always has (NOT NULL): null only when there is no quote. */
function joined<T>(value: T | null, column: string): T {
  if (value === null) throw new Error(`an invoice quote without its ${column}`);
  return value;
}

/** The quote columns of a joined row, or null when the invoice has no quote yet. */
function quoteOf(r: ViewRow): QuoteRow | null {
  if (r.q_id === null) return null;
  return {
    id: r.q_id,
    invoice_id: joined(r.q_invoice_id, 'invoice_id'),
    currency_code: joined(r.q_currency_code, 'currency_code'),
    network: joined(r.q_network, 'network'),
    address: joined(r.q_address, 'address'),
    amount_expected: joined(r.q_amount_expected, 'amount_expected'),
    network_fee: joined(r.q_network_fee, 'network_fee'),
    fiat_usd_price: joined(r.q_fiat_usd_price, 'fiat_usd_price'),
    crypto_usd_price: joined(r.q_crypto_usd_price, 'crypto_usd_price'),
    locked_at: joined(r.q_locked_at, 'locked_at'),
  };
}

/** A joined row as an invoice with its quote. */
export function toView(r: ViewRow): InvoiceView {
  const {
    q_id,
    q_invoice_id,
    q_currency_code,
    q_network,
    q_address,
    q_amount_expected,
    q_network_fee,
    q_fiat_usd_price,
    q_crypto_usd_price,
    q_locked_at,
    ...row
  } = r;
  return { row: row as InvoiceRow, quote: quoteOf(r) };
}

/**
 * A joined row as an invoice with its quote and refunds, read in place: no copy of the row, which
 * keeps the joined columns beside its own. For views that are only rendered (a list's records),
 * never stored or written back.
 */
export function renderedView(r: ViewRow, refunds: RefundLine[]): InvoiceView {
  return { row: r as InvoiceRow, quote: quoteOf(r), refunds };
}

export async function loadInvoice(db: Executor, id: string): Promise<InvoiceView | undefined> {
  const r = await viewSelect(db).where('invoices.id', '=', id).executeTakeFirst();
  return r ? (await withRefunds(db, [toView(r)]))[0] : undefined;
}

/** An invoice the caller has just read, locked or written: missing, it is a broken database, not a 404. */
export async function loadKnownInvoice(db: Executor, id: string): Promise<InvoiceView> {
  const view = await loadInvoice(db, id);
  if (!view) throw new Error(`invoice ${id} is gone`);
  return view;
}

/** The views with their refunds, in one query. */
export async function withRefunds(db: Executor, views: InvoiceView[]): Promise<InvoiceView[]> {
  const refunds = await refundsOf(
    db,
    'invoice',
    views.map((v) => v.row.id),
  );
  return views.map((v) => ({ ...v, refunds: refunds.get(v.row.id) ?? [] }));
}

/** The invoice's fiat total, as stored: minor units of its fiat currency. */
export function fiatTotal(row: Pick<InvoiceRow, 'amount_minor' | 'fiat_currency'>): MinorUnit {
  return Amount.of(knownFiat(row.fiat_currency), BigInt(row.amount_minor));
}

/** The invoice's lines as the API shows them. */
export function invoiceItems(row: Pick<InvoiceRow, 'items'>) {
  // Stored as the exact decimal strings the merchant sent; they leave as exact JSON numbers.
  return row.items.map((i) => ({ name: i.name, quantity: jsonDecimal(i.quantity), cost: jsonDecimal(i.cost) }));
}

/** The API's invoice record; optional fields are absent, never null. */
export interface InvoiceRecord extends ReturnType<typeof refundFields> {
  id: string;
  accountId: string;
  orderId: string;
  amount: JsonDecimal;
  fiatCurrencyCode: string;
  items: ReturnType<typeof invoiceItems>;
  status: InvoiceRow['status'];
  cryptoCurrencyCode?: string;
  cryptoAmountExpected?: JsonDecimal;
  cryptoAmountReceived?: JsonDecimal;
  address?: string;
  txHash?: string;
  settlement?: ReturnType<typeof settlementRecord>;
  description?: string;
  number?: string;
  webhookUrl?: string;
  returnUrl?: string;
  successUrl?: string;
  failedUrl?: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  customerId?: string;
  customerEmail?: string;
  customPayload?: string;
  paymentPageUrl: string;
  source: string;
  latePayment?: NonNullable<InvoiceRow['late_payment']>;
  paymentLinkId?: string;
}

type Optional = { [K in keyof InvoiceRecord]-?: undefined extends InvoiceRecord[K] ? K : never }[keyof InvoiceRecord];

/** Sets an optional field when it has a value (a list renders many records: no object per field). */
function put<K extends Optional>(record: InvoiceRecord, key: K, value: InvoiceRecord[K] | null): void {
  if (value !== null) record[key] = value;
}

/** The API's invoice record, its fields in the API's order. */
export function invoiceRecord({ row, quote, refunds }: InvoiceView, publicBaseUrl: string): InvoiceRecord {
  const fiat = knownFiat(row.fiat_currency);
  const currency = quote ? knownCurrency(quote.currency_code) : undefined;
  const paid = BigInt(row.amount_paid);
  const record = {
    id: row.id,
    accountId: row.account_id,
    orderId: row.order_id,
    amount: toJsonNumber(fiatTotal(row)),
    fiatCurrencyCode: fiat.code,
    items: invoiceItems(row),
    status: row.status,
  } as InvoiceRecord;
  if (currency && quote) {
    record.cryptoCurrencyCode = currency.code;
    record.cryptoAmountExpected = toJsonNumber(BigInt(quote.amount_expected), currency.decimals);
    record.cryptoAmountReceived = toJsonNumber(paid, currency.decimals);
    record.address = quote.address;
  }
  put(record, 'txHash', row.tx_hash);
  if (currency && quote && paid > 0n)
    record.settlement = settlementRecord(totalsOf(currency, row, row.paid_at ?? row.updated_at), quote.crypto_usd_price);
  put(record, 'description', row.description);
  put(record, 'number', row.number);
  put(record, 'webhookUrl', row.webhook_url);
  put(record, 'returnUrl', row.return_url);
  put(record, 'successUrl', row.success_url);
  put(record, 'failedUrl', row.failed_url);
  record.expiresAt = row.expires_at.toISOString();
  record.createdAt = row.created_at.toISOString();
  record.updatedAt = row.updated_at.toISOString();
  put(record, 'paidAt', row.paid_at ? row.paid_at.toISOString() : null);
  put(record, 'customerId', row.customer_id);
  put(record, 'customerEmail', row.customer_email);
  put(record, 'customPayload', row.custom_payload);
  record.paymentPageUrl = `${publicBaseUrl}/pay/${row.id}`;
  record.source = row.source;
  put(record, 'latePayment', row.late_payment);
  put(record, 'paymentLinkId', row.payment_link_id);
  const { amountRefunded, refunds: lines } = refundFields(quote?.currency_code ?? null, refunds);
  record.amountRefunded = amountRefunded;
  record.refunds = lines;
  return record;
}

/** Sums of the payments in its currency to one quote's address. */
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
    // Only payments in the quote's own currency count; another asset sent there is credited apart.
    .where('counted', '=', true)
    // A payment screening holds counts for nothing until the operator releases it.
    .where('on_hold', '=', false)
    .executeTakeFirstOrThrow();
  return { confirmed: BigInt(r.confirmed), pending: BigInt(r.pending), everSeen: Number(r.count) > 0 };
}

/** The record as the API answers it, links made from this installation's public URL. */
export function recordOf(ctx: AppContext, view: InvoiceView) {
  return invoiceRecord(view, ctx.config.publicBaseUrl);
}
