-- Double-entry journal. Every money movement is one entry of lines that sum to zero per currency;
-- balances are the running sums of the lines per ledger account and currency, written in the
-- same transaction as the entry.
CREATE TABLE journal_entries (
  id uuid PRIMARY KEY,
  tenant_id uuid REFERENCES tenants (id),
  -- What caused the movement (deposit.completed, invoice.paid, withdrawal.committed, …) and its object.
  kind text NOT NULL,
  ref_type text NOT NULL,
  ref_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One entry per cause: replaying the same event cannot post twice.
  UNIQUE (kind, ref_type, ref_id)
);

CREATE TABLE journal_lines (
  entry_id uuid NOT NULL REFERENCES journal_entries (id),
  line_no integer NOT NULL,
  -- Ledger account: merchant:<accountId>, custody:<network>, revenue:commission, fees:network, …
  ledger_account text NOT NULL,
  currency_code text NOT NULL,
  -- Signed atomic units: positive debits, negative credits.
  amount numeric(78, 0) NOT NULL CHECK (amount <> 0),
  PRIMARY KEY (entry_id, line_no)
);
CREATE INDEX journal_lines_account ON journal_lines (ledger_account, currency_code);

CREATE TABLE ledger_balances (
  ledger_account text NOT NULL,
  currency_code text NOT NULL,
  -- Sum of the account's lines, sign flipped for liability accounts (what the gateway owes).
  balance numeric(78, 0) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ledger_account, currency_code),
  -- A merchant balance never goes below zero.
  CONSTRAINT ledger_balances_merchant_nonnegative CHECK (ledger_account NOT LIKE 'merchant:%' OR balance >= 0)
);

-- At commit, every entry touched by the transaction must balance per currency.
CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM journal_lines
    WHERE entry_id = NEW.entry_id
    GROUP BY currency_code
    HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'journal entry % does not balance', NEW.entry_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER journal_lines_balanced
  AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
