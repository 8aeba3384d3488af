-- A time range's exact total without reading the rows it matches.
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
-- And an x402 settlement is counted by its payer and by its payTo too (below).

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

-- Each kind as in 0028, its scope now an expression of the row (`{r}` stands for the row:
-- nothing in a statement's transition table, OLD. or NEW. in a row's trigger) and the columns it
-- reads, and its time column. Two kinds are new: a tenant's x402 settlements by payer and by payTo,
-- each address's count under a scope id made of the tenant and the address (md5 as a uuid), so the
-- settlement list filtered by one of them has its total in constant time too.
DO $migration$
DECLARE
  t record;
  scope_rows text;
  scope_old text;
  scope_new text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('invoices', 'invoices', '{r}account_id', 'account_id', 'status', 'created_at'),
    ('deposits', 'deposits', '{r}account_id', 'account_id', 'status', 'created_at'),
    ('withdrawals', 'withdrawals', '{r}account_id', 'account_id', 'status', 'created_at'),
    ('conversions', 'conversions', '{r}account_id', 'account_id', '''completed''', 'completed_at'),
    ('x402_settlements', 'x402_settlements', '{r}tenant_id', 'tenant_id', 'status', 'created_at'),
    ('x402_settlements_of_payer', 'x402_settlements', 'md5({r}tenant_id::text || '':'' || {r}payer)::uuid', 'tenant_id, payer', 'status', 'created_at'),
    ('x402_settlements_of_pay_to', 'x402_settlements', 'md5({r}tenant_id::text || '':'' || {r}pay_to)::uuid', 'tenant_id, pay_to', 'status', 'created_at'),
    ('webhook_deliveries', 'webhook_deliveries', '{r}tenant_id', 'tenant_id', 'status', 'created_at'),
    ('webhook_deliveries_of_account', 'webhook_deliveries', '{r}account_id', 'account_id', 'status', 'created_at')
  ) AS v(kind, tbl, scope, scope_cols, status, at) LOOP
    scope_rows := replace(t.scope, '{r}', '');
    scope_old := replace(t.scope, '{r}', 'OLD.');
    scope_new := replace(t.scope, '{r}', 'NEW.');
    -- Inserted and deleted rows, a statement at a time: one delta per scope, status and day.
    EXECUTE format($f$
      CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
          SELECT %2$L, %3$s, %4$s, (%5$I AT TIME ZONE 'UTC')::date, count(*) FROM new_rows WHERE %3$s IS NOT NULL GROUP BY 2, 3, 4;
        ELSE
          INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
          SELECT %2$L, %3$s, %4$s, (%5$I AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows WHERE %3$s IS NOT NULL GROUP BY 2, 3, 4;
        END IF;
        RETURN NULL;
      END
      $body$$f$, t.kind || '_count_rows', t.kind, scope_rows, t.status, t.at);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', t.kind || '_count_inserted', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', t.kind || '_count_deleted', t.tbl);
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %3$I()',
      t.kind || '_count_inserted', t.tbl, t.kind || '_count_rows');
    EXECUTE format('CREATE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %3$I()',
      t.kind || '_count_deleted', t.tbl, t.kind || '_count_rows');
    -- A status move, a row given another scope or another time: a row at a time, only when one changed.
    IF t.status = 'status' THEN
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
          INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
          SELECT %2$L, v.scope_id, v.status, v.day, v.delta
          FROM (VALUES (%3$s, OLD.status, (OLD.%5$I AT TIME ZONE 'UTC')::date, -1),
                       (%4$s, NEW.status, (NEW.%5$I AT TIME ZONE 'UTC')::date, 1)) AS v (scope_id, status, day, delta)
          WHERE v.scope_id IS NOT NULL;
          RETURN NULL;
        END
        $body$$f$, t.kind || '_count_moved', t.kind, scope_old, scope_new, t.at);
      EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', t.kind || '_count_moved', t.tbl);
      EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE OF status, %3$s, %4$I ON %2$I FOR EACH ROW
          WHEN (OLD.status IS DISTINCT FROM NEW.status OR %5$s IS DISTINCT FROM %6$s OR OLD.%4$I IS DISTINCT FROM NEW.%4$I) EXECUTE FUNCTION %1$I()',
        t.kind || '_count_moved', t.tbl, t.scope_cols, t.at, scope_old, scope_new);
    END IF;
    -- The rows already there: the new kinds' counts, and every kind's by day.
    IF t.kind IN ('x402_settlements_of_payer', 'x402_settlements_of_pay_to') THEN
      EXECUTE format('INSERT INTO list_counts (kind, scope_id, status, n) SELECT %1$L, %3$s, %4$s, count(*) FROM %2$I WHERE %3$s IS NOT NULL GROUP BY 2, 3',
        t.kind, t.tbl, scope_rows, t.status);
    END IF;
    EXECUTE format($f$INSERT INTO list_day_counts (kind, scope_id, status, day, n)
        SELECT %1$L, %3$s, %4$s, (%5$I AT TIME ZONE 'UTC')::date, count(*) FROM %2$I WHERE %3$s IS NOT NULL AND %5$I IS NOT NULL GROUP BY 2, 3, 4$f$,
      t.kind, t.tbl, scope_rows, t.status, t.at);
  END LOOP;
END
$migration$;
