-- Payment links: a merchant's public page where each payment makes an invoice of the link's
-- account, or (kind `request`) one invoice that takes several payments until its total is met.
CREATE TABLE payment_links (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- The public page's key: random, unguessable, never reused.
  slug text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('payment', 'request')),
  title text NOT NULL,
  description text,
  fiat_currency text NOT NULL,
  -- A fixed price in minor units, or bounds for the amount the customer enters (neither: any amount).
  amount_minor numeric(78, 0),
  min_amount_minor numeric(78, 0),
  max_amount_minor numeric(78, 0),
  max_quantity integer CHECK (max_quantity BETWEEN 1 AND 1000),
  max_uses integer CHECK (max_uses > 0),
  expires_at timestamptz,
  success_url text,
  active boolean NOT NULL DEFAULT true,
  -- Invoices that count against max_uses: every invoice made through the link but those that
  -- ended unpaid (expired, cancelled, failed). Taken by a conditional UPDATE, so two customers
  -- racing for the last use cannot both get it; a late payment that revives an invoice may take
  -- it past max_uses, which is why no CHECK holds it there.
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  invoices_made integer NOT NULL DEFAULT 0,
  invoices_paid integer NOT NULL DEFAULT 0,
  -- The fiat totals of its paid invoices, in minor units.
  amount_paid_minor numeric(78, 0) NOT NULL DEFAULT 0,
  -- A request's invoice (the latest, when an earlier one ended unpaid).
  request_invoice_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_minor IS NULL OR (min_amount_minor IS NULL AND max_amount_minor IS NULL)),
  CHECK (min_amount_minor IS NULL OR max_amount_minor IS NULL OR min_amount_minor <= max_amount_minor),
  CHECK (max_quantity IS NULL OR amount_minor IS NOT NULL),
  CHECK (kind = 'payment' OR (amount_minor IS NOT NULL AND max_quantity IS NULL AND max_uses = 1))
);
CREATE INDEX payment_links_account ON payment_links (account_id, created_at DESC, id DESC);

-- The link an invoice was made through; its invoices list along this index.
ALTER TABLE invoices ADD COLUMN payment_link_id uuid REFERENCES payment_links (id);
CREATE INDEX invoices_payment_link ON invoices (payment_link_id, created_at DESC, id DESC) WHERE payment_link_id IS NOT NULL;
