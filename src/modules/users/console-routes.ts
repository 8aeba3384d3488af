/** The operator console's people: every user across tenants (and the operators), and disabling any of them. */
import { SUPPORT } from '../../lib/auth/operator-roles.ts';
import { Type } from '@sinclair/typebox';
import { operatorBy } from '../audit/service.ts';
import { DataEnvelope, DateTime, Nullable, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { issuePasswordReset } from './password-reset.ts';
import { disableAnyUser, listAllUsers } from './directory.ts';
import { NoContent, UserRoleSchema } from './schemas.ts';

const ADMIN = { admin: true } as const;
const TAGS = ['operator', 'users'];

const DirectoryUser = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    role: UserRoleSchema,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled')]),
    totpEnabled: Type.Boolean(),
    tenantId: Nullable(Uuid),
    tenantName: Nullable(Type.String()),
    createdAt: DateTime,
    lastSignInAt: Nullable({ ...DateTime, description: 'When their newest session began; null: never signed in' }),
  },
  { title: 'DirectoryUser' },
);

/** GET /users and DELETE /users/:id (under /admin). */
export function userConsoleRoutes(app: TypedApp): void {
  app.get(
    '/users',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminListUsers',
        tags: TAGS,
        summary: 'Users of every tenant and the operators (tenantId null), newest first; `search`: the email contains it (any case)',
        querystring: Type.Object({
          search: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
          tenantId: Type.Optional(Uuid),
          role: Type.Optional(UserRoleSchema),
          ...PageQuery,
        }),
        response: adminResponses({ 200: PagedList(DirectoryUser) }),
      },
    },
    async (request) => listAllUsers(app.ctx.db, request.query),
  );
  app.delete(
    '/users/:id',
    {
      // An operator's session with 2FA confirms it with `x-totp-code`: it ends or moves a user's keys.
      config: { ...ADMIN, stepUp: true },
      schema: {
        operationId: 'adminDisableUser',
        tags: TAGS,
        summary:
          'Disable any user: their sessions end at once, and their API keys are revoked, or with `keysTo` handed to that active user of the same tenant, whose role must cover every key (400 user.keyRecipientInvalid, 409 user.keyRecipientLacksScope; 404 user.notFound; 409 user.lastOperator: the installation keeps an active operator)',
        params: Type.Object({ id: Uuid }),
        querystring: Type.Object({
          keysTo: Type.Optional({
            ...Uuid,
            description: "Hand the user's API keys to this user of the same tenant instead of revoking them",
          }),
        }),
        response: adminResponses({ 204: NoContent }, [400, 404, 409]),
      },
    },
    async (request, reply) => {
      const notices = await disableAnyUser(app.ctx.db, request.params.id, operatorBy(request), request.query.keysTo);
      for (const notice of notices) app.ctx.changes?.emitLocal(notice);
      return reply.status(204).send(null);
    },
  );
  passwordResetRoute(app);
}

const IssuedResetSchema = Type.Object(
  {
    userId: Uuid,
    email: Type.String(),
    resetUrl: Type.String({ description: 'The link to hand to the user: it works once, until expiresAt; shown only in this answer' }),
    expiresAt: DateTime,
  },
  { title: 'IssuedPasswordReset' },
);

/** POST /admin/tenants/{tenantId}/users/{id}/password-reset */
function passwordResetRoute(app: TypedApp): void {
  app.post(
    '/tenants/:tenantId/users/:id/password-reset',
    {
      // It opens a user's account to whoever holds the link: an operator's session with 2FA confirms it.
      // Helping tenants' users is support's work too.
      config: { ...ADMIN, operatorRoles: SUPPORT, stepUp: true },
      schema: {
        operationId: 'adminIssuePasswordReset',
        tags: TAGS,
        summary:
          "A one-time password reset link for an active user of the tenant, valid an hour (the user's earlier links end; using it ends their sessions). 404 user.notFound (not a user of this tenant), 409 user.notActive (invited or removed)",
        params: Type.Object({ tenantId: Uuid, id: Uuid }),
        response: adminResponses({ 201: DataEnvelope(IssuedResetSchema) }, [404, 409]),
      },
    },
    async (request, reply) => {
      const target = { tenantId: request.params.tenantId, userId: request.params.id };
      const issued = await issuePasswordReset(app.ctx.db, app.ctx.config.publicBaseUrl, target, operatorBy(request));
      return reply.status(201).send({ data: issued });
    },
  );
}
