-- A withdrawal committed before its destination was listed (or flagged by the screening provider)
-- is not signed: it waits with the reason `screening` until the operator cancels it or the
-- destination is cleared.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_waiting_reason;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_waiting_reason
  CHECK (waiting_reason IN ('hotWalletLow', 'feeUnavailable', 'noSigner', 'signingFailed', 'screening'));
