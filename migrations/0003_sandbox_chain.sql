-- The sandbox chains: blocks and transfers of networks without an RPC URL, shared by every
-- instance through the database, so a sandbox network behaves like a real chain seen by a watcher.
CREATE TABLE sandbox_blocks (
  network text NOT NULL,
  height integer NOT NULL,
  hash text NOT NULL UNIQUE,
  parent_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, height)
);

CREATE TABLE sandbox_transfers (
  network text NOT NULL,
  tx_hash text NOT NULL,
  output_index integer NOT NULL,
  to_address text NOT NULL,
  currency_code text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  -- NULL while in the mempool; the height of the block that includes it otherwise.
  block_height integer,
  -- Signals replace-by-fee (Bitcoin): such a payment is not final before it confirms.
  rbf boolean NOT NULL DEFAULT false,
  -- Dropped from the mempool or orphaned by a reorg: the chain no longer has it.
  dropped boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, tx_hash, output_index)
);
CREATE INDEX sandbox_transfers_height ON sandbox_transfers (network, block_height);
