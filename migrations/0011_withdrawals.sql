-- Withdrawals: a quote fixes the fee and what will be debited (reserving nothing); committing it
-- debits the balance and creates the withdrawal, which a worker signs, records and broadcasts.
CREATE TABLE withdrawal_quotes (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  order_id text NOT NULL,
  currency_code text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  -- The on-chain fee in the withdrawal currency, and as the network's native coin.
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  fee_native numeric(78, 0) NOT NULL CHECK (fee_native >= 0),
  fee_native_currency text NOT NULL,
  usd_price numeric(38, 18) NOT NULL,
  -- Optional conversion that tops the withdrawal balance up first (locked on the quote).
  convert_from text,
  convert_from_amount numeric(78, 0),
  convert_to_amount numeric(78, 0),
  convert_commission numeric(78, 0),
  expires_at timestamptz NOT NULL,
  committed_at timestamptz,
  withdrawal_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, order_id)
);

CREATE TABLE conversions (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  from_currency text NOT NULL,
  to_currency text NOT NULL,
  from_amount numeric(78, 0) NOT NULL CHECK (from_amount > 0),
  to_amount numeric(78, 0) NOT NULL CHECK (to_amount > 0),
  commission numeric(78, 0) NOT NULL CHECK (commission >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  order_id text NOT NULL,
  quote_id uuid NOT NULL UNIQUE REFERENCES withdrawal_quotes (id),
  currency_code text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  usd_price numeric(38, 18) NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'processing', 'completed', 'failed', 'cancelled')),
  convert_id uuid REFERENCES conversions (id),
  custom_data jsonb,
  webhook_url text,
  source text NOT NULL,
  -- The signed transaction is stored before it is broadcast, and only that one is ever (re)sent.
  tx_hash text,
  signed_tx text,
  failure_reason text,
  broadcast_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, order_id)
);
CREATE INDEX withdrawals_account_created ON withdrawals (account_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_open ON withdrawals (created_at) WHERE status IN ('created', 'processing');
