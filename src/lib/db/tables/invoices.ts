/** Invoices and the quotes they are paid through. */
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of an invoice, the API's enum (migration 0009's CHECK; the machine is in modules/invoices/status.ts). */
export const INVOICE_STATUSES = [
  'created',
  'processing',
  'paid',
  'partially_paid',
  'overpaid',
  'expired',
  'cancelled',
  'failed',
  'suspended',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One line of an invoice as given; quantity and cost kept as exact decimal strings. */
export interface StoredInvoiceItem {
  name: string;
  quantity: string;
  cost: string;
}

type Sum = ColumnType<string, string | bigint | undefined, string | bigint>;

export interface InvoicesTable {
  id: string;
  tenant_id: string;
  account_id: string;
  order_id: string;
  /** The fiat total in the currency's minor units (cents). */
  amount_minor: Numeric;
  fiat_currency: string;
  items: ColumnType<StoredInvoiceItem[], string, string>;
  description: string | null;
  number: string | null;
  customer_id: string | null;
  /** Where the customer is mailed about the invoice, and the payment page's language they used (migration 0059). */
  customer_email: Generated<string | null>;
  customer_language: Generated<string | null>;
  /** The payment link the invoice was made through (migration 0061). */
  payment_link_id: Generated<string | null>;
  custom_payload: string | null;
  webhook_url: string | null;
  return_url: string | null;
  success_url: string | null;
  failed_url: string | null;
  source: string;
  status: InvoiceStatus;
  commission_rate: Numeric;
  quote_id: string | null;
  amount_paid: Sum;
  fee_withheld: Sum;
  commission: Sum;
  net_credited: Sum;
  tx_hash: string | null;
  late_payment: 'after_expiry' | 'after_cancellation' | null;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceQuotesTable {
  id: string;
  invoice_id: string;
  currency_code: string;
  network: string;
  address: string;
  amount_expected: Numeric;
  network_fee: Numeric;
  fiat_usd_price: Numeric;
  crypto_usd_price: Numeric;
  locked_at: Timestamp;
}
