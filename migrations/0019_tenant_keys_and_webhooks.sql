-- Tenant-wide API keys: a key without an account acts on any account of its tenant, and
-- each request names the one it acts on with `accountId`.
ALTER TABLE api_keys ALTER COLUMN account_id DROP NOT NULL;

-- The tenant's default webhook URL: where events go whose object names no URL of its own
-- (invoices, withdrawals, conversions, x402 settlements; deposits after `deposit_webhook_url`).
ALTER TABLE tenants ADD COLUMN webhook_url text;
