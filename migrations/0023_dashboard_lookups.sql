-- Merchant dashboard: the lookups its lists, stats and delivery log make, each served by
-- an index (exact matches only; no pattern scans).

-- List search: an address or a transaction hash, exactly as stored, within one account.
CREATE INDEX deposits_account_address ON deposits (account_id, address);
CREATE INDEX deposits_account_tx_hash ON deposits (account_id, tx_hash) WHERE tx_hash IS NOT NULL;
CREATE INDEX withdrawals_account_address ON withdrawals (account_id, address);
CREATE INDEX withdrawals_account_tx_hash ON withdrawals (account_id, tx_hash) WHERE tx_hash IS NOT NULL;
CREATE INDEX invoices_account_tx_hash ON invoices (account_id, tx_hash) WHERE tx_hash IS NOT NULL;
-- An invoice's addresses are its quotes' (one per currency the customer picked).
CREATE INDEX invoice_quotes_address ON invoice_quotes (address, invoice_id);

-- Volume stats: an account's invoices by the day they were paid, deposits by the day they completed.
CREATE INDEX invoices_account_paid ON invoices (account_id, paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX deposits_account_completed ON deposits (account_id, completed_at) WHERE completed_at IS NOT NULL;

-- The merchant's delivery log filtered by the object an event is about, in any status.
CREATE INDEX webhook_deliveries_tenant_object ON webhook_deliveries (tenant_id, aggregate_key, seq DESC);
