-- Issue 22: a time range's exact total without reading the rows it matches.
--
-- Migration 0028 counts each list's rows by scope and status. A list filtered by `from`/`to` still
-- counted its matching rows along an index, so `from=2020-01-01` cost as much as the account's
-- whole history. Now each count is also kept by UTC day (of the list's time column: created_at,
-- or completed_at for conversions) in list_day_counts. A range's total is the sum of the whole
-- days it covers plus the rows of its two partial days, counted along the index: what it costs
-- grows with the days in the range and the rows of one day, never with the history
-- (lib/db/counts.ts `rangedTotal`).
--
-- The triggers now give each delta the day of its row; the worker's fold adds it to both tables.

CREATE TABLE list_day_counts (
  kind text NOT NULL,
  scope_id uuid NOT NULL,
  status text NOT NULL,
  day date NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (kind, scope_id, status, day)
);

-- The deltas pending now carry no day: fold them into list_counts first (the day counts are made
-- from the rows themselves below), so every delta left has the day of the row it counts. A row
-- whose time is null (a conversion not completed) has a delta without a day: counted in its list's
-- total, in no day (no time range can match it).
INSERT INTO list_counts AS c (kind, scope_id, status, n)
  SELECT kind, scope_id, status, sum(delta) FROM list_count_deltas GROUP BY kind, scope_id, status
  ON CONFLICT (kind, scope_id, status) DO UPDATE SET n = c.n + excluded.n;
DELETE FROM list_count_deltas;
ALTER TABLE list_count_deltas ADD COLUMN day date;

DO $migration$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('invoices', 'invoices', 'account_id', 'status', 'created_at'),
    ('deposits', 'deposits', 'account_id', 'status', 'created_at'),
    ('withdrawals', 'withdrawals', 'account_id', 'status', 'created_at'),
    ('conversions', 'conversions', 'account_id', '''completed''', 'completed_at'),
    ('x402_settlements', 'x402_settlements', 'tenant_id', 'status', 'created_at'),
    ('webhook_deliveries', 'webhook_deliveries', 'tenant_id', 'status', 'created_at'),
    ('webhook_deliveries_of_account', 'webhook_deliveries', 'account_id', 'status', 'created_at')
  ) AS v(kind, tbl, scope, status, at) LOOP
    EXECUTE format($f$
      CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
          SELECT %2$L, %3$I, %4$s, (%5$I AT TIME ZONE 'UTC')::date, count(*) FROM new_rows WHERE %3$I IS NOT NULL GROUP BY 2, 3, 4;
        ELSE
          INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
          SELECT %2$L, %3$I, %4$s, (%5$I AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows WHERE %3$I IS NOT NULL GROUP BY 2, 3, 4;
        END IF;
        RETURN NULL;
      END
      $body$$f$, t.kind || '_count_rows', t.kind, t.scope, t.status, t.at);
    IF t.status = 'status' THEN
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
          INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
          SELECT %2$L, v.scope_id, v.status, v.day, v.delta
          FROM (VALUES (OLD.%3$I, OLD.status, (OLD.%4$I AT TIME ZONE 'UTC')::date, -1),
                       (NEW.%3$I, NEW.status, (NEW.%4$I AT TIME ZONE 'UTC')::date, 1)) AS v (scope_id, status, day, delta)
          WHERE v.scope_id IS NOT NULL;
          RETURN NULL;
        END
        $body$$f$, t.kind || '_count_moved', t.kind, t.scope, t.at);
      -- A row moved to another time moves between days too.
      EXECUTE format('DROP TRIGGER %1$I ON %2$I', t.kind || '_count_moved', t.tbl);
      EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE OF status, %3$I, %4$I ON %2$I FOR EACH ROW
          WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.%3$I IS DISTINCT FROM NEW.%3$I OR OLD.%4$I IS DISTINCT FROM NEW.%4$I) EXECUTE FUNCTION %1$I()',
        t.kind || '_count_moved', t.tbl, t.scope, t.at);
    END IF;
    -- The rows already there, by day.
    EXECUTE format($f$INSERT INTO list_day_counts (kind, scope_id, status, day, n)
        SELECT %1$L, %3$I, %4$s, (%5$I AT TIME ZONE 'UTC')::date, count(*) FROM %2$I WHERE %3$I IS NOT NULL AND %5$I IS NOT NULL GROUP BY 2, 3, 4$f$,
      t.kind, t.tbl, t.scope, t.status, t.at);
  END LOOP;
END
$migration$;
