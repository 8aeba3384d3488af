-- Merchant dashboard and operator console: the people behind a tenant, their sessions,
-- an audit log of who did what, a log of the tenant's recent API calls, and the tenant's brand
-- (name, logo and colour) that the payment page shows.

-- A person who signs in. Merchant users belong to a tenant with a role; operators have no tenant.
-- Until the invite is accepted the user has no password, only the hash of the invite token.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  tenant_id uuid REFERENCES tenants (id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'developer', 'viewer', 'operator')),
  password_hash text,
  invite_hash text UNIQUE,
  invite_expires_at timestamptz,
  -- RFC 6238: the shared secret (base32) while enrolling, enabled once a code confirmed it; the last
  -- time step a code was accepted for, so one code is never accepted twice.
  totp_secret text,
  totp_enabled_at timestamptz,
  totp_last_step bigint,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'operator') = (tenant_id IS NULL))
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_tenant_idx ON users (tenant_id) WHERE tenant_id IS NOT NULL;

-- A signed-in browser. The cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  csrf_token text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Who did what: sign-ins, invitations, keys, webhook secrets, withdrawals, settings.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  tenant_id uuid REFERENCES tenants (id),
  actor_user_id uuid REFERENCES users (id),
  actor_key_id uuid,
  actor text NOT NULL,
  action text NOT NULL,
  target_type text,
  target_id text,
  detail jsonb NOT NULL DEFAULT '{}',
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_tenant_idx ON audit_log (tenant_id, id DESC);

-- The tenant's recent API calls (no bodies, no query strings, no secrets).
CREATE TABLE request_log (
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL,
  account_id uuid,
  actor text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  latency_ms numeric(12, 3) NOT NULL,
  request_id text NOT NULL,
  error_code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_log_tenant_idx ON request_log (tenant_id, id DESC);

-- The merchant's brand on the payment page: a display name (else the tenant's name), a colour
-- (#rrggbb) and a logo (PNG, JPEG or WebP bytes).
ALTER TABLE tenants ADD COLUMN brand_name text;
ALTER TABLE tenants ADD COLUMN brand_color text CHECK (brand_color ~ '^#[0-9a-f]{6}$');
ALTER TABLE tenants ADD COLUMN logo bytea;
ALTER TABLE tenants ADD COLUMN logo_type text CHECK (logo_type IN ('image/png', 'image/jpeg', 'image/webp'));
