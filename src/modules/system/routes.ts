import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ping } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { scrapeAllowed } from '../../lib/http/metrics.ts';
import { publicMetrics } from '../../config.ts';

const OPS = { public: true, rateLimit: false } as const;

/** Health, readiness, metrics and the OpenAPI document. */
const ModeSchema = Type.Union([Type.Literal('sandbox'), Type.Literal('live')], {
  description: 'sandbox: every network simulated, test money only; live: real money on the configured networks',
});

export const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { mode } = app.ctx.config;
  app.get(
    '/healthz',
    {
      config: OPS,
      schema: { tags: ['operations'], summary: 'Alive', response: { 200: Type.Object({ status: Type.Literal('ok'), mode: ModeSchema }) } },
    },
    async () => ({ status: 'ok' as const, mode }),
  );

  app.get(
    '/readyz',
    {
      config: OPS,
      schema: {
        tags: ['operations'],
        summary: 'Ready: the database answers',
        response: { 200: Type.Object({ status: Type.Literal('ready'), database: Type.String(), mode: ModeSchema }) },
      },
    },
    async () => {
      try {
        await ping(app.ctx.db);
      } catch {
        throw new AppError('exceptions.service.unavailable', { database: 'unreachable' });
      }
      return { status: 'ready' as const, database: app.ctx.database.engine, mode };
    },
  );

  // Off on this port when the metrics have a listener of their own, and in a live installation
  // that set neither METRICS_TOKEN nor METRICS_PORT (config/metrics.ts): 404, as no such route.
  const exposure = publicMetrics(mode, app.ctx.config.metrics);
  if (exposure !== 'off') {
    const summary = exposure === 'token' ? 'Prometheus metrics (Authorization: Bearer <METRICS_TOKEN>)' : 'Prometheus metrics';
    app.get('/metrics', { config: OPS, schema: { tags: ['operations'], summary } }, async (request, reply) => {
      if (!scrapeAllowed(app.ctx.config.metrics.token, request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('exceptions.metrics.invalidToken');
      }
      reply.header('content-type', app.metrics.registry.contentType);
      return app.metrics.registry.metrics();
    });
  }

  app.get('/openapi.json', { config: OPS, schema: { hide: true } }, async () => app.swagger());
};
