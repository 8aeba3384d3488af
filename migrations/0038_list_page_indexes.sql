-- a later page of every list finds its keys by walking an index alone, then reads just its
-- rows (lib/db/paging.ts pageKeys); so each list's order, and the columns its filters test, are in
-- an index. The request log's and the unlisted tokens' indexes carry their filters' columns too;
-- the console's lists (users, tenants, API keys, blocked customers, the withdrawal queues) get the
-- index of their order, which they sorted the whole table for.
DROP INDEX request_log_tenant_idx;
CREATE INDEX request_log_tenant_idx ON request_log (tenant_id, id DESC) INCLUDE (account_id, status);
DROP INDEX unlisted_token_transfers_recent;
CREATE INDEX unlisted_token_transfers_recent ON unlisted_token_transfers (first_seen_at DESC, id DESC) INCLUDE (tenant_id, status);
-- An account's delivery log is filtered by its tenant too; the operator's, of one status, by no tenant.
DROP INDEX webhook_deliveries_account_idx;
CREATE INDEX webhook_deliveries_account_idx ON webhook_deliveries (account_id, seq DESC) INCLUDE (tenant_id) WHERE account_id IS NOT NULL;
DROP INDEX webhook_deliveries_account_status;
CREATE INDEX webhook_deliveries_account_status ON webhook_deliveries (account_id, status, seq DESC) INCLUDE (tenant_id) WHERE account_id IS NOT NULL;
CREATE INDEX webhook_deliveries_status_seq ON webhook_deliveries (status, seq DESC);
CREATE INDEX users_created ON users (created_at DESC, id DESC) INCLUDE (tenant_id, role);
CREATE INDEX tenants_created ON tenants (created_at DESC, id DESC);
CREATE INDEX api_keys_created ON api_keys (created_at DESC, id DESC) INCLUDE (tenant_id);
CREATE INDEX blocked_customers_created ON blocked_customers (created_at DESC, tenant_id DESC, customer_id DESC);
-- The withdrawal queues (waiting, processing, failed): all three by age, and each.
CREATE INDEX withdrawals_queues ON withdrawals (created_at, id) INCLUDE (tenant_id) WHERE status IN ('created', 'processing', 'failed');
CREATE INDEX withdrawals_queue ON withdrawals (status, created_at, id) INCLUDE (tenant_id) WHERE status IN ('created', 'processing', 'failed');
