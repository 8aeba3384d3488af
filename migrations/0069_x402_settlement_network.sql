-- A tenant's x402 settlements of one network, now that the facilitator settles on several: the
-- settlement list filtered by network has its total from maintained counts, like its payer and
-- payTo filters (migration 0030), and walks only that network's rows along an index, which also
-- finds the networks a tenant has settled on with one probe per network.

CREATE INDEX x402_settlements_tenant_network ON x402_settlements (tenant_id, network, created_at DESC, id DESC);

-- The counted kind `x402_settlements_of_network`, scoped by the md5 of `tenant:network` as a uuid
-- (lib/db/counts.ts `addressScope`), with the triggers migration 0030 gives every kind: inserted
-- and deleted rows a statement at a time, a status, network or time change a row at a time.
CREATE OR REPLACE FUNCTION x402_settlements_of_network_count_rows() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
    SELECT 'x402_settlements_of_network', md5(tenant_id::text || ':' || network)::uuid, status, (created_at AT TIME ZONE 'UTC')::date, count(*)
    FROM new_rows GROUP BY 2, 3, 4;
  ELSE
    INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
    SELECT 'x402_settlements_of_network', md5(tenant_id::text || ':' || network)::uuid, status, (created_at AT TIME ZONE 'UTC')::date, -count(*)
    FROM old_rows GROUP BY 2, 3, 4;
  END IF;
  RETURN NULL;
END
$body$;

CREATE TRIGGER x402_settlements_of_network_count_inserted AFTER INSERT ON x402_settlements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION x402_settlements_of_network_count_rows();
CREATE TRIGGER x402_settlements_of_network_count_deleted AFTER DELETE ON x402_settlements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION x402_settlements_of_network_count_rows();

CREATE OR REPLACE FUNCTION x402_settlements_of_network_count_moved() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  INSERT INTO list_count_deltas (kind, scope_id, status, day, delta)
  SELECT 'x402_settlements_of_network', v.scope_id, v.status, v.day, v.delta
  FROM (VALUES (md5(OLD.tenant_id::text || ':' || OLD.network)::uuid, OLD.status, (OLD.created_at AT TIME ZONE 'UTC')::date, -1),
               (md5(NEW.tenant_id::text || ':' || NEW.network)::uuid, NEW.status, (NEW.created_at AT TIME ZONE 'UTC')::date, 1)) AS v (scope_id, status, day, delta);
  RETURN NULL;
END
$body$;

CREATE TRIGGER x402_settlements_of_network_count_moved AFTER UPDATE OF status, tenant_id, network, created_at ON x402_settlements FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.network IS DISTINCT FROM NEW.network
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION x402_settlements_of_network_count_moved();

-- The settlements already there.
INSERT INTO list_counts (kind, scope_id, status, n)
  SELECT 'x402_settlements_of_network', md5(tenant_id::text || ':' || network)::uuid, status, count(*) FROM x402_settlements GROUP BY 2, 3;
INSERT INTO list_day_counts (kind, scope_id, status, day, n)
  SELECT 'x402_settlements_of_network', md5(tenant_id::text || ':' || network)::uuid, status, (created_at AT TIME ZONE 'UTC')::date, count(*)
  FROM x402_settlements GROUP BY 2, 3, 4;
