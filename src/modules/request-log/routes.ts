import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DateTime, Nullable, PageQuery, PagedList, responses } from '../../lib/http/schemas.ts';
import { listRequests } from './list.ts';

const RequestLogEntry = Type.Object(
  {
    id: Type.String(),
    method: Type.String(),
    path: Type.String({ description: 'The path called, without its query string' }),
    status: Type.Integer(),
    latencyMs: Type.Number(),
    requestId: Type.String({ description: 'The x-request-id of the answer' }),
    errorCode: Nullable(Type.String({ description: 'The code of the error body, for a failed request' })),
    actor: Type.String({ description: 'Who called: `api key cg_…` (its first characters) or the user’s email' }),
    accountId: Nullable(Type.String()),
    createdAt: DateTime,
  },
  { title: 'RequestLogEntry' },
);

/** GET /request-log: the tenant's recent API calls (developers section). */
export const requestLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/request-log',
    {
      config: { scope: 'requestLog.list', tenantLevel: true },
      schema: {
        operationId: 'listRequestLog',
        tags: ['developers'],
        summary: "The tenant's API calls, newest first (a key bound to one account sees that account's); written within about a second",
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(Type.String({ pattern: '^([1-5]xx|[1-5][0-9]{2})$', description: 'One status (404) or a class (4xx)' })),
        }),
        response: responses({ 200: PagedList(RequestLogEntry) }),
      },
    },
    async (request) => {
      const p = request.principal!;
      return listRequests(app.ctx.db, p.tenantId, p.keyAccountId, request.query);
    },
  );
};
