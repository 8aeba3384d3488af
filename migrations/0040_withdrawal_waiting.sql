-- A withdrawal left in `created` says why. The execution round stores the reason it found
-- (modules/withdrawals/waiting.ts), so every instance shows the same: `hotWalletLow` (the detail
-- names the currency and the atomic units missing), `feeUnavailable`, `noSigner` (no worker holding
-- the network's key has run a round lately) or `signingFailed` (the detail has the node's message).
-- `waiting_since` is when the current reason was first found. All three are cleared when it is signed.
ALTER TABLE withdrawals
  ADD COLUMN waiting_reason text CONSTRAINT withdrawals_waiting_reason CHECK (waiting_reason IN ('hotWalletLow', 'feeUnavailable', 'noSigner', 'signingFailed')),
  ADD COLUMN waiting_detail jsonb,
  ADD COLUMN waiting_since timestamptz;

-- The networks a worker holding the hot-wallet key signs for, and when one last ran a round there
-- (written at most every 30 seconds). A network served without a recent row has no signer.
CREATE TABLE withdrawal_signers (
  network text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);
