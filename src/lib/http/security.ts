import { isOperatorRole, type OperatorRole } from '../db/tables/people.ts';
import { operatorMay } from '../auth/operator-roles.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoticeCache } from '../cache.ts';
import type { Db } from '../db/index.ts';
import type { ChangeListener } from '../db/notify.ts';
import { AppError } from '../errors.ts';
import { hashApiKey } from '../auth/api-keys.ts';
import { ipAllowed } from '../auth/ip.ts';
import { ROLE_SCOPES, hasScope, type Scope } from '../auth/scopes.ts';
import { acceptTotpCode } from '../auth/totp.ts';
import type { FailureLimiter, RateLimiter } from './rate-limit.ts';
import { registerAccountScope, sessionPrincipal } from './account-scope.ts';
import { requireDeclaredSecurity } from './declared-security.ts';
import { findKey, lastUsedRecorder, principalMemo, type KeyState } from './api-key-lookup.ts';
import { changesState, checkCsrf, currentSession, hasSessionCookie } from './session.ts';
// The request's principal and operator, typed from each route's declaration, are declared there.
import { declaredScope, type ApiPrincipal } from './principal.ts';
export type { OperatorCaller } from './principal.ts';

export type { ApiPrincipal };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope a merchant route requires. */
    scope?: Scope;
    /** Opts a route out of authentication (payment page, health, docs). */
    public?: boolean;
    /** Operator route: needs the admin token (or an operator's session). */
    admin?: boolean;
    /** false exempts a public route from rate limiting (health, metrics). */
    rateLimit?: boolean;
    /** Merchant route that acts on the tenant, not on one of its accounts: a tenant-wide key names no `accountId` for it. */
    tenantLevel?: boolean;
    /**
     * A write to what the whole tenant shares (its webhook URLs and secret, its brand): only a
     * tenant-wide caller (a session, a tenant-wide key) makes it; a key bound to one account would
     * reach every account's events through it (403 accountNotAllowed).
     */
    tenantWide?: boolean;
    /**
     * Merchant route whose object says the account (a commit: its quote's). A tenant-wide caller
     * naming no `accountId` acts on the account this finds within its tenant; it throws the route's
     * 404 for an object the tenant lacks, and answers null for a request too malformed to look it
     * up (validation answers that).
     */
    accountOf?: (db: Db, tenantId: string, request: FastifyRequest) => Promise<string | null>;
    /**
     * A session whose user has two-factor authentication confirms the call with `x-totp-code` (API
     * keys and the admin token are not asked): always (`true`), or when the validated request asks
     * for it (a key or role that carries a scope of STEP_UP_SCOPES, say).
     */
    stepUp?: boolean | ((request: FastifyRequest) => boolean);
    /**
     * The operators' roles that may call an operator route. Unset: every operator role reads (GET),
     * and only an operator admin (`operator`, or the admin token) writes.
     */
    operatorRoles?: readonly OperatorRole[];
    /** Merchant route only a signed-in person may call (a session, never an API key): where money may go, and approvals. */
    sessionOnly?: boolean;
  }
}

/** What authentication needs of the app's context (AppContext has it): keys, and notices of revoked ones. */
export interface SecurityContext {
  db: Db;
  /** Change notices from every instance; cached keys are trusted only while it is healthy. */
  changes?: ChangeListener;
}

export interface SecurityOptions {
  ctx: SecurityContext;
  rateLimiter: RateLimiter;
  /** Failed admin authentications per IP; over budget, the IP gets 429 until its window ends. */
  adminFailures: FailureLimiter;
  /** Wrong second-factor codes and current passwords (per user); shared with the `/auth` routes (sign-in itself: modules/users/throttle.ts). */
  loginFailures: FailureLimiter;
  /** PUBLIC_BASE_URL: the origin a session's state-changing request may come from, and whether cookies are Secure. */
  publicBaseUrl: string;
  /** Checks an admin bearer token in constant time. */
  checkAdminToken(token: string): Promise<boolean>;
  /** A live installation: an operator's session reaches /admin only once its user enrolled TOTP. */
  operatorsNeedTotp: boolean;
}

/** Change notice naming a revoked key by its hash. */
export function apiKeyChanged(keyHash: string): string {
  return `apikey:${keyHash}`;
}

const TENANT_KEYS = 'apikeys-of-tenant:';

/** Change notice saying every key of a tenant changed at once (the tenant was suspended or resumed). */
export function tenantKeysChanged(tenantId: string): string {
  return `${TENANT_KEYS}${tenantId}`;
}

