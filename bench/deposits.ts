import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { paymentUri } from '../src/chains/payment-uri.ts';
import { paymentQrCode } from '../src/chains/payment-qr.ts';
import { findCurrency } from '../src/lib/currencies/catalogue.ts';
import { figuresOf, jsonCheck, load, printTable, progress, ratio, startBenchGateway, type BenchGateway, type Figures } from './lib.ts';
import { call, prepareSandbox } from './sandbox.ts';

const CODE = 'USDT_TRC20';

/**
 * The floor of `POST /v1/deposit` on the same database: the route's two rows (the address handed
 * out and the deposit that owns it) in one statement, behind a bare Fastify route; with `qr`, the
 * same plus the PNG QR code of the payment URI the gateway's answer carries.
 */
async function bareDepositRoute(gw: BenchGateway, qr: boolean) {
  const { tenant, database } = gw;
  const hd = await database.db.selectFrom('hd_accounts').select('id').where('network', '=', 'TRON').executeTakeFirstOrThrow();
  const currency = findCurrency(CODE)!;
  const run = randomUUID().slice(0, 8);
  let n = qr ? 5_000_000 : 0;
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { orderId: string } }>('/deposit', async (request, reply) => {
    const i = ++n;
    const id = randomUUID();
    const address = `Tbare${run}${i}`;
    await sql`with a as (
        insert into addresses (network, address, hd_account_id, derivation_index, purpose, owner_id, tenant_id, currency_code)
        values ('TRON', ${address}, ${hd.id}, ${1_000_000_000 + i}, 'deposit', ${id}, ${tenant.id}, ${CODE})
        returning network, address)
      insert into deposits (id, tenant_id, account_id, order_id, currency_code, network, address, status, network_fee, min_amount, commission_rate, expires_at)
      select ${id}, ${tenant.id}, ${tenant.accountId}, ${request.body.orderId}, ${CODE}, a.network, a.address, 'created', 1000000, 2000000, 0.01, now() + interval '1 day' from a`.execute(
      database.db,
    );
    const data = { id, address, ...(qr ? { qrCode: await paymentQrCode(paymentUri(currency, address)) } : {}) };
    return reply.status(201).send({ data });
  });
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => bare.close() };
}

/**
 * `POST /v1/deposit` (auth, validation, fee and minimum, a fresh derived address, the insert, and
 * the QR code PNG in the answer) against a bare INSERT of the same two rows, and against that
 * INSERT plus the QR code, on the same database in the same run.
 */
export async function benchDeposits(): Promise<Figures> {
  const gw = await startBenchGateway();
  const engine = gw.database.engine;
  const run = randomUUID().slice(0, 8);
  let n = 0;
  const body = () => ({ cryptoCurrencyCode: CODE, orderId: `dep-${run}-${++n}` });
  const closers: Array<() => Promise<unknown>> = [];
  try {
    await prepareSandbox(gw);
    const probe = await call(gw, 'POST', '/v1/deposit', { body: body(), expect: 201 });
    if (!String(probe.body.data.qrCode).startsWith('data:image/png;base64,')) throw new Error('the deposit answer has no PNG QR code');
    const bare = await bareDepositRoute(gw, false);
    const bareQr = await bareDepositRoute(gw, true);
    closers.push(bare.close, bareQr.close);

    progress(`deposits (${engine}): bare INSERT, bare INSERT + QR, then POST /v1/deposit`);
    const qrOk = (b: any) => typeof b.data.address === 'string' && String(b.data.qrCode).startsWith('data:image/png;base64,');
    const base = await load('bare insert', `${bare.url}/deposit`, {
      post: body,
      check: jsonCheck(201, (b) => typeof b.data.address === 'string'),
    });
    const baseQr = await load('bare insert + QR', `${bareQr.url}/deposit`, { post: body, check: jsonCheck(201, qrOk) });
    const gateway = await load(`gateway (${engine})`, `${gw.url}/v1/deposit`, {
      headers: { 'x-tenant-api-key': gw.key },
      post: body,
      check: jsonCheck(201, (b) => qrOk(b) && b.data.minimumAmount > 0),
    });
    printTable(`POST /v1/deposit (QR code in the answer) against a bare INSERT of its two rows (${engine}), 10 connections`, [
      base,
      baseQr,
      gateway,
    ]);
    const r = ratio(gateway.requestsPerSec, base.requestsPerSec);
    console.log(
      `  ratio gateway/bare insert: ${r.toFixed(3)}; gateway/bare insert + QR: ${ratio(gateway.requestsPerSec, baseQr.requestsPerSec).toFixed(3)}`,
    );
    return {
      engine,
      ...figuresOf('gateway', gateway),
      ...figuresOf('bare', base),
      ratio: r,
      ...figuresOf('bareQr', baseQr),
      ratioToBareQr: ratio(gateway.requestsPerSec, baseQr.requestsPerSec),
    };
  } finally {
    for (const close of closers) await close();
    await gw.close();
  }
}
