-- Tables that only grow are kept for a configured time (modules/system/retention.ts):
-- request logs, finished webhook deliveries with their attempts, the outbox events no delivery
-- names any more, and quotes that expired unused. Each policy finds its oldest rows along one of
-- these indexes, so a round costs what it removes, not the table's length. Money history (ledger,
-- payments, invoices, deposits, withdrawals, conversions) has no policy: it is never pruned.
CREATE INDEX request_log_created ON request_log (created_at);
CREATE INDEX outbox_events_processed ON outbox_events (processed_at) WHERE processed_at IS NOT NULL;
-- A claim changes neither status nor created_at: its updates stay HOT (migration 0027).
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (created_at) WHERE status <> 'pending';
CREATE INDEX withdrawal_quotes_unused_expiry ON withdrawal_quotes (expires_at) WHERE withdrawal_id IS NULL;
CREATE INDEX conversion_quotes_expiry ON conversion_quotes (expires_at);
