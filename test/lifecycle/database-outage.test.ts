import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp, type App } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { createTenant, issueApiKey } from '../../src/modules/tenants/service.ts';
import { testConfig } from '../helpers/harness.ts';
import { until } from '../helpers/receiver.ts';
import { scratchDatabaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const base = process.env.TEST_DATABASE_URL;

describe('the database going away [postgres]', { skip: base ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabaseBehindProxy>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: App;
  let key: string;

  before(async () => {
    scratch = await scratchDatabaseBehindProxy(base!, 'cg_outage');
    proxy = scratch.proxy;
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    app = await buildApp({ config: testConfig(), database, db: database.db }, { logger: false });
    await app.ready();
    const tenant = await createTenant(database.db, 'Outage shop');
    key = (await issueApiKey(database.db, { tenantId: tenant.id, accountId: tenant.accountId, scopes: ['*'] })).key;
  });
  after(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
  });

  const accounts = () => app.inject({ method: 'GET', url: '/v1/accounts', headers: { 'x-tenant-api-key': key } });

  it('survives a cut line (no crash), answers 503 while it is gone, and resumes by itself', async () => {
    assert.equal((await accounts()).statusCode, 200);
    // A connection held out of the pool between two statements, as a transaction or an advisory
    // lock holder does: a cut line reaches it as an 'error' event with nobody querying.
    let release!: () => void;
    const held = database.db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await new Promise<void>((r) => (release = r));
    });
    await until(() => release !== undefined, 5000, 'a held connection');

    proxy.block();
    proxy.cut();
    await new Promise((r) => setTimeout(r, 200)); // the 'error' events arrive; none may crash the process
    release();
    await held.catch(() => {});

    for (let i = 0; i < 3; i++) {
      const res = await accounts();
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().code, 'exceptions.service.unavailable');
      assert.ok(Number(res.headers['retry-after']) >= 1, 'Retry-After');
    }
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process is alive');
    // The scrape still answers, with the process's own metrics and the outage in them.
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(metrics.statusCode, 200, metrics.body);
    assert.match(metrics.body, /^database_up 0$/m);
    assert.match(metrics.body, /^database_outages_total 1$/m);

    proxy.unblock();
    await until(async () => (await accounts()).statusCode === 200, 15_000, 'requests succeed again once the database is back');
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    await until(async () => /^database_up 1$/m.test((await app.inject({ method: 'GET', url: '/metrics' })).body), 10_000, 'database_up 1');
  });
});
