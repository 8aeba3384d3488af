-- The deliverer claims by receiving origin (each worker sends at most a few requests at a
-- time to one origin). Pending deliveries by origin, in the order they are due: the origins with
-- pending deliveries are read by skipping along this index, and each origin's next due deliveries
-- come from its front, so a claim costs what it claims, not the length of the queue. It replaces
-- the index of all pending deliveries by due time, which nothing reads any more.
CREATE INDEX webhook_deliveries_origin_due ON webhook_deliveries (origin, next_attempt_at, seq) WHERE status = 'pending';
DROP INDEX webhook_deliveries_due;

-- A claim writes only the lease columns, none of them indexed: with room left on each page the new
-- row version stays on the page (a HOT update) and none of the table's indexes gets a new entry.
ALTER TABLE webhook_deliveries SET (fillfactor = 70);
