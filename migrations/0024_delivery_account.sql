-- The account a webhook delivery's object belongs to: a key bound to one account sees
-- and redelivers only its own account's deliveries. Null for objects of the whole tenant (x402
-- settlements, test events), which only tenant-wide keys and dashboard users see.
ALTER TABLE webhook_deliveries ADD COLUMN account_id uuid;

UPDATE webhook_deliveries d SET account_id = coalesce(
  (SELECT i.account_id FROM invoices i WHERE d.aggregate_key = 'invoice:' || i.id::text),
  (SELECT x.account_id FROM deposits x WHERE d.aggregate_key = 'deposit:' || x.id::text),
  (SELECT w.account_id FROM withdrawals w WHERE d.aggregate_key = 'withdrawal:' || w.id::text),
  (SELECT c.account_id FROM conversions c WHERE d.aggregate_key = 'conversion:' || c.id::text)
);

CREATE INDEX webhook_deliveries_account_idx ON webhook_deliveries (account_id, seq DESC) WHERE account_id IS NOT NULL;
