-- Every transaction a sweeper signs (Tron: top-ups, energy delegations and their reclaims, sweeps), stored
-- before it is broadcast. Keyed by (network, address, purpose, seq): seq is the count of earlier rows of
-- the same address and purpose, so a second worker, or a retry after a crash between signing and
-- broadcasting, collides with the stored one and rebroadcasts it instead of signing another. A new one
-- is signed only once every stored one of the address is settled: in an irreversible block (confirmed,
-- or failed, e.g. OUT_OF_ENERGY) or past its expiration in no block (expired).
CREATE TABLE sweep_transactions (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  address text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('topup', 'delegate', 'sweep', 'rest', 'undelegate')),
  seq integer NOT NULL,
  currency_code text NOT NULL,
  tx_hash text NOT NULL,
  raw text NOT NULL,
  expires_at_ms bigint NOT NULL,
  status text NOT NULL DEFAULT 'signed' CHECK (status IN ('signed', 'confirmed', 'failed', 'expired')),
  fee numeric(78, 0),
  payment_ids text NOT NULL DEFAULT '[]',
  followed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  UNIQUE (network, address, purpose, seq),
  UNIQUE (network, tx_hash)
);
CREATE INDEX sweep_transactions_open ON sweep_transactions (network) WHERE status = 'signed' OR (status = 'confirmed' AND NOT followed_up);
