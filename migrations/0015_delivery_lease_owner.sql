-- Which worker process holds a delivery's lease. A worker that lost its database connection does
-- not know whether its last claims or outcomes were committed; once the database is back it frees
-- the leases it holds but is not sending, so those deliveries are retried at once instead of after
-- the lease runs out.
alter table webhook_deliveries add column lease_owner uuid;
