-- HD accounts (one per network and extended public key) and every address handed out from them.
CREATE TABLE hd_accounts (
  id serial PRIMARY KEY,
  network text NOT NULL,
  xpub text NOT NULL,
  -- The next child index to hand out; advanced inside the transaction that takes the address.
  next_index integer NOT NULL DEFAULT 0,
  sandbox boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (network, xpub),
  CONSTRAINT hd_accounts_index_range CHECK (next_index >= 0 AND next_index < 2147483647)
);

CREATE TABLE addresses (
  network text NOT NULL,
  address text NOT NULL,
  hd_account_id integer NOT NULL REFERENCES hd_accounts (id),
  derivation_index integer NOT NULL,
  -- What the address was handed out for (invoice, deposit, …) and that object's id.
  purpose text NOT NULL,
  owner_id uuid NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, address),
  UNIQUE (hd_account_id, derivation_index)
);
CREATE INDEX addresses_owner ON addresses (owner_id);
