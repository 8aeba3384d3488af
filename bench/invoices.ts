import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { Engine } from '../src/lib/db/index.ts';
import {
  benchEngines,
  compareLoads,
  figuresOf,
  jsonCheck,
  load,
  printTable,
  progress,
  ratio,
  startBenchGateway,
  type Figures,
} from './lib.ts';

interface BenchInvoice {
  amount: number;
  fiatCurrencyCode: string;
  orderId: string;
  description: string;
  items: Array<{ name: string; quantity: number; cost: number }>;
  customerId: string;
}

/** The invoice body the bench posts: a fresh orderId each time. */
export function invoiceBody(): () => BenchInvoice & Record<string, unknown> {
  const run = randomUUID().slice(0, 8);
  let n = 0;
  return () => ({
    amount: 25,
    fiatCurrencyCode: 'USD',
    orderId: `bench-${run}-${++n}`,
    description: 'Two T-shirts',
    items: [{ name: 'T-shirt', quantity: 2, cost: 12.5 }],
    customerId: 'customer-1',
  });
}

/**
 * `POST /v1/invoice` (auth, validation, exact fiat total, blocked-customer and orderId checks, the
 * insert) against a bare Fastify route on the same database that does one plain INSERT of the same
 * row: the same columns and values into the same `invoices` table, so both pay the same indexes and
 * foreign keys and the ratio is what the gateway adds. Beside it, once, the floor of any create
 * endpoint: one INSERT into a minimal table with the same unique (tenant, orderId) key
 * (`minimalRps`, `ratioToMinimal`). Same process, same run.
 */
async function benchInvoicesOn(engine: Engine): Promise<Figures> {
  const gateway = await startBenchGateway({ engine });
  const { url: gatewayUrl, key, tenant, database } = gateway;
  const body = invoiceBody();
  const bare = Fastify({ logger: false });
  try {
    const probe = await fetch(`${gatewayUrl}/v1/invoice`, {
      method: 'POST',
      headers: { 'x-tenant-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body()),
    });
    if (probe.status !== 201) throw new Error(`POST /v1/invoice answered ${probe.status}: ${await probe.text()}`);

    await sql`create table bench_orders (id uuid primary key, tenant_id uuid not null, order_id text not null, body jsonb not null, created_at timestamptz not null default now(), unique (tenant_id, order_id))`.execute(
      database.db,
    );
    // The row as the gateway stores it (src/modules/invoices/create.ts), without its checks.
    const { rows: probed } = await sql<{
      rate: string;
    }>`select commission_rate::text as rate from invoices where tenant_id = ${tenant.id} limit 1`.execute(database.db);
    const rate = probed[0]!.rate;
    bare.post<{ Body: BenchInvoice }>('/invoices', async (request, reply) => {
      const id = randomUUID();
      const b = request.body;
      const items = JSON.stringify(b.items.map((i) => ({ name: i.name, quantity: String(i.quantity), cost: String(i.cost) })));
      await sql`insert into invoices (id, tenant_id, account_id, order_id, amount_minor, fiat_currency, items, description, customer_id, source, status, commission_rate, expires_at)
        values (${id}, ${tenant.id}, ${tenant.accountId}, ${b.orderId}, ${String(Math.round(b.amount * 100))}, ${b.fiatCurrencyCode}, ${items}, ${b.description}, ${b.customerId}, 'api', 'created', ${rate}, date_trunc('second', now()) + make_interval(mins => 60))`.execute(
        database.db,
      );
      return reply.status(201).send({ data: { id } });
    });
    bare.post<{ Body: { orderId: string } }>('/orders', async (request, reply) => {
      const id = randomUUID();
      await sql`insert into bench_orders (id, tenant_id, order_id, body) values (${id}, ${tenant.id}, ${request.body.orderId}, ${JSON.stringify(request.body)})`.execute(
        database.db,
      );
      return reply.status(201).send({ data: { id } });
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    progress(`invoices (${database.engine}): bare INSERT, then POST /v1/invoice`);
    const created = jsonCheck(201, (b) => typeof b.data.id === 'string');
    const {
      base,
      gw,
      ratio: r,
    } = await compareLoads(
      () => load('bare insert', `${bareUrl}/invoices`, { post: body, check: created }),
      () =>
        load(`gateway (${database.engine})`, `${gatewayUrl}/v1/invoice`, {
          headers: { 'x-tenant-api-key': key },
          post: body,
          check: jsonCheck(
            201,
            (b) => typeof b.data.id === 'string' && b.data.status === 'created' && String(b.data.orderId).startsWith('bench-'),
          ),
        }),
    );
    const minimal = await load('bare insert, minimal table', `${bareUrl}/orders`, { post: body, check: created });
    printTable(
      `POST /v1/invoice against one bare INSERT of the same row on the same database (${database.engine}), 10 connections (median of alternated rounds)`,
      [base, gw, minimal],
    );
    const toMinimal = ratio(gw.requestsPerSec, minimal.requestsPerSec);
    console.log(`  ratio gateway/bare: ${r.toFixed(3)} (to the minimal table: ${toMinimal.toFixed(3)})`);
    return {
      ...figuresOf('gateway', gw),
      ...figuresOf('bare', base),
      ratio: r,
      ...figuresOf('minimal', minimal),
      ratioToMinimal: toMinimal,
    };
  } finally {
    await bare.close();
    await gateway.close();
  }
}

/** The invoice bench on each engine: `postgres` (with BENCH_DATABASE_URL) and `pglite`. */
export async function benchInvoices(): Promise<Figures> {
  const out: Figures = {};
  for (const engine of benchEngines()) out[engine] = await benchInvoicesOn(engine);
  return out;
}
