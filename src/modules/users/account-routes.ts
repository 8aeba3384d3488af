/** `/auth/password` and `/auth/totp/*`: what signed-in users change about their own sign-in. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { DataEnvelope, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { withRetryAfter } from '../../lib/http/security.ts';
import { requireSession } from '../../lib/http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { NoContent, Password, TotpCode } from './schemas.ts';
import { changePassword } from './service.ts';
import { disableTotp, enableTotp, setupTotp } from './totp.ts';

const PUBLIC = { public: true } as const;
const TAGS = ['sessions'];

/** Password and two-factor settings of the signed-in user (CSRF-checked). */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  passwordRoute(app);
  totpSetupRoute(app);
  totpSwitchRoute(app, 'enable');
  totpSwitchRoute(app, 'disable');
};

/**
 * Runs a check that fails with a wrong secret (password, code) under the user's failure budget: past
 * it, 429 until the window ends, so a stolen session cannot guess its way to the second factor.
 */
async function guarded<T>(app: TypedApp, reply: FastifyReply, who: string, check: () => Promise<T>): Promise<T> {
  const failures = app.sessionAuth.loginFailures;
  await withRetryAfter(reply, failures.check(who));
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && (err.code === 'exceptions.auth.invalidSecondFactor' || err.code === 'exceptions.auth.invalidCredentials')) await failures.fail(who);
    throw err;
  }
}

/** POST /auth/password */
function passwordRoute(app: TypedApp): void {
  app.post(
    '/password',
    {
      config: PUBLIC,
      schema: {
        operationId: 'changePassword',
        tags: TAGS,
        summary: "Change the password (401 invalidCredentials when the current one is wrong); the user's other sessions end",
        body: Type.Object({ currentPassword: Password, newPassword: Password }),
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await guarded(app, reply, `password:${session.userId}`, () => changePassword(app.ctx.db, session, request.body, request.ip));
      return reply.status(204).send(null);
    },
  );
}

/** POST /auth/totp/setup */
function totpSetupRoute(app: TypedApp): void {
  app.post(
    '/totp/setup',
    {
      config: PUBLIC,
      schema: {
        operationId: 'setupTotp',
        tags: TAGS,
        summary: 'Start setting up two-factor authentication: a new secret and its QR code (409 totpAlreadyEnabled while it is on)',
        response: responses({ 200: DataEnvelope(Type.Object({ secret: Type.String(), otpauthUrl: Type.String(), qrCode: Type.String({ description: 'PNG data URL' }) })) }, [409]),
      },
    },
    async (request) => {
      const session = await requireSession(request);
      return { data: await setupTotp(app.ctx.db, session.userId) };
    },
  );
}

/** POST /auth/totp/enable, POST /auth/totp/disable */
function totpSwitchRoute(app: TypedApp, which: 'enable' | 'disable'): void {
  app.post(
    `/totp/${which}`,
    {
      config: PUBLIC,
      schema: {
        operationId: which === 'enable' ? 'enableTotp' : 'disableTotp',
        tags: TAGS,
        summary:
          which === 'enable'
            ? 'Turn two-factor authentication on with a code of the new secret (400 totpNotEnrolled, 401 invalidSecondFactor)'
            : 'Turn two-factor authentication off with a current code (400 totpNotEnrolled, 401 invalidSecondFactor)',
        body: Type.Object({ code: TotpCode }),
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      const change = which === 'enable' ? enableTotp : disableTotp;
      await guarded(app, reply, `totp:${session.userId}`, () => change(app.ctx.db, session.userId, request.body.code, request.ip));
      return reply.status(204).send(null);
    },
  );
}
