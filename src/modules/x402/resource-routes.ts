/**
 * The x402 discovery catalog's routes. A seller manages its entries under /x402/resources with its
 * merchant key; buyers read a tenant's catalog in the x402 Bazaar's shape, either through the
 * facilitator's own path with the tenant's key (`/v1/x402/discovery/resources`, as a Bazaar client
 * configured with the facilitator's auth headers asks it) or through the tenant's public path outside
 * the keyed API (`/x402/{tenantId}/discovery/resources`, a Bazaar client pointed at
 * `/x402/{tenantId}`). Either way one tenant's entries only.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Nullable, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { discoveryList, merchantList } from './discovery.ts';
import {
  getResource,
  listResource,
  removeResource,
  resourceRecord,
  updateResource,
  type CatalogContext,
  type ResourceChange,
} from './resources.ts';

const TAGS = ['x402'];
const Str = Type.String();
const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const Open = Type.Object({}, { additionalProperties: true });
/** Largest JSON text of a requirement's `extra` and of an entry's `metadata`. */
const MAX_EXTRA_CHARS = 1024;
const MAX_METADATA_CHARS = 4096;

const Requirement = Type.Object({
  scheme: Type.String({ minLength: 1, maxLength: 32 }),
  network: Type.String({ minLength: 3, maxLength: 64, description: 'CAIP-2 id, one GET /x402/supported lists' }),
  amount: Type.String({ pattern: '^[1-9][0-9]{0,77}$', description: 'atomic units of the asset' }),
  asset: Address,
  payTo: Address,
  maxTimeoutSeconds: Type.Integer({ minimum: 1, maximum: 86_400 }),
  extra: Type.Optional(Open),
});
const Description = Type.String({ minLength: 1, maxLength: 512 });
const MimeType = Type.String({ minLength: 1, maxLength: 128 });
const ResourceUrl = Type.String({ minLength: 1, maxLength: 2048, description: 'absolute https URL (http too in a sandbox)' });
const Accepts = Type.Array(Requirement, { minItems: 1, maxItems: 10 });
const CreateBody = Type.Object({
  resource: ResourceUrl,
  type: Type.Optional(Type.Literal('http')),
  accepts: Accepts,
  description: Type.Optional(Description),
  mimeType: Type.Optional(MimeType),
  metadata: Type.Optional(Open),
});
const UpdateBody = Type.Object({
  resource: Type.Optional(ResourceUrl),
  accepts: Type.Optional(Accepts),
  description: Type.Optional(Nullable(Description)),
  mimeType: Type.Optional(Nullable(MimeType)),
  metadata: Type.Optional(Open),
});
const ResourceSchema = Type.Object({
  id: Uuid,
  resource: Str,
  type: Type.Literal('http'),
  x402Version: Type.Integer(),
  accepts: Type.Array(Requirement),
  description: Nullable(Str),
  mimeType: Nullable(Str),
  metadata: Open,
  createdAt: Str,
  lastUpdated: Str,
});
const DiscoverySchema = Type.Object({
  x402Version: Type.Integer(),
  items: Type.Array(
    Type.Object({
      resource: Str,
      type: Str,
      x402Version: Type.Integer(),
      accepts: Type.Array(Requirement),
      lastUpdated: Str,
      metadata: Open,
      description: Type.Optional(Str),
      mimeType: Type.Optional(Str),
    }),
  ),
  pagination: Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }),
});
const DiscoveryQuery = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 16 })),
  payTo: Type.Optional(Address),
  scheme: Type.Optional(Type.String({ maxLength: 32 })),
  network: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
});
const IdParams = Type.Object({ id: Uuid });
const MANAGE = { scope: 'x402.resources.manage', tenantLevel: true } as const;
const READ = { scope: 'x402.list', tenantLevel: true } as const;

/** Bounded free-form JSON: a requirement's `extra` and the entry's `metadata` (400 beyond). */
function checkSizes(body: { accepts?: Array<{ extra?: object }>; metadata?: object }): void {
  const tooLarge = (field: string, max: number) =>
    new AppError('exceptions.validation.failed', {
      fields: [{ location: 'body', field, message: `must be at most ${max} characters of JSON` }],
    });
  body.accepts?.forEach((a, i) => {
    if (a.extra !== undefined && JSON.stringify(a.extra).length > MAX_EXTRA_CHARS) throw tooLarge(`accepts.${i}.extra`, MAX_EXTRA_CHARS);
  });
  if (body.metadata !== undefined && JSON.stringify(body.metadata).length > MAX_METADATA_CHARS)
    throw tooLarge('metadata', MAX_METADATA_CHARS);
}

