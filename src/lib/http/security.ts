import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoticeCache } from '../cache.ts';
import type { Db } from '../db/index.ts';
import type { ChangeListener } from '../db/notify.ts';
import { AppError } from '../errors.ts';
import { hashApiKey, secretsEqual } from '../auth/api-keys.ts';
import { ipAllowed } from '../auth/ip.ts';
import { hasScope, type Scope } from '../auth/scopes.ts';
import type { FailureLimiter, RateLimiter } from './rate-limit.ts';

/** The caller behind a valid API key. */
export interface ApiPrincipal {
  keyId: string;
  tenantId: string;
  /** The one account the key is bound to. */
  accountId: string;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Change notice naming a revoked key by its hash. */
export function apiKeyChanged(keyHash: string): string {
  return `apikey:${keyHash}`;
}

async function findKey(db: Db, hash: string): Promise<ApiPrincipal | undefined> {
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
  const principals = new NoticeCache<ApiPrincipal>(60_000, 50_000, () => ctx.changes?.healthy ?? false);
  ctx.changes?.onChange((payload) => {
    if (payload === '*') principals.clear();
    else if (payload.startsWith('apikey:')) principals.invalidate(payload.slice(7));
  });
  const principalOf = async (raw: string) => {
    const hash = hashApiKey(raw);
    return (await principals.get(hash, () => findKey(ctx.db, hash))) ?? null;
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
    const principal = typeof raw === 'string' && raw.length > 0 && raw.length <= 256 ? await principalOf(raw) : null;
    // Budget by key when the key is real, else by IP, so guessing keys is rate limited too.
    await limit(request, reply, principal ? `key:${principal.keyId}` : `ip:${request.ip}`);
    if (!principal) throw new AppError('exceptions.auth.invalidApiKey');
    if (!ipAllowed(request.ip, principal.allowedIps)) throw new AppError('exceptions.auth.ipNotAllowed');
    if (!hasScope(principal.scopes, cfg.scope!)) {
      throw new AppError('exceptions.auth.insufficientScope', { requiredScope: cfg.scope });
    }
    request.principal = principal;
  });

  registerAccountCheck(app, ctx);

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
  });
}

/** CONTRACT §6: an `accountId` in a merchant body or query must name the key's own account. */
function registerAccountCheck(app: FastifyInstance, ctx: SecurityContext): void {
  app.addHook('preValidation', async (request) => {
    const principal = request.principal;
    if (!principal) return;
    const sources: Array<[string, unknown]> = [
      ['querystring', (request.query as Record<string, unknown> | undefined)?.accountId],
      [
        'body',
        request.body && typeof request.body === 'object' && !Array.isArray(request.body)
          ? (request.body as Record<string, unknown>).accountId
          : undefined,
      ],
    ];
    for (const [location, value] of sources) {
      if (value === undefined) continue;
      if (typeof value !== 'string' || !UUID.test(value)) {
        throw new AppError('exceptions.validation.failed', {
          fields: [{ location, field: 'accountId', message: 'must be a uuid' }],
        });
      }
      if (value.toLowerCase() === principal.accountId) continue;
      const account = await ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', value.toLowerCase())
        .where('tenant_id', '=', principal.tenantId)
        .executeTakeFirst();
      throw account ? new AppError('exceptions.auth.accountNotAllowed') : new AppError('exceptions.account.notFound');
    }
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
