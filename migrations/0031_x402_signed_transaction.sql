-- The fee payer's signed transaction of each settlement, kept from before it is sent: the hash is
-- recorded before the node hears of it, so a transaction that reached a node whose answer never came
-- (or a process that stopped mid-send) is still followed to its receipt by the worker, and one the
-- node may never have had is broadcast again from these bytes instead of being taken for failed.
-- Empty once a settlement is final, and for settlements made before this migration.
ALTER TABLE x402_settlements ADD COLUMN signed_transaction text NOT NULL DEFAULT '';
