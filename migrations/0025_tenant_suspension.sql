-- Operator console: an operator suspends a tenant. While `suspended_at` is set, its API
-- keys and its users' sign-ins are refused; its money stays (payments still credit, deposits still
-- confirm, webhooks still go out). Null: the tenant is active.
ALTER TABLE tenants ADD COLUMN suspended_at timestamptz;

-- When a key last authenticated a request, written at most once a minute per key, so the console
-- tells keys in use from forgotten ones.
ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;

-- The console's user list shows each user's last sign-in: their newest session.
CREATE INDEX sessions_user_created_idx ON sessions (user_id, created_at DESC);
