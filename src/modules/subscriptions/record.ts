/** Rows of plans, customers and subscriptions as the API's records (optional fields absent, never null). */
import { sql, type Selectable } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { Executor } from '../../lib/db/index.ts';
import type { SubscriptionCustomersTable, SubscriptionPlansTable, SubscriptionsTable } from '../../lib/db/schema.ts';
import { knownFiat } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { isLanguage, type Language } from '../pay/i18n/index.ts';
import type { CustomerSchema, PeriodSchema, PlanSchema, SubscriptionSchema } from './schemas.ts';

export type PlanRow = Selectable<SubscriptionPlansTable>;
export type CustomerRow = Selectable<SubscriptionCustomersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
/** A subscription with the invoice of its latest billed period. */
export type SubscriptionView = SubscriptionRow & { latest_invoice_id: string | null };

export type PlanRecord = Static<typeof PlanSchema>;
export type CustomerRecord = Static<typeof CustomerSchema>;
export type SubscriptionRecord = Static<typeof SubscriptionSchema>;
export type PeriodRecord = Static<typeof PeriodSchema>;

/** Copies the defined values of `optional` onto `record`. */
function withOptional<T extends object>(record: T, optional: Partial<T>): T {
  for (const [key, value] of Object.entries(optional)) if (value !== undefined && value !== null) Object.assign(record, { [key]: value });
  return record;
}

export function planRecord(row: PlanRow): PlanRecord {
  const fiat = knownFiat(row.fiat_currency);
  return withOptional<PlanRecord>(
    {
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      amount: toJsonNumber(BigInt(row.amount_minor), fiat.decimals),
      fiatCurrencyCode: row.fiat_currency,
      interval: row.interval,
      intervalCount: row.interval_count,
      active: row.active,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    },
    { trialDays: row.trial_days ?? undefined },
  );
}

/** A stored language the gateway still speaks, else none (the customer then gets English mails). */
export const languageOf = (stored: string | null): Language | undefined => (isLanguage(stored) ? stored : undefined);

export function customerRecord(row: CustomerRow): CustomerRecord {
  return withOptional<CustomerRecord>(
    {
      id: row.id,
      accountId: row.account_id,
      email: row.email,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    },
    {
      name: row.name ?? undefined,
      reference: row.reference ?? undefined,
      creditDepositId: row.credit_deposit_id ?? undefined,
      language: languageOf(row.language),
    },
  );
}

export function subscriptionRecord(view: SubscriptionView, portalUrl?: string): SubscriptionRecord {
  return withOptional<SubscriptionRecord>(
    {
      id: view.id,
      accountId: view.account_id,
      customerId: view.customer_id,
      planId: view.plan_id,
      status: view.status,
      periodNumber: view.period_number,
      currentPeriodStart: view.current_period_start.toISOString(),
      currentPeriodEnd: view.current_period_end.toISOString(),
      cancelAtPeriodEnd: view.cancel_at_period_end,
      createdAt: view.created_at.toISOString(),
      updatedAt: view.updated_at.toISOString(),
    },
    {
      trialEnd: view.trial_end?.toISOString(),
      latestInvoiceId: view.latest_invoice_id ?? undefined,
      cancelledAt: view.cancelled_at?.toISOString(),
      endedAt: view.ended_at?.toISOString(),
      portalUrl,
    },
  );
}

/** The invoice of a subscription's latest billed period (a subquery of its row). */
const LATEST_INVOICE = sql<string | null>`(select p.invoice_id from subscription_periods p
  where p.subscription_id = subscriptions.id and p.invoice_id is not null order by p.period_number desc limit 1)`;

/** Subscriptions with their latest invoice. */
export function subscriptionSelect(db: Executor) {
  return db.selectFrom('subscriptions').selectAll('subscriptions').select(LATEST_INVOICE.as('latest_invoice_id'));
}

/** One subscription as a view (after a change, to publish or answer it). */
export async function loadSubscription(db: Executor, id: string): Promise<SubscriptionView | undefined> {
  return subscriptionSelect(db).where('subscriptions.id', '=', id).executeTakeFirst();
}

/** A subscription the caller has just read, locked or written: missing, it is a broken database, not a 404. */
export async function loadKnownSubscription(db: Executor, id: string): Promise<SubscriptionView> {
  return subscriptionSelect(db).where('subscriptions.id', '=', id).executeTakeFirstOrThrow();
}

/** Billed periods with their subscription and the status of their invoice (none when credit paid it). */
export function periodSelect(db: Executor) {
  return db
    .selectFrom('subscription_periods as p')
    .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
    .leftJoin('invoices as i', 'i.id', 'p.invoice_id')
    .select([
      'p.subscription_id',
      'p.period_number',
      'p.starts_at',
      'p.ends_at',
      'p.amount_minor',
      'p.fiat_currency',
      'p.paid_by',
      'p.paid_at',
      'p.invoice_id',
      'i.status',
    ]);
}

type PeriodRow = Awaited<ReturnType<ReturnType<typeof periodSelect>['executeTakeFirstOrThrow']>>;

/** One billed period as the API answers it, with its invoice and the invoice's payment page. */
export function periodRecord(publicBaseUrl: string, r: PeriodRow): PeriodRecord {
  return withOptional<PeriodRecord>(
    {
      subscriptionId: r.subscription_id,
      periodNumber: r.period_number,
      periodStart: r.starts_at.toISOString(),
      periodEnd: r.ends_at.toISOString(),
      amount: toJsonNumber(BigInt(r.amount_minor), knownFiat(r.fiat_currency).decimals),
      fiatCurrencyCode: r.fiat_currency,
      paid: r.paid_at !== null,
    },
    {
      paidBy: r.paid_by ?? undefined,
      paidAt: r.paid_at?.toISOString(),
      ...(r.invoice_id && r.status
        ? { invoiceId: r.invoice_id, invoiceStatus: r.status, paymentPageUrl: `${publicBaseUrl}/pay/${r.invoice_id}` }
        : {}),
    },
  );
}
