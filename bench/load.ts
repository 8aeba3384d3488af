/**
 * `npm run bench:load`: the gateway as deployed (an API process and a worker process, each as
 * `npm start` runs it, on PostgreSQL) driven over HTTP at a fixed concurrency, route by route:
 * invoice creation, reads and lists, deposits credited through the sandbox chain, withdrawal quotes
 * and commits. Printed per route: requests per second and p50/p99 latency. Next to them, in the
 * same run on the same database, the raw rate of the same inserts done directly (pg, same
 * concurrency, no HTTP and no checks) and the gateway/raw ratio.
 *
 * PostgreSQL from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server; a scratch
 * database is created and dropped. BENCH_SECONDS (default 5) per route, BENCH_CONNECTIONS (16).
 *
 * BENCH_LOAD_MINUTES=10 adds the memory check: after the routes, the same mix (invoices created,
 * read and listed, deposits paid through the sandbox chain) runs for that many minutes, and each
 * process's resident memory is printed after start, after the routes and after every minute, with
 * its growth over the whole run (the issue's limit: 10 %).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { api, createScratchDatabase, npmStartArgs, provisionTenant, startGateway, type GatewayProcess } from '../test/helpers/processes.ts';
import { until } from '../test/helpers/receiver.ts';
import { readFileSync } from 'node:fs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOAD_MINUTES = Number(process.env.BENCH_LOAD_MINUTES ?? 0);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = `bench-admin-${randomBytes(16).toString('hex')}`;

interface Row {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
}

/** One route at the fixed concurrency; `next` makes each request (path, body), `onBody` sees each answer. */
async function drive(
  route: string,
  base: string,
  opts: {
    method: 'GET' | 'POST';
    next: () => { path: string; body?: unknown };
    headers: Record<string, string>;
    amount?: number;
    onBody?: (status: number, body: string) => void;
  },
): Promise<Row> {
  const requests = [
    {
      method: opts.method,
      setupRequest: (req: Request): Request => {
        const { path, body } = opts.next();
        return { ...req, path, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
      },
      ...(opts.onBody ? { onResponse: (status: number, body: string) => opts.onBody!(status, body) } : {}),
    },
  ];
  const headers = { ...opts.headers, ...(opts.method === 'POST' ? { 'content-type': 'application/json' } : {}) };
  const result = await autocannon({
    url: base,
    headers,
    requests,
    connections: CONNECTIONS,
    pipelining: 1,
    ...(opts.amount ? { amount: opts.amount } : { duration: SECONDS }),
  });
  return {
    route,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors,
  };
}

/** Resident memory of a process in MB (0 once it is gone). */
function rssMb(pid: number | undefined): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(pid ? readFileSync(`/proc/${pid}/status`, 'utf8') : '');
  return m ? Number(m[1]) / 1024 : 0;
}

/** The memory of every process, labelled, for the memory check's table. */
function memory(label: string, procs: GatewayProcess[]): string {
  return `  ${label.padEnd(28)}${procs.map((p) => `${p.role} ${rssMb(p.proc.pid).toFixed(0)} MB`.padEnd(18)).join('')}`;
}

/**
 * The memory check (BENCH_LOAD_MINUTES): the invoice and deposit mix, a route a few seconds at a
 * time, for `minutes`, each answer checked; resident memory after each minute.
 */
async function soak(minutes: number, base: string, key: string, procs: GatewayProcess[], lines: string[]): Promise<number> {
  const auth = { 'x-tenant-api-key': key };
  const end = Date.now() + minutes * 60_000;
  let next = Date.now() + 60_000;
  let n = 0;
  let failed = 0;
  const ids: string[] = [];
  const check = (status: number, body: string, want: number) => {
    if (status !== want || !JSON.parse(body).data) failed++;
  };
  while (Date.now() < end) {
    const slice = { method: 'POST' as const, headers: auth, amount: CONNECTIONS * 20 };
    await drive('invoice', base, {
      ...slice,
      next: () => ({ path: '/v1/invoice', body: { amount: 25, fiatCurrencyCode: 'USD', orderId: `soak-${randomUUID()}` } }),
      onBody: (s, b) => (check(s, b, 201), s === 201 && ids.length < 1000 && ids.push(JSON.parse(b).data.id)),
    });
    await drive('read', base, {
      method: 'GET',
      headers: auth,
      amount: CONNECTIONS * 20,
      next: () => ({ path: `/v1/invoice?id=${ids[n++ % ids.length]}` }),
      onBody: (s, b) => check(s, b, 200),
    });
    await drive('list', base, {
      method: 'GET',
      headers: auth,
      amount: CONNECTIONS * 5,
      next: () => ({ path: '/v1/invoice/list?limit=20' }),
      onBody: (s, b) => check(s, b, 200),
    });
    const deposit = (
      await api(base, 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `soak-dep-${randomUUID()}` } })
    ).body.data;
    await api(base, 'POST', '/admin/sandbox/transfers', {
      admin: ADMIN,
      body: { cryptoCurrencyCode: 'USDT_TRC20', to: deposit.address, amount: '10' },
    });
    await api(base, 'POST', '/admin/sandbox/mine', { admin: ADMIN, body: { network: 'Tron', blocks: 3 } });
    if (Date.now() >= next) {
      lines.push(memory(`after ${Math.round((Date.now() - end) / 60_000 + minutes)} min`, procs));
      next += 60_000;
    }
  }
  return failed;
}

