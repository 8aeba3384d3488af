-- Email: mails are durable jobs written from outbox events (or from what a worker's scan finds), at
-- most one per (source, recipient, kind) whichever worker writes it, sent by any worker under a lease
-- and retried with backoff until sent or given up. A tenant may turn each kind off.
CREATE TABLE email_jobs (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  -- What caused it: `event:<outbox id>`, `delivery:<webhook delivery id>`.
  source text NOT NULL,
  kind text NOT NULL,
  recipient text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  -- Rendered when the job is written, so a retry sends the very same mail.
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  from_name text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  lease_owner text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz,
  UNIQUE (source, recipient, kind)
);
CREATE INDEX email_jobs_due ON email_jobs (next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_jobs_tenant ON email_jobs (tenant_id, created_at DESC);
CREATE INDEX email_jobs_finished ON email_jobs (created_at) WHERE status <> 'pending';

-- The kinds of mail a tenant turned off (none: every kind is sent).
ALTER TABLE tenants ADD COLUMN email_off text[] NOT NULL DEFAULT '{}';

-- Where a customer is mailed about their invoice, and the language they used on the payment page.
ALTER TABLE invoices ADD COLUMN customer_email text, ADD COLUMN customer_language text;
