-- Transactional outbox: an event is written in the transaction of the state change that causes it;
-- workers claim pending events with FOR UPDATE SKIP LOCKED, so any number of them can run.
CREATE TABLE outbox_events (
  id bigserial PRIMARY KEY,
  tenant_id uuid REFERENCES tenants (id),
  event_type text NOT NULL,
  aggregate_type text NOT NULL,
  aggregate_id text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX outbox_events_pending ON outbox_events (id) WHERE processed_at IS NULL;
CREATE INDEX outbox_events_aggregate ON outbox_events (aggregate_type, aggregate_id, id);
