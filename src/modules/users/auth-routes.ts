/**
 * `/auth`: signing in and out of the dashboard, the signed-in user, invitations. Public in the
 * security hook's sense: each route resolves the session itself (requireSession), with the CSRF
 * check on every request that changes something.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataEnvelope, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { withRetryAfter } from '../../lib/http/security.ts';
import { checkOrigin, clearedSessionCookie, requireSession, sessionCookie } from '../../lib/http/session.ts';
import { audit } from '../audit/service.ts';
import { checkLogin } from './login.ts';
import { LoginThrottle } from './throttle.ts';
import { warmPasswordCheck } from './passwords.ts';
import { MeSchema, NoContent, Password, RecoveryCode, TotpCode, UserRoleSchema } from './schemas.ts';
import { acceptInvite, inviteInfo } from './invitations.ts';
import { me, type SignedIn } from './service.ts';
import { createSession, revokeSession, revokeUserSessions } from './sessions.ts';
import { noticeSignIn } from './notices.ts';
import { accountRoutes } from './account-routes.ts';
import { passwordResetRoutes } from './reset-routes.ts';
import { named } from '../../lib/http/plugins.ts';

const PUBLIC = { public: true } as const;
const TAGS = ['sessions'];
const InviteToken = Type.String({ minLength: 1, maxLength: 128 });

/** The `/auth` routes; answers are never cached (they carry the CSRF token). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  void warmPasswordCheck(app.ctx.config.passwordHashCost);
  loginRoute(app);
  logoutRoute(app);
  logoutEverywhereRoute(app);
  meRoute(app);
  inviteInfoRoute(app);
  acceptInviteRoute(app);
  await app.register(named(accountRoutes));
  await app.register(named(passwordResetRoutes));
};

/** A new session for a user who proved who they are: the cookie, the audit entry, and `Me`. */
async function signIn(app: TypedApp, request: FastifyRequest, reply: FastifyReply, user: SignedIn) {
  const { db, config } = app.ctx;
  const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
  const session = await db.transaction().execute(async (trx) => {
    await noticeSignIn(trx, user, client);
    return createSession(trx, user.userId, client);
  });
  const actor = { userId: user.userId, name: user.email };
  await audit(db, {
    tenantId: user.tenantId,
    actor,
    action: 'session.signedIn',
    targetType: 'user',
    targetId: user.userId,
    ip: request.ip,
  });
  reply.header('set-cookie', sessionCookie(request, session.token));
  return { data: await me(db, config.mode, { userId: user.userId, csrfToken: session.csrfToken }) };
}

/** POST /auth/login */
function loginRoute(app: TypedApp): void {
  const throttle = new LoginThrottle(app.ctx.db, app.ctx.config.loginFailures);
  app.post(
    '/login',
    {
      config: PUBLIC,
      schema: {
        operationId: 'login',
        tags: TAGS,
        summary:
          'Sign in: sets the session cookie; with two-factor on, `totpCode` or instead one of the recovery codes, which this spends (401 invalidCredentials, secondFactorRequired, invalidSecondFactor; 403 tenantSuspended; 429 while this address waits after failures)',
        body: Type.Object({
          email: Type.String({ maxLength: 254 }),
          password: Password,
          totpCode: Type.Optional(TotpCode),
          recoveryCode: Type.Optional(RecoveryCode),
        }),
        response: responses({ 200: DataEnvelope(MeSchema) }),
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      const user = await withRetryAfter(reply, checkLogin(app.ctx.db, throttle, request.body, request.ip, app.ctx.config.passwordHashCost));
      return signIn(app, request, reply, user);
    },
  );
}

/** POST /auth/logout */
function logoutRoute(app: TypedApp): void {
  app.post(
    '/logout',
    {
      config: PUBLIC,
      schema: {
        operationId: 'logout',
        tags: TAGS,
        summary: 'Sign out: ends this session and clears its cookie',
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await revokeSession(app.ctx.db, session.tokenHash);
      const actor = { userId: session.userId, name: session.email };
      await audit(app.ctx.db, {
        tenantId: session.tenantId,
        actor,
        action: 'session.signedOut',
        targetType: 'user',
        targetId: session.userId,
        ip: request.ip,
      });
      return reply.header('set-cookie', clearedSessionCookie(request)).status(204).send(null);
    },
  );
}

/** POST /auth/logout-everywhere */
function logoutEverywhereRoute(app: TypedApp): void {
  app.post(
    '/logout-everywhere',
    {
      config: PUBLIC,
      schema: {
        operationId: 'logoutEverywhere',
        tags: TAGS,
        summary: 'Sign out everywhere: ends every session of the user',
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await revokeUserSessions(app.ctx.db, session.userId);
      const actor = { userId: session.userId, name: session.email };
      await audit(app.ctx.db, {
        tenantId: session.tenantId,
        actor,
        action: 'session.signedOutEverywhere',
        targetType: 'user',
        targetId: session.userId,
        ip: request.ip,
      });
      return reply.header('set-cookie', clearedSessionCookie(request)).status(204).send(null);
    },
  );
}

/** GET /auth/me */
function meRoute(app: TypedApp): void {
  app.get(
    '/me',
    {
      config: PUBLIC,
      schema: {
        operationId: 'me',
        tags: TAGS,
        summary: 'The signed-in user (401 sessionRequired without a session)',
        response: responses({ 200: DataEnvelope(MeSchema) }),
      },
    },
    async (request) => {
      const session = await requireSession(request);
      return { data: await me(app.ctx.db, app.ctx.config.mode, session) };
    },
  );
}

/** GET /auth/invite */
function inviteInfoRoute(app: TypedApp): void {
  app.get(
    '/invite',
    {
      config: PUBLIC,
      schema: {
        operationId: 'inviteInfo',
        tags: TAGS,
        summary: 'What an invitation is for (400 inviteInvalid when unknown, expired or used)',
        querystring: Type.Object({ token: InviteToken }),
        response: responses({
          200: DataEnvelope(
            Type.Object({ email: Type.String(), role: UserRoleSchema, tenantName: Type.Union([Type.String(), Type.Null()]) }),
          ),
        }),
      },
    },
    async (request) => ({ data: await inviteInfo(app.ctx.db, request.query.token) }),
  );
}

/** POST /auth/invite */
function acceptInviteRoute(app: TypedApp): void {
  app.post(
    '/invite',
    {
      config: PUBLIC,
      schema: {
        operationId: 'acceptInvite',
        tags: TAGS,
        summary:
          'Accept an invitation: set the password and sign in (400 inviteInvalid, passwordMismatch, passwordTooWeak; 403 tenantSuspended)',
        body: Type.Object({ token: InviteToken, password: Password, confirmPassword: Password }),
        response: responses({ 200: DataEnvelope(MeSchema) }),
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      const user = await acceptInvite(app.ctx.db, request.body, app.ctx.config.passwordHashCost, request.ip);
      return signIn(app, request, reply, user);
    },
  );
}
