-- A payment counts only in the asset that actually arrived. Each address now records the currency
-- it was handed out for, and each payment whether it is in that currency (`counted`: it counts
-- toward its invoice or deposit) or in another asset of the catalogue (credited to the merchant in
-- its own currency, outside the object's totals). A payment's split is kept beside it once settled.
ALTER TABLE addresses ADD COLUMN currency_code text;
UPDATE addresses a SET currency_code = d.currency_code FROM deposits d WHERE a.purpose = 'deposit' AND d.id = a.owner_id;
UPDATE addresses a SET currency_code = q.currency_code FROM invoice_quotes q
  WHERE a.purpose = 'invoice' AND q.network = a.network AND q.address = a.address;
-- Every address is handed out with its owner's row in one transaction, so each has found its currency.
ALTER TABLE addresses ALTER COLUMN currency_code SET NOT NULL;

ALTER TABLE payments ADD COLUMN counted boolean NOT NULL DEFAULT true;
-- Set when the payment is settled (confirmed): what was withheld as network fee, taken as
-- commission, credited to the merchant, and held in suspense (below the currency's minimum).
ALTER TABLE payments ADD COLUMN fee_withheld numeric(78, 0);
ALTER TABLE payments ADD COLUMN commission numeric(78, 0);
ALTER TABLE payments ADD COLUMN net_credited numeric(78, 0);
ALTER TABLE payments ADD COLUMN held numeric(78, 0);
-- Payments made before this migration were all taken as the address's currency: those in another
-- asset are marked, so the record shows what really arrived (their ledger entries stay as posted).
UPDATE payments p SET counted = false FROM addresses a
  WHERE a.network = p.network AND a.address = p.address AND a.currency_code IS NOT NULL AND a.currency_code <> p.currency_code;

-- Tokens outside the catalogue that arrived at our addresses: never credited, kept for the operator,
-- who may move them out (to the hot wallet or an address of theirs) or dismiss them (spam).
CREATE TABLE unlisted_token_transfers (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  tx_hash text NOT NULL,
  output_index integer NOT NULL,
  address text NOT NULL,
  contract text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  block_height integer,
  purpose text NOT NULL,
  owner_id uuid NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  status text NOT NULL CHECK (status IN ('held', 'moving', 'moved', 'dismissed')),
  move_to text,
  move_tx text,
  note text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (network, tx_hash, output_index),
  FOREIGN KEY (network, address) REFERENCES addresses (network, address)
);
CREATE INDEX unlisted_token_transfers_recent ON unlisted_token_transfers (first_seen_at DESC, id DESC);
CREATE INDEX unlisted_token_transfers_moving ON unlisted_token_transfers (network) WHERE status = 'moving';

-- The sandbox chain carries tokens outside the catalogue too: a transfer names a currency or a contract.
ALTER TABLE sandbox_transfers ALTER COLUMN currency_code DROP NOT NULL;
ALTER TABLE sandbox_transfers ADD COLUMN contract text;
ALTER TABLE sandbox_transfers ADD CONSTRAINT sandbox_transfers_asset CHECK ((currency_code IS NULL) <> (contract IS NULL));
