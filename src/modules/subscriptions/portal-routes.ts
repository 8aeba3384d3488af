/**
 * The customer portal's public JSON routes, keyed by the signed link's token alone (no API key):
 * a token whose id, expiry or signature was changed is refused with 403, an expired one with 410.
 * The portal page (`portal-page-routes.ts`, registered here too) calls these.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, ErrorBodySchema, Money, Uuid, type TypedApp } from '../../lib/http/schemas.ts';
import { verifyPortalToken } from './portal-link.ts';
import { portalPageRoutes } from './portal-page-routes.ts';
import { portalCancel, portalCustomer, portalInvoices, portalSubscriptions, portalUpdateCustomer } from './portal.ts';
import { CustomerSchema, PeriodSchema, PortalCustomerBody, SubscriptionSchema } from './schemas.ts';

const TAGS = ['customer portal'];
const Token = Type.String({ maxLength: 200 });
const TokenParams = Type.Object({ token: Token });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

const PortalSubscriptionSchema = Type.Composite([
  SubscriptionSchema,
  Type.Object({
    planName: Type.String(),
    amount: Money('The price of one period'),
    fiatCurrencyCode: Type.String(),
    interval: Type.String(),
    intervalCount: Type.Integer(),
  }),
]);
export const portalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  readRoutes(app);
  writeRoutes(app);
  portalPageRoutes(app);
};

function readRoutes(app: TypedApp): void {
  const { ctx } = app;
  app.get(
    '/portal/:token/customer',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'The customer the link is for',
        params: TokenParams,
        response: { 200: DataEnvelope(CustomerSchema), ...errors(403, 404, 410, 429) },
      },
    },
    async (request) => ({ data: await portalCustomer(ctx, await verifyPortalToken(ctx, request.params.token)) }),
  );
  app.get(
    '/portal/:token/subscriptions',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: "The customer's subscriptions, newest first",
        params: TokenParams,
        response: { 200: DataEnvelope(Type.Array(PortalSubscriptionSchema)), ...errors(403, 410, 429) },
      },
    },
    async (request) => ({ data: await portalSubscriptions(ctx, await verifyPortalToken(ctx, request.params.token)) }),
  );
  app.get(
    '/portal/:token/invoices',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: "The customer's billed periods and their invoices, newest first",
        params: TokenParams,
        response: { 200: DataEnvelope(Type.Array(PeriodSchema)), ...errors(403, 410, 429) },
      },
    },
    async (request) => ({ data: await portalInvoices(ctx, await verifyPortalToken(ctx, request.params.token)) }),
  );
}

function writeRoutes(app: TypedApp): void {
  const { ctx } = app;
  app.patch(
    '/portal/:token/customer',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'The customer changes their email and the language of their mails',
        params: TokenParams,
        body: PortalCustomerBody,
        response: { 200: DataEnvelope(CustomerSchema), ...errors(400, 403, 404, 410, 429) },
      },
    },
    async (request) => ({ data: await portalUpdateCustomer(ctx, await verifyPortalToken(ctx, request.params.token), request.body) }),
  );
  app.post(
    '/portal/:token/subscriptions/:id/cancel',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'The customer cancels a subscription, now or at the end of its period',
        params: Type.Object({ token: Token, id: Uuid }),
        body: Type.Optional(Type.Object({ atPeriodEnd: Type.Optional(Type.Boolean()) })),
        response: { 200: DataEnvelope(SubscriptionSchema), ...errors(400, 403, 404, 409, 410, 429) },
      },
    },
    async (request) => ({
      data: await portalCancel(
        ctx,
        await verifyPortalToken(ctx, request.params.token),
        request.params.id,
        request.body?.atPeriodEnd === true,
      ),
    }),
  );
}
