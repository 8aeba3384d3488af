-- Latest USD price of each asset (crypto symbol or fiat code): how many USD one unit is worth.
CREATE TABLE exchange_rates (
  asset text PRIMARY KEY,
  usd_price numeric(38, 18) NOT NULL CHECK (usd_price > 0),
  fetched_at timestamptz NOT NULL,
  source text NOT NULL
);
