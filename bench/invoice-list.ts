import Fastify from 'fastify';
import { sql } from 'kysely';
import { invoiceBody } from './invoices.ts';
import { figuresOf, jsonCheck, load, printTable, progress, ratio, startBenchGateway, type Figures } from './lib.ts';
import { call } from './sandbox.ts';

const RECORDS = 20;
const STORED = 60;

/**
 * `GET /v1/invoice/list?limit=20` (auth, the page, its total, refunds, the records' views) against a
 * bare Fastify route that runs one SELECT of the same page (the account's newest 20 invoices) on
 * the same database. Every answer of both must hold 20 records.
 */
export async function benchInvoiceList(): Promise<Figures> {
  const gw = await startBenchGateway();
  const engine = gw.database.engine;
  const bare = Fastify({ logger: false });
  try {
    const body = invoiceBody();
    for (let i = 0; i < STORED; i++) await call(gw, 'POST', '/v1/invoice', { body: body(), expect: 201 });
    const probe = await call(gw, 'GET', `/v1/invoice/list?limit=${RECORDS}`, { expect: 200 });
    if (probe.body.data.length !== RECORDS || probe.body.total !== STORED)
      throw new Error(`the list answered ${probe.body.data.length} of ${probe.body.total}`);

    const accountId = gw.tenant.accountId;
    bare.get('/list', async () => {
      const { rows } =
        await sql`select * from invoices where account_id = ${accountId} order by created_at desc, id desc limit ${RECORDS}`.execute(
          gw.database.db,
        );
      return { data: rows };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    progress(`invoice list (${engine}): bare SELECT, then GET /v1/invoice/list`);
    const base = await load('bare select', `${bareUrl}/list`, { check: jsonCheck(200, (b) => b.data.length === RECORDS) });
    const gateway = await load(`gateway (${engine})`, `${gw.url}/v1/invoice/list?limit=${RECORDS}`, {
      headers: { 'x-tenant-api-key': gw.key },
      check: jsonCheck(200, (b) => b.data.length === RECORDS && b.total === STORED && typeof b.data[0].id === 'string'),
    });
    printTable(`GET /v1/invoice/list (${RECORDS} of ${STORED} records) against one bare SELECT of the page (${engine}), 10 connections`, [
      base,
      gateway,
    ]);
    const r = ratio(gateway.requestsPerSec, base.requestsPerSec);
    console.log(`  ratio gateway/bare: ${r.toFixed(3)}`);
    return { engine, records: RECORDS, ...figuresOf('gateway', gateway), ...figuresOf('bare', base), ratio: r };
  } finally {
    await bare.close();
    await gw.close();
  }
}
