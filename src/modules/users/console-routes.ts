/** The operator console's people: every user across tenants (and the operators), and disabling any of them. */
import { Type } from '@sinclair/typebox';
import { operatorBy } from '../audit/service.ts';
import { DateTime, Nullable, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
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
      config: ADMIN,
      schema: {
        operationId: 'adminDisableUser',
        tags: TAGS,
        summary: "Disable any user: their sessions end at once (404 user.notFound; 409 user.lastOperator: the installation keeps an active operator)",
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 204: NoContent }, [404, 409]),
      },
    },
    async (request, reply) => {
      await disableAnyUser(app.ctx.db, request.params.id, operatorBy(request));
      return reply.status(204).send(null);
    },
  );
}