/** The catalog's routes; `c.supported` is what the facilitator settles (nothing without an x402 network). */
export function x402ResourceRoutes(app: TypedApp, c: CatalogContext): void {
  listResourceRoute(app, c);
  resourcesRoute(app, c);
  resourceRoute(app, c);
  updateResourceRoute(app, c);
  removeResourceRoute(app, c);
  discoveryRoute(app, c);
}

/** POST /x402/resources: list a paid resource in the tenant's catalog */
function listResourceRoute(app: TypedApp, c: CatalogContext): void {
  app.post(
    '/x402/resources',
    {
      config: MANAGE,
      schema: {
        operationId: 'x402ListResource',
        tags: TAGS,
        summary: "Lists a paid resource in the tenant's x402 discovery catalog",
        body: CreateBody,
        response: responses({ 201: DataEnvelope(ResourceSchema) }, [409]),
      },
    },
    async (request, reply) => {
      checkSizes(request.body);
      return reply.status(201).send({ data: resourceRecord(await listResource(c, request.principal, request.body)) });
    },
  );
}

/** GET /x402/resources: the tenant's catalog, newest first */
function resourcesRoute(app: TypedApp, c: CatalogContext): void {
  app.get(
    '/x402/resources',
    {
      config: READ,
      schema: {
        operationId: 'x402Resources',
        tags: TAGS,
        summary: "The tenant's x402 discovery catalog, newest first",
        querystring: Type.Object(PageQuery),
        response: responses({ 200: PagedList(ResourceSchema) }),
      },
    },
    async (request) => merchantList(c.db, request.principal.tenantId, request.query),
  );
}

/** GET /x402/resources/:id: one entry of the tenant's catalog */
function resourceRoute(app: TypedApp, c: CatalogContext): void {
  app.get(
    '/x402/resources/:id',
    {
      config: READ,
      schema: {
        operationId: 'x402Resource',
        tags: TAGS,
        summary: "One entry of the tenant's x402 discovery catalog",
        params: IdParams,
        response: responses({ 200: DataEnvelope(ResourceSchema) }, [404]),
      },
    },
    async (request) => ({ data: resourceRecord(await getResource(c.db, request.principal.tenantId, request.params.id)) }),
  );
}

/** PATCH /x402/resources/:id: change an entry (the fields given; null clears) */
function updateResourceRoute(app: TypedApp, c: CatalogContext): void {
  app.patch(
    '/x402/resources/:id',
    {
      config: MANAGE,
      schema: {
        operationId: 'x402UpdateResource',
        tags: TAGS,
        summary: 'Changes an entry of the catalog (the fields given; null clears)',
        params: IdParams,
        body: UpdateBody,
        response: responses({ 200: DataEnvelope(ResourceSchema) }, [404, 409]),
      },
    },
    async (request) => {
      checkSizes(request.body);
      return { data: resourceRecord(await updateResource(c, request.principal, request.params.id, request.body as ResourceChange)) };
    },
  );
}

/** DELETE /x402/resources/:id: take an entry out of the catalog at once */
function removeResourceRoute(app: TypedApp, c: CatalogContext): void {
  app.delete(
    '/x402/resources/:id',
    {
      config: MANAGE,
      schema: {
        operationId: 'x402RemoveResource',
        tags: TAGS,
        summary: 'Takes an entry out of the catalog at once',
        params: IdParams,
        response: responses({ 200: DataEnvelope(ResourceSchema) }, [404]),
      },
    },
    async (request) => ({ data: resourceRecord(await removeResource(c.db, request.principal, request.params.id)) }),
  );
}

/** GET /x402/discovery/resources: the Bazaar discovery list of the key's tenant */
function discoveryRoute(app: TypedApp, c: CatalogContext): void {
  app.get(
    '/x402/discovery/resources',
    {
      config: { scope: 'x402.verify', tenantLevel: true },
      schema: {
        operationId: 'x402Discovery',
        tags: TAGS,
        summary: "The x402 Bazaar discovery list of the key's tenant",
        querystring: DiscoveryQuery,
        response: responses({ 200: DiscoverySchema }),
      },
    },
    async (request) => discoveryList(c.db, request.principal.tenantId, request.query),
  );
}

/** GET /x402/{tenantId}/discovery/resources: one tenant's discovery list, public (an unknown tenant lists nothing). */
export const x402PublicDiscoveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/x402/:tenantId/discovery/resources',
    {
      config: { public: true },
      schema: {
        operationId: 'x402TenantDiscovery',
        tags: TAGS,
        summary: "A tenant's x402 Bazaar discovery list, public: point a Bazaar client at /x402/{tenantId}",
        params: Type.Object({ tenantId: Uuid }),
        querystring: DiscoveryQuery,
        response: responses({ 200: DiscoverySchema }),
      },
    },
    async (request) => discoveryList(app.ctx.db, request.params.tenantId, request.query),
  );
};
