/** `/auth/password`, `/auth/totp/*` and `/auth/recovery-codes`: what signed-in users change about their own sign-in. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { DataEnvelope, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { confirmStepUp, withRetryAfter } from '../../lib/http/security.ts';
import { requireSession } from '../../lib/http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { NoContent, Password, TotpCode } from './schemas.ts';
import { changePassword } from './service.ts';
import { disableTotp, enableTotp, renewRecoveryCodes, setupTotp } from './totp.ts';

const PUBLIC = { public: true } as const;
const TAGS = ['sessions'];

/** Password and two-factor settings of the signed-in user (CSRF-checked). */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  passwordRoute(app);
  totpSetupRoute(app);
  totpEnableRoute(app);
  totpDisableRoute(app);
  recoveryCodesRoute(app);
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
    if (
      err instanceof AppError &&
      (err.code === 'exceptions.auth.invalidSecondFactor' || err.code === 'exceptions.auth.invalidCredentials')
    )
      await failures.fail(who);
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
      await guarded(app, reply, `password:${session.userId}`, () =>
        changePassword(app.ctx.db, session, request.body, app.ctx.config.passwordHashCost, request.ip),
      );
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
        response: responses(
          {
            200: DataEnvelope(
              Type.Object({ secret: Type.String(), otpauthUrl: Type.String(), qrCode: Type.String({ description: 'PNG data URL' }) }),
            ),
          },
          [409],
        ),
      },
    },
    async (request) => {
      const session = await requireSession(request);
      return { data: await setupTotp(app.ctx.db, session.userId) };
    },
  );
}

/** The recovery codes, shown once: when two-factor is switched on, and when a new set is asked for. */
const RecoveryCodes = DataEnvelope(
  Type.Object({
    recoveryCodes: Type.Array(Type.String(), {
      description: 'Ten single-use codes that sign in instead of the authenticator; shown only in this answer, keep them safe',
    }),
  }),
);

/** POST /auth/totp/enable */
function totpEnableRoute(app: TypedApp): void {
  app.post(
    '/totp/enable',
    {
      config: PUBLIC,
      schema: {
        operationId: 'enableTotp',
        tags: TAGS,
        summary:
          'Turn two-factor authentication on with a code of the new secret; answers the recovery codes, once (400 totpNotEnrolled, 401 invalidSecondFactor)',
        body: Type.Object({ code: TotpCode }),
        response: responses({ 200: RecoveryCodes }),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      return {
        data: await guarded(app, reply, `totp:${session.userId}`, () =>
          enableTotp(app.ctx.db, session.userId, request.body.code, app.ctx.config.passwordHashCost, request.ip),
        ),
      };
    },
  );
}

/** POST /auth/totp/disable */
function totpDisableRoute(app: TypedApp): void {
  app.post(
    '/totp/disable',
    {
      config: PUBLIC,
      schema: {
        operationId: 'disableTotp',
        tags: TAGS,
        summary:
          'Turn two-factor authentication off with a current code, or a recovery code when the authenticator is lost (400 totpNotEnrolled, 401 invalidSecondFactor)',
        body: Type.Object({
          code: Type.String({
            minLength: 6,
            maxLength: 40,
            description: 'The 6-digit code of the authenticator app, or a recovery code (spent)',
          }),
        }),
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await guarded(app, reply, `totp:${session.userId}`, () => disableTotp(app.ctx.db, session.userId, request.body.code, request.ip));
      return reply.status(204).send(null);
    },
  );
}

/** POST /auth/recovery-codes */
function recoveryCodesRoute(app: TypedApp): void {
  app.post(
    '/recovery-codes',
    {
      config: PUBLIC,
      schema: {
        operationId: 'renewRecoveryCodes',
        tags: TAGS,
        summary:
          'A new set of recovery codes, the old set ending: confirmed with a current authenticator code in `x-totp-code` (403 stepUpRequired without one, 401 invalidSecondFactor; 400 totpNotEnrolled while two-factor is off)',
        response: responses({ 200: RecoveryCodes }, [403]),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await confirmStepUp(request, reply);
      return { data: await renewRecoveryCodes(app.ctx.db, session.userId, app.ctx.config.passwordHashCost, request.ip) };
    },
  );
}
