/**
 * The database going away under load, on a PostgreSQL cluster of the test's own: restarted,
 * stopped and started, and cut off by a proxy that drops every connection, each several times,
 * while an API process and a worker process serve invoices, deposits and withdrawals through it.
 * Nothing may crash, every request gets an answer (a 503 with Retry-After while the database is
 * away), everything acknowledged survives, nothing is paid twice, every event is delivered, and the
 * worker says once that the database went away and once that it came back, per outage.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../../src/lib/db/index.ts';
import { MixedLoad } from '../helpers/load.ts';
import { clusterUnavailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster.ts';
import { api, provisionTenant, startGateway, type GatewayProcess } from '../helpers/processes.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const ADMIN = `faults-admin-${randomBytes(16).toString('hex')}`;
const ROUNDS = Number(process.env.DB_FAULT_ROUNDS ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the database restarted, stopped and cut off under load [own PostgreSQL cluster]', { skip: clusterUnavailable() }, () => {
  let cluster: PgCluster;
  let proxy: TcpProxy;
  let apiProcess: GatewayProcess;
  let worker: GatewayProcess;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let direct: Database;

  before(async () => {
    cluster = await startPgCluster();
    proxy = await startTcpProxy({ host: '127.0.0.1', port: cluster.port });
    receiver = await startReceiver(() => ({ status: 204 }));
    const env = {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
      ADMIN_TOKEN: ADMIN,
      RATE_LIMIT: '1000000/60',
      ADMIN_AUTH_FAILURES: '100000/60',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WATCH_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    };
    // Both at once, as an installation starts: migrations run under an advisory lock, once.
    [apiProcess, worker] = await Promise.all([
      startGateway({ role: 'api', env, readyTimeoutMs: 60_000 }),
      startGateway({ role: 'worker', env: { ...env, LOG_LEVEL: 'info' }, readyTimeoutMs: 60_000 }),
    ]);
    direct = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
  });
  after(async () => {
    await apiProcess?.stop();
    await worker?.stop();
    await direct?.close();
    await receiver?.close();
    await proxy?.close();
    await cluster?.destroy();
  });

  it('answers 503 while it is gone, resumes by itself, and loses or repeats nothing', async () => {
    const url = apiProcess.url;
    const { key, tenantId } = await provisionTenant(url, ADMIN, 'Fault merchant');
    await api(url, 'PATCH', `/admin/tenants/${tenantId}`, { admin: ADMIN, body: { depositWebhookUrl: `${receiver.url}/deposits` } });
    const load = new MixedLoad({ url: () => url, key, admin: ADMIN, receiver: receiver.url });
    await load.fund();
    load.start(3, 20);

    const faults: Array<[string, () => Promise<void>]> = [
      ['restart', () => cluster.restart()],
      [
        'stop/start',
        async () => {
          await cluster.stop(ROUNDS > 1 ? 'fast' : 'immediate');
          await sleep(1000);
          await cluster.start();
        },
      ],
      [
        'cut',
        async () => {
          proxy.block();
          proxy.cut();
          await sleep(1000);
          proxy.unblock();
        },
      ],
    ];
    const back = async (what: string) =>
      until(
        async () => (await api(url, 'GET', '/v1/accounts', { key }).catch(() => ({ status: 0 }))).status === 200,
        20_000,
        `requests succeed again after a ${what}`,
      );
    let outages = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [what, fault] of faults) {
        await sleep(400);
        const answeredBefore = load.tally.answered;
        const t0 = Date.now();
        await fault();
        const t1 = Date.now();
        outages++;
        await back(what);
        const t2 = Date.now();
        // The load goes on after each outage: requests keep being answered.
        await until(() => load.tally.answered > answeredBefore, 20_000, `load answered after a ${what}`);
        if (process.env.DB_FAULT_TRACE)
          console.log(t0, `${what}: fault ${t1 - t0} ms, back ${t2 - t1} ms, load ${Date.now() - t2} ms`, load.tally);
      }
    }
    await sleep(400);
    await load.stop();

    // Both processes are still the ones started: no crash, no restart needed.
    assert.equal(apiProcess.proc.exitCode, null, `the API process is alive:\n${apiProcess.output().slice(-2000)}`);
    assert.equal(worker.proc.exitCode, null, `the worker process is alive:\n${worker.output().slice(-2000)}`);
    assert.equal(load.tally.errors, 0, `no 5xx other than 503 service.unavailable: ${load.samples.join('\n')}`);
    assert.equal(load.tally.unanswered, 0, `every request got an answer: ${load.samples.join('\n')}`);
    assert.ok(load.tally.unavailable > 0, 'requests during the outages were answered 503 with Retry-After');

    const ts = Date.now();
    await load.settle(direct.db, 60_000);
    if (process.env.DB_FAULT_TRACE) console.log(`settle ${Date.now() - ts} ms`);
    const verdict = await load.verify(direct.db, receiver.received);
    assert.deepEqual(verdict.failures, [], verdict.lines.join('\n'));

    // The worker logged each outage once when it started and once when it ended, and no job
    // reported a failure of its own meanwhile.
    const lines = worker.output().split('\n');
    const down = lines.filter((l) => l.includes('database unreachable')).length;
    const up = lines.filter((l) => l.includes('database reachable again')).length;
    if (process.env.DB_FAULT_TRACE)
      console.log({ down, up, outages, tally: load.tally, lines: verdict.lines }, lines.filter((l) => l.includes('database')).join('\n'));
    assert.ok(down >= 1 && down <= outages, `one warning per outage at most (${down} for ${outages} outages)`);
    assert.equal(up, down, 'each outage ended with one line');
    const failed = lines.filter((l) => l.includes('background job failed'));
    assert.deepEqual(failed, [], 'no job logged an error during the outages');
    const apiLines = apiProcess.output().split('\n');
    assert.deepEqual(
      apiLines.filter((l) => l.includes('unhandled error')),
      [],
      'no request failed with an unhandled error',
    );
  });

  it('a gateway started while the database is down waits for it instead of exiting', async () => {
    await cluster.stop();
    let waiting = false;
    const starting = startGateway({
      role: 'api',
      env: { DATABASE_URL: cluster.url, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn' },
      readyTimeoutMs: 60_000,
      onOutput: (out) => (waiting ||= out.includes('waiting for the database')),
    });
    await until(() => waiting, 30_000, 'the gateway says it waits for the database');
    await sleep(500); // still waiting, not exited
    await cluster.start();
    const late = await starting;
    try {
      assert.equal(late.proc.exitCode, null);
      assert.equal((await api(late.url, 'GET', '/readyz')).status, 200);
    } finally {
      await late.stop();
    }
  });
});
