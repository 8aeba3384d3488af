-- Transfers seen on chain to addresses we handed out, keyed by their natural on-chain key, and how
-- far each network has been scanned.
CREATE TABLE chain_cursors (
  network text PRIMARY KEY,
  next_height integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  tx_hash text NOT NULL,
  output_index integer NOT NULL,
  address text NOT NULL,
  currency_code text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  block_height integer,
  block_hash text,
  confirmations integer NOT NULL DEFAULT 0,
  rbf boolean NOT NULL DEFAULT false,
  -- seen (not final yet), confirmed (final), orphaned (the chain dropped it before it was final)
  status text NOT NULL CHECK (status IN ('seen', 'confirmed', 'orphaned')),
  purpose text NOT NULL,
  owner_id uuid NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (network, tx_hash, output_index),
  FOREIGN KEY (network, address) REFERENCES addresses (network, address)
);
CREATE INDEX payments_owner ON payments (owner_id);
CREATE INDEX payments_pending ON payments (network) WHERE status = 'seen';
