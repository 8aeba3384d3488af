/**
 * The operator console's tenant routes: the tenant list with search, suspending and resuming a
 * tenant, and every tenant's API keys (never the keys themselves).
 */
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { Type } from '@sinclair/typebox';
import { DataEnvelope, DateTime, Nullable, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { listAllApiKeys, listTenants } from './console.ts';
import { operatorBy } from '../audit/service.ts';
import { setSuspended } from './suspension.ts';
import { TenantView, tenantView } from './tenant-view.ts';

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];

const TenantListItem = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    createdAt: DateTime,
    suspendedAt: Nullable(DateTime),
    accounts: Type.Integer({ description: 'Its accounts' }),
    users: Type.Integer({ description: 'Its users not disabled (invited or active)' }),
    apiKeys: Type.Integer({ description: 'Its API keys not revoked' }),
  },
  { title: 'TenantListItem' },
);

const ApiKeyListItem = Type.Object(
  {
    id: Uuid,
    tenantId: Uuid,
    tenantName: Type.String(),
    accountId: Nullable(Uuid),
    prefix: Type.String({ description: 'The first characters of the key, as the merchant sees them' }),
    scopes: Type.Array(Type.String()),
    allowedIps: Nullable(Type.Array(Type.String())),
    createdAt: DateTime,
    lastUsedAt: Nullable({ ...DateTime, description: 'When the key last authenticated a request (to the minute); null: never' }),
    revokedAt: Nullable(DateTime),
  },
  { title: 'OperatorApiKey' },
);

/** GET /tenants, POST /tenants/:id/suspend and /resume, GET /api-keys. */
export function tenantConsoleRoutes(app: TypedApp): void {
  listTenantsRoute(app);
  suspensionRoute(app, 'suspend');
  suspensionRoute(app, 'resume');
  listApiKeysRoute(app);
}

function listTenantsRoute(app: TypedApp): void {
  app.get(
    '/tenants',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminListTenants',
        tags: TAGS,
        summary: 'Tenants, newest first; `search` matches the id exactly or the name (case-insensitive, anywhere in it)',
        querystring: Type.Object({ search: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...PageQuery }),
        response: adminResponses({ 200: PagedList(TenantListItem) }),
      },
    },
    async (request) => listTenants(app.ctx.db, request.query),
  );
}

function suspensionRoute(app: TypedApp, action: 'suspend' | 'resume'): void {
  const summary =
    action === 'suspend'
      ? "Suspend a tenant: its API keys are refused and its users' sessions end and sign-ins are refused (403 auth.tenantSuspended); its payments, deposits and webhooks go on"
      : 'Resume a suspended tenant: its API keys work again (ended sessions stay ended)';
  app.post(
    `/tenants/:id/${action}`,
    {
      config: { ...ADMIN, operatorRoles: OPERATIONS },
      schema: {
        operationId: action === 'suspend' ? 'adminSuspendTenant' : 'adminResumeTenant',
        tags: TAGS,
        summary,
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(TenantView) }, [404]),
      },
    },
    async (request) => {
      const { tenant, notice } = await setSuspended(app.ctx.db, request.params.id, action === 'suspend', operatorBy(request));
      // Every instance drops its cached keys once this commits; this one at once.
      app.ctx.changes?.emitLocal(notice);
      return { data: tenantView(app.ctx.config, tenant) };
    },
  );
}

function listApiKeysRoute(app: TypedApp): void {
  app.get(
    '/api-keys',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminListApiKeys',
        tags: TAGS,
        summary: 'API keys of every tenant (or of `tenantId`), newest first, revoked ones included; never the keys or their hashes',
        querystring: Type.Object({ tenantId: Type.Optional(Uuid), ...PageQuery }),
        response: adminResponses({ 200: PagedList(ApiKeyListItem) }),
      },
    },
    async (request) => listAllApiKeys(app.ctx.db, request.query),
  );
}