/** The endpoint a request draws its budget from: HEAD is GET without the body, so it shares GET's. */
function routeKey(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url ?? request.url}`;
}

/** The token of an `Authorization: Bearer <token>` header; the scheme is case-insensitive (RFC 9110). */
export function bearerToken(header: string | undefined): string {
  const match = /^bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1] ?? '';
}

/**
 * Authentication on by default. Every route must say what protects it: a scope (merchant API key or
 * a merchant user's session), `admin` (operator token or an operator's session) or `public`; a route
 * that says nothing fails at start-up. Merchant checks run in the API's order: key (401), IP
 * allowlist (403), the key's tenant not suspended (403), scope (403); then the rate limit per key
 * (per user for a session).
 */
export function registerSecurity(app: FastifyInstance, opts: SecurityOptions): void {
  const { ctx } = opts;
  // Valid keys are cached until a revocation notice names them (misses are never cached).
  const keys = new NoticeCache<KeyState>(60_000, 50_000, () => ctx.changes?.healthy ?? false);
  ctx.changes?.onChange((payload) => {
    // A tenant suspended or resumed (rare): every cached key goes, rather than tracking whose is whose.
    if (payload === '*' || payload.startsWith(TENANT_KEYS)) keys.clear();
    else if (payload.startsWith('apikey:')) keys.invalidate(payload.slice(7));
  });
  const touch = lastUsedRecorder(ctx.db);
  const principalOf = principalMemo();
  const keyOf = (raw: string) => {
    const hash = hashApiKey(raw);
    return keys.get(hash, () => findKey(ctx.db, hash));
  };
  app.decorate('sessionAuth', { db: ctx.db, publicBaseUrl: opts.publicBaseUrl, loginFailures: opts.loginFailures });
  const limit = limiter(opts.rateLimiter);

  requireDeclaredSecurity(app);

  app.addHook('onRequest', async (request, reply) => {
    // routeOptions is a getter that builds a new object: read once.
    const { config: cfg, url } = request.routeOptions;
    if (!url) return; // unknown route: the not-found handler answers
    if (cfg.admin) return operator(opts, request, reply);
    if (cfg.public) {
      if (cfg.rateLimit !== false) await limit(request, reply, `ip:${request.ip}`);
      return;
    }
    const raw = request.headers['x-tenant-api-key'];
    // Without a key header, a dashboard session (its cookie) may stand in for the key.
    if (raw === undefined && hasSessionCookie(request)) return merchantSession(limit, request, reply);
    const key = typeof raw === 'string' && raw.length > 0 && raw.length <= 256 ? await keyOf(raw) : undefined;
    // Budget by key when the key is real, else by IP, so guessing keys is rate limited too.
    await limit(request, reply, key ? `key:${key.keyId}` : `ip:${request.ip}`);
    if (!key) throw new AppError('exceptions.auth.invalidApiKey');
    if (!ipAllowed(request.ip, key.allowedIps)) throw new AppError('exceptions.auth.ipNotAllowed');
    if (key.tenantSuspended) throw new AppError('exceptions.auth.tenantSuspended');
    const scope = declaredScope(cfg.scope, url);
    if (!hasScope(key.scopes, scope)) {
      throw new AppError('exceptions.auth.insufficientScope', { requiredScope: scope });
    }
    const touched = touch(key.keyId);
    if (touched) await touched;
    request.principal = principalOf(key, request.method);
  });

  registerAccountScope(app, ctx.db);
  registerStepUp(app, opts.loginFailures);
}

type Limit = (request: FastifyRequest, reply: FastifyReply, who: string) => Promise<void>;

/** Draws one request from `who`'s budget of this route, and says what is left in the response headers. */
function limiter(rateLimiter: RateLimiter): Limit {
  // A then-chain rather than async frames: one promise less per request.
  return (request, reply, who) =>
    rateLimiter.consume(routeKey(request), who).then(
      (state) => {
        reply.header('x-ratelimit-limit', state.limit);
        reply.header('x-ratelimit-remaining', state.remaining);
      },
      (err) => {
        throw withRetryHeader(reply, err);
      },
    );
}

/** An operator route: the admin bearer token, or without one an operator's session (CSRF-checked). */
async function operator(opts: SecurityOptions, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const who = `admin:${request.ip}`;
  await withRetryAfter(reply, opts.adminFailures.check(who));
  const token = bearerToken(request.headers.authorization);
  if (!token && hasSessionCookie(request)) {
    const session = await currentSession(request);
    if (session && !isOperatorRole(session.role)) throw new AppError('exceptions.auth.operatorOnly');
    if (session) {
      if (changesState(request.method)) checkCsrf(request, session);
      // Real money: an operator's password alone never opens the console (enrolling goes through /auth/totp).
      if (opts.operatorsNeedTotp && !session.totpEnabled) throw new AppError('exceptions.auth.secondFactorEnrollmentRequired');
      if (!operatorMay(request, session.role as OperatorRole))
        throw new AppError('exceptions.auth.operatorRoleForbidden', { role: session.role });
      request.operator = { userId: session.userId, actor: session.email, role: session.role as OperatorRole };
      return;
    }
  }
  if (!token || !(await opts.checkAdminToken(token))) {
    await opts.adminFailures.fail(who);
    throw new AppError('exceptions.admin.invalidToken');
  }
  request.operator = { userId: null, actor: 'operator token', role: 'operator' };
}

/** A merchant route called with a session: the user's role gives the scopes; CSRF on state changes. */
async function merchantSession(limit: Limit, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await currentSession(request);
  await limit(request, reply, session ? `user:${session.userId}` : `ip:${request.ip}`);
  if (!session) throw new AppError('exceptions.auth.sessionRequired');
  if (changesState(request.method)) checkCsrf(request, session);
  const scope = declaredScope(request.routeOptions.config.scope, request.routeOptions.url);
  const scopes = isOperatorRole(session.role) || session.tenantId === null ? [] : ROLE_SCOPES[session.role];
  // A user of no tenant (an operator) has no scopes: refused as hasScope would refuse it.
  if (session.tenantId === null || !hasScope(scopes, scope))
    throw new AppError('exceptions.auth.insufficientScope', { requiredScope: scope });
  request.principal = sessionPrincipal(
    { userId: session.userId, email: session.email, tenantId: session.tenantId, scopes },
    request.method,
  );
}

/**
 * Step-up (`config.stepUp`): a session whose user has two-factor authentication (a merchant's, or an
 * operator's on /admin) confirms the operation with a fresh code in `x-totp-code` (missing: 403
 * stepUpRequired; wrong or used: 401 invalidSecondFactor, counted as a failure). Checked once the
 * request is valid, so a malformed request does not use up a code, and so a rule can read the
 * body. API keys and the admin token are not asked.
 */
function registerStepUp(app: FastifyInstance, failures: FailureLimiter): void {
  // A callback hook: only a session's call of a step-up route has anything to await.
  app.addHook('preHandler', (request, reply, done) => {
    // A route only people may call: refused to a key once the request is known to be its tenant's.
    if (request.routeOptions.config.sessionOnly && request.principal?.kind === 'apiKey')
      return done(new AppError('exceptions.auth.sessionOnly'));
    const rule = request.routeOptions.config.stepUp;
    if (!rule) return done();
    const bySession = request.principal?.kind === 'session' || (request.operator !== undefined && request.operator.userId !== null);
    if (!bySession || (rule !== true && !rule(request))) return done();
    stepUp(app, failures, request, reply).then(() => done(), done);
  });
}

/** The step-up check for a route that resolves its session itself (`/auth`): the same code, the same budget. */
export function confirmStepUp(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  return stepUp(request.server, request.server.sessionAuth.loginFailures, request, reply);
}

async function stepUp(app: FastifyInstance, failures: FailureLimiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await currentSession(request);
  if (!session?.totpEnabled || !session.totpSecret) return;
  const code = request.headers['x-totp-code'];
  if (typeof code !== 'string' || code.length === 0) throw new AppError('exceptions.auth.stepUpRequired');
  const who = `totp:${session.userId}`;
  await withRetryAfter(reply, failures.check(who));
  if (!(await acceptTotpCode(app.sessionAuth.db, session.userId, session.totpSecret, code))) {
    await failures.fail(who);
    throw new AppError('exceptions.auth.invalidSecondFactor');
  }
}

/** Awaits a budget check; a 429 it throws carries Retry-After in whole seconds. */
export async function withRetryAfter<T>(reply: FastifyReply, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (err) {
    throw withRetryHeader(reply, err);
  }
}

/** A 429 gets Retry-After in whole seconds; gives the error back to be rethrown. */
function withRetryHeader(reply: FastifyReply, err: unknown): unknown {
  if (err instanceof AppError && err.code === 'exceptions.rateLimit.exceeded') {
    const ms = Number(err.extension?.msBeforeNext ?? 1000);
    reply.header('retry-after', Math.max(1, Math.ceil(ms / 1000)));
  }
  return err;
}
