-- Refunds: a withdrawal that gives back what an invoice or a deposit received, to the customer.
-- A refund names its object (never both); a deposit's refund may release what its below-minimum
-- payments put in suspense (suspense_released), which cancel and failure give back to suspense.
ALTER TABLE withdrawal_quotes
  ADD COLUMN refund_invoice_id uuid REFERENCES invoices (id),
  ADD COLUMN refund_deposit_id uuid REFERENCES deposits (id),
  ADD CONSTRAINT withdrawal_quotes_refund_one CHECK (refund_invoice_id IS NULL OR refund_deposit_id IS NULL);

ALTER TABLE withdrawals
  ADD COLUMN refund_invoice_id uuid REFERENCES invoices (id),
  ADD COLUMN refund_deposit_id uuid REFERENCES deposits (id),
  ADD COLUMN suspense_released numeric(78, 0) NOT NULL DEFAULT 0 CHECK (suspense_released >= 0),
  ADD CONSTRAINT withdrawals_refund_one CHECK (refund_invoice_id IS NULL OR refund_deposit_id IS NULL);

CREATE INDEX withdrawal_quotes_refund_invoice ON withdrawal_quotes (refund_invoice_id) WHERE refund_invoice_id IS NOT NULL;
CREATE INDEX withdrawal_quotes_refund_deposit ON withdrawal_quotes (refund_deposit_id) WHERE refund_deposit_id IS NOT NULL;
CREATE INDEX withdrawals_refund_invoice ON withdrawals (refund_invoice_id) WHERE refund_invoice_id IS NOT NULL;
CREATE INDEX withdrawals_refund_deposit ON withdrawals (refund_deposit_id) WHERE refund_deposit_id IS NOT NULL;
