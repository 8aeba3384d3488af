/**
 * Who calls a route, typed from the route's own security declaration. A route declared with a
 * `scope` is reached only once the security hook has set `request.principal` (an API key or a
 * merchant's session), and one declared `admin` only once it has set `request.operator`: every
 * route declares exactly one of scope, admin and public (declared-security.ts), so a handler of a
 * scoped route reads `request.principal` as present without checking it, and one of an operator
 * route reads `request.operator` so. Code that takes a plain FastifyRequest (a shared helper, a
 * hook) asks through `principalOf` and `operatorOf`, which check. ApiPrincipal lives here too, apart
 * from security.ts (which re-exports it), so the account scope and the key lookup can name it without
 * importing security.ts back.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyRequest,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
// Not exported from the package's root: the request's type parameters need them.
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider.js';
import type { OperatorRole } from '../db/tables/people.ts';
import type { Scope } from '../auth/scopes.ts';

/** The caller behind a valid API key, and the account its request acts on. */
export interface ApiPrincipal {
  /** Who acts: an API key, or a signed-in user of the dashboard (a session, checked by the same hook). */
  kind: 'apiKey' | 'session';
  /** The API key; null for a session. */
  keyId: string | null;
  /** The signed-in user; null for an API key. */
  userId: string | null;
  /**
   * The user the caller acts for, whose keys end with them: the signed-in user, or the user the key
   * belongs to (null for a key the operator issued).
   */
  ownerUserId: string | null;
  /** How the audit and request logs name the caller: `api key cg_live_ab12…` or the user's email. */
  actor: string;
  tenantId: string;
  /** The account this request acts on: the key's own, or the one a tenant-wide key's request names. */
  accountId: string;
  /** The account the key is bound to; null for a tenant-wide key (any account of its tenant). */
  keyAccountId: string | null;
  scopes: string[];
  allowedIps: string[] | null;
}

/** Who called an operator route: the admin token, or an operator's session. */
export interface OperatorCaller {
  /** The operator's user; null for the admin token. */
  userId: string | null;
  /** How the audit log names the caller: the operator's email, or `operator token`. */
  actor: string;
  role: OperatorRole;
}

/** A merchant route's principal: present when its config names a scope. */
export type PrincipalFor<Config> = Config extends { scope: Scope } ? ApiPrincipal : ApiPrincipal | undefined;
/** An operator route's caller: present when its config says `admin: true`. */
export type OperatorFor<Config> = Config extends { admin: true } ? OperatorCaller : OperatorCaller | undefined;

declare module 'fastify' {
  // The type parameters repeat Fastify's own, as every declaration of the interface must.
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<TypeProvider, SchemaCompiler, RouteGeneric>,
  > {
    /** The merchant caller (set by the security hook): typed present in a scoped route's handler. */
    principal: PrincipalFor<ContextConfig>;
    /** The operator caller (set by the security hook): typed present in an operator route's handler. */
    operator: OperatorFor<ContextConfig>;
  }
}

/** The scope of a merchant route: neither public nor admin, it declares one (declared-security.ts refuses it at start-up otherwise). */
export function declaredScope(scope: Scope | undefined, url: string | undefined): Scope {
  if (scope === undefined) throw new Error(`${url} declares no scope`);
  return scope;
}

/** The principal of a request of a scoped route, where the request's type does not say so; a route without one is a bug (500). */
export function principalOf(request: FastifyRequest): ApiPrincipal {
  if (!request.principal)
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} has no principal: the route declares no scope`);
  return request.principal;
}

/** The caller of an operator route, where the request's type does not say so; a route without one is a bug (500). */
export function operatorOf(request: FastifyRequest): OperatorCaller {
  if (!request.operator)
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} has no operator: the route is not declared admin`);
  return request.operator;
}
