/**
 * The people of a tenant: the operator invites anyone (`POST /admin/users`), a tenant's owners manage
 * their own (`/v1/users`, tenant-level, scopes users.list and users.manage).
 */
import { Type } from '@sinclair/typebox';
import { operatorBy } from '../audit/service.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { ROLE_SCOPES, coversScopes } from '../../lib/auth/scopes.ts';
import type { MerchantRole } from '../../lib/db/tables/people.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { DataEnvelope, Uuid, adminResponses, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { disableUser, changeRole, listUsers } from './members.ts';
import { Email, InvitedSchema, MerchantRoleSchema, NoContent, UserRoleSchema, UserViewSchema } from './schemas.ts';
import { inviteUser } from './service.ts';
import { userConsoleRoutes } from './console-routes.ts';

const TAGS = ['users'];
const MANAGE = { scope: 'users.manage', tenantLevel: true } as const;

/** POST /admin/users: invite a merchant user (tenantId required) or an operator (no tenantId); GET /admin/users, DELETE /admin/users/:id. */
export const userAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminInviteUser',
        tags: ['operator', ...TAGS],
        summary: "Invite a user: a merchant role with the tenant's id, or an operator without one (404 tenant.notFound, 409 user.emailTaken)",
        body: Type.Object({ tenantId: Type.Optional(Uuid), email: Email, role: UserRoleSchema }),
        response: adminResponses({ 201: DataEnvelope(InvitedSchema) }, [404, 409]),
      },
    },
    async (request, reply) => {
      const { tenantId, email, role } = request.body;
      if ((role === 'operator') !== (tenantId === undefined)) {
        const message = role === 'operator' ? 'must be absent for an operator' : 'is required for a merchant role';
        throw new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field: 'tenantId', message }] });
      }
      const invited = await inviteUser(app.ctx.db, app.ctx.config.publicBaseUrl, { tenantId: tenantId ?? null, email, role }, operatorBy(request));
      return reply.status(201).send({ data: invited });
    },
  );
  userConsoleRoutes(app);
};

/**
 * users.manage hands out the other roles; only a caller holding every scope (an owner, a `*` key)
 * makes owners, who hold every scope: else 403 insufficientScope.
 */
function mayGrant(principal: ApiPrincipal, role: MerchantRole): void {
  if (role === 'owner' && !coversScopes(principal.scopes, ROLE_SCOPES.owner)) throw new AppError('exceptions.auth.insufficientScope', { requiredScope: '*' });
}

/** GET/POST /v1/users, PATCH/DELETE /v1/users/:id. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listUsersRoute(app);
  inviteUserRoute(app);
  changeRoleRoute(app);
  removeUserRoute(app);
};

function listUsersRoute(app: TypedApp): void {
  app.get(
    '/users',
    {
      config: { scope: 'users.list', tenantLevel: true },
      schema: { operationId: 'listUsers', tags: TAGS, summary: "The tenant's users, oldest first", response: responses({ 200: DataEnvelope(Type.Array(UserViewSchema)) }) },
    },
    async (request) => ({ data: await listUsers(app.ctx.db, request.principal!.tenantId) }),
  );
}

function inviteUserRoute(app: TypedApp): void {
  app.post(
    '/users',
    {
      config: MANAGE,
      schema: {
        operationId: 'inviteUser',
        tags: TAGS,
        summary: 'Invite a user to the tenant; the answer carries the invitation link, once (409 user.emailTaken)',
        body: Type.Object({ email: Email, role: MerchantRoleSchema }),
        response: responses({ 201: DataEnvelope(InvitedSchema) }, [409]),
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      mayGrant(principal, request.body.role);
      const input = { tenantId: principal.tenantId, email: request.body.email, role: request.body.role };
      const invited = await inviteUser(app.ctx.db, app.ctx.config.publicBaseUrl, input, { principal, ip: request.ip });
      return reply.status(201).send({ data: invited });
    },
  );
}

function changeRoleRoute(app: TypedApp): void {
  app.patch(
    '/users/:id',
    {
      config: MANAGE,
      schema: {
        operationId: 'changeUserRole',
        tags: TAGS,
        summary: "Change a user's role (409 user.lastOwner: the tenant keeps an active owner)",
        params: Type.Object({ id: Uuid }),
        body: Type.Object({ role: MerchantRoleSchema }),
        response: responses({ 200: DataEnvelope(UserViewSchema) }, [404, 409]),
      },
    },
    async (request) => {
      const principal = request.principal!;
      mayGrant(principal, request.body.role);
      return { data: await changeRole(app.ctx.db, principal.tenantId, request.params.id, request.body.role, { principal, ip: request.ip }) };
    },
  );
}

function removeUserRoute(app: TypedApp): void {
  app.delete(
    '/users/:id',
    {
      config: MANAGE,
      schema: {
        operationId: 'removeUser',
        tags: TAGS,
        summary: 'Remove a user: disabled, their sessions end at once (409 user.lastOwner)',
        params: Type.Object({ id: Uuid }),
        response: responses({ 204: NoContent }, [404, 409]),
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      await disableUser(app.ctx.db, principal.tenantId, request.params.id, { principal, ip: request.ip });
      return reply.status(204).send(null);
    },
  );
}
