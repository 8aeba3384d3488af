/** `/auth/password-reset`: the page an operator's reset link opens reads it, then sets the new password with it. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Nullable, responses } from '../../lib/http/schemas.ts';
import { checkOrigin } from '../../lib/http/session.ts';
import { NoContent, Password } from './schemas.ts';
import { resetInfo, resetPassword } from './password-reset.ts';

const PUBLIC = { public: true } as const;
const TAGS = ['sessions'];
const ResetToken = Type.String({ minLength: 1, maxLength: 128, description: "The token of the link (its fragment after '#')" });

export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/password-reset',
    {
      config: PUBLIC,
      schema: {
        operationId: 'passwordResetInfo',
        tags: TAGS,
        summary: 'Whose password a reset link sets (400 resetInvalid when unknown, expired or used)',
        querystring: Type.Object({ token: ResetToken }),
        response: responses({ 200: DataEnvelope(Type.Object({ email: Type.String(), tenantName: Nullable(Type.String()) })) }),
      },
    },
    async (request) => ({ data: await resetInfo(app.ctx.db, request.query.token) }),
  );
  app.post(
    '/password-reset',
    {
      config: PUBLIC,
      schema: {
        operationId: 'resetPassword',
        tags: TAGS,
        summary:
          'Set a new password with a reset link, spending it; every session of the user ends, and they sign in anew (400 resetInvalid, passwordMismatch, passwordTooWeak)',
        body: Type.Object({ token: ResetToken, password: Password, confirmPassword: Password }),
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      await resetPassword(app.ctx.db, request.body, app.ctx.config.passwordHashCost, request.ip);
      return reply.status(204).send(null);
    },
  );
};
