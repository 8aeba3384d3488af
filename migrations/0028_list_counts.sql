-- A list's exact `total` in constant time, whatever the account's history.
--
-- Each row a list counts (an invoice, deposit, withdrawal or conversion of an account; an x402
-- settlement of a tenant; a webhook delivery, of its tenant and of its account) is counted by
-- status in list_counts, through triggers, so in the very transaction that inserts the row or
-- moves its status: no code path can forget it, and a rolled
-- back change rolls its count back. A trigger never updates a shared counter row: it appends a
-- delta (+n for inserted rows, -1/+1 for a status move, -n for deleted rows) to list_count_deltas,
-- which takes no lock another transaction waits for (one hot counter row per account would queue
-- every write of the account behind the one before it, and two multi-row transactions could
-- deadlock on two of them). A list's total is the sum of its counts and its pending deltas, read in
-- one snapshot; the worker folds deltas into list_counts in small batches (lib/db/counts.ts), one
-- statement that deletes them and adds them up, so a reader sees each delta exactly once.

CREATE TABLE list_counts (
  kind text NOT NULL,
  scope_id uuid NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (kind, scope_id, status)
);

CREATE TABLE list_count_deltas (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  scope_id uuid NOT NULL,
  status text NOT NULL,
  delta bigint NOT NULL
);
CREATE INDEX list_count_deltas_scope ON list_count_deltas (kind, scope_id, status);

-- One set of triggers per counted kind: its name, its table, the column its lists are scoped by
-- (rows whose scope is null are not counted in that kind) and the status expression (conversions
-- have none: each is booked complete). Webhook deliveries are listed by tenant and by account.
DO $migration$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('invoices', 'invoices', 'account_id', 'status'),
    ('deposits', 'deposits', 'account_id', 'status'),
    ('withdrawals', 'withdrawals', 'account_id', 'status'),
    ('conversions', 'conversions', 'account_id', '''completed'''),
    ('x402_settlements', 'x402_settlements', 'tenant_id', 'status'),
    ('webhook_deliveries', 'webhook_deliveries', 'tenant_id', 'status'),
    ('webhook_deliveries_of_account', 'webhook_deliveries', 'account_id', 'status')
  ) AS v(kind, tbl, scope, status) LOOP
    -- Inserted and deleted rows, a statement at a time: one delta per scope and status, however many rows.
    EXECUTE format($f$
      CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO list_count_deltas (kind, scope_id, status, delta)
          SELECT %2$L, %3$I, %4$s, count(*) FROM new_rows WHERE %3$I IS NOT NULL GROUP BY 2, 3;
        ELSE
          INSERT INTO list_count_deltas (kind, scope_id, status, delta)
          SELECT %2$L, %3$I, %4$s, -count(*) FROM old_rows WHERE %3$I IS NOT NULL GROUP BY 2, 3;
        END IF;
        RETURN NULL;
      END
      $body$$f$, t.kind || '_count_rows', t.kind, t.scope, t.status);
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %3$I()',
      t.kind || '_count_inserted', t.tbl, t.kind || '_count_rows');
    EXECUTE format('CREATE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %3$I()',
      t.kind || '_count_deleted', t.tbl, t.kind || '_count_rows');
    -- A status move (or a row given another scope), a row at a time and only when one changed.
    IF t.status = 'status' THEN
      EXECUTE format($f$
        CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
          INSERT INTO list_count_deltas (kind, scope_id, status, delta)
          SELECT %2$L, v.scope_id, v.status, v.delta
          FROM (VALUES (OLD.%3$I, OLD.status, -1), (NEW.%3$I, NEW.status, 1)) AS v (scope_id, status, delta)
          WHERE v.scope_id IS NOT NULL;
          RETURN NULL;
        END
        $body$$f$, t.kind || '_count_moved', t.kind, t.scope);
      EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE OF status, %3$I ON %2$I FOR EACH ROW
          WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.%3$I IS DISTINCT FROM NEW.%3$I) EXECUTE FUNCTION %1$I()',
        t.kind || '_count_moved', t.tbl, t.scope);
    END IF;
    -- The rows already there.
    EXECUTE format('INSERT INTO list_counts (kind, scope_id, status, n) SELECT %1$L, %3$I, %4$s, count(*) FROM %2$I WHERE %3$I IS NOT NULL GROUP BY 2, 3',
      t.kind, t.tbl, t.scope, t.status);
  END LOOP;
END
$migration$;

-- A status filter walks the account's rows of that status in the list's order (newest first), so a
-- filter that matches nothing, or little, reads nothing, or little.
CREATE INDEX invoices_account_status_created ON invoices (account_id, status, created_at DESC, id DESC);
CREATE INDEX deposits_account_status_created ON deposits (account_id, status, created_at DESC, id DESC);
CREATE INDEX withdrawals_account_status_created ON withdrawals (account_id, status, created_at DESC, id DESC);
CREATE INDEX x402_settlements_tenant_status ON x402_settlements (tenant_id, status, created_at DESC, id DESC);
-- The delivery log by status. A claim changes no status: its updates stay HOT (migration 0027).
CREATE INDEX webhook_deliveries_tenant_status ON webhook_deliveries (tenant_id, status, seq DESC);
CREATE INDEX webhook_deliveries_account_status ON webhook_deliveries (account_id, status, seq DESC) WHERE account_id IS NOT NULL;

-- The settlement list's other filters (payer, payTo, transaction), each within the tenant and in the list's order.
CREATE INDEX x402_settlements_tenant_payer ON x402_settlements (tenant_id, payer, created_at DESC, id DESC);
CREATE INDEX x402_settlements_tenant_pay_to ON x402_settlements (tenant_id, pay_to, created_at DESC, id DESC);
CREATE INDEX x402_settlements_tenant_transaction ON x402_settlements (tenant_id, transaction) WHERE transaction IS NOT NULL;
