-- Invoice totals in the fiat currency's minor units (cents; yen have none), an exact integer read
-- as it is, instead of numeric(30, 8) re-parsed with the currency's decimals on every read.
-- Existing totals were written with exactly their currency's decimals, so the product is whole.
ALTER TABLE invoices ADD COLUMN amount_minor numeric(78, 0);
UPDATE invoices SET amount_minor = amount * power(10::numeric, CASE fiat_currency WHEN 'JPY' THEN 0 ELSE 2 END);
ALTER TABLE invoices ALTER COLUMN amount_minor SET NOT NULL;
ALTER TABLE invoices ADD CONSTRAINT invoices_amount_minor_positive CHECK (amount_minor > 0);
ALTER TABLE invoices DROP COLUMN amount;