/** The same INSERT the route ends in, done directly: CONNECTIONS loops on a pool for SECONDS. */
async function raw(route: string, pool: pg.Pool, insert: (client: pg.PoolClient, n: number) => Promise<unknown>): Promise<Row> {
  const latencies: number[] = [];
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          const t0 = performance.now();
          await insert(client, n++);
          latencies.push(performance.now() - t0);
        }
      } finally {
        client.release();
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { route, rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), ok: latencies.length, other: 0 };
}

const scratch = await createScratchDatabase(BASE_URL, 'cg_bench');
const env = { DATABASE_URL: scratch.url, ADMIN_TOKEN: ADMIN, RATE_LIMIT: '100000000/60', WATCH_INTERVAL_MS: '100' };
const procs: GatewayProcess[] = [];
const db = new pg.Pool({ connectionString: scratch.url, max: CONNECTIONS });
db.on('error', () => {}); // the scratch database is dropped at the end
try {
  // Each process exactly as `npm start` runs it (its V8 settings included), as deployed.
  procs.push(await startGateway({ role: 'api', env, nodeArgs: npmStartArgs() }));
  procs.push(await startGateway({ role: 'worker', env, nodeArgs: npmStartArgs() }));
  const memoryLines = [memory('after start', procs)];
  const base = procs[0]!.url;
  const { key, tenantId, accountId } = await provisionTenant(base, ADMIN, 'Load merchant');
  const auth = { 'x-tenant-api-key': key };
  const adminAuth = { authorization: `Bearer ${ADMIN}` };
  const run = randomUUID().slice(0, 8);
  let n = 0;

  // A balance for the withdrawals, credited through the sandbox before the clock starts.
  const funding = (await api(base, 'POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `fund-${run}` } })).body
    .data;
  await api(base, 'POST', '/admin/sandbox/transfers', {
    admin: ADMIN,
    body: { cryptoCurrencyCode: 'USDT_TRC20', to: funding.address, amount: '100000000' },
  });
  await api(base, 'POST', '/admin/sandbox/mine', { admin: ADMIN, body: { network: 'Tron', blocks: 3 } });
  await until(
    async () => (await api(base, 'GET', `/v1/deposit?id=${funding.id}`, { key })).body.data.status === 'completed',
    30_000,
    'the funding deposit',
  );

  const rows: Row[] = [];
  const invoiceIds: string[] = [];
  rows.push(
    await drive('POST /v1/invoice', base, {
      method: 'POST',
      headers: auth,
      next: () => ({
        path: '/v1/invoice',
        body: { amount: 25, fiatCurrencyCode: 'USD', orderId: `inv-${run}-${++n}`, description: 'Two T-shirts', customerId: 'customer-1' },
      }),
      onBody: (status, body) => status === 201 && invoiceIds.length < 10_000 && invoiceIds.push(JSON.parse(body).data.id),
    }),
  );
  let r = 0;
  rows.push(
    await drive('GET /v1/invoice?id=', base, {
      method: 'GET',
      headers: auth,
      next: () => ({ path: `/v1/invoice?id=${invoiceIds[r++ % invoiceIds.length]}` }),
    }),
  );
  rows.push(
    await drive('GET /v1/invoice/list', base, { method: 'GET', headers: auth, next: () => ({ path: '/v1/invoice/list?limit=20' }) }),
  );

  const deposits: Array<{ id: string; address: string }> = [];
  rows.push(
    await drive('POST /v1/deposit', base, {
      method: 'POST',
      headers: auth,
      next: () => ({ path: '/v1/deposit', body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `dep-${run}-${++n}` } }),
      onBody: (status, body) => {
        if (status === 201) deposits.push(JSON.parse(body).data);
      },
    }),
  );
  let d = 0;
  rows.push(
    await drive('POST /admin/sandbox/transfers', base, {
      method: 'POST',
      headers: adminAuth,
      amount: deposits.length,
      next: () => ({
        path: '/admin/sandbox/transfers',
        body: { cryptoCurrencyCode: 'USDT_TRC20', to: deposits[d++ % deposits.length]!.address, amount: '10' },
      }),
    }),
  );
  // Crediting: the worker sees the transfers, then their confirmations, and settles each deposit.
  const t0 = performance.now();
  await api(base, 'POST', '/admin/sandbox/mine', { admin: ADMIN, body: { network: 'Tron', blocks: 3 } });
  const completed = async () =>
    Number((await db.query(`select count(*) as n from deposits where tenant_id = $1 and status = 'completed'`, [tenantId])).rows[0].n);
  await until(async () => (await completed()) >= deposits.length + 1, 300_000, 'every deposit credited');
  const creditSeconds = (performance.now() - t0) / 1000;

  const quotes: string[] = [];
  const to = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
  rows.push(
    await drive('POST /v1/withdrawal/quote', base, {
      method: 'POST',
      headers: auth,
      next: () => ({
        path: '/v1/withdrawal/quote',
        body: { cryptoCurrencyCode: 'USDT_TRC20', address: to, amount: 5, orderId: `wd-${run}-${++n}` },
      }),
      onBody: (status, body) => status === 200 && quotes.push(JSON.parse(body).data.quoteId),
    }),
  );
  let q = 0;
  rows.push(
    await drive('POST /v1/withdrawal/commit', base, {
      method: 'POST',
      headers: auth,
      amount: quotes.length,
      next: () => ({ path: '/v1/withdrawal/commit', body: { quoteId: quotes[q++] } }),
    }),
  );

  memoryLines.push(memory('after the routes', procs));
  const soakFailures = LOAD_MINUTES > 0 ? await soak(LOAD_MINUTES, base, key, procs, memoryLines) : 0;
  memoryLines.push(memory(`end (${LOAD_MINUTES} min of load)`, procs));
  if (LOAD_MINUTES > 0) console.error(memoryLines.join('\n')); // kept should a later step fail

  // The raw rate of the same inserts, directly on the same database.
  const rawRows = [
    await raw('raw INSERT invoices', db, (c, i) =>
      c.query(
        `insert into invoices (id, tenant_id, account_id, order_id, amount_minor, fiat_currency, items, description, customer_id, source, status, commission_rate, expires_at)
         values ($1, $2, $3, $4, 2500, 'USD', '[]', 'Two T-shirts', 'customer-1', 'api', 'created', 0.01, now() + interval '30 minutes')`,
        [randomUUID(), tenantId, accountId, `raw-inv-${run}-${i}`],
      ),
    ),
    // The route's two rows: the address handed out and the deposit that owns it.
    await raw('raw INSERT deposits', db, (c, i) =>
      c.query(
        `with a as (
           insert into addresses (network, address, hd_account_id, derivation_index, purpose, owner_id, tenant_id, currency_code)
           values ('TRON', $5, (select id from hd_accounts where network = 'TRON' order by id limit 1), $6, 'deposit', $1, $2, 'USDT_TRC20')
           returning network, address)
         insert into deposits (id, tenant_id, account_id, order_id, currency_code, network, address, status, network_fee, min_amount, commission_rate, expires_at)
         select $1, $2, $3, $4, 'USDT_TRC20', a.network, a.address, 'created', 1000000, 2000000, 0.01, now() + interval '1 day' from a`,
        [randomUUID(), tenantId, accountId, `raw-dep-${run}-${i}`, `Traw${run}${i}`, 1_000_000_000 + i],
      ),
    ),
  ];

  console.log(`\nbench:load: gateway on PostgreSQL (1 API + 1 worker process), ${CONNECTIONS} connections, ${SECONDS} s per timed route`);
  const pad = (cells: string[]) => cells.map((c, i) => c.padEnd(i === 0 ? 30 : 11)).join('');
  console.log('  ' + pad(['route', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'other']));
  for (const row of [...rows, ...rawRows]) {
    console.log('  ' + pad([row.route, row.rps.toFixed(0), row.p50.toFixed(2), row.p99.toFixed(2), String(row.ok), String(row.other)]));
  }
  const ratio = (route: string, rawRoute: string) => {
    const a = rows.find((x) => x.route === route)!;
    const b = rawRows.find((x) => x.route === rawRoute)!;
    console.log(`  ratio ${route} / ${rawRoute}: ${(a.rps / b.rps).toFixed(3)}`);
  };
  ratio('POST /v1/invoice', 'raw INSERT invoices');
  ratio('POST /v1/deposit', 'raw INSERT deposits');
  console.log(
    `  deposits credited by the worker: ${deposits.length} in ${creditSeconds.toFixed(1)} s = ${(deposits.length / creditSeconds).toFixed(0)}/s (mine → completed)`,
  );
  if (LOAD_MINUTES > 0) {
    console.log(`\n  memory (resident) over ${LOAD_MINUTES} min of load:`);
    for (const line of memoryLines) console.log(line);
    const growth = (at: number) =>
      procs.map((p) => {
        const mb = (line: string) => Number(new RegExp(`${p.role} (\\d+) MB`).exec(line)?.[1] ?? 0);
        return `${p.role} ${(100 * (mb(memoryLines[memoryLines.length - 1]!) / mb(memoryLines[at]!) - 1)).toFixed(1)} %`;
      });
    console.log(`  growth since start: ${growth(0).join(', ')}; since the routes (warm): ${growth(1).join(', ')}`);
    if (soakFailures) console.log(`  WARNING: ${soakFailures} answers of the memory check were not as expected`);
  }
  const bad = rows.filter((x) => x.other > 0);
  if (bad.length) console.log(`  WARNING: non-2xx or errors on ${bad.map((x) => `${x.route} (${x.other})`).join(', ')}`);
} catch (err) {
  console.error('bench:load failed:', err);
  process.exitCode = 1;
} finally {
  await db.end();
  await Promise.all(procs.map((p) => p.stop()));
  await scratch.drop();
}
