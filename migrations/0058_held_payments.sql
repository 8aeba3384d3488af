-- Incoming screening: a payment records who paid it, where the chain says, and a payment whose
-- sender the denylist or the screening provider flagged is held (`on_hold`): recorded, not credited
-- to its invoice or deposit, its coins owed in `suspense:screened` once final, until the operator
-- releases it (credited as it would have been) or refunds it (a payout out of that suspense).
ALTER TABLE payments ADD COLUMN senders text[];
ALTER TABLE payments ADD COLUMN on_hold boolean NOT NULL DEFAULT false;
ALTER TABLE sandbox_transfers ADD COLUMN sender text;

CREATE TABLE held_payments (
  -- The payment's own id: a payment is held at most once.
  id uuid PRIMARY KEY REFERENCES payments (id),
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  status text NOT NULL CHECK (status IN ('held', 'released', 'refunded')),
  -- The sender that was flagged, and what flagged it (denylist, provider, failClosed).
  sender text NOT NULL,
  decision text NOT NULL,
  source text NOT NULL,
  reason text,
  refund_address text,
  refund_withdrawal_id uuid REFERENCES withdrawals (id),
  -- The operator who released or refunded it, as people read it.
  decided_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX held_payments_queue ON held_payments (status, created_at DESC, id DESC);
CREATE INDEX held_payments_tenant ON held_payments (tenant_id, status, created_at DESC, id DESC);

-- A refund of a held payment is a withdrawal paid out of `suspense:screened`: a cancelled or failed
-- one gives its money back there, not to the merchant.
ALTER TABLE withdrawals ADD COLUMN suspense_account text NOT NULL DEFAULT 'suspense:below-minimum';
