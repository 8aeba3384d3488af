/**
 * Subscriptions under /v1, each of one account (another account's or tenant's is a 404): made,
 * changed and cancelled with the invoice creation scope, read (their billed periods too) with the
 * invoice list scope. Every answer about one subscription carries a fresh signed link to the
 * customer's portal.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, DateTime, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { ownCustomer } from './customers.ts';
import { cancelSubscription, createSubscription, getSubscription, listPeriods, listSubscriptions, updateSubscription } from './manage.ts';
import { portalToken, portalUrl } from './portal-link.ts';
import {
  CancelSubscriptionBody,
  CreateSubscriptionBody,
  PeriodSchema,
  SubscriptionListQuery,
  SubscriptionSchema,
  UpdateSubscriptionBody,
} from './schemas.ts';
import { sendPortalLink } from './portal.ts';

const IdParams = Type.Object({ id: Uuid });
const TAGS = ['subscriptions'];

export const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  createRoute(app);
  readRoutes(app);
  changeRoutes(app);
  portalLinkRoute(app);
};

function createRoute(app: TypedApp): void {
  app.post(
    '/subscriptions',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'createSubscription',
        tags: TAGS,
        summary: "A customer's subscription to a plan: trialing with a trial, else active with its first invoice issued at once",
        body: CreateSubscriptionBody,
        response: responses({ 201: DataEnvelope(SubscriptionSchema) }, [404]),
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createSubscription(app.ctx, request.principal, request.body) }),
  );
}

function readRoutes(app: TypedApp): void {
  app.get(
    '/subscriptions',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listSubscriptions',
        tags: TAGS,
        summary: "The account's subscriptions, newest first",
        querystring: SubscriptionListQuery,
        response: responses({ 200: PagedList(SubscriptionSchema) }),
      },
    },
    async (request) => listSubscriptions(app.ctx, request.principal, request.query),
  );
  app.get(
    '/subscriptions/:id',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'getSubscription',
        tags: TAGS,
        summary: 'A subscription',
        params: IdParams,
        response: responses({ 200: DataEnvelope(SubscriptionSchema) }, [404]),
      },
    },
    async (request) => ({ data: await getSubscription(app.ctx, request.principal, request.params.id) }),
  );
  app.get(
    '/subscriptions/:id/periods',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listSubscriptionPeriods',
        tags: TAGS,
        summary: "A subscription's billed periods with their invoices, newest first (a period paid from prepaid credit has no invoice)",
        params: IdParams,
        querystring: Type.Object(PageQuery),
        response: responses({ 200: PagedList(PeriodSchema) }, [404]),
      },
    },
    async (request) => listPeriods(app.ctx, request.principal, request.params.id, request.query),
  );
}

function changeRoutes(app: TypedApp): void {
  app.patch(
    '/subscriptions/:id',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'updateSubscription',
        tags: TAGS,
        summary: 'Sets or clears cancellation at the end of the current period',
        params: IdParams,
        body: UpdateSubscriptionBody,
        response: responses({ 200: DataEnvelope(SubscriptionSchema) }, [404, 409]),
      },
    },
    async (request) => ({ data: await updateSubscription(app.ctx, request.principal, request.params.id, request.body) }),
  );
  app.post(
    '/subscriptions/:id/cancel',
    {
      config: { scope: 'invoices.cancel' },
      schema: {
        operationId: 'cancelSubscription',
        tags: TAGS,
        summary: 'Cancels a subscription now (its unpaid invoices cancelled), or at the end of the current period',
        params: IdParams,
        body: Type.Optional(CancelSubscriptionBody),
        response: responses({ 200: DataEnvelope(SubscriptionSchema) }, [404, 409]),
      },
    },
    async (request) => ({
      data: await cancelSubscription(app.ctx, request.principal, request.params.id, request.body?.atPeriodEnd === true),
    }),
  );
}

const PortalLinkSchema = Type.Object({
  url: Type.String(),
  expiresAt: DateTime,
  mailed: Type.Boolean({ description: 'Whether the link was mailed to the customer' }),
});

/** POST /customers/{id}/portal-link: a signed link to the customer's portal, optionally mailed to them. */
function portalLinkRoute(app: TypedApp): void {
  app.post(
    '/customers/:id/portal-link',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'customerPortalLink',
        tags: TAGS,
        summary:
          "A signed link to the customer's portal (their subscriptions and invoices, their email, cancellation), valid SUBSCRIPTION_PORTAL_LINK_TTL_MIN",
        params: IdParams,
        body: Type.Optional(Type.Object({ send: Type.Optional(Type.Boolean({ description: 'true: mail it to the customer too' })) })),
        response: responses({ 201: DataEnvelope(PortalLinkSchema) }, [404]),
      },
    },
    async (request, reply) => {
      const customer = await ownCustomer(app.ctx.db, request.principal, request.params.id);
      const { token, expiresAt } = await portalToken(app.ctx, customer.id);
      const url = portalUrl(app.ctx, token);
      const mailed = request.body?.send === true;
      if (mailed) await sendPortalLink(app.ctx, customer, url, expiresAt);
      return reply.status(201).send({ data: { url, expiresAt: expiresAt.toISOString(), mailed } });
    },
  );
}
