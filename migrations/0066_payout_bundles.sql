-- Bitcoin payout bundles: the withdrawals of a network committed within BTC_BATCH_WINDOW_S are
-- paid by one transaction with an output each (and change), so they share one fee. A bundle is a
-- payout of its own kind: its candidates (the first signing and its BIP 125 replacements) are kept
-- here before they are broadcast, and its withdrawals follow it to its end, each with its own
-- status, event and share of the fee.
CREATE TABLE payout_bundles (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  currency_code text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  item_count integer NOT NULL CHECK (item_count >= 1),
  -- The hot wallet that signed it, and the candidate it stands on now.
  sender text,
  tx_hash text NOT NULL,
  signed_tx text NOT NULL,
  -- What the network took for the whole transaction (native coin's atomic units), booked when it completes.
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
CREATE INDEX payout_bundles_open ON payout_bundles (network, created_at) WHERE status = 'processing';

-- Every transaction signed for a bundle, in order, kept as withdrawal_transactions keeps a payout's
-- (the same columns, checks and keys, naming the bundle instead of a withdrawal).
CREATE TABLE payout_bundle_transactions (LIKE withdrawal_transactions INCLUDING ALL);
ALTER TABLE payout_bundle_transactions RENAME COLUMN withdrawal_id TO payout_bundle_id;
ALTER TABLE payout_bundle_transactions ADD FOREIGN KEY (payout_bundle_id) REFERENCES payout_bundles (id);

-- A withdrawal paid by a bundle names it and its output there (the same in every candidate: the
-- payments keep their order, change comes last).
ALTER TABLE withdrawals
  ADD COLUMN bundle_id uuid REFERENCES payout_bundles (id),
  ADD COLUMN output_index integer CHECK (output_index >= 0);
CREATE INDEX withdrawals_bundle ON withdrawals (bundle_id, output_index) WHERE bundle_id IS NOT NULL;
