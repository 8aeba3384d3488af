import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chainAdapters } from '../../chains/registry.ts';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, Money, Nullable, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { registerChainMetrics } from './metrics.ts';
import { CachedReading } from './reading.ts';
import { solvencyRecord, solvencyReport } from './report.ts';
import type { SolvencyRow } from './row.ts';

/** How long the chains are read for one report before it is given up; how old a report a scrape takes. */
const READ_TIMEOUT_MS = 30_000;
const SCRAPE_MAX_AGE_MS = 30_000;

const SolvencyRowSchema = Type.Object({
  cryptoCurrencyCode: CryptoCodeSchema,
  hot: Money('On chain, in blocks: the hot wallet and the deposit addresses not swept yet'),
  cold: Money("On chain, in blocks: the network's cold address (<NET>_COLD_ADDRESS); 0 without one"),
  custody: Money('hot + cold'),
  liabilities: Money(
    'Merchant balances, withdrawals committed and not yet out of custody (amount and fee), suspense, and the house FX long',
  ),
  ledgerCustody: Money("The ledger's custody of the currency's network: its hot side and what moves to cold storage put in cold"),
  difference: Money('custody − liabilities (negative: not covered)'),
  status: Type.Union([Type.Literal('ok'), Type.Literal('warning')], {
    description:
      'warning: custody below liabilities, or the chain and the ledger disagree (outside what payouts in flight explain; on a real network its own coin may hold more, the operator’s gas float)',
  }),
  disagreement: Nullable(
    Type.Object(
      {
        higher: Type.Union([Type.Literal('chain'), Type.Literal('ledger')], { description: 'Which side holds more' }),
        by: Money('By how much, beyond what payouts in flight explain'),
      },
      { description: 'The chain and the ledger disagree; null when they agree' },
    ),
  ),
  warnings: Type.Array(Type.String(), {
    description: 'Each problem in plain words: which side, by how much, and what the operator does; empty when ok',
  }),
});

/**
 * Solvency, live: GET /admin/solvency (operator token or an operator session) and the `solvency_*`
 * gauges, with each network's tip and the x402 fee payer's balance, on /metrics. The gauges and
 * the route share one reading: the route reads the chains and the ledger afresh, a scrape takes a
 * reading younger than 30 s or waits 2 s for a new one, else keeps the last values.
 */
export const solvencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const adapters = chainAdapters(ctx.config, ctx.db);
  const solvency = new CachedReading(() => solvencyReport(ctx, adapters), { maxAgeMs: SCRAPE_MAX_AGE_MS, timeoutMs: READ_TIMEOUT_MS });
  const readings = registerChainMetrics(app.metrics.registry, { ctx, adapters, solvency });
  app.addHook('onClose', async () => {
    await Promise.all(readings.map((r) => r.settle()));
  });
  getSolvencyRoute(app, solvency);
};

/** GET /admin/solvency: per currency, custody on chain against liabilities and the ledger's custody */
function getSolvencyRoute(app: TypedApp, solvency: CachedReading<SolvencyRow[]>): void {
  app.get(
    '/solvency',
    {
      config: { admin: true },
      schema: {
        tags: ['operator'],
        summary: 'Per currency: custody on chain against liabilities and against the ledger, read now',
        response: adminResponses({ 200: DataEnvelope(Type.Array(SolvencyRowSchema)) }, [503]),
      },
    },
    async () => {
      let rows: SolvencyRow[];
      try {
        rows = await solvency.fresh();
      } catch (err) {
        throw new AppError(
          'exceptions.service.unavailable',
          { reason: (err as Error).message },
          'A network could not be read: solvency is not shown without reading the chain',
        );
      }
      return { data: rows.map(solvencyRecord) };
    },
  );
}
