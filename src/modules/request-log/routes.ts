import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, DateTime, Nullable, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { MAX_BODY } from './bodies.ts';
import { listRequests, requestDetail, type RequestLogOwner } from './list.ts';

const ENTRY_FIELDS = {
  id: Type.String(),
  method: Type.String(),
  path: Type.String({ description: 'The path called, without its query string' }),
  status: Type.Integer(),
  latencyMs: Type.Number(),
  requestId: Type.String({ description: 'The x-request-id of the answer' }),
  errorCode: Nullable(Type.String({ description: 'The code of the error body, for a failed request' })),
  actor: Type.String({ description: 'Who called: `api key cg_…` (its first characters) or the user’s email' }),
  accountId: Nullable(Type.String()),
  apiKeyId: Nullable(Type.String({ description: 'The API key that called; null for a signed-in user' })),
  createdAt: DateTime,
};

const RequestLogEntry = Type.Object(ENTRY_FIELDS, { title: 'RequestLogEntry' });

const RequestLogDetail = Type.Object(
  {
    ...ENTRY_FIELDS,
    apiKeyName: Nullable(Type.String({ description: 'The name the merchant gave the key, if any' })),
    apiKeyStart: Nullable(Type.String({ description: 'The first characters of the key (never the key)' })),
    requestBody: Nullable(
      Type.String({
        description: `First ${MAX_BODY} characters of an API call's JSON body, secrets redacted; null when none was sent or kept (signed-in users' calls)`,
      }),
    ),
    responseBody: Nullable(Type.String({ description: `First ${MAX_BODY} characters of the answer to an API call, secrets redacted` })),
  },
  { title: 'RequestLogDetail' },
);

const LIST = { scope: 'requestLog.list', tenantLevel: true } as const;

/** A key bound to one account sees that account's requests; tenant-wide keys and people see the tenant's. */
function ownerOf(p: ApiPrincipal): RequestLogOwner {
  return { tenantId: p.tenantId, accountId: p.keyAccountId };
}

/** The tenant's recent API calls (developers section): the list, and one call in detail. */
export const requestLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  detailRoute(app);
};

/** GET /request-log: newest first, by status and by API key */
function listRoute(app: TypedApp): void {
  app.get(
    '/request-log',
    {
      config: LIST,
      schema: {
        operationId: 'listRequestLog',
        tags: ['developers'],
        summary:
          "The tenant's API calls, newest first (a key bound to one account sees that account's); written within about a second. The dashboard's own reads are not logged",
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(Type.String({ pattern: '^([1-5]xx|[1-5][0-9]{2})$', description: 'One status (404) or a class (4xx)' })),
          apiKeyId: Type.Optional(Uuid),
        }),
        response: responses({ 200: PagedList(RequestLogEntry) }),
      },
    },
    async (request) => listRequests(app.ctx.db, ownerOf(request.principal), request.query),
  );
}

/** GET /request-log/:id: one call with the start of its bodies */
function detailRoute(app: TypedApp): void {
  app.get(
    '/request-log/:id',
    {
      config: LIST,
      schema: {
        operationId: 'getRequestLogEntry',
        tags: ['developers'],
        summary: 'One logged call: who, when, how long, and the start of its request and response bodies (secrets redacted)',
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) }),
        response: responses({ 200: DataEnvelope(RequestLogDetail) }, [404]),
      },
    },
    async (request) => ({ data: await requestDetail(app.ctx.db, ownerOf(request.principal), request.params.id) }),
  );
}
