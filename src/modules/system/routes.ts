import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ping } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';

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

  app.get('/metrics', { config: OPS, schema: { tags: ['operations'], summary: 'Prometheus metrics' } }, async (_req, reply) => {
    reply.header('content-type', app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });

  app.get('/openapi.json', { config: OPS, schema: { hide: true } }, async () => app.swagger());
};
