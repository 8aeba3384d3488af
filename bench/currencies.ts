import Fastify from 'fastify';
import { compareLoads, figuresOf, load, printTable, progress, startBenchGateway, type Figures } from './lib.ts';

/**
 * Authenticated `GET /v1/currencies` (key lookup, IP and scope checks, rate limit, catalogue with
 * live fees and the tenant's commission) against a bare Fastify route returning the same bytes,
 * in the same process and run, so the ratio is the price of the gateway's work per request.
 * Every answer of both must be 200 with exactly those bytes.
 */
export async function benchCurrencies(): Promise<Figures> {
  const gateway = await startBenchGateway();
  const { url: gatewayUrl, key } = gateway;
  const engine = gateway.database.engine;
  try {
    const probe = await fetch(`${gatewayUrl}/v1/currencies`, { headers: { 'x-tenant-api-key': key } });
    if (probe.status !== 200) throw new Error(`GET /v1/currencies answered ${probe.status}`);
    const body = await probe.text();
    const check = (status: number, got: string) => status === 200 && got === body;

    const bare = Fastify({ logger: false });
    bare.get('/v1/currencies', async (_req, reply) => reply.type('application/json').send(body));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      progress(`currencies: bare route, then the gateway (${engine})`);
      const {
        base,
        gw,
        ratio: r,
      } = await compareLoads(
        () => load('bare fastify', `${bareUrl}/v1/currencies`, { check }),
        () => load(`gateway (${engine})`, `${gatewayUrl}/v1/currencies`, { headers: { 'x-tenant-api-key': key }, check }),
      );
      printTable(`GET /v1/currencies, ${body.length} bytes per response, 10 connections (median of alternated rounds)`, [base, gw]);
      console.log(`  ratio gateway/bare: ${r.toFixed(3)}`);
      return { engine, bytes: body.length, ...figuresOf('gateway', gw), ...figuresOf('bare', base), ratio: r };
    } finally {
      await bare.close();
    }
  } finally {
    await gateway.close();
  }
}
