import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Db, Executor } from '../db/index.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import type { ApiPrincipal } from './principal.ts';
import { isUuid } from '../db/search.ts';

/** An API key as authentication reads it; `accountId` is null for a tenant-wide key. */
export interface ApiKeyRecord {
  keyId: string;
  /** The key's first characters, as the logs name it. */
  keyStart: string;
  tenantId: string;
  accountId: string | null;
  scopes: string[];
  allowedIps: string[] | null;
  /** The user the key belongs to (migration 0034); null for a key the operator issued. */
  ownerUserId: string | null;
}

type Location = 'querystring' | 'body';

const ACCOUNT_ID = Type.String({
  format: 'uuid',
  description:
    'The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account',
});
const OBJECT_ACCOUNT_ID = Type.String({
  format: 'uuid',
  description:
    "Optional: the request acts on the account of the object it names (a commit: its quote's); if given, it must be that account",
});

/** Where a route reads `accountId` from: the query string for reads, the body for writes. */
function locationOf(method: string): Location {
  return method === 'GET' || method === 'HEAD' ? 'querystring' : 'body';
}

function fieldError(location: Location, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location, field: 'accountId', message }] });
}

/**
 * The caller as routes see it. A tenant-wide key that named no account may only reach routes that
 * never read `accountId` (`tenantLevel`); should one read it all the same, the client is told to name one.
 */
export function principalFor(key: ApiKeyRecord, method: string): ApiPrincipal {
  const { accountId: keyAccountId, keyStart, ...fields } = key;
  const rest = { ...fields, kind: 'apiKey' as const, userId: null, actor: `api key ${keyStart}…` };
  if (keyAccountId !== null) return { ...rest, keyAccountId, accountId: keyAccountId };
  return tenantWide({ ...rest, keyAccountId }, method);
}

/** A signed-in merchant user: tenant-wide like a tenant-wide key, with the scopes of the user's role. */
export function sessionPrincipal(
  user: { userId: string; email: string; tenantId: string; scopes: readonly string[] },
  method: string,
): ApiPrincipal {
  const { userId, email, tenantId, scopes } = user;
  return tenantWide(
    {
      kind: 'session',
      keyId: null,
      userId,
      ownerUserId: userId,
      actor: email,
      tenantId,
      keyAccountId: null,
      scopes: [...scopes],
      allowedIps: null,
    },
    method,
  );
}

/** A principal of no one account: reading `accountId` before the request named one is a 400. */
function tenantWide(fields: Omit<ApiPrincipal, 'accountId'>, method: string): ApiPrincipal {
  const principal = { ...fields } as ApiPrincipal;
  // Not enumerable: copying or logging the principal does not trip it.
  Object.defineProperty(principal, 'accountId', {
    get: () => {
      throw fieldError(locationOf(method), `is required with a ${fields.kind === 'session' ? 'session' : 'tenant-wide API key'}`);
    },
  });
  return principal;
}

/** The account ids a request names, in its query string and (an object body) its body; malformed ones are 400. */
function namedAccounts(request: FastifyRequest): Array<{ location: Location; id: string }> {
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const sources: Array<[Location, unknown]> = [
    ['querystring', (request.query as Record<string, unknown> | undefined)?.accountId],
    ['body', body.accountId],
  ];
  const named: Array<{ location: Location; id: string }> = [];
  for (const [location, value] of sources) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isUuid(value)) throw fieldError(location, 'must be a uuid');
    named.push({ location, id: value.toLowerCase() });
  }
  return named;
}

/** Whether the query string or an object body has an `accountId` at all (checked before anything is built). */
function namesAnAccount(request: FastifyRequest): boolean {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && body.accountId !== undefined) return true;
  return (request.query as Record<string, unknown> | undefined)?.accountId !== undefined;
}

/** Whether `accountId` is an account of the tenant. */
export async function isTenantAccount(db: Executor, tenantId: string, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The account a request acts on. An account-bound key acts on its own account, and an
 * `accountId` the request sends must name it (another account of its tenant: 403; any other: 404).
 * A tenant-wide key acts on the account the request names, which must be its tenant's (else 404,
 * never a sign that it exists); a route that acts on an account refuses a request naming none (400).
 */
