import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chainAdapters } from '../../chains/registry.ts';
import { DataEnvelope, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { rateBoard } from '../rates/health.ts';
import { webhookHealth } from '../webhooks/operator.ts';
import { NetworkBoard } from './networks.ts';
import { NetworkStatusSchema, RatesSchema, WebhookHealthSchema, X402StatusSchema } from './schemas.ts';

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];

/**
 * Operations at a glance, for the operator console: the networks (nodes, watcher, fees, hot
 * wallets, the x402 fee payer), webhook delivery health and exchange rates. The chain adapters are
 * made once here; each request reads the nodes afresh, each within its own timeout.
 */
export const operationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const board = new NetworkBoard(app.ctx, chainAdapters(app.ctx.config, app.ctx.db));
  app.addHook('onClose', async () => board.settle());
  networksRoute(app, board);
  webhookHealthRoute(app);
  ratesRoute(app);
};

/** GET /networks: every network's node, watcher, pending payments, fees and hot wallet, and the x402 fee payer */
function networksRoute(app: TypedApp, board: NetworkBoard): void {
  app.get(
    '/networks',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminNetworks',
        tags: TAGS,
        summary:
          "Each network's node, scan progress, unconfirmed payments, fee quotes and hot wallet, and each x402 network's fee payer, read now",
        response: adminResponses({
          200: DataEnvelope(Type.Object({ networks: Type.Array(NetworkStatusSchema), x402: Type.Array(X402StatusSchema) })),
        }),
      },
    },
    async () => {
      const [networks, x402] = await Promise.all([board.networks(), board.x402()]);
      return { data: { networks, x402 } };
    },
  );
}

/** GET /webhook-health: the delivery backlog, deliveries given up in 24 h, and the endpoints in trouble */
function webhookHealthRoute(app: TypedApp): void {
  app.get(
    '/webhook-health',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminWebhookHealth',
        tags: TAGS,
        summary: 'Webhook deliveries pending and given up, and the endpoints failing, worst first',
        response: adminResponses({ 200: DataEnvelope(WebhookHealthSchema) }),
      },
    },
    async () => {
      const health = await webhookHealth(app.ctx.db);
      return {
        data: {
          ...health,
          failingEndpoints: health.failingEndpoints.map((e) => ({ ...e, lastAttemptAt: e.lastAttemptAt?.toISOString() ?? null })),
        },
      };
    },
  );
}

/** GET /rates: each rate source's age and each asset's combined price, its sources' prices and whether quotes can use it */
function ratesRoute(app: TypedApp): void {
  app.get(
    '/rates',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminRates',
        tags: TAGS,
        summary: "Exchange rates: each source's age, each asset's price and sources, and why one cannot be quoted with",
        response: adminResponses({ 200: DataEnvelope(RatesSchema) }),
      },
    },
    async () => ({ data: await rateBoard(app.ctx.db, app.ctx.config) }),
  );
}
