-- Developer tools: each attempt keeps the exact body it signed and sent, so the
-- delivery log shows the bytes a receiver verifies the signature of (the timestamp differs from
-- one attempt to the next, so the event's data alone does not say them). Older attempts have none.
ALTER TABLE webhook_attempts ADD COLUMN request_body text;
