-- X402 settlements: one row per EIP-3009 authorization, keyed by what makes it unique on chain, so
-- two settles of one payload broadcast one transaction and a replay finds the original.
CREATE TABLE x402_settlements (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  network text NOT NULL,
  -- Addresses in lowercase.
  asset text NOT NULL,
  payer text NOT NULL,
  pay_to text NOT NULL,
  nonce text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  status text NOT NULL CHECK (status IN ('submitted', 'confirmed', 'failed')),
  -- The transaction hash; empty until broadcast.
  transaction text NOT NULL DEFAULT '',
  error_reason text,
  -- Wei the fee payer spent on it (gas used × effective price), once the receipt is in.
  gas_cost numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  UNIQUE (network, asset, payer, nonce)
);
CREATE INDEX x402_settlements_tenant ON x402_settlements (tenant_id, created_at DESC, id DESC);
CREATE INDEX x402_settlements_pending ON x402_settlements (created_at) WHERE status = 'submitted';
