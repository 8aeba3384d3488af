import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { Engine } from '../src/lib/db/index.ts';
import { benchEngines, compareLoads, figuresOf, jsonCheck, load, printTable, progress, startBenchGateway, type Figures } from './lib.ts';

/** The invoice body the bench posts: a fresh orderId each time. */
export function invoiceBody(): () => Record<string, unknown> {
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
 * insert) against the floor of any create endpoint: a bare Fastify route on the same database that
 * does one INSERT into a table with the same unique (tenant, orderId) key. Same process, same run.
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

    await sql`create table bench_orders (id uuid primary key, tenant_id uuid not null, order_id text not null, body jsonb not null, created_at timestamptz not null default now(), unique (tenant_id, order_id))`.execute(database.db);
    bare.post<{ Body: { orderId: string } }>('/orders', async (request, reply) => {
      const id = randomUUID();
      await sql`insert into bench_orders (id, tenant_id, order_id, body) values (${id}, ${tenant.id}, ${request.body.orderId}, ${JSON.stringify(request.body)})`.execute(database.db);
      return reply.status(201).send({ data: { id } });
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    progress(`invoices (${database.engine}): bare INSERT, then POST /v1/invoice`);
    const { base, gw, ratio: r } = await compareLoads(
      () => load('bare insert', `${bareUrl}/orders`, { post: body, check: jsonCheck(201, (b) => typeof b.data.id === 'string') }),
      () =>
        load(`gateway (${database.engine})`, `${gatewayUrl}/v1/invoice`, {
          headers: { 'x-tenant-api-key': key },
          post: body,
          check: jsonCheck(201, (b) => typeof b.data.id === 'string' && b.data.status === 'created' && String(b.data.orderId).startsWith('bench-')),
        }),
    );
    printTable(`POST /v1/invoice against one bare INSERT on the same database (${database.engine}), 10 connections (median of alternated rounds)`, [base, gw]);
    console.log(`  ratio gateway/bare: ${r.toFixed(3)}`);
    return { ...figuresOf('gateway', gw), ...figuresOf('bare', base), ratio: r };
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
