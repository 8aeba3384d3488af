-- A daily limit for each API key beside the tenant's, so one leaked key cannot spend the whole
-- day's allowance; and who committed each withdrawal, so approvers see it and a key's day is summed.
ALTER TABLE payout_policies
  ADD COLUMN max_per_day_per_key_usd numeric(20, 2) CHECK (max_per_day_per_key_usd >= 0);

ALTER TABLE withdrawals
  -- The API key that committed it (null: a person's session, or before this column).
  ADD COLUMN committed_by_key_id uuid,
  -- How people read who committed it: the user's email, or the key's prefix.
  ADD COLUMN committed_by text;

-- A key's rolling 24 hours sums its own recent withdrawals.
CREATE INDEX withdrawals_key_created ON withdrawals (committed_by_key_id, created_at) WHERE committed_by_key_id IS NOT NULL;

-- The operator's queue of withdrawals awaiting approval, oldest first, like the other queues.
CREATE INDEX withdrawals_approval_queue ON withdrawals (created_at, id) INCLUDE (tenant_id) WHERE status = 'awaitingApproval';
