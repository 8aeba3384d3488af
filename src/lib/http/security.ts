import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoticeCache } from '../cache.ts';
import type { Db } from '../db/index.ts';
import type { ChangeListener } from '../db/notify.ts';
import { AppError } from '../errors.ts';
import { hashApiKey, secretsEqual } from '../auth/api-keys.ts';
import { ipAllowed } from '../auth/ip.ts';
import { hasScope, type Scope } from '../auth/scopes.ts';
import type { FailureLimiter, RateLimiter } from './rate-limit.ts';
import { documentAccountId, principalFor, registerAccountScope, type ApiKeyRecord } from './account-scope.ts';

/** The caller behind a valid API key, and the account its request acts on. */
export interface ApiPrincipal {
  keyId: string;
  tenantId: string;
  /** The account this request acts on: the key's own, or the one a tenant-wide key's request names. */
  accountId: string;
  /** The account the key is bound to; null for a tenant-wide key (any account of its tenant). */
  keyAccountId: string | null;
  scopes: string[];
  allowedIps: string[] | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope a merchant route requires. */
    scope?: Scope;
    /** Opts a route out of authentication (payment page, health, docs). */
    public?: boolean;
    /** Operator route: needs the admin token. */
    admin?: boolean;
    /** false exempts a public route from rate limiting (health, metrics). */
    rateLimit?: boolean;
    /** Merchant route that acts on the tenant, not on one of its accounts: a tenant-wide key names no `accountId` for it. */
    tenantLevel?: boolean;
  }
  interface FastifyRequest {
    principal?: ApiPrincipal;
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
  /** Checks an admin bearer token in constant time. */
  checkAdminToken(token: string): Promise<boolean>;
}

/** Change notice naming a revoked key by its hash. */
export function apiKeyChanged(keyHash: string): string {
  return `apikey:${keyHash}`;
}

async function findKey(db: Db, hash: string): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id', 'account_id', 'scopes', 'allowed_ips', 'key_hash'])
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || !secretsEqual(row.key_hash, hash)) return undefined;
  return {
    keyId: row.id,
    tenantId: row.tenant_id,
    accountId: row.account_id,
    scopes: row.scopes,
    allowedIps: row.allowed_ips,
  };
}

/** The endpoint a request draws its budget from: HEAD is GET without the body, so it shares GET's. */
function routeKey(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url ?? request.url}`;
}

/** The token of an `Authorization: Bearer <token>` header; the scheme is case-insensitive (RFC 9110). */
function bearerToken(header: string | undefined): string {
  const match = /^bearer +(\S+) *$/i.exec(header ?? '');
  return match ? match[1]! : '';
}

/**
 * Authentication on by default. Every route must say what protects it: a scope (merchant API key),
 * `admin` (operator token) or `public`; a route that says nothing fails at start-up. Merchant checks
 * run in the spec's order: key (401), IP allowlist (403), scope (403); then the rate limit per key.
 */
export function registerSecurity(app: FastifyInstance, opts: SecurityOptions): void {
  const { ctx } = opts;
  // Valid keys are cached until a revocation notice names them (misses are never cached).
  const keys = new NoticeCache<ApiKeyRecord>(60_000, 50_000, () => ctx.changes?.healthy ?? false);
  ctx.changes?.onChange((payload) => {
    if (payload === '*') keys.clear();
    else if (payload.startsWith('apikey:')) keys.invalidate(payload.slice(7));
  });
  const keyOf = async (raw: string) => {
    const hash = hashApiKey(raw);
    return (await keys.get(hash, () => findKey(ctx.db, hash))) ?? null;
  };

  requireDeclaredSecurity(app);

  app.addHook('onRequest', async (request, reply) => {
    const cfg = request.routeOptions.config;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    if (cfg.admin) {
      const who = `admin:${request.ip}`;
      await withRetryAfter(reply, opts.adminFailures.check(who));
      const token = bearerToken(request.headers.authorization);
      if (!token || !(await opts.checkAdminToken(token))) {
        await opts.adminFailures.fail(who);
        throw new AppError('exceptions.admin.invalidToken');
      }
      return;
    }
    if (cfg.public) {
      if (cfg.rateLimit !== false) await limit(request, reply, `ip:${request.ip}`);
      return;
    }
    const raw = request.headers['x-tenant-api-key'];
    const key = typeof raw === 'string' && raw.length > 0 && raw.length <= 256 ? await keyOf(raw) : null;
    // Budget by key when the key is real, else by IP, so guessing keys is rate limited too.
    await limit(request, reply, key ? `key:${key.keyId}` : `ip:${request.ip}`);
    if (!key) throw new AppError('exceptions.auth.invalidApiKey');
    if (!ipAllowed(request.ip, key.allowedIps)) throw new AppError('exceptions.auth.ipNotAllowed');
    if (!hasScope(key.scopes, cfg.scope!)) {
      throw new AppError('exceptions.auth.insufficientScope', { requiredScope: cfg.scope });
    }
    request.principal = principalFor(key, request.method);
  });

  registerAccountScope(app, ctx.db);

  async function limit(request: FastifyRequest, reply: FastifyReply, who: string) {
    const state = await withRetryAfter(reply, opts.rateLimiter.consume(routeKey(request), who));
    reply.header('x-ratelimit-limit', state.limit);
    reply.header('x-ratelimit-remaining', state.remaining);
  }
}

/**
 * Every route says what protects it (a scope, `admin` or `public`), or start-up fails; the
 * OpenAPI document gets the matching security scheme.
 */
function requireDeclaredSecurity(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const cfg = route.config ?? {};
    const declared = [cfg.scope !== undefined, cfg.public === true, cfg.admin === true].filter(Boolean).length;
    if (declared !== 1 && !route.url.startsWith('/docs')) {
      throw new Error(`route ${route.method} ${route.url} must declare exactly one of scope, public or admin`);
    }
    if (route.url.startsWith('/docs')) route.config = { ...cfg, public: true, rateLimit: false };
    const security = cfg.scope ? [{ tenantApiKey: [] }] : cfg.admin ? [{ adminToken: [] }] : [];
    if (route.schema) route.schema = { ...route.schema, security } as typeof route.schema;
    documentAccountId(route);
  });
}

/** Awaits a budget check; a 429 it throws carries Retry-After in whole seconds. */
async function withRetryAfter<T>(reply: FastifyReply, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (err) {
    if (err instanceof AppError && err.code === 'exceptions.rateLimit.exceeded') {
      const ms = Number(err.extension?.msBeforeNext ?? 1000);
      reply.header('retry-after', Math.max(1, Math.ceil(ms / 1000)));
    }
    throw err;
  }
}
