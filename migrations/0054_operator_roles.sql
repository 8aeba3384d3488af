-- Operators' roles: `operator` (an operator admin: everything), `operatorOperations` (the
-- withdrawal queue, redeliveries, tenants' operational settings), `operatorSupport` (tenants'
-- users), `operatorAuditor` (reads only). Every operator role has no tenant.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users DROP CONSTRAINT users_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
  CHECK (role IN ('owner', 'finance', 'developer', 'viewer', 'operator', 'operatorOperations', 'operatorSupport', 'operatorAuditor'));
ALTER TABLE users ADD CONSTRAINT users_check
  CHECK ((role IN ('operator', 'operatorOperations', 'operatorSupport', 'operatorAuditor')) = (tenant_id IS NULL));
