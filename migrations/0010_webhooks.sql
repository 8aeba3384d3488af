-- Outbound webhooks. The outbox keeps each event's data as written (json keeps the key order the
-- record was built with, so the delivered body reads like the API's records).
ALTER TABLE outbox_events ALTER COLUMN payload TYPE json USING payload::json;

-- One delivery per event and receiving URL. Its schedule lives here, so deliveries survive restarts;
-- workers claim due ones with FOR UPDATE SKIP LOCKED and hold a short lease while sending.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  -- Order of creation: events of one object to one URL are sent in this order.
  seq bigserial NOT NULL UNIQUE,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  event_id bigint NOT NULL REFERENCES outbox_events (id),
  event_type text NOT NULL,
  aggregate_key text NOT NULL,
  url text NOT NULL,
  origin text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Start of the retry window (creation, or the operator's last redeliver).
  retry_from timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  failed_at timestamptz,
  UNIQUE (event_id, url)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_object ON webhook_deliveries (aggregate_key, url, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_tenant ON webhook_deliveries (tenant_id, seq DESC);

-- Every attempt, as the receiver answered it (or why it could not).
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id),
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  latency_ms integer NOT NULL,
  error text,
  response_body text,
  -- What the attempt led to: delivered, retried (scheduled again) or failed (given up).
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'retried', 'failed'))
);
CREATE INDEX webhook_attempts_outcome ON webhook_attempts (outcome);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
