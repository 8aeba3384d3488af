-- The x402 scheme of each settlement: `exact` moves the signed amount; `upto` moves the amount the
-- seller reported at settle time, never more than the cap the payer signed, which is kept beside it
-- (null for `exact`, whose amount is its cap). An `upto` settlement of 0 sends nothing and keeps its
-- row, so the payment it settled is not settled again.
ALTER TABLE x402_settlements ADD COLUMN scheme text NOT NULL DEFAULT 'exact' CHECK (scheme IN ('exact', 'upto'));
ALTER TABLE x402_settlements ADD COLUMN cap numeric(78, 0);
