-- Subscriptions: a merchant's plans (a fiat price per week, month or year), its customers, and
-- each customer's subscriptions to a plan, billed one period at a time by an invoice of the
-- subscription's account issued ahead of the period's start.
CREATE TABLE subscription_plans (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  name text NOT NULL,
  -- The price of one period in the fiat's minor units.
  amount_minor numeric(78, 0) NOT NULL CHECK (amount_minor > 0),
  fiat_currency text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('week', 'month', 'year')),
  interval_count integer NOT NULL DEFAULT 1 CHECK (interval_count BETWEEN 1 AND 52),
  trial_days integer CHECK (trial_days BETWEEN 1 AND 730),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_plans_account ON subscription_plans (account_id, created_at DESC, id DESC);

CREATE TABLE subscription_customers (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  email text NOT NULL,
  name text,
  -- The merchant's own key of the customer, unique in the tenant.
  reference text,
  -- The deposit whose address the customer tops up prepaid credit through (its latest).
  credit_deposit_id uuid REFERENCES deposits (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, reference)
);
CREATE INDEX subscription_customers_account ON subscription_customers (account_id, created_at DESC, id DESC);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  customer_id uuid NOT NULL REFERENCES subscription_customers (id),
  plan_id uuid NOT NULL REFERENCES subscription_plans (id),
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'pastDue', 'cancelled', 'expired')),
  -- The period the subscription is in: 0 is a trial, 1 the first paid period.
  period_number integer NOT NULL CHECK (period_number >= 0),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL CHECK (current_period_end > current_period_start),
  trial_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- Payment reminders sent for the current (unpaid) period, and when the last one went.
  reminders_sent integer NOT NULL DEFAULT 0,
  last_reminder_at timestamptz,
  cancelled_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_account ON subscriptions (account_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_customer ON subscriptions (customer_id, created_at DESC, id DESC);
-- The billing job's walk: open subscriptions by the end of their period.
CREATE INDEX subscriptions_open ON subscriptions (current_period_end) WHERE status IN ('trialing', 'active', 'pastDue');

-- One row per billed period: its invoice (unique, so two workers never bill a period twice) or,
-- when prepaid credit paid it, no invoice.
CREATE TABLE subscription_periods (
  subscription_id uuid NOT NULL REFERENCES subscriptions (id),
  period_number integer NOT NULL CHECK (period_number >= 1),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  amount_minor numeric(78, 0) NOT NULL,
  fiat_currency text NOT NULL,
  invoice_id uuid UNIQUE REFERENCES invoices (id),
  paid_by text CHECK (paid_by IN ('invoice', 'credit')),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, period_number)
);
-- Periods whose invoice may have been paid since the job last looked.
CREATE INDEX subscription_periods_unpaid ON subscription_periods (invoice_id) WHERE paid_at IS NULL;

-- Prepaid credit moved from the merchant's balance to the customer's, once per deposit payment.
CREATE TABLE subscription_credit_moves (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  customer_id uuid NOT NULL REFERENCES subscription_customers (id),
  currency_code text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A customer's prepaid credit (`customer-credit:<id>`) is owed like a merchant balance: never below zero.
ALTER TABLE ledger_balances ADD CONSTRAINT ledger_balances_customer_credit_nonnegative CHECK (ledger_account NOT LIKE 'customer-credit:%' OR balance >= 0);
