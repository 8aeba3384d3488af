import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

describeEngines('merchant accounts', (engine) => {
  const app = useTestApp(engine);

  it('lists the tenant accounts and creates new ones up to the maximum', async () => {
    const t = app();
    const { key, tenantId, accountId } = await t.tenant();
    const list = await t.call('GET', '/v1/accounts', { key });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((a: { id: string }) => a.id),
      [accountId],
    );

    const patched = await t.admin('PATCH', `/admin/tenants/${tenantId}`, { maxAccounts: 3 });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.data.maxAccounts, 3);

    for (const name of ['Second', 'Third']) {
      const created = await t.call('POST', '/v1/accounts', { key, body: { name } });
      assert.equal(created.status, 201);
      assert.equal(created.body.data.name, name);
    }
    const refused = await t.call('POST', '/v1/accounts', { key, body: { name: 'Fourth' } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'exceptions.account.limitReached');
    assert.equal((await t.call('GET', '/v1/accounts', { key })).body.data.length, 3);
  });

  it('defaults to at most 10 accounts, also under concurrent creates', async () => {
    const t = app();
    const { key } = await t.tenant();
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => t.call('POST', '/v1/accounts', { key, body: { name: `A${i}` } })),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 9);
    assert.ok(results.filter((r) => r.status !== 201).every((r) => r.body.code === 'exceptions.account.limitReached'));
    assert.equal((await t.call('GET', '/v1/accounts', { key })).body.data.length, 10);
  });

  it('never shows another tenant its accounts', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const list = await t.call('GET', '/v1/accounts', { key: b.key });
    assert.ok(!list.body.data.some((x: { id: string }) => x.id === a.accountId));
  });

  it('validates the body', async () => {
    const t = app();
    const { key } = await t.tenant();
    const res = await t.call('POST', '/v1/accounts', { key, body: { name: 42 } });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'exceptions.validation.failed');
    assert.equal(res.body.extension.fields[0].field, 'name');
  });
});
