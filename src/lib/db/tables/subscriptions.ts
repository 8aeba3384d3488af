/** Plans, customers, subscriptions and their billed periods (migration 0062). */
import type { Generated } from 'kysely';
import type { Numeric, NullableTimestamp, Timestamp } from './columns.ts';

/** Statuses of a subscription (migration 0062's CHECK lists the same; the machine is in modules/subscriptions/status.ts). */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'pastDue', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How long one period of a plan lasts, in units of this times the plan's interval count. */
export const PLAN_INTERVALS = ['week', 'month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export interface SubscriptionPlansTable {
  id: string;
  tenant_id: string;
  account_id: string;
  name: string;
  /** The price of one period, in the fiat's minor units. */
  amount_minor: Numeric;
  fiat_currency: string;
  interval: PlanInterval;
  interval_count: Generated<number>;
  trial_days: number | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionCustomersTable {
  id: string;
  tenant_id: string;
  account_id: string;
  email: string;
  name: string | null;
  reference: string | null;
  credit_deposit_id: string | null;
  /** The payment page's language the customer is mailed in and their portal opens in; null: not chosen (migration 0065). */
  language: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: string;
  tenant_id: string;
  account_id: string;
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  /** 0: the trial; 1: the first paid period. */
  period_number: number;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  trial_end: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  reminders_sent: Generated<number>;
  last_reminder_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionPeriodsTable {
  subscription_id: string;
  period_number: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  amount_minor: Numeric;
  fiat_currency: string;
  invoice_id: string | null;
  paid_by: 'invoice' | 'credit' | null;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SubscriptionCreditMovesTable {
  payment_id: string;
  customer_id: string;
  currency_code: string;
  amount: Numeric;
  created_at: Timestamp;
}
