-- A tenant's x402 settlements of one network: the settlement list filtered by network walks and
-- counts only that network's rows (the maintained counts are not kept per network), and the
-- networks a tenant has settled on are found with one index probe per network.
CREATE INDEX x402_settlements_tenant_network ON x402_settlements (tenant_id, network, created_at DESC, id DESC);
