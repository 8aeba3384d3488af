-- Payouts never stay stuck: a withdrawal whose transaction does not confirm is replaced with a
-- higher fee (EVM: same nonce; Bitcoin: same inputs, BIP 125) or, on Tron, rebuilt once its
-- transaction has expired. Every signed candidate is kept here, in order, before it is broadcast;
-- each conflicts with the ones before it, so at most one of them can ever confirm, and the round
-- follows all of them until one does.
CREATE TABLE withdrawal_transactions (
  withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
  -- 0 for the first signing, then 1, 2, … for its replacements.
  seq integer NOT NULL CHECK (seq >= 0),
  network text NOT NULL,
  tx_hash text NOT NULL,
  raw text NOT NULL,
  -- What replacing it needs (nonce and fees, inputs and fee rate, expiration): chains/types.ts TransferTerms.
  terms jsonb,
  -- Why it replaced the one before; null for the first.
  reason text CHECK (reason IN ('stuck', 'underpriced', 'expired')),
  -- The tip when it was first broadcast: how many blocks it has waited.
  broadcast_height integer,
  broadcast_at timestamptz,
  -- A replacement the network refused for good; the candidates before it still stand.
  rejected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (withdrawal_id, seq),
  UNIQUE (network, tx_hash),
  CHECK ((seq = 0) = (reason IS NULL))
);

ALTER TABLE withdrawals
  -- The hot wallet that signed it, and on EVM networks the nonce all its candidates share.
  ADD COLUMN sender text,
  ADD COLUMN nonce integer CHECK (nonce >= 0),
  -- What the network finally took for it (native coin's atomic units), booked when it completes.
  ADD COLUMN network_cost numeric(78, 0) CHECK (network_cost >= 0),
  ADD COLUMN network_cost_currency text,
  -- Since when it waits because its replacement would cost more than the operator's ceiling.
  ADD COLUMN fee_capped_at timestamptz,
  ADD COLUMN fee_capped_detail text;

-- Never two payouts on one nonce of one hot wallet: a second writer's commit fails here.
CREATE UNIQUE INDEX withdrawals_sender_nonce ON withdrawals (network, sender, nonce) WHERE nonce IS NOT NULL;

-- Withdrawals signed before this migration: their one transaction is their first candidate.
INSERT INTO withdrawal_transactions (withdrawal_id, seq, network, tx_hash, raw, broadcast_at)
SELECT id, 0, network, tx_hash, signed_tx, broadcast_at FROM withdrawals WHERE signed_tx IS NOT NULL AND tx_hash IS NOT NULL;
