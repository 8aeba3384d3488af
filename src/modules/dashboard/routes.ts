import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendAsset } from '../../lib/http/ui-bundle.ts';
import { dashboardBundle } from './bundle.ts';
import { DASHBOARD_CSP, dashboardShell } from './shell.ts';

/** Headers every dashboard response carries. */
function common(reply: FastifyReply): FastifyReply {
  return reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
}

/** GET /dashboard and every page under it: the same shell, routed in the browser (History API), never cached (it names the current build). */
function shellRoutes(app: FastifyInstance): void {
  let shell: { bundle: unknown; html: string } | undefined;
  const send = async (_request: FastifyRequest, reply: FastifyReply) => {
    const bundle = await dashboardBundle();
    if (shell?.bundle !== bundle) shell = { bundle, html: dashboardShell({ js: bundle.js.name, css: bundle.css.name }) };
    return common(reply)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', DASHBOARD_CSP)
      .send(shell.html);
  };
  const options = { config: { public: true }, schema: { hide: true } };
  app.get('/dashboard', options, send);
  app.get('/dashboard/*', options, send);
}

/** The built script or style sheet by its hashed name: compressed as the browser accepts, kept for a year. */
function assetRoute(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(
    '/dashboard/assets/:file',
    { config: { public: true, rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      const bundle = await dashboardBundle();
      return sendAsset(request, common(reply), [bundle.js, bundle.css], request.params.file);
    },
  );
}

/**
 * The merchant dashboard: an HTML shell and its bundled script and style sheet, all
 * public (the dashboard signs in through /auth and then calls /v1 like any client). The bundle is
 * built in memory on the first request, or in the background once the service listens (`warmDashboard`).
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  shellRoutes(app);
  assetRoute(app);
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
