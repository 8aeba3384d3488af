-- Sandbox only: coins the sandbox faucet put into a network's hot wallet when it held less
-- than a payout needed (a conversion credits a balance with no coins behind it). The sandbox chain
-- counts them as custody at once, like a genesis allocation, and each is booked in the same
-- transaction as custody in against `sandbox:faucet`, so the solvency view and the ledger agree.
CREATE TABLE sandbox_faucet (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  currency_code text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  -- The payout it was given for.
  withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_faucet_network ON sandbox_faucet (network, currency_code);
