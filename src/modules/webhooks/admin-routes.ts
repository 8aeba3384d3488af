import { Type } from '@sinclair/typebox';
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { operatorBy } from '../audit/service.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Nullable, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { getTenant } from '../tenants/service.ts';
import type { DeliveryRow } from './deliveries.ts';
import { webhookDeliveryMachine } from './status.ts';
import { deliveryWithAttempts, listDeliveries, redeliver } from './operator.ts';

const DeliveryView = Type.Object({
  id: Type.String({ description: 'Also the x-webhook-id header of every attempt' }),
  tenantId: Type.String(),
  event: Type.String(),
  object: Type.String({ description: 'aggregate type:id, e.g. deposit:<uuid>' }),
  url: Type.String(),
  status: webhookDeliveryMachine.schema,
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(Type.String()),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  deliveredAt: Nullable(Type.String()),
  failedAt: Nullable(Type.String()),
});
const AttemptView = Type.Object({
  attempt: Type.Integer(),
  attemptedAt: Type.String(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Integer(),
  error: Nullable(Type.String()),
  responseBody: Nullable(Type.String({ description: 'First 4 KiB of the answer' })),
  requestBody: Nullable(Type.String({ description: 'The exact body signed and sent; null for attempts older than this record' })),
  outcome: Type.String(),
});

function deliveryView(d: DeliveryRow) {
  return {
    id: d.id,
    tenantId: d.tenant_id,
    event: d.event_type,
    object: d.aggregate_key,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
    lastStatusCode: d.last_status_code,
    lastError: d.last_error,
    createdAt: d.created_at.toISOString(),
    deliveredAt: d.delivered_at?.toISOString() ?? null,
    failedAt: d.failed_at?.toISOString() ?? null,
  };
}

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];

/** Operator view of webhook deliveries: list every tenant's or one's, read one with its attempts, redeliver. */
export const webhookAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listDeliveriesRoute(app);
  listTenantDeliveriesRoute(app);
  getDeliveryRoute(app);
  redeliverRoute(app);
};

/** GET /webhook-deliveries: every tenant's webhook deliveries, newest first, by status and tenant */
function listDeliveriesRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.get(
    '/webhook-deliveries',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminListWebhookDeliveries',
        tags: TAGS,
        summary: "Webhook deliveries of every tenant (or one's), newest first",
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(webhookDeliveryMachine.schema),
          tenantId: Type.Optional(Uuid),
        }),
        response: adminResponses({ 200: PagedList(DeliveryView) }),
      },
    },
    async (request) => {
      const { tenantId, ...q } = request.query;
      const page = await listDeliveries(db, tenantId ? { tenantId } : undefined, q);
      return { ...page, data: page.data.map(deliveryView) };
    },
  );
}

/** GET /tenants/:id/webhook-deliveries: A tenant's webhook deliveries, newest first */
function listTenantDeliveriesRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.get(
    '/tenants/:id/webhook-deliveries',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: "A tenant's webhook deliveries, newest first",
        params: Type.Object({ id: Uuid }),
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(webhookDeliveryMachine.schema),
        }),
        response: adminResponses({ 200: PagedList(DeliveryView) }, [404]),
      },
    },
    async (request) => {
      await getTenant(db, request.params.id);
      const page = await listDeliveries(db, { tenantId: request.params.id }, request.query);
      return { ...page, data: page.data.map(deliveryView) };
    },
  );
}

/** GET /webhook-deliveries/:id: one delivery with every attempt */
function getDeliveryRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.get(
    '/webhook-deliveries/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'One delivery with every attempt',
        params: Type.Object({ id: Uuid }),
        response: adminResponses(
          { 200: DataEnvelope(Type.Composite([DeliveryView, Type.Object({ attemptLog: Type.Array(AttemptView) })])) },
          [404],
        ),
      },
    },
    async (request) => {
      const { delivery, attempts } = await deliveryWithAttempts(db, request.params.id);
      return {
        data: {
          ...deliveryView(delivery),
          attemptLog: attempts.map((a) => ({
            attempt: a.attempt,
            attemptedAt: a.attempted_at.toISOString(),
            statusCode: a.status_code,
            latencyMs: a.latency_ms,
            error: a.error,
            responseBody: a.response_body,
            requestBody: a.request_body,
            outcome: a.outcome,
          })),
        },
      };
    },
  );
}

/** POST /webhook-deliveries/:id/redeliver: sends a delivery again now, with a fresh retry window */
function redeliverRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.post(
    '/webhook-deliveries/:id/redeliver',
    {
      config: { ...ADMIN, operatorRoles: OPERATIONS },
      schema: {
        tags: TAGS,
        summary: 'Sends a delivery again now, with a fresh retry window',
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(DeliveryView) }, [404, 409]),
      },
    },
    async (request) => ({
      data: deliveryView(await redeliver(db, request.params.id, undefined, { by: operatorBy(request), action: 'webhook.redelivered' })),
    }),
  );
}
