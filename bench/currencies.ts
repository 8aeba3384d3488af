import Fastify from 'fastify';
import { load, printTable, startBenchGateway } from './lib.ts';

/**
 * Authenticated `GET /v1/currencies` (key lookup, IP and scope checks, rate limit, catalogue with
 * live fees and the tenant's commission) against a bare Fastify route returning the same bytes,
 * in the same process and run, so the ratio is the price of the gateway's work per request.
 */
export async function benchCurrencies(): Promise<void> {
  const gateway = await startBenchGateway();
  const { url: gatewayUrl, key } = gateway;

  const probe = await fetch(`${gatewayUrl}/v1/currencies`, { headers: { 'x-tenant-api-key': key } });
  if (probe.status !== 200) throw new Error(`GET /v1/currencies answered ${probe.status}`);
  const body = await probe.text();

  const bare = Fastify({ logger: false });
  bare.get('/v1/currencies', async (_req, reply) => reply.type('application/json').send(body));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const engine = gateway.database.engine;
  const base = await load('bare fastify', `${bareUrl}/v1/currencies`);
  const gw = await load(`gateway (${engine})`, `${gatewayUrl}/v1/currencies`, {
    headers: { 'x-tenant-api-key': key },
  });
  printTable(`GET /v1/currencies, ${body.length} bytes per response, 10 connections`, [base, gw]);
  console.log(`  ratio gateway/bare: ${(gw.requestsPerSec / base.requestsPerSec).toFixed(3)}`);
  if (gw.non2xx > 0) console.log(`  WARNING: ${gw.non2xx} non-2xx answers from the gateway`);

  await bare.close();
  await gateway.close();
}
