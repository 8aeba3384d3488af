-- Tenants, their accounts and API keys; blocked customers; live network-fee quotes.
CREATE TABLE tenants (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  max_accounts integer,
  deposit_webhook_url text,
  deposit_commission numeric(10, 6),
  webhook_secret text NOT NULL,
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tenants_commission_range CHECK (deposit_commission IS NULL OR (deposit_commission >= 0 AND deposit_commission < 1)),
  CONSTRAINT tenants_max_accounts_positive CHECK (max_accounts IS NULL OR max_accounts >= 1)
);

CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_tenant_created ON accounts (tenant_id, created_at);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  key_hash text NOT NULL UNIQUE,
  key_start text NOT NULL,
  scopes text[] NOT NULL,
  allowed_ips text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_keys_tenant ON api_keys (tenant_id);

CREATE TABLE blocked_customers (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, customer_id)
);

-- The live deposit network fee of each currency, in its atomic units; NULL while no quote exists.
CREATE TABLE network_fee_quotes (
  currency_code text PRIMARY KEY,
  amount numeric(78, 0),
  quoted_at timestamptz NOT NULL,
  source text NOT NULL,
  CONSTRAINT network_fee_quotes_amount_nonnegative CHECK (amount IS NULL OR amount >= 0)
);

-- Service-wide settings that must survive restarts (the generated admin token's hash).
CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
