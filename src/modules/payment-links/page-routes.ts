/**
 * A payment link's public page, keyed by its slug: GET shows it, POST (the page's own form, posted by
 * the browser without any script) makes the invoice and sends the customer on to the payment page
 * with a 303; a refusal is the page again, saying what to change, with the API's status. The
 * merchant's logo is served under the link's own path. None of them is in /openapi.json.
 */
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { TypedApp } from '../../lib/http/schemas.ts';
import { tenantBrand, tenantLogo, type PageBrand } from '../pay/brand.ts';
import { cacheableLogo, htmlReply, sendLogo } from '../pay/page-routes.ts';
import { isLanguage, negotiateLanguage, type PageLanguage } from '../pay/i18n/index.ts';
import { checkout, linkBySlug, liveRequestInvoice, type CheckoutInput } from './checkout.ts';
import { renderClosedPage, renderLinkPage, type FormProblem, type LinkPage } from './page.ts';
import type { LinkView } from './record.ts';
import { problemOf } from './problems.ts';

const Params = Type.Object({ slug: Type.String({ maxLength: 64 }) });
const FormBody = Type.Object({
  amount: Type.Optional(Type.String({ maxLength: 64 })),
  quantity: Type.Optional(Type.String({ maxLength: 16 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  lang: Type.Optional(Type.String({ maxLength: 16 })),
});

/** The page's policy: no script at all, its styles under this response's nonce, its form posted to the gateway only. */
function linkCsp(nonce: string): string {
  return `default-src 'none'; script-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

/** The page's language: the form's or the query's `lang`, then the payment page's cookie, then Accept-Language. */
function languageOf(request: FastifyRequest, posted?: string): PageLanguage {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return negotiateLanguage({
    query: isLanguage(posted) ? posted : query,
    cookie: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
  });
}

/** The link and its merchant's brand, or nulls for a slug that names none. */
async function pageOf(app: TypedApp, slug: string): Promise<{ link: LinkView | null; brand: PageBrand | null }> {
  const link = (await linkBySlug(app.ctx.db, slug)) ?? null;
  return { link, brand: link ? await tenantBrand(app.ctx.db, link.tenant_id) : null };
}

/** Answers the page: the form of an open link, else the reason it takes no payment, with the API's status for it. */
function answer(reply: FastifyReply, page: LinkPage, status = 200): FastifyReply {
  const { link } = page;
  if (!link) return htmlReply(reply, 404, linkCsp(page.nonce)).send(renderClosedPage(page, 'notFound'));
  if (link.availability !== 'open') {
    const code = link.availability === 'expired' ? 410 : 409;
    return htmlReply(reply, code, linkCsp(page.nonce)).send(renderClosedPage(page, link.availability));
  }
  return htmlReply(reply, status, linkCsp(page.nonce)).send(renderLinkPage(page, link));
}

/** Where the customer pays an invoice, in the language they used here. */
function payPage(id: string, language: PageLanguage): string {
  return `/pay/${id}?lang=${language.lang}`;
}

export const paymentLinkPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The page's form is posted by the browser as a form; read here only, the API stays JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  linkPageRoute(app);
  linkPostRoute(app);
  linkLogoRoute(app);
};

/** GET /pay/link/:slug: the link's page; a request whose invoice is open goes straight back to it. */
function linkPageRoute(app: TypedApp): void {
  app.get('/pay/link/:slug', { config: { public: true }, schema: { hide: true, params: Params } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const language = languageOf(request);
    const { link, brand } = await pageOf(app, request.params.slug);
    const again = link?.active ? await liveRequestInvoice(app.ctx.db, link) : undefined;
    if (again) return reply.status(303).header('location', payPage(again, language)).send();
    return answer(reply, { nonce, sandbox: app.ctx.config.mode === 'sandbox', language, slug: request.params.slug, brand, link });
  });
}

/** POST /pay/link/:slug: the customer's payment: to the payment page of its invoice, or the page again saying what to change. */
function linkPostRoute(app: TypedApp): void {
  app.post(
    '/pay/link/:slug',
    { config: { public: true }, schema: { hide: true, params: Params, body: FormBody } },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const body = request.body ?? {};
      const language = languageOf(request, body.lang);
      const { link, brand } = await pageOf(app, request.params.slug);
      const page: LinkPage = { nonce, sandbox: app.ctx.config.mode === 'sandbox', language, slug: request.params.slug, brand, link };
      if (!link) return answer(reply, page);
      const input: CheckoutInput = { amount: body.amount, quantity: body.quantity, email: body.email };
      try {
        const invoiceId = await checkout(app.ctx, link, input, language.lang);
        return reply.status(303).header('location', payPage(invoiceId, language)).send();
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const problem: FormProblem | null = problemOf(err, link, language);
        // A link that closed since the page was shown: the page says why.
        if (!problem) return answer(reply, { ...page, link: { ...link, availability: closedBy(err) } });
        return answer(reply, { ...page, values: input, problem }, err.statusCode);
      }
    },
  );
}

/** The availability a refusal reports. */
function closedBy(err: AppError): LinkView['availability'] {
  if (err.code === 'exceptions.paymentLink.expired') return 'expired';
  if (err.code === 'exceptions.paymentLink.usedUp') return 'usedUp';
  return 'disabled';
}

/** GET /pay/link/:slug/logo: the merchant's logo, as the payment page serves it. */
function linkLogoRoute(app: TypedApp): void {
  app.get(
    '/pay/link/:slug/logo',
    { config: { public: true }, schema: { hide: true, params: Params }, onSend: cacheableLogo },
    async (request, reply) => {
      const link = await linkBySlug(app.ctx.db, request.params.slug);
      return sendLogo(reply, link ? await tenantLogo(app.ctx.db, link.tenant_id) : undefined);
    },
  );
}
