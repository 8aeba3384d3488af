import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dashboardBundle, type DashboardAsset, type DashboardBundle } from './bundle.ts';
import { DASHBOARD_CSP, DASHBOARD_SHELL } from './shell.ts';

/** Headers every dashboard response carries. */
function common(reply: FastifyReply): FastifyReply {
  return reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
}

/** GET /dashboard and every page under it: the same shell, routed in the browser (History API). */
function shellRoutes(app: FastifyInstance): void {
  const send = async (_request: FastifyRequest, reply: FastifyReply) =>
    common(reply)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', DASHBOARD_CSP)
      .send(DASHBOARD_SHELL);
  const options = { config: { public: true }, schema: { hide: true } };
  app.get('/dashboard', options, send);
  app.get('/dashboard/*', options, send);
}

/** The built script or style sheet: revalidated on every load (ETag), so a new build shows at once. */
function assetRoute(app: FastifyInstance, name: string, pick: (bundle: DashboardBundle) => DashboardAsset): void {
  app.get(
    `/dashboard/assets/${name}`,
    { config: { public: true, rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      const asset = pick(await dashboardBundle());
      common(reply).header('etag', asset.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply.header('content-type', asset.contentType).send(asset.body);
    },
  );
}

/**
 * The merchant dashboard: an HTML shell and its bundled script and style sheet, all
 * public (the dashboard signs in through /auth and then calls /v1 like any client). The bundle is
 * built in memory on the first asset request, or in the background once the service listens (`warmDashboard`).
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  shellRoutes(app);
  assetRoute(app, 'app.js', (bundle) => bundle.js);
  assetRoute(app, 'app.css', (bundle) => bundle.css);
  app.get('/dashboard/assets/*', { config: { public: true, rateLimit: false }, schema: { hide: true } }, (_request, reply) =>
    reply.callNotFound(),
  );
}

/**
 * Builds the bundle in the background (the service calls it once it listens), so the first visitor
 * does not wait; a broken build is logged here and retried on request. Apps built by tests skip it:
 * they build on first request, and leave no build running when they close.
 */
export function warmDashboard(log: FastifyInstance['log']): void {
  dashboardBundle().catch((err: unknown) => log.error({ err }, 'the dashboard bundle failed to build'));
}
