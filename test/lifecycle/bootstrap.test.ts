import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bootstrapFirstStart } from '../../src/bootstrap.ts';
import { describeEngines, testConfig, useTestDatabase } from '../helpers/harness.ts';

describeEngines('first start', (engine) => {
  const db = useTestDatabase(engine);

  it('creates one demo tenant even when several instances start at once', async () => {
    const ctx = { config: testConfig({ adminToken: undefined }), database: db(), db: db().db };
    const results = await Promise.all([bootstrapFirstStart(ctx), bootstrapFirstStart(ctx), bootstrapFirstStart(ctx)]);
    assert.equal(results.filter((r) => r?.tenantId).length, 1);
    assert.equal(results.filter((r) => r?.adminToken).length, 1, 'one generated admin token, printed once');
    const tenants = await db().db.selectFrom('tenants').select('id').execute();
    assert.equal(tenants.length, 1);
    assert.equal(await bootstrapFirstStart(ctx), null, 'later starts print nothing');
  });
});
