import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { listenForChanges, notifyChange, type ChangeListener } from '../../src/lib/db/notify.ts';
import { until } from '../helpers/receiver.ts';
import { scratchDatabaseBehindProxy } from '../helpers/tcp-proxy.ts';

const base = process.env.TEST_DATABASE_URL;

describe('change notices across a lost connection [postgres]', { skip: base ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabaseBehindProxy>>;
  let direct: Database;
  let listener: ChangeListener;
  const heard: string[] = [];

  before(async () => {
    scratch = await scratchDatabaseBehindProxy(base!, 'cg_listen');
    // Notices are sent on a connection that does not go through the proxy, as another instance's.
    direct = await openDatabase({ databaseUrl: base!.replace(/\/[^/]*$/, new URL(scratch.url).pathname), poolSize: 1 });
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    listener = await listenForChanges(database, scratch.url);
    listener.onChange((p) => heard.push(p));
    await database.close();
  });
  after(async () => {
    await listener?.close();
    await direct?.close();
    await scratch?.drop();
  });

  it('caches are told to empty when the line drops, retries for as long as it is down, and listens again', async () => {
    await until(() => listener.healthy, 5000, 'listening');
    heard.length = 0;
    await notifyChange(direct.db, 'key:1');
    await until(() => heard.includes('key:1'), 5000, 'a notice');

    scratch.proxy.block();
    scratch.proxy.cut();
    await until(() => !listener.healthy, 5000, 'the listener sees the line drop');
    assert.ok(heard.includes('*'), 'every cache entry is dropped at once');
    // Several reconnection attempts fail meanwhile; none may end the retries.
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(listener.healthy, false);
    const before = heard.length;
    scratch.proxy.unblock();
    await until(() => listener.healthy, 10_000, 'listening again once the database is reachable');
    assert.ok(heard.slice(before).includes('*'), 'caches start empty again: notices were missed meanwhile');
    await notifyChange(direct.db, 'key:2');
    await until(() => heard.includes('key:2'), 5000, 'notices arrive again');
  });
});
