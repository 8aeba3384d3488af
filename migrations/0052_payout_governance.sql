-- Payout governance: what stands between a credential and the money. With no row in
-- payout_policies a tenant's withdrawals behave as before; the address book is kept either way.
--
-- The address book: destinations a tenant may pay, each usable from `active_at` (added + the
-- tenant's delay), so a stolen credential that adds its own address must wait while the owners are
-- told. A removed address keeps its row (the audit log and past withdrawals name it).
CREATE TABLE payout_addresses (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  currency_code text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  -- The address as compared: lower case where the network ignores case (EVM, bech32).
  address_key text NOT NULL,
  label text CHECK (label IS NULL OR char_length(label) BETWEEN 1 AND 100),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  active_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE UNIQUE INDEX payout_addresses_current ON payout_addresses (tenant_id, currency_code, address_key) WHERE removed_at IS NULL;
CREATE INDEX payout_addresses_tenant ON payout_addresses (tenant_id, created_at DESC, id DESC);

-- A tenant's policy. Limits are US dollars; null is no limit.
CREATE TABLE payout_policies (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id),
  allowlist_only boolean NOT NULL DEFAULT false,
  new_address_delay_hours integer NOT NULL DEFAULT 24 CHECK (new_address_delay_hours BETWEEN 0 AND 720),
  max_per_withdrawal_usd numeric(20, 2) CHECK (max_per_withdrawal_usd >= 0),
  max_per_day_usd numeric(20, 2) CHECK (max_per_day_usd >= 0),
  approval_above_usd numeric(20, 2) CHECK (approval_above_usd >= 0),
  approval_for_api_keys boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A loosening asked by the tenant takes effect only after its delay, and may be cancelled before:
-- `changes` holds the fields it sets (the API's names; a limit's null clears it).
CREATE TABLE payout_policy_changes (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  changes jsonb NOT NULL,
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  effective_at timestamptz NOT NULL,
  applied_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX payout_policy_changes_open ON payout_policy_changes (tenant_id, effective_at) WHERE applied_at IS NULL AND cancelled_at IS NULL;

-- The rolling 24-hour limit sums the tenant's recent withdrawals.
CREATE INDEX withdrawals_tenant_created ON withdrawals (tenant_id, created_at);
