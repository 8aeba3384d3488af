/** Payment links (migration 0061). */
import type { ColumnType, Generated } from 'kysely';
import type { NullableNumeric, NullableTimestamp } from './columns.ts';

/** What a link makes: an invoice per payment, or one invoice that takes several payments until paid. */
export const PAYMENT_LINK_KINDS = ['payment', 'request'] as const;
export type PaymentLinkKind = (typeof PAYMENT_LINK_KINDS)[number];

export interface PaymentLinksTable {
  id: string;
  tenant_id: string;
  account_id: string;
  slug: string;
  kind: PaymentLinkKind;
  title: string;
  description: string | null;
  fiat_currency: string;
  amount_minor: NullableNumeric;
  min_amount_minor: NullableNumeric;
  max_amount_minor: NullableNumeric;
  max_quantity: number | null;
  max_uses: number | null;
  expires_at: NullableTimestamp;
  success_url: string | null;
  active: Generated<boolean>;
  uses: Generated<number>;
  invoices_made: Generated<number>;
  invoices_paid: Generated<number>;
  /** The fiat totals of its paid invoices, in minor units (exact decimal text). */
  amount_paid_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  request_invoice_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
