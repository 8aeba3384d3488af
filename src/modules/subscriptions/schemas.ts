/** Request bodies and records of plans, customers and subscriptions, and the subscription event. */
import { Type } from '@sinclair/typebox';
import { DateTime, Money, MoneyInput, PageQuery } from '../../lib/http/schemas.ts';
import { statusEnum } from '../../lib/state-machine.ts';
import { PLAN_INTERVALS, SUBSCRIPTION_STATUSES } from '../../lib/db/schema.ts';
import { MAX_FIAT_AMOUNT } from '../invoices/create.ts';
import { LANGUAGES } from '../pay/i18n/index.ts';

const Id = Type.String({ format: 'uuid' });
const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/** A language of the payment page, which the customer's mails and portal speak. */
const Language = Type.Union(
  LANGUAGES.map((l) => Type.Literal(l)),
  {
    description: `The language the customer is mailed in and their portal opens in (ISO 639-1): one of ${LANGUAGES.join(', ')}; absent: English mails, the browser's language in the portal`,
  },
);
const Interval = statusEnum(PLAN_INTERVALS, { description: 'The unit of a period: a period lasts intervalCount of them' });

/** POST /plans. */
export const CreatePlanBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  amount: MoneyInput({ exclusiveMinimum: 0, maximum: MAX_FIAT_AMOUNT, description: 'The price of one period in the fiat currency' }),
  fiatCurrencyCode: Type.String({ minLength: 1, maxLength: 16 }),
  interval: Interval,
  intervalCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 52, default: 1 })),
  trialDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 730, description: 'Days a new subscription is free before its first period' }),
  ),
});

/** PATCH /plans/{id}: the name, or whether new subscriptions may start (existing ones go on). */
export const UpdatePlanBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  active: Type.Optional(Type.Boolean()),
});

export const PlanSchema = Type.Object({
  id: Id,
  accountId: Id,
  name: Type.String(),
  amount: Money('The price of one period'),
  fiatCurrencyCode: Type.String(),
  interval: Interval,
  intervalCount: Type.Integer(),
  trialDays: Type.Optional(Type.Integer()),
  active: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});

/** POST /customers. */
export const CreateCustomerBody = Type.Object({
  email: Email,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  reference: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: "The merchant's own key of the customer, unique in the tenant" }),
  ),
  language: Type.Optional(Language),
});

/** PATCH /customers/{id}. */
export const UpdateCustomerBody = Type.Object({
  email: Type.Optional(Email),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(
    Type.Union([Language, Type.Null()], { description: 'The language of their mails and portal; null: none chosen (English mails)' }),
  ),
});

/** PATCH /portal/{token}/customer: what the customer changes themselves. */
export const PortalCustomerBody = Type.Object({ email: Email, language: Type.Optional(Language) });

export const CustomerSchema = Type.Object({
  id: Id,
  accountId: Id,
  email: Type.String(),
  name: Type.Optional(Type.String()),
  reference: Type.Optional(Type.String()),
  creditDepositId: Type.Optional(Type.String({ format: 'uuid', description: 'The deposit whose address tops up prepaid credit' })),
  language: Type.Optional(Language),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const SubscriptionStatusSchema = statusEnum(SUBSCRIPTION_STATUSES, {
  description:
    'trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid',
});

/** POST /subscriptions. */
export const CreateSubscriptionBody = Type.Object({
  planId: Id,
  customerId: Id,
  cancelAtPeriodEnd: Type.Optional(Type.Boolean()),
});

/** PATCH /subscriptions/{id}. */
export const UpdateSubscriptionBody = Type.Object({
  cancelAtPeriodEnd: Type.Boolean({ description: 'true: ends at the end of the current period, no further invoice; false: renews again' }),
});

/** POST /subscriptions/{id}/cancel. */
export const CancelSubscriptionBody = Type.Object({
  atPeriodEnd: Type.Optional(
    Type.Boolean({ description: 'true: at the end of the current period (the same as PATCH cancelAtPeriodEnd); absent or false: now' }),
  ),
});

export const SubscriptionSchema = Type.Object({
  id: Id,
  accountId: Id,
  customerId: Id,
  planId: Id,
  status: SubscriptionStatusSchema,
  periodNumber: Type.Integer({ description: '0 during the trial, then 1, 2, … for each paid period' }),
  currentPeriodStart: DateTime,
  currentPeriodEnd: DateTime,
  cancelAtPeriodEnd: Type.Boolean(),
  trialEnd: Type.Optional(DateTime),
  latestInvoiceId: Type.Optional(Type.String({ format: 'uuid', description: 'The invoice of the latest period billed' })),
  cancelledAt: Type.Optional(DateTime),
  endedAt: Type.Optional(DateTime),
  portalUrl: Type.Optional(Type.String({ description: "A signed link to the customer's portal, valid for a limited time" })),
  createdAt: DateTime,
  updatedAt: DateTime,
});

/** `subscription.statusChanged` body: the subscription and the status it left. */
export const SubscriptionStatusChangedSchema = Type.Object({
  event: Type.Literal('subscription.statusChanged'),
  data: Type.Composite([SubscriptionSchema, Type.Object({ previousStatus: SubscriptionStatusSchema })]),
  timestamp: DateTime,
});

export const SubscriptionListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(SubscriptionStatusSchema),
  customerId: Type.Optional(Id),
});

/** A billed period of a subscription: its bounds and price, whether it is paid, and its invoice (none when prepaid credit paid it). */
export const PeriodSchema = Type.Object({
  subscriptionId: Id,
  periodNumber: Type.Integer({ description: '1 for the first paid period, then 2, 3, …' }),
  periodStart: DateTime,
  periodEnd: DateTime,
  amount: Money('The price of the period'),
  fiatCurrencyCode: Type.String(),
  paid: Type.Boolean(),
  paidBy: Type.Optional(Type.String({ description: 'invoice or credit' })),
  paidAt: Type.Optional(DateTime),
  invoiceId: Type.Optional(Id),
  invoiceStatus: Type.Optional(Type.String()),
  paymentPageUrl: Type.Optional(Type.String()),
});
