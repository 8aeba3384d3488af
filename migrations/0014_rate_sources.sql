-- Each source's latest USD price of each asset, kept apart so that sources can be compared before
-- one price is used: exchange_rates then holds only the combined price of sources that agree.
CREATE TABLE rate_sources (
  asset text NOT NULL,
  source text NOT NULL,
  usd_price numeric(38, 18) NOT NULL CHECK (usd_price > 0),
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (asset, source)
);

-- Why an asset has no combined price since the last refresh (its sources disagree, too few are
-- fresh…), so a refused quote can say so. A row lives only while exchange_rates has none.
CREATE TABLE rate_refusals (
  asset text PRIMARY KEY,
  reason text NOT NULL,
  detail jsonb NOT NULL,
  decided_at timestamptz NOT NULL
);
