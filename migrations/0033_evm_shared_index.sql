-- The EVM networks take their address indexes from one counter per account key ('EVM'), so that an
-- address (the same on Ethereum, BNB Smart Chain and Base for the same key and index) belongs to one
-- owner on all of them. The shared counter starts above every index the networks handed out alone.
INSERT INTO hd_accounts (network, xpub, next_index, sandbox)
SELECT 'EVM', xpub, max(next_index), bool_or(sandbox)
FROM hd_accounts
WHERE network IN ('ETHEREUM', 'BNB', 'BASE')
GROUP BY xpub
ON CONFLICT (network, xpub) DO NOTHING;
