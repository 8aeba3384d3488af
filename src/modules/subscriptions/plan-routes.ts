/**
 * Plans and customers under /v1, each of one account (another account's or tenant's is a 404):
 * made and changed with the invoice creation scope (their subscriptions make invoices), read with
 * the invoice list scope.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { exactNumber } from '../../lib/http/json-body.ts';
import { DataEnvelope, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { creditAddress, customerCredit } from './credit.ts';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './customers.ts';
import { createPlan, getPlan, listPlans, updatePlan } from './plans.ts';
import { CreateCustomerBody, CreatePlanBody, CustomerSchema, PlanSchema, UpdateCustomerBody, UpdatePlanBody } from './schemas.ts';
import { Money } from '../../lib/http/schemas.ts';

const IdParams = Type.Object({ id: Uuid });
const PLANS = ['subscriptions'];

export const planRoutes: FastifyPluginAsyncTypebox = async (app) => {
  planWriteRoutes(app);
  planReadRoutes(app);
  customerWriteRoutes(app);
  customerReadRoutes(app);
  creditAddressRoute(app);
};

function planWriteRoutes(app: TypedApp): void {
  app.post(
    '/plans',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'createPlan',
        tags: PLANS,
        summary: 'A plan: a fiat price per week, month or year, with an optional trial',
        body: CreatePlanBody,
        response: responses({ 201: DataEnvelope(PlanSchema) }),
      },
    },
    async (request, reply) => {
      const amount = exactNumber(request, 'amount', request.body.amount);
      return reply.status(201).send({ data: await createPlan(app.ctx, request.principal, { ...request.body, amount }) });
    },
  );
  app.patch(
    '/plans/:id',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'updatePlan',
        tags: PLANS,
        summary: 'Renames a plan, or turns it off for new subscriptions (existing ones go on)',
        params: IdParams,
        body: UpdatePlanBody,
        response: responses({ 200: DataEnvelope(PlanSchema) }, [404]),
      },
    },
    async (request) => ({ data: await updatePlan(app.ctx, request.principal, request.params.id, request.body) }),
  );
}

function planReadRoutes(app: TypedApp): void {
  app.get(
    '/plans',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listPlans',
        tags: PLANS,
        summary: "The account's plans, newest first",
        querystring: Type.Object({ ...PageQuery, active: Type.Optional(Type.Boolean()) }),
        response: responses({ 200: PagedList(PlanSchema) }),
      },
    },
    async (request) => listPlans(app.ctx, request.principal, request.query),
  );
  app.get(
    '/plans/:id',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'getPlan',
        tags: PLANS,
        summary: 'A plan',
        params: IdParams,
        response: responses({ 200: DataEnvelope(PlanSchema) }, [404]),
      },
    },
    async (request) => ({ data: await getPlan(app.ctx, request.principal, request.params.id) }),
  );
}

function customerWriteRoutes(app: TypedApp): void {
  app.post(
    '/customers',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'createCustomer',
        tags: PLANS,
        summary: 'A customer who subscribes to plans (reference unique in the tenant)',
        body: CreateCustomerBody,
        response: responses({ 201: DataEnvelope(CustomerSchema) }, [409]),
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createCustomer(app.ctx, request.principal, request.body) }),
  );
  app.patch(
    '/customers/:id',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'updateCustomer',
        tags: PLANS,
        summary: "Changes a customer's email, name or language",
        params: IdParams,
        body: UpdateCustomerBody,
        response: responses({ 200: DataEnvelope(CustomerSchema) }, [404]),
      },
    },
    async (request) => ({ data: await updateCustomer(app.ctx, request.principal, request.params.id, request.body) }),
  );
}

function customerReadRoutes(app: TypedApp): void {
  app.get(
    '/customers',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listCustomers',
        tags: PLANS,
        summary: "The account's customers, newest first",
        querystring: Type.Object({ ...PageQuery, reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
        response: responses({ 200: PagedList(CustomerSchema) }),
      },
    },
    async (request) => listCustomers(app.ctx, request.principal, request.query),
  );
  app.get(
    '/customers/:id',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'getCustomer',
        tags: PLANS,
        summary: 'A customer',
        params: IdParams,
        response: responses({ 200: DataEnvelope(CustomerSchema) }, [404]),
      },
    },
    async (request) => ({ data: await getCustomer(app.ctx, request.principal, request.params.id) }),
  );
}

const CreditSchema = Type.Object({
  depositId: Uuid,
  address: Type.String(),
  cryptoCurrencyCode: Type.String(),
  balance: Money("The customer's prepaid credit"),
});

/** POST /customers/{id}/credit-address: the customer's own deposit address, what it receives pays renewals; GET /customers/{id}/credit reads it. */
function creditAddressRoute(app: TypedApp): void {
  app.post(
    '/customers/:id/credit-address',
    {
      config: { scope: 'deposits.create' },
      schema: {
        operationId: 'customerCreditAddress',
        tags: PLANS,
        summary:
          "The customer's deposit address for prepaid credit (the same one again on a repeat), with the credit's balance; credit pays renewals it covers",
        params: IdParams,
        body: Type.Object({ cryptoCurrencyCode: Type.String({ minLength: 1, maxLength: 32 }) }),
        response: responses({ 200: DataEnvelope(CreditSchema) }, [404, 503]),
      },
    },
    async (request) => ({ data: await creditAddress(app.ctx, request.principal, request.params.id, request.body.cryptoCurrencyCode) }),
  );
  app.get(
    '/customers/:id/credit',
    {
      config: { scope: 'deposits.list' },
      schema: {
        operationId: 'customerCredit',
        tags: PLANS,
        summary:
          "The customer's prepaid credit: its deposit address and balance (404 exceptions.customer.creditNotFound before the address is made)",
        params: IdParams,
        response: responses({ 200: DataEnvelope(CreditSchema) }, [404]),
      },
    },
    async (request) => ({ data: await customerCredit(app.ctx, request.principal, request.params.id) }),
  );
}
