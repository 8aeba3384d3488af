-- Sweeping: when a confirmed payment's coins were moved from its one-off address to the hot wallet.
ALTER TABLE payments ADD COLUMN swept_at timestamptz;
ALTER TABLE payments ADD COLUMN sweep_tx text;
CREATE INDEX payments_unswept ON payments (network) WHERE status = 'confirmed' AND swept_at IS NULL;
