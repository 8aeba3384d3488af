-- Cold storage: what a network's hot wallet holds of a currency above its ceiling moves to the
-- operator's cold address, down to its target level, keeping what the withdrawal queue needs. A
-- move is paid as a withdrawal is: signed and stored before it is broadcast, followed to its
-- confirmations, replaced when stuck, and booked as custody moving from the hot wallet to cold.
CREATE TABLE cold_transfers (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  currency_code text NOT NULL,
  -- The cold address it pays, as configured when it was signed.
  address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  -- Why it was moved: the hot wallet was above its ceiling, or an operator asked for it.
  cause text NOT NULL CHECK (cause IN ('ceiling', 'operator')),
  -- What the hot wallet could spend and what the withdrawal queue needed of it when it was decided.
  hot_balance numeric(78, 0) NOT NULL,
  queued numeric(78, 0) NOT NULL,
  usd_price numeric(38, 18) NOT NULL,
  -- The hot wallet that signed it, and on EVM networks the nonce all its candidates share.
  sender text NOT NULL,
  nonce integer CHECK (nonce >= 0),
  tx_hash text NOT NULL,
  signed_tx text NOT NULL,
  network_cost numeric(78, 0) CHECK (network_cost >= 0),
  network_cost_currency text,
  fee_capped_at timestamptz,
  fee_capped_detail text,
  failure_reason text,
  broadcast_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one move in flight per network and currency: a second worker's insert fails here.
CREATE UNIQUE INDEX cold_transfers_in_flight ON cold_transfers (network, currency_code) WHERE status = 'processing';
-- Never two moves on one nonce of one hot wallet (payouts are kept off it under a lock: candidates.ts).
CREATE UNIQUE INDEX cold_transfers_sender_nonce ON cold_transfers (network, sender, nonce) WHERE nonce IS NOT NULL;
CREATE INDEX cold_transfers_recent ON cold_transfers (network, created_at DESC, id DESC);

-- Every transaction signed for a move, in order, kept as withdrawal_transactions keeps a payout's
-- (the same columns, checks and keys, naming the move instead of a withdrawal).
CREATE TABLE cold_transfer_transactions (LIKE withdrawal_transactions INCLUDING ALL);
ALTER TABLE cold_transfer_transactions RENAME COLUMN withdrawal_id TO cold_transfer_id;
ALTER TABLE cold_transfer_transactions ADD FOREIGN KEY (cold_transfer_id) REFERENCES cold_transfers (id);

-- Each hot wallet's level per currency, as a worker holding its key last read it: what it can
-- spend, what the withdrawal queue (committed and awaiting approval) needs of it, what it lacks
-- for that, and what to bring back from cold storage to cover the queue and restore the target.
CREATE TABLE hot_wallet_levels (
  network text NOT NULL,
  currency_code text NOT NULL,
  balance numeric(78, 0) NOT NULL,
  queued numeric(78, 0) NOT NULL CHECK (queued >= 0),
  shortfall numeric(78, 0) NOT NULL CHECK (shortfall >= 0),
  refill numeric(78, 0) NOT NULL CHECK (refill >= 0),
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, currency_code)
);

-- An operator's request to bring a network's hot wallet down to its target now, whatever its
-- ceiling: the next round of a worker holding the key carries it out and removes it.
CREATE TABLE cold_move_requests (
  network text PRIMARY KEY,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
