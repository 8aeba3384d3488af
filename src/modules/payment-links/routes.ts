/**
 * The merchant's payment links under /v1: made and turned off or on with the invoice creation
 * scope (a link makes invoices), read with the invoice list scope; each belongs to one account,
 * and another account's or tenant's link is a 404. The link's QR code is an SVG of its page's URL.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import QRCode from 'qrcode';
import { exactNumber } from '../../lib/http/json-body.ts';
import { DataEnvelope, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { createLink, getLink, listLinks, setLinkActive } from './manage.ts';
import { CreatePaymentLinkBody, PaymentLinkSchema, UpdatePaymentLinkBody } from './schemas.ts';

const TAGS = ['payment links'];
const IdParams = Type.Object({ id: Uuid });

const SvgResponse = {
  description: "A QR code of the link's URL (SVG)",
  content: { 'image/svg+xml': { schema: Type.String() } },
} as unknown as TSchema;

export const paymentLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  createLinkRoute(app);
  listLinksRoute(app);
  getLinkRoute(app);
  updateLinkRoute(app);
  linkQrRoute(app);
};

/** POST /payment-links: a link to a public page where each payment makes an invoice */
function createLinkRoute(app: TypedApp): void {
  app.post(
    '/payment-links',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'createPaymentLink',
        tags: TAGS,
        summary: 'A link to a public page where each payment makes an invoice of the account',
        body: CreatePaymentLinkBody,
        response: responses({ 201: DataEnvelope(PaymentLinkSchema) }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The money as written: an amount a double could not hold is checked exactly, not rounded.
      const money = Object.fromEntries(
        (['amount', 'minAmount', 'maxAmount'] as const).flatMap((f) => {
          const value = body[f];
          return value === undefined ? [] : [[f, exactNumber(request, f, value)]];
        }),
      );
      return reply.status(201).send({ data: await createLink(app.ctx, request.principal, { ...body, ...money }) });
    },
  );
}

/** GET /payment-links: the account's payment links, newest first */
function listLinksRoute(app: TypedApp): void {
  app.get(
    '/payment-links',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listPaymentLinks',
        tags: TAGS,
        summary: "The account's payment links with their usage, newest first",
        querystring: Type.Object({
          ...PageQuery,
          active: Type.Optional(Type.Boolean({ description: 'Only the links turned on (true) or off (false)' })),
        }),
        response: responses({ 200: PagedList(PaymentLinkSchema) }),
      },
    },
    async (request) => listLinks(app.ctx, request.principal, request.query),
  );
}

/** GET /payment-links/{id}: a payment link with its usage */
function getLinkRoute(app: TypedApp): void {
  app.get(
    '/payment-links/:id',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'getPaymentLink',
        tags: TAGS,
        summary: 'A payment link with its usage',
        params: IdParams,
        response: responses({ 200: DataEnvelope(PaymentLinkSchema) }, [404]),
      },
    },
    async (request) => ({ data: await getLink(app.ctx, request.principal, request.params.id) }),
  );
}

/** PATCH /payment-links/{id}: turns a payment link off, or on again */
function updateLinkRoute(app: TypedApp): void {
  app.patch(
    '/payment-links/:id',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'updatePaymentLink',
        tags: TAGS,
        summary: 'Turns a payment link off (its page refuses payments; invoices already made stay payable), or on again',
        params: IdParams,
        body: UpdatePaymentLinkBody,
        response: responses({ 200: DataEnvelope(PaymentLinkSchema) }, [404]),
      },
    },
    async (request) => ({ data: await setLinkActive(app.ctx, request.principal, request.params.id, request.body.active) }),
  );
}

/** GET /payment-links/{id}/qr.svg: a QR code of the link's URL, to print or show */
function linkQrRoute(app: TypedApp): void {
  app.get(
    '/payment-links/:id/qr.svg',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'paymentLinkQrCode',
        tags: TAGS,
        summary: "A QR code of the payment link's URL (SVG), to print or show",
        params: IdParams,
        response: responses({ 200: SvgResponse }, [404]),
      },
    },
    async (request, reply) => {
      const { url } = await getLink(app.ctx, request.principal, request.params.id);
      const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', 'inline; filename="payment-link-qr.svg"')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );
}
