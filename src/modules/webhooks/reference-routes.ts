import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, responses } from '../../lib/http/schemas.ts';
import { EVENT_SCHEMAS } from './event-schemas.ts';

const Ack = DataEnvelope(Type.Object({ acknowledged: Type.Literal(true) }));

/**
 * Documentation routes for the outbound webhooks: they validate a posted payload against the
 * event's schema and acknowledge it, so a merchant can check a captured delivery.
 */
export const webhookReferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/webhooks/deposit.statusChanged',
    {
      config: { scope: 'deposits.list', tenantLevel: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Reference: the deposit.statusChanged payload (documentation only)',
        body: EVENT_SCHEMAS['deposit.statusChanged'],
        response: responses({ 200: Ack }),
      },
    },
    async () => ({ data: { acknowledged: true as const } }),
  );
  app.post(
    '/webhooks/invoice.statusChanged',
    {
      config: { scope: 'invoices.list', tenantLevel: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Reference: the invoice.statusChanged payload (documentation only)',
        body: EVENT_SCHEMAS['invoice.statusChanged'],
        response: responses({ 200: Ack }),
      },
    },
    async () => ({ data: { acknowledged: true as const } }),
  );
  app.post(
    '/webhooks/withdrawal.statusChanged',
    {
      config: { scope: 'withdrawals.list', tenantLevel: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Reference: the withdrawal.statusChanged payload (documentation only)',
        body: EVENT_SCHEMAS['withdrawal.statusChanged'],
        response: responses({ 200: Ack }),
      },
    },
    async () => ({ data: { acknowledged: true as const } }),
  );
};
