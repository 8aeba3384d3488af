-- The x402 discovery catalog: the paid resources a tenant (a seller) lists, each with the payment
-- requirements it accepts, as GET /v1/x402/discovery/resources answers them. A tenant's URLs are
-- unique within its catalog only: two sellers may list the same URL, each in its own catalog.
CREATE TABLE x402_resources (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  resource text NOT NULL,
  type text NOT NULL CHECK (type IN ('http')),
  -- The accepted payment requirements and the seller's metadata, kept as written (json, not jsonb:
  -- the key order the seller chose is the order a buyer reads).
  accepts json NOT NULL,
  metadata json NOT NULL,
  description text,
  mime_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, resource)
);
CREATE INDEX x402_resources_list ON x402_resources (tenant_id, created_at, id);

-- A buyer's payment identifier (the payment-identifier extension), claimed by the settle that first
-- sends a transaction for it, in the transaction that claims its settlement: the primary key makes
-- a second settle of the same identifier (a retry, or one racing the first) find this row and
-- answer the settlement it names instead of sending another. `fingerprint` is what the buyer agreed
-- to pay (network, asset, amount, payTo, resource); a retry whose fingerprint differs is refused.
CREATE TABLE x402_payment_identifiers (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  payer text NOT NULL,
  payment_id text NOT NULL,
  fingerprint text NOT NULL,
  network text NOT NULL,
  asset text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, payer, payment_id),
  FOREIGN KEY (network, asset, payer, nonce) REFERENCES x402_settlements (network, asset, payer, nonce)
);
