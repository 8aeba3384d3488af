-- Invoices: an order priced in fiat, paid in the crypto currency the customer picks on the payment
-- page. Picking a currency writes a quote (rate, amount with network fee, fresh address); the
-- invoice's money columns sum its confirmed payments in the currency of its current quote.
CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  order_id text NOT NULL,
  -- Fiat total as an exact decimal with the currency's decimals; items as given (decimal strings).
  amount numeric(30, 8) NOT NULL CHECK (amount > 0),
  fiat_currency text NOT NULL,
  items jsonb NOT NULL,
  description text,
  number text,
  customer_id text,
  custom_payload text,
  webhook_url text,
  return_url text,
  success_url text,
  failed_url text,
  source text NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'processing', 'paid', 'partially_paid', 'overpaid', 'expired', 'cancelled', 'failed', 'suspended')),
  commission_rate numeric(10, 6) NOT NULL,
  -- The quote the invoice is paid through (the customer's pick; fixed once a payment is seen).
  quote_id uuid,
  -- Sums over the confirmed payments to the current quote's address, in its atomic units.
  amount_paid numeric(78, 0) NOT NULL DEFAULT 0,
  fee_withheld numeric(78, 0) NOT NULL DEFAULT 0,
  commission numeric(78, 0) NOT NULL DEFAULT 0,
  net_credited numeric(78, 0) NOT NULL DEFAULT 0,
  tx_hash text,
  -- Why money arrived when it should not have: 'after_expiry' or 'after_cancellation'.
  late_payment text,
  paid_at timestamptz,
  cancelled_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, order_id)
);
CREATE INDEX invoices_account_created ON invoices (account_id, created_at DESC, id DESC);
CREATE INDEX invoices_open_expiry ON invoices (expires_at) WHERE status = 'created';

CREATE TABLE invoice_quotes (
  id uuid PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoices (id),
  currency_code text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  -- What the customer must send: fiat converted at the locked rate, rounded up, plus the fee.
  amount_expected numeric(78, 0) NOT NULL CHECK (amount_expected > 0),
  network_fee numeric(78, 0) NOT NULL CHECK (network_fee >= 0),
  -- USD prices at the lock: of one fiat unit and of one crypto unit.
  fiat_usd_price numeric(38, 18) NOT NULL,
  crypto_usd_price numeric(38, 18) NOT NULL,
  locked_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, currency_code),
  FOREIGN KEY (network, address) REFERENCES addresses (network, address)
);

ALTER TABLE invoices ADD CONSTRAINT invoices_quote FOREIGN KEY (quote_id) REFERENCES invoice_quotes (id);
