-- Developer tools: the request log names the API key that called (null for a signed-in
-- user), so it can be filtered by key, and keeps the first 4 KB of an API call's request and
-- response bodies with every secret field redacted (modules/request-log/bodies.ts).
ALTER TABLE request_log ADD COLUMN api_key_id uuid;
ALTER TABLE request_log ADD COLUMN request_body text;
ALTER TABLE request_log ADD COLUMN response_body text;
CREATE INDEX request_log_key_idx ON request_log (tenant_id, api_key_id, id DESC) WHERE api_key_id IS NOT NULL;