export function registerAccountScope(app: FastifyInstance, db: Db): void {
  // A callback hook: the usual request (an account-bound key naming no other account) needs no
  // query, so it makes no promise either.
  app.addHook('preValidation', (request, _reply, done) => {
    const principal = request.principal;
    if (!principal) return done();
    if (principal.keyAccountId !== null && !namesAnAccount(request)) return done(tenantWideRefusal(request, principal));
    let named: Array<{ location: Location; id: string }>;
    try {
      named = namedAccounts(request);
    } catch (err) {
      return done(err as Error);
    }
    if (principal.keyAccountId !== null && named.every(({ id }) => id === principal.keyAccountId))
      return done(tenantWideRefusal(request, principal));
    actingAccount(db, request, principal, named).then(() => done(tenantWideRefusal(request, principal)), done);
  });
}

/**
 * A write to what the whole tenant shares (`tenantWide`) by a key bound to one account: refused,
 * once the accounts it names were checked (another tenant's account is still a 404 first).
 */
function tenantWideRefusal(request: FastifyRequest, principal: ApiPrincipal): AppError | undefined {
  if (principal.keyAccountId === null || !request.routeOptions.config.tenantWide) return undefined;
  return new AppError(
    'exceptions.auth.accountNotAllowed',
    undefined,
    'This setting belongs to the whole tenant: only a tenant-wide key or a session changes it',
  );
}

/** The account a request acts on, where it names accounts other than its key's, or its key is tenant-wide. */
async function actingAccount(
  db: Db,
  request: FastifyRequest,
  principal: ApiPrincipal,
  named: Array<{ location: Location; id: string }>,
): Promise<void> {
  for (const { id } of named) {
    if (id === principal.keyAccountId) continue;
    if (!(await isTenantAccount(db, principal.tenantId, id))) throw new AppError('exceptions.account.notFound');
    if (principal.keyAccountId !== null) throw new AppError('exceptions.auth.accountNotAllowed');
  }
  if (principal.keyAccountId !== null) return;
  const [first, second] = named;
  if (first && second && first.id !== second.id) throw fieldError('body', 'names another account than the query string');
  const { tenantLevel, accountOf } = request.routeOptions.config;
  // A commit names its quote, whose account it acts on (clients send only quoteId).
  const found = !first && accountOf ? await accountOf(db, principal.tenantId, request) : null;
  const accountId = first?.id ?? found;
  if (accountId) {
    // The spread leaves the unnamed-account guard behind (not enumerable).
    request.principal = { ...principal, accountId };
  } else if (!tenantLevel && !accountOf) {
    throw fieldError(locationOf(request.method), `is required with a ${principal.kind === 'session' ? 'session' : 'tenant-wide API key'}`);
  }
}

/**
 * `accountOf` of a commit route: the account of the quote its body names (`quoteId`, or `field`), within the
 * caller's tenant; a quote the tenant lacks is the route's 404, as it would be with the account named.
 */
export function quoteAccount(
  table: 'withdrawal_quotes' | 'conversion_quotes' | 'withdrawal_batch_quotes',
  notFound: ErrorCode,
  field = 'quoteId',
) {
  return async (db: Db, tenantId: string, request: FastifyRequest): Promise<string | null> => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const quoteId = body && typeof body === 'object' ? body[field] : undefined;
    if (typeof quoteId !== 'string' || !isUuid(quoteId)) return null;
    const row = await db
      .selectFrom(table)
      .select('account_id')
      .where('id', '=', quoteId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw new AppError(notFound);
    return row.account_id;
  };
}

/** A copy of an object schema with an optional `accountId`, unless it has one; other schemas as they are. */
function withAccountId(schema: unknown, field: TSchema = ACCOUNT_ID): TSchema | undefined {
  const s = schema as TSchema | undefined;
  if (s?.type !== 'object' || typeof s.properties !== 'object') return undefined;
  // A route that declares its own accountId keeps it, unless its object says the account.
  if ('accountId' in s.properties && field === ACCOUNT_ID) return undefined;
  return { ...s, properties: { ...s.properties, accountId: field } } as TSchema;
}

/**
 * OpenAPI shows where every merchant route that acts on an account takes `accountId`: its query
 * string (reads, and writes without a body schema) or its body (writes).
 */
export function documentAccountId(route: RouteOptions): void {
  const cfg = route.config ?? {};
  if (!cfg.scope || cfg.tenantLevel || !route.schema) return;
  const methods = ([] as string[]).concat(route.method);
  if (!methods.includes('GET') && route.schema.body) {
    const body = withAccountId(route.schema.body, cfg.accountOf ? OBJECT_ACCOUNT_ID : ACCOUNT_ID);
    if (body) route.schema = { ...route.schema, body };
    return;
  }
  const querystring = route.schema.querystring
    ? withAccountId(route.schema.querystring)
    : Type.Object({ accountId: Type.Optional(ACCOUNT_ID) });
  if (querystring) route.schema = { ...route.schema, querystring };
}
