/**
 * The customer portal's page and assets, public and keyed by the signed link's token alone: the page
 * (HTML under a nonce CSP, in the customer's language unless the switch chose another), the merchant's logo under the link's own path, and the page's script
 * (TypeScript under ui/portal/, built like the payment page's and served by its hash). None of them
 * is in /openapi.json: they are not API calls. The page's data comes from `portal-routes.ts`.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { TypedApp } from '../../lib/http/schemas.ts';
import { IMMUTABLE, bundleFile, sendAsset, uiBundle } from '../../lib/http/ui-bundle.ts';
import { tenantBrand, tenantLogo } from '../pay/brand.ts';
import { cacheableLogo, htmlReply, sendLogo } from '../pay/page-routes.ts';
import { isLanguage, negotiateLanguage, type PageLanguage } from '../pay/i18n/index.ts';
import { verifyPortalToken } from './portal-link.ts';
import { renderDeadLinkPage, renderPortalPage, type DeadLink } from './portal-page.ts';

/** Where the page's script is served from. */
export const PORTAL_ASSETS = '/portal/assets/';

const build = uiBundle({
  name: 'portal',
  sourceDir: fileURLToPath(new URL('../../../ui/portal/', import.meta.url)),
  // The page reads its words as the payment page does, with that page's own text module.
  sharedSources: [fileURLToPath(new URL('../../../ui/pay/src/text.ts', import.meta.url))],
  entryPoints: [{ in: 'src/portal.ts', out: 'portal' }],
});

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** The page's policy: only this response's nonce runs, its calls go to the gateway only, it posts no form anywhere. */
function portalCsp(nonce: string): string {
  return `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/** Why a token opens no portal, or undefined for an error that is not about the link. */
function deadLink(err: unknown): DeadLink | undefined {
  if (!(err instanceof AppError)) return undefined;
  if (err.code === 'exceptions.customer.portalLinkExpired') return 'expired';
  if (err.code === 'exceptions.customer.portalLinkInvalid') return 'invalid';
  return err.code === 'exceptions.customer.notFound' ? 'notFound' : undefined;
}

/** The tenant and language of the customer a token names (a verified token whose customer is gone is a 404). */
async function customerOf(ctx: AppContext, token: string): Promise<{ tenantId: string; language: string | null }> {
  const customerId = await verifyPortalToken(ctx, token);
  const row = await ctx.db
    .selectFrom('subscription_customers')
    .select(['tenant_id', 'language'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.customer.notFound');
  return { tenantId: row.tenant_id, language: row.language };
}

/**
 * The page's language: the switch's `?lang=`, then the customer's own language, then the
 * browser's (as the payment page negotiates it), else English.
 */
function portalLanguage(request: FastifyRequest, customerLanguage: string | null): PageLanguage {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return negotiateLanguage({
    query: isLanguage(query) ? query : (customerLanguage ?? undefined),
    acceptLanguage: request.headers['accept-language'],
  });
}

export function portalPageRoutes(app: TypedApp): void {
  const { ctx } = app;
  app.get('/portal/:token', { config: { public: true }, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const sandbox = ctx.config.mode === 'sandbox';
    const { token } = request.params;
    let customer: { tenantId: string; language: string | null };
    try {
      customer = await customerOf(ctx, token);
    } catch (err) {
      const reason = deadLink(err);
      if (!reason) throw err;
      const status = reason === 'expired' ? 410 : reason === 'invalid' ? 403 : 404;
      return htmlReply(reply, status, portalCsp(nonce)).send(
        renderDeadLinkPage({ nonce, sandbox, reason, language: portalLanguage(request, null) }),
      );
    }
    const script = PORTAL_ASSETS + bundleFile(await build(), 'portal.js').name;
    const language = portalLanguage(request, customer.language);
    return htmlReply(reply, 200, portalCsp(nonce)).send(
      renderPortalPage({ token, nonce, sandbox, brand: await tenantBrand(ctx.db, customer.tenantId), language, script }),
    );
  });
  app.get(
    '/portal/:token/logo',
    { config: { public: true }, schema: { hide: true, params: TokenParams }, onSend: cacheableLogo },
    async (request, reply) => sendLogo(reply, await tenantLogo(ctx.db, (await customerOf(ctx, request.params.token)).tenantId)),
  );
  app.get(
    '/portal/assets/:file',
    {
      config: { public: true, rateLimit: false },
      schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
      onSend: immutableAsset,
    },
    async (request, reply) => sendAsset(request, reply, (await build()).values(), request.params.file),
  );
}

/** A script named by its hash is kept for a year. */
async function immutableAsset(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', IMMUTABLE);
  return payload;
}
