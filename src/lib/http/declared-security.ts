/** What protects each route, declared by the route itself and checked as it is registered. */
import type { FastifyInstance } from 'fastify';
import type { Scope } from '../auth/scopes.ts';
import { operatorRolesOf } from '../auth/operator-roles.ts';
import { documentAccountId } from './account-scope.ts';

/** A route as its security declaration reads (for tests and audits of what protects what). */
export interface DeclaredRoute {
  method: string;
  url: string;
  scope?: Scope;
  admin: boolean;
  /** `always`, `rule` (a function of the request), or absent. */
  stepUp?: 'always' | 'rule';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's security declaration, as the routes were registered. */
    declaredRoutes: DeclaredRoute[];
  }
}

/**
 * Every route says what protects it (a scope, `admin` or `public`), or start-up fails; the
 * OpenAPI document gets the matching security scheme, and `app.declaredRoutes` lists them all.
 */
export function requireDeclaredSecurity(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const cfg = route.config ?? {};
    const stepUp = cfg.stepUp === true ? 'always' : typeof cfg.stepUp === 'function' ? 'rule' : undefined;
    for (const method of ([] as string[]).concat(route.method)) {
      routes.push({
        method,
        url: route.url,
        admin: cfg.admin === true,
        ...(cfg.scope ? { scope: cfg.scope } : {}),
        ...(stepUp ? { stepUp } : {}),
      });
    }
    const declared = [cfg.scope !== undefined, cfg.public === true, cfg.admin === true].filter(Boolean).length;
    if (declared !== 1 && !route.url.startsWith('/docs')) {
      throw new Error(`route ${route.method} ${route.url} must declare exactly one of scope, public or admin`);
    }
    if (route.url.startsWith('/docs')) route.config = { ...cfg, public: true, rateLimit: false };
    // A merchant route takes an API key or a dashboard session (the cookie, with x-csrf-token on writes).
    const security = cfg.scope ? [{ tenantApiKey: [] }, { session: [] }] : cfg.admin ? [{ adminToken: [] }] : [];
    // An operator route names the operator roles that may call it, for the console and API readers.
    const roles = cfg.admin
      ? {
          'x-operator-roles': ([] as string[])
            .concat(route.method)
            .flatMap((m) => operatorRolesOf(m, cfg.operatorRoles))
            .filter((r, i, all) => all.indexOf(r) === i),
        }
      : {};
    if (route.schema) route.schema = { ...route.schema, security, ...roles } as typeof route.schema;
    documentAccountId(route);
  });
}
