/**
 * Dashboard sessions as the HTTP layer sees them: the `cg_session` cookie, the session and user it
 * names (one indexed query per request, so a signed-out session or a disabled user stops at once on
 * every instance), and the CSRF check of state-changing requests.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { UserRole } from '../db/tables/people.ts';
import { AppError } from '../errors.ts';
import { hashApiKey, secretsEqual } from '../auth/api-keys.ts';
import type { FailureLimiter } from './rate-limit.ts';

export const SESSION_COOKIE = 'cg_session';
/** A session unused this long is over. */
export const SESSION_IDLE_HOURS = 12;
/** A session is over this long after sign-in, used or not. */
export const SESSION_MAX_DAYS = 7;

/** The signed-in user behind a live session. */
export interface SessionUser {
  /** SHA-256 (hex) of the cookie's token: the session's key. */
  tokenHash: string;
  csrfToken: string;
  userId: string;
  email: string;
  role: UserRole;
  /** Null for an operator. */
  tenantId: string | null;
  totpEnabled: boolean;
  totpSecret: string | null;
}

/** What session checks need, decorated on the app by registerSecurity so `/auth` routes share it. */
export interface SessionAuth {
  db: Db;
  publicBaseUrl: string;
  /** Failed sign-ins (per email and per IP) and failed second-factor codes. */
  loginFailures: FailureLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionAuth: SessionAuth;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cookies of a `Cookie` header (RFC 6265 §5.4); the first of two equal names wins. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** The session token the request's cookie carries, when it is well-formed. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const token = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
  return token !== undefined && TOKEN.test(token) ? token : undefined;
}

/** Whether the request carries a session cookie at all (well-formed or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return parseCookies(request.headers.cookie).has(SESSION_COOKIE);
}

/** The cookie's hash: what the sessions table stores. */
export function hashSessionToken(token: string): string {
  return hashApiKey(token);
}

/**
 * The live session of a token with its user: not revoked, not past its absolute end, used within the
 * idle timeout, its user neither disabled nor without a password, its tenant (if any) not suspended.
 * Marks it used, at most once a minute.
 */
export async function findSession(db: Db, token: string): Promise<SessionUser | null> {
  const tokenHash = hashSessionToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'sessions.token_hash',
      'sessions.csrf_token',
      'users.id',
      'users.email',
      'users.role',
      'users.tenant_id',
      'users.totp_secret',
      'users.totp_enabled_at',
    ])
    .select(sql<boolean>`sessions.last_seen_at < now() - interval '1 minute'`.as('stale'))
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(hours => ${SESSION_IDLE_HOURS})`)
    .where('users.disabled_at', 'is', null)
    .where('users.password_hash', 'is not', null)
    // A suspended tenant's sessions are ended when it is suspended; this holds against any that slipped by.
    .where('tenants.suspended_at', 'is', null)
    .executeTakeFirst();
  if (!row || !secretsEqual(row.token_hash, tokenHash)) return null;
  if (row.stale) await db.updateTable('sessions').set({ last_seen_at: sql<Date>`now()` }).where('token_hash', '=', tokenHash).execute();
  return {
    tokenHash,
    csrfToken: row.csrf_token,
    userId: row.id,
    email: row.email,
    role: row.role,
    tenantId: row.tenant_id,
    totpEnabled: row.totp_enabled_at !== null,
    totpSecret: row.totp_secret,
  };
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The request's session, looked up once per request; null without a live one. */
export function currentSession(request: FastifyRequest): Promise<SessionUser | null> {
  let found = resolved.get(request);
  if (!found) {
    const token = sessionToken(request);
    found = token ? findSession(request.server.sessionAuth.db, token) : Promise.resolve(null);
    resolved.set(request, found);
  }
  return found;
}

/** GET and HEAD change nothing: they need no CSRF token. */
export function changesState(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/** An `Origin` header, when sent, must be the service's public origin or the request's own host. */
function originAllowed(request: FastifyRequest, publicBaseUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === new URL(publicBaseUrl).origin) return true;
  try {
    // The Host header read under the origin's scheme, so a default port (":80") compares as none.
    const { protocol, host } = new URL(origin);
    return request.headers.host !== undefined && host === new URL(`${protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

/** A session's state-changing request: its CSRF token (constant time) and its origin; else 403 csrfFailed. */
export function checkCsrf(request: FastifyRequest, session: SessionUser): void {
  const given = request.headers['x-csrf-token'];
  const tokenOk = typeof given === 'string' && given.length > 0 && secretsEqual(given, session.csrfToken);
  if (!tokenOk || !originAllowed(request, request.server.sessionAuth.publicBaseUrl)) throw new AppError('exceptions.auth.csrfFailed');
}

/** Sign-in and accepting an invitation have no session yet: only their origin is checked (login CSRF). */
export function checkOrigin(request: FastifyRequest): void {
  if (!originAllowed(request, request.server.sessionAuth.publicBaseUrl)) throw new AppError('exceptions.auth.csrfFailed');
}

/**
 * For `/auth` routes (public in the security hook's sense): the request's session, or 401
 * sessionRequired; state-changing requests are CSRF-checked.
 */
export async function requireSession(request: FastifyRequest): Promise<SessionUser> {
  const session = await currentSession(request);
  if (!session) throw new AppError('exceptions.auth.sessionRequired');
  if (changesState(request.method)) checkCsrf(request, session);
  return session;
}

/** Whether the session cookie must be `Secure`: the request came over https, or the service is served over https. */
function secureCookie(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.sessionAuth.publicBaseUrl.startsWith('https:');
}

/** `Set-Cookie` for a new session: HttpOnly, SameSite=Strict, whole site, until the absolute end. */
export function sessionCookie(request: FastifyRequest, token: string): string {
  const maxAge = SESSION_MAX_DAYS * 24 * 3600;
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secureCookie(request) ? '; Secure' : ''}`;
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedSessionCookie(request: FastifyRequest): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secureCookie(request) ? '; Secure' : ''}`;
}
