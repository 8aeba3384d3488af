-- Batch payouts: a batch quote prices up to 1,000 withdrawals at once, each item an ordinary
-- withdrawal quote that names it (so an item's orderId is unique with every other withdrawal of
-- the account); committing it holds the whole total in one transaction and makes one withdrawal
-- per item, each paid like any other, and the batch row follows them to its own end.
CREATE TABLE withdrawal_batch_quotes (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  item_count integer NOT NULL CHECK (item_count BETWEEN 1 AND 1000),
  expires_at timestamptz NOT NULL,
  committed_at timestamptz,
  batch_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Retention removes the quotes never committed, oldest first.
CREATE INDEX withdrawal_batch_quotes_uncommitted ON withdrawal_batch_quotes (expires_at) WHERE batch_id IS NULL;

-- An item's quote; a later batch quote naming the same uncommitted orderId takes the item over,
-- and the earlier batch quote then no longer has all its items (its commit is refused).
ALTER TABLE withdrawal_quotes
  ADD COLUMN batch_quote_id uuid REFERENCES withdrawal_batch_quotes (id) ON DELETE CASCADE,
  ADD COLUMN batch_index integer;
CREATE INDEX withdrawal_quotes_batch ON withdrawal_quotes (batch_quote_id, batch_index) WHERE batch_quote_id IS NOT NULL;

CREATE TABLE withdrawal_batches (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- One batch per batch quote, however many commits of it race.
  quote_id uuid NOT NULL UNIQUE REFERENCES withdrawal_batch_quotes (id),
  status text NOT NULL CHECK (status IN ('awaitingApproval', 'created', 'processing', 'completed', 'partiallyFailed', 'failed', 'cancelled')),
  item_count integer NOT NULL CHECK (item_count BETWEEN 1 AND 1000),
  webhook_url text,
  committed_by text,
  committed_by_key_id uuid,
  committed_by_user_id uuid,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_batches_account_created ON withdrawal_batches (account_id, created_at DESC, id DESC);

ALTER TABLE withdrawals ADD COLUMN batch_id uuid REFERENCES withdrawal_batches (id);
-- A batch's items by status: what moves the batch and what its summary counts.
CREATE INDEX withdrawals_batch_status ON withdrawals (batch_id, status) WHERE batch_id IS NOT NULL;
