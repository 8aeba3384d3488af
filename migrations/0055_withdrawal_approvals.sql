-- Four eyes: a withdrawal the tenant's policy (approvalAboveUsd, approvalForApiKeys) or the
-- installation (WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD) sends to approval is committed as
-- `awaitingApproval`, its funds debited and held, until a second person approves it (it becomes
-- `created` and is paid) or rejects it, or it expires (`cancelled`, the funds given back).
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('awaitingApproval', 'created', 'processing', 'completed', 'failed', 'cancelled'));
ALTER TABLE withdrawals
  ADD COLUMN tenant_approval_required boolean NOT NULL DEFAULT false,
  ADD COLUMN operator_approval_required boolean NOT NULL DEFAULT false,
  -- Who committed it (the user, or the user a key belongs to): never its approver.
  ADD COLUMN committed_by_user_id uuid,
  ADD COLUMN approval_expires_at timestamptz;
CREATE INDEX withdrawals_awaiting_approval ON withdrawals (approval_expires_at) WHERE status = 'awaitingApproval';

CREATE TABLE withdrawal_approvals (
  id uuid PRIMARY KEY,
  withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
  level text NOT NULL CHECK (level IN ('tenant', 'operator')),
  -- The approving user (null: the operator token), and how people read who it was.
  user_id uuid,
  actor text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (withdrawal_id, level)
);
CREATE UNIQUE INDEX withdrawal_approvals_person ON withdrawal_approvals (withdrawal_id, user_id) WHERE user_id IS NOT NULL;
