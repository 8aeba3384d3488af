/**
 * The people of a tenant: the operator invites anyone (`POST /admin/users`), a tenant's owners manage
 * their own (`/v1/users`, tenant-level, scopes users.list and users.manage), granting only roles
 * they hold entirely.
 */
import { SUPPORT } from '../../lib/auth/operator-roles.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { operatorBy } from '../audit/service.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { ROLE_SCOPES, grantNeedsStepUp, missingScopes } from '../../lib/auth/scopes.ts';
import { isOperatorRole, type MerchantRole, type UserRole } from '../../lib/db/tables/people.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { DataEnvelope, Uuid, adminResponses, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { disableUser, changeRole, listUsers } from './members.ts';
import { Email, InvitedSchema, MerchantRoleSchema, NoContent, UserRoleSchema, UserViewSchema } from './schemas.ts';
import { inviteUser } from './invitations.ts';
import { userConsoleRoutes } from './console-routes.ts';

const TAGS = ['users'];
const MANAGE = { scope: 'users.manage', tenantLevel: true } as const;
const GRANT = { ...MANAGE, stepUp: roleNeedsStepUp };

/** POST /admin/users: invite a merchant user (tenantId required) or an operator (no tenantId); GET /admin/users, DELETE /admin/users/:id. */
export const userAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users',
    {
      // An operator's session with 2FA confirms an operator, or a role that moves money or grants rights.
      // Support helps tenants' users: it invites them, never an operator.
      config: {
        admin: true,
        operatorRoles: SUPPORT,
        stepUp: (request) => isOperatorRole((request.body as { role: UserRole }).role) || roleNeedsStepUp(request),
      },
      schema: {
        operationId: 'adminInviteUser',
        tags: ['operator', ...TAGS],
        summary:
          "Invite a user: a merchant role with the tenant's id, or an operator without one (404 tenant.notFound, 409 user.emailTaken)",
        body: Type.Object({ tenantId: Type.Optional(Uuid), email: Email, role: UserRoleSchema }),
        response: adminResponses({ 201: DataEnvelope(InvitedSchema) }, [404, 409]),
      },
    },
    async (request, reply) => {
      const { tenantId, email, role } = request.body;
      if (isOperatorRole(role) && request.operator?.role !== 'operator')
        throw new AppError(
          'exceptions.auth.operatorRoleForbidden',
          { role: request.operator?.role },
          'Only an operator admin invites operators',
        );
      if (isOperatorRole(role) !== (tenantId === undefined)) {
        const message = isOperatorRole(role) ? 'must be absent for an operator' : 'is required for a merchant role';
        throw new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field: 'tenantId', message }] });
      }
      const invited = await inviteUser(
        app.ctx.db,
        app.ctx.config.publicBaseUrl,
        { tenantId: tenantId ?? null, email, role },
        operatorBy(request),
        { anyTenant: true },
      );
      return reply.status(201).send({ data: invited });
    },
  );
  userConsoleRoutes(app);
};

/**
 * People belong to the whole tenant (a session is tenant-wide), so only a tenant-wide caller (a
 * session, a tenant-wide key) manages them: a key bound to one account would otherwise reach every
 * account through the user it invites (403 accountNotAllowed).
 */
function tenantWideOnly(p: ApiPrincipal): void {
  if (p.keyAccountId !== null) {
    throw new AppError(
      'exceptions.auth.accountNotAllowed',
      undefined,
      'People belong to the whole tenant: only a tenant-wide key or a session manages them',
    );
  }
}

/**
 * A caller hands out, or takes away, only a role whose every scope it holds itself (users.manage
 * alone makes no finance user, nor demotes an owner): else 403 insufficientScope naming what it lacks.
 */
function mayGrant(p: ApiPrincipal, role: MerchantRole): void {
  const missing = missingScopes(p.scopes, ROLE_SCOPES[role]);
  if (missing.length > 0)
    throw new AppError('exceptions.auth.insufficientScope', { role, scopes: missing }, `The caller lacks scopes of the role ${role}`);
}

/** A session with 2FA confirms handing out a role that moves money or grants rights (STEP_UP_SCOPES). */
function roleNeedsStepUp(request: FastifyRequest): boolean {
  const role = (request.body as { role: UserRole }).role;
  return !isOperatorRole(role) && grantNeedsStepUp(ROLE_SCOPES[role]);
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
      schema: {
        operationId: 'listUsers',
        tags: TAGS,
        summary: "The tenant's users, oldest first",
        response: responses({ 200: DataEnvelope(Type.Array(UserViewSchema)) }),
      },
    },
    async (request) => ({ data: await listUsers(app.ctx.db, request.principal.tenantId) }),
  );
}

function inviteUserRoute(app: TypedApp): void {
  app.post(
    '/users',
    {
      config: GRANT,
      schema: {
        operationId: 'inviteUser',
        tags: TAGS,
        summary:
          'Invite a user to the tenant with a role whose every scope the caller holds (tenant-wide callers only); the answer carries the invitation link, once (409 user.emailTaken: already a user of this tenant). A session with 2FA confirms a role that moves money or grants rights with `x-totp-code`',
        body: Type.Object({ email: Email, role: MerchantRoleSchema }),
        response: responses({ 201: DataEnvelope(InvitedSchema) }, [409]),
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      tenantWideOnly(principal);
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
      config: GRANT,
      schema: {
        operationId: 'changeUserRole',
        tags: TAGS,
        summary:
          "Change a user's role, from and to roles whose every scope the caller holds; their API keys the new role does not cover are revoked (409 user.lastOwner: the tenant keeps an active owner). A session with 2FA confirms a role that moves money or grants rights with `x-totp-code`",
        params: Type.Object({ id: Uuid }),
        body: Type.Object({ role: MerchantRoleSchema }),
        response: responses({ 200: DataEnvelope(UserViewSchema) }, [404, 409]),
      },
    },
    async (request) => {
      const principal = request.principal;
      tenantWideOnly(principal);
      mayGrant(principal, request.body.role);
      const by = { principal, ip: request.ip };
      const { user, notices } = await changeRole(app.ctx.db, principal.tenantId, request.params.id, request.body.role, by, (from) =>
        mayGrant(principal, from),
      );
      for (const notice of notices) app.ctx.changes?.emitLocal(notice);
      return { data: user };
    },
  );
}

function removeUserRoute(app: TypedApp): void {
  app.delete(
    '/users/:id',
    {
      // Removing people (a co-owner, say) and ending their keys is confirmed with the authenticator's code.
      config: { ...MANAGE, stepUp: true },
      schema: {
        operationId: 'removeUser',
        tags: TAGS,
        summary:
          'Remove a user of a role whose every scope the caller holds: disabled, their sessions and API keys end at once (409 user.lastOwner). A session with 2FA confirms it with `x-totp-code`',
        params: Type.Object({ id: Uuid }),
        response: responses({ 204: NoContent }, [404, 409]),
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      tenantWideOnly(principal);
      const notices = await disableUser(app.ctx.db, principal.tenantId, request.params.id, { principal, ip: request.ip }, (role) =>
        mayGrant(principal, role),
      );
      for (const notice of notices) app.ctx.changes?.emitLocal(notice);
      return reply.status(204).send(null);
    },
  );
}
