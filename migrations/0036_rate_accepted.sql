-- The last price each asset was accepted at, by the refresh that accepted it. A new combined price
-- further from it than RATES_MAX_JUMP is quoted only once two fresh sources agree on the new level,
-- so one source cannot move a price far on its own. The row outlives a refusal (exchange_rates loses
-- its price then), so an outage does not reset what a jump is measured from; every instance reads
-- the same row.
CREATE TABLE rate_accepted (
  asset text PRIMARY KEY,
  usd_price numeric(38, 18) NOT NULL CHECK (usd_price > 0),
  -- The sources the price came from, '+'-joined as in exchange_rates.source.
  sources text NOT NULL,
  accepted_at timestamptz NOT NULL
);

-- An installation upgraded with prices in place measures its first jumps from them.
INSERT INTO rate_accepted (asset, usd_price, sources, accepted_at)
  SELECT asset, usd_price, source, fetched_at FROM exchange_rates;
