import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Nullable, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { audit } from '../audit/service.ts';
import { getTenant, rotateWebhookSecret, updateTenant } from '../tenants/service.ts';
import { checkWebhookUrls } from '../tenants/webhook-urls.ts';
import { MerchantDeliveryDetail, MerchantDeliveryView, merchantDeliveryDetail, merchantDeliveryView } from './merchant-views.ts';
import { deliveryWithAttempts, listDeliveries, redeliver, type DeliveryOwner } from './operator.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { webhookDeliveryMachine } from './status.ts';
import { sendTestEvent } from './test-event.ts';

const WebhookSettings = Type.Object(
  {
    webhookUrl: Nullable(
      Type.String({ description: 'Default URL of every event whose object names none (deposits: after depositWebhookUrl)' }),
    ),
    depositWebhookUrl: Nullable(Type.String({ description: "Deposit events' URL when the deposit names none" })),
  },
  { title: 'WebhookSettings' },
);
const WebhookUrl = Nullable(Type.String({ maxLength: 512 }));

const LIST = { scope: 'webhooks.list', tenantLevel: true } as const;
const MANAGE = { scope: 'webhooks.manage', tenantLevel: true } as const;
/** Where events go, and the secret receivers trust them by: a session with 2FA confirms a change with `x-totp-code`. */
const REDIRECT = { ...MANAGE, stepUp: true, tenantWide: true } as const;
const TAGS = ['developers'];

/**
 * The merchant's webhooks (dashboard, developers section): default URLs, signing secret, a test
 * event, and the delivery log with every attempt and redelivery. Only the tenant's own deliveries.
 */
export const webhookMerchantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  getSettingsRoute(app);
  updateSettingsRoute(app);
  rotateSecretRoute(app);
  testEventRoute(app);
  listDeliveriesRoute(app);
  getDeliveryRoute(app);
  redeliverRoute(app);
};

function settingsView(t: { webhook_url: string | null; deposit_webhook_url: string | null }) {
  return { webhookUrl: t.webhook_url, depositWebhookUrl: t.deposit_webhook_url };
}

/** GET /webhook-settings: the tenant's default webhook URLs */
function getSettingsRoute(app: TypedApp): void {
  app.get(
    '/webhook-settings',
    {
      config: LIST,
      schema: {
        operationId: 'getWebhookSettings',
        tags: TAGS,
        summary: "The tenant's default webhook URLs",
        response: responses({ 200: DataEnvelope(WebhookSettings) }),
      },
    },
    async (request) => ({ data: settingsView(await getTenant(app.ctx.db, request.principal.tenantId)) }),
  );
}

/** PATCH /webhook-settings: set or clear (null) the default webhook URLs */
function updateSettingsRoute(app: TypedApp): void {
  app.patch(
    '/webhook-settings',
    {
      config: REDIRECT,
      schema: {
        operationId: 'updateWebhookSettings',
        tags: TAGS,
        summary:
          'Set or clear (null) the default webhook URLs (public, TLD-qualified HTTPS). A session with 2FA confirms it with `x-totp-code`',
        body: Type.Object({ webhookUrl: Type.Optional(WebhookUrl), depositWebhookUrl: Type.Optional(WebhookUrl) }),
        response: responses({ 200: DataEnvelope(WebhookSettings) }),
      },
    },
    async (request) => {
      await checkWebhookUrls(request.body, app.ctx.config, app.ctx.lookupHost);
      const p = request.principal;
      const row = await updateTenant(app.ctx.db, p.tenantId, request.body, {
        by: { principal: p, ip: request.ip },
        action: 'webhook.settingsChanged',
      });
      app.ctx.changes?.emitLocal(`tenant:${row.id}`);
      return { data: settingsView(row) };
    },
  );
}

