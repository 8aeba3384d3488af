-- Conversions between two balances of one account (POST /v1/converting/quote, then commit). A quote
-- fixes both amounts for CONVERT_QUOTE_TTL_S and reserves nothing; committing it books the
-- conversion. `from_amount` is everything that leaves the source balance and `to_amount` everything
-- that arrives; `commission` is the part of `from_amount` the house keeps, shown for information.
CREATE TABLE conversion_quotes (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  from_currency text NOT NULL,
  to_currency text NOT NULL CHECK (to_currency <> from_currency),
  from_amount numeric(78, 0) NOT NULL CHECK (from_amount > 0),
  to_amount numeric(78, 0) NOT NULL CHECK (to_amount > 0),
  commission numeric(78, 0) NOT NULL CHECK (commission >= 0 AND commission < from_amount),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A committed conversion names its quote (null: a withdrawal's auto-convert, locked on the
-- withdrawal quote); the unique key lets a quote be committed once, whoever tries it at once.
ALTER TABLE conversions
  ADD COLUMN quote_id uuid UNIQUE REFERENCES conversion_quotes (id),
  ADD COLUMN completed_at timestamptz;
UPDATE conversions SET completed_at = created_at;
ALTER TABLE conversions ALTER COLUMN completed_at SET NOT NULL, ALTER COLUMN completed_at SET DEFAULT now();
CREATE INDEX conversions_account_completed ON conversions (account_id, completed_at DESC, id DESC);

-- The commission is now inside `from_amount` (it used to be debited beside it): conversions booked
-- before, and auto-convert quotes not yet committed, are restated in those terms, so every
-- `from_amount` means what left the source balance.
UPDATE conversions SET from_amount = from_amount + commission;
UPDATE withdrawal_quotes SET convert_from_amount = convert_from_amount + convert_commission
  WHERE convert_from IS NOT NULL AND committed_at IS NULL;
