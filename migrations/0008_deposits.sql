-- Top-up deposits: one fresh address each, open amount, network fee and commission rate fixed at creation.
CREATE TABLE deposits (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  order_id text NOT NULL,
  customer_id text,
  webhook_url text,
  currency_code text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'processing', 'completed', 'suspended', 'failed', 'expired', 'cancelled')),
  network_fee numeric(78, 0) NOT NULL CHECK (network_fee >= 0),
  min_amount numeric(78, 0) NOT NULL CHECK (min_amount > 0),
  commission_rate numeric(10, 6) NOT NULL,
  -- Sums over the deposit's confirmed payments, in atomic units.
  amount_paid numeric(78, 0) NOT NULL DEFAULT 0,
  fee_withheld numeric(78, 0) NOT NULL DEFAULT 0,
  commission numeric(78, 0) NOT NULL DEFAULT 0,
  net_credited numeric(78, 0) NOT NULL DEFAULT 0,
  usd_price numeric(38, 18),
  tx_hash text,
  completed_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, order_id),
  FOREIGN KEY (network, address) REFERENCES addresses (network, address)
);
CREATE INDEX deposits_account_created ON deposits (account_id, created_at DESC, id DESC);
CREATE INDEX deposits_open_expiry ON deposits (expires_at) WHERE status = 'created';
