import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { load, printTable, startBenchGateway } from './lib.ts';

/**
 * `POST /v1/invoice` (auth, validation, exact fiat total, blocked-customer and orderId checks, the
 * insert) against the floor of any create endpoint: a bare Fastify route on the same database that
 * does one INSERT into a table with the same unique (tenant, orderId) key. Same process, same run.
 */
export async function benchInvoices(): Promise<void> {
  const gateway = await startBenchGateway();
  const { url: gatewayUrl, key, tenant, database } = gateway;

  const run = randomUUID().slice(0, 8);
  let n = 0;
  const body = () => ({
    amount: 25,
    fiatCurrencyCode: 'USD',
    orderId: `bench-${run}-${++n}`,
    description: 'Two T-shirts',
    items: [{ name: 'T-shirt', quantity: 2, cost: 12.5 }],
    customerId: 'customer-1',
  });
  const probe = await fetch(`${gatewayUrl}/v1/invoice`, {
    method: 'POST',
    headers: { 'x-tenant-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body()),
  });
  if (probe.status !== 201) throw new Error(`POST /v1/invoice answered ${probe.status}: ${await probe.text()}`);

  await sql`create table if not exists bench_orders (id uuid primary key, tenant_id uuid not null, order_id text not null, body jsonb not null, created_at timestamptz not null default now(), unique (tenant_id, order_id))`.execute(database.db);
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { orderId: string } }>('/orders', async (request, reply) => {
    const id = randomUUID();
    await sql`insert into bench_orders (id, tenant_id, order_id, body) values (${id}, ${tenant.id}, ${request.body.orderId}, ${JSON.stringify(request.body)})`.execute(database.db);
    return reply.status(201).send({ data: { id } });
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const base = await load('bare insert', `${bareUrl}/orders`, { post: body });
  const gw = await load(`gateway (${database.engine})`, `${gatewayUrl}/v1/invoice`, { headers: { 'x-tenant-api-key': key }, post: body });
  printTable('POST /v1/invoice against one bare INSERT on the same database, 10 connections', [base, gw]);
  console.log(`  ratio gateway/bare: ${(gw.requestsPerSec / base.requestsPerSec).toFixed(3)}`);
  if (gw.non2xx > 0 || base.non2xx > 0) console.log(`  WARNING: non-2xx answers: gateway ${gw.non2xx}, bare ${base.non2xx}`);

  await sql`drop table bench_orders`.execute(database.db);
  await bare.close();
  await gateway.close();
}