/** POST /webhook-settings/secret: rotate the signing secret; the new one is shown once */
function rotateSecretRoute(app: TypedApp): void {
  app.post(
    '/webhook-settings/secret',
    {
      config: REDIRECT,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: TAGS,
        summary:
          'Rotate the webhook signing secret: every delivery from now on is signed with the new one, shown only here. A session with 2FA confirms it with `x-totp-code`',
        response: responses({ 200: DataEnvelope(Type.Object({ secret: Type.String({ pattern: '^[0-9a-f]{64}$' }) })) }),
      },
    },
    async (request) => {
      const p = request.principal;
      const secret = await rotateWebhookSecret(app.ctx.db, p.tenantId, {
        by: { principal: p, ip: request.ip },
        action: 'webhook.secretRotated',
      });
      return { data: { secret } };
    },
  );
}

/** POST /webhook-settings/test: send a webhook.test event to the default URL */
function testEventRoute(app: TypedApp): void {
  app.post(
    '/webhook-settings/test',
    {
      config: MANAGE,
      schema: {
        operationId: 'sendWebhookTest',
        tags: TAGS,
        summary: 'Send a webhook.test event to the default webhookUrl, signed and logged like every event',
        response: responses({ 202: DataEnvelope(Type.Object({ deliveryId: Type.String() })) }),
      },
    },
    async (request, reply) => {
      const p = request.principal;
      const deliveryId = await sendTestEvent(app.ctx.db, p.tenantId, p.keyAccountId);
      await audit(app.ctx.db, {
        tenantId: p.tenantId,
        principal: p,
        action: 'webhook.testSent',
        targetType: 'webhookDelivery',
        targetId: deliveryId,
        ip: request.ip,
      });
      return reply.status(202).send({ data: { deliveryId } });
    },
  );
}

/** GET /webhook-deliveries: the tenant's deliveries, newest first */
function listDeliveriesRoute(app: TypedApp): void {
  app.get(
    '/webhook-deliveries',
    {
      config: LIST,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: TAGS,
        summary: "The tenant's webhook deliveries, newest first, optionally of one object or status",
        querystring: Type.Object({
          ...PageQuery,
          objectId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The id of the object the events are about' })),
          status: Type.Optional(webhookDeliveryMachine.schema),
        }),
        response: responses({ 200: PagedList(MerchantDeliveryView) }),
      },
    },
    async (request) => {
      const page = await listDeliveries(app.ctx.db, ownerOf(request.principal), request.query);
      return { ...page, data: page.data.map(merchantDeliveryView) };
    },
  );
}

/** A key bound to one account sees that account's deliveries only; tenant-wide keys and people see the tenant's. */
function ownerOf(p: ApiPrincipal): DeliveryOwner {
  return { tenantId: p.tenantId, accountId: p.keyAccountId };
}

/** GET /webhook-deliveries/:id: one delivery with every attempt */
function getDeliveryRoute(app: TypedApp): void {
  app.get(
    '/webhook-deliveries/:id',
    {
      config: LIST,
      schema: {
        operationId: 'getWebhookDelivery',
        tags: TAGS,
        summary: 'One delivery of the tenant with every attempt, oldest first',
        params: Type.Object({ id: Uuid }),
        response: responses({ 200: DataEnvelope(MerchantDeliveryDetail) }, [404]),
      },
    },
    async (request) => {
      const { delivery, attempts } = await deliveryWithAttempts(app.ctx.db, request.params.id, ownerOf(request.principal));
      return { data: merchantDeliveryDetail(delivery, attempts) };
    },
  );
}

/** POST /webhook-deliveries/:id/redeliver: send a finished delivery again now */
function redeliverRoute(app: TypedApp): void {
  app.post(
    '/webhook-deliveries/:id/redeliver',
    {
      config: MANAGE,
      schema: {
        operationId: 'redeliverWebhook',
        tags: TAGS,
        summary:
          'Send a delivered or failed delivery again now, with a fresh retry window (409 exceptions.webhookDelivery.notFinished while it is pending)',
        params: Type.Object({ id: Uuid }),
        response: responses({ 202: DataEnvelope(MerchantDeliveryView) }, [404, 409]),
      },
    },
    async (request, reply) => {
      const p = request.principal;
      const row = await redeliver(app.ctx.db, request.params.id, ownerOf(p), {
        by: { principal: p, ip: request.ip },
        action: 'webhook.redelivered',
      });
      return reply.status(202).send({ data: merchantDeliveryView(row) });
    },
  );
}
