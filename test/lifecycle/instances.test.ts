import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Database } from '../../src/lib/db/index.ts';
import { describeEngines, freshDatabase, startTestApp, type TestApp } from '../helpers/harness.ts';

/** Polls until `check` holds; the other instance learns of a change from its notice. */
async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail('the other instance never saw the change');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEngines('two instances on one database', (engine) => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    database = await freshDatabase(engine);
    a = await startTestApp(engine, { database });
    b = await startTestApp(engine, { database });
  });
  after(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('a key revoked on one instance is refused by the other, though it had it cached', async () => {
    const { key, keyId } = await a.tenant(['accounts.list']);
    assert.equal((await b.call('GET', '/v1/accounts', { key })).status, 200); // now cached on B
    assert.equal((await a.admin('DELETE', `/admin/api-keys/${keyId}`)).status, 200);
    assert.equal((await a.call('GET', '/v1/accounts', { key })).status, 401); // at once where revoked
    await eventually(async () => (await b.call('GET', '/v1/accounts', { key })).status === 401);
  });

  it('fee and commission changes made on one instance show on the other', async () => {
    const { key, tenantId } = await a.tenant(['currencies.list']);
    const btcOn = async (t: TestApp) =>
      (await t.call('GET', '/v1/currencies?network=BTC', { key })).body.data[0] as {
        depositNetworkFee: { amount: number } | null;
        depositCommission: number;
      };
    await btcOn(b);
    await a.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'BTC', amount: 0.00031 });
    await a.admin('PATCH', `/admin/tenants/${tenantId}`, { depositCommission: 0.004 });
    await eventually(async () => {
      const btc = await btcOn(b);
      return btc.depositNetworkFee?.amount === 0.00031 && btc.depositCommission === 0.004;
    });
  });
});
