/**
 * The payment page's documents and assets, public and keyed only by the invoice id: the page in the
 * customer's language, the merchant's logo, and the dictionaries the page's language switcher
 * loads; and the page's scripts, keyed by their hash. None of them is in /openapi.json (they are not API calls); `routes.ts` registers them.
 */
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { SERVICE_RETRY_AFTER_S } from '../../lib/http/error-handler.ts';
import { DataEnvelope, type TypedApp } from '../../lib/http/schemas.ts';
import { invoiceBrand, invoiceLogo, type PageBrand } from './brand.ts';
import { IMMUTABLE, sendAsset } from '../../lib/http/ui-bundle.ts';
import { payBundle, payScripts } from './bundle.ts';
import { renderPayPage, renderUnavailablePage } from './checkout-page.ts';
import { isLanguage, negotiateLanguage, pageText } from './i18n/index.ts';
import { isUuid } from '../../lib/db/search.ts';

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** An HTML document's headers: not stored, no referrer, and its content security policy. */
export function htmlReply(reply: FastifyReply, status: number, csp: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('vary', 'accept-language, cookie')
    .header('content-security-policy', csp);
}

/** The payment page's policy: only this response's nonce runs (the page's script from the gateway carries it). */
function payCsp(nonce: string): string {
  return `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/** The language a page request gets: `?lang=`, then the switcher's cookie, then Accept-Language. */
function requestLanguage(request: FastifyRequest) {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return {
    explicit: isLanguage(query),
    language: negotiateLanguage({ query, cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] }),
  };
}

/** GET /pay/:id: the page itself (HTML with its nonce CSP), or the small 503 page while the database is away. */
export function payPageRoute(app: TypedApp): void {
  const { ctx } = app;
  app.get('/pay/:id', { config: { public: true }, schema: { hide: true, params: Params } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const { id } = request.params;
    const sandbox = ctx.config.mode === 'sandbox';
    const { explicit, language } = requestLanguage(request);
    const scripts = await payScripts();
    let brand: PageBrand | undefined;
    try {
      brand = isUuid(id) ? await invoiceBrand(ctx.db, id.toLowerCase()) : undefined;
    } catch (err) {
      // The customer gets a page that says "try again in a moment" and does, not the API's JSON 503.
      if (!ctx.database.availability.noteFailure(err)) throw err;
      return htmlReply(reply, 503, payCsp(nonce))
        .header('retry-after', SERVICE_RETRY_AFTER_S)
        .send(
          renderUnavailablePage({
            invoiceId: id,
            nonce,
            sandbox,
            language,
            script: scripts.unavailable,
            explicitLanguage: explicit,
            retryAfterS: SERVICE_RETRY_AFTER_S,
          }),
        );
    }
    return htmlReply(reply, brand ? 200 : 404, payCsp(nonce)).send(
      renderPayPage({ invoiceId: id, nonce, sandbox, language, brand: brand ?? null, script: scripts.checkout }),
    );
  });
}

/**
 * GET /pay/assets/:file: the page's scripts by their hashed names, compressed as the browser accepts
 * and kept for a year. They need no database, so the "try again" page's script loads during an outage.
 */
export function payAssetRoute(app: TypedApp): void {
  app.get(
    '/pay/assets/:file',
    {
      config: { public: true, rateLimit: false },
      schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
      onSend: immutableAsset,
    },
    async (request, reply) => sendAsset(request, reply, (await payBundle()).values(), request.params.file),
  );
}

/** After the app's own onSend hook, which keeps every /pay answer out of caches: a script named by its hash is kept. */
async function immutableAsset(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', IMMUTABLE);
  return payload;
}

/**
 * GET /pay/:id/logo: the logo of the invoice's merchant, with its own content type (PNG, JPEG or
 * WebP, checked when stored), cacheable for five minutes, never sniffed, and inert if opened on its
 * own. 404 when the invoice is unknown or its merchant has no logo.
 */
export function logoRoute(app: TypedApp): void {
  const { ctx } = app;
  app.get(
    '/pay/:id/logo',
    {
      config: { public: true },
      schema: { hide: true, params: Params },
      onSend: cacheableLogo,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new AppError('exceptions.invoice.notFound');
      return sendLogo(reply, await invoiceLogo(ctx.db, id.toLowerCase()));
    },
  );
}

/** After the app's own onSend hook, which keeps every /pay answer out of caches: a logo may be cached. */
export async function cacheableLogo(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=300');
  return payload;
}

/** A merchant's logo with its own content type, never sniffed, inert if opened on its own; 404 when there is none. */
export function sendLogo(reply: FastifyReply, logo: { bytes: Buffer; type: string } | undefined): FastifyReply {
  if (!logo) throw new AppError('exceptions.route.notFound', undefined, 'This merchant has no logo');
  return reply
    .header('content-type', logo.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(logo.bytes);
}

/**
 * GET /pay/:id/i18n/:lang: one language's dictionary for the page's switcher, which re-renders in
 * place. The words do not depend on the invoice; the path keeps every page call under the page's.
 */
export function pageTextRoute(app: TypedApp): void {
  app.get(
    '/pay/:id/i18n/:lang',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: Type.Object({ id: Type.String({ maxLength: 64 }), lang: Type.String({ maxLength: 8 }) }),
        response: {
          200: DataEnvelope(Type.Object({ lang: Type.String(), locale: Type.String(), t: Type.Record(Type.String(), Type.String()) })),
        },
      },
    },
    async (request) => {
      const { lang } = request.params;
      if (!isLanguage(lang)) throw new AppError('exceptions.route.notFound', undefined, 'The payment page does not speak this language');
      return { data: pageText(negotiateLanguage({ query: lang, acceptLanguage: request.headers['accept-language'] })) };
    },
  );
}
