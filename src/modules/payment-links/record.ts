import { sql, type Selectable } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { Executor } from '../../lib/db/index.ts';
import type { PaymentLinksTable } from '../../lib/db/schema.ts';
import { knownFiat } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import type { AvailabilitySchema } from './schemas.ts';

export type PaymentLinkRow = Selectable<PaymentLinksTable>;
export type Availability = Static<typeof AvailabilitySchema>;
/** A link as read: its row, and whether a customer can use it now (by the database's clock). */
export type LinkView = PaymentLinkRow & { availability: Availability };

/**
 * Whether a customer can use the link now, in SQL: the same rule as the conditional UPDATE that
 * takes a use (checkout.ts), so what the page says is what the taking finds.
 */
export const AVAILABILITY = sql<Availability>`case
  when not payment_links.active then 'disabled'
  when payment_links.expires_at <= now() then 'expired'
  when payment_links.max_uses is not null and payment_links.uses >= payment_links.max_uses then 'usedUp'
  else 'open' end`;

/** Links with their availability. */
export function linkSelect(db: Executor) {
  return db.selectFrom('payment_links').selectAll('payment_links').select(AVAILABILITY.as('availability'));
}

/** The public page of a link: its slug under this installation's address. */
export function linkUrl(publicBaseUrl: string, slug: string): string {
  return `${publicBaseUrl}/pay/link/${slug}`;
}

/** The API's payment link record; optional fields are absent, never null. */
export interface PaymentLinkRecord {
  id: string;
  accountId: string;
  url: string;
  kind: PaymentLinkRow['kind'];
  title: string;
  description?: string;
  fiatCurrencyCode: string;
  amount?: JsonDecimal;
  minAmount?: JsonDecimal;
  maxAmount?: JsonDecimal;
  maxQuantity?: number;
  maxUses?: number;
  expiresAt?: string;
  successUrl?: string;
  active: boolean;
  availability: Availability;
  uses: number;
  invoicesMade: number;
  invoicesPaid: number;
  amountPaid: JsonDecimal;
  requestInvoiceId?: string;
  createdAt: string;
  updatedAt: string;
}

/** The record of a link, its fields in the API's order. */
export function linkRecord(view: LinkView, publicBaseUrl: string): PaymentLinkRecord {
  const { decimals } = knownFiat(view.fiat_currency);
  const money = (minor: string | null) => (minor === null ? undefined : toJsonNumber(BigInt(minor), decimals));
  const record: PaymentLinkRecord = {
    id: view.id,
    accountId: view.account_id,
    url: linkUrl(publicBaseUrl, view.slug),
    kind: view.kind,
    title: view.title,
    fiatCurrencyCode: view.fiat_currency,
    active: view.active,
    availability: view.availability,
    uses: view.uses,
    invoicesMade: view.invoices_made,
    invoicesPaid: view.invoices_paid,
    amountPaid: toJsonNumber(BigInt(view.amount_paid_minor), decimals),
    createdAt: view.created_at.toISOString(),
    updatedAt: view.updated_at.toISOString(),
  };
  const optional: Partial<PaymentLinkRecord> = {
    description: view.description ?? undefined,
    amount: money(view.amount_minor),
    minAmount: money(view.min_amount_minor),
    maxAmount: money(view.max_amount_minor),
    maxQuantity: view.max_quantity ?? undefined,
    maxUses: view.max_uses ?? undefined,
    expiresAt: view.expires_at?.toISOString(),
    successUrl: view.success_url ?? undefined,
    requestInvoiceId: view.request_invoice_id ?? undefined,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(record, { [key]: value });
  return record;
}
