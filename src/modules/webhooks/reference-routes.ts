import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Scope } from '../../lib/auth/scopes.ts';
import { DataEnvelope, responses } from '../../lib/http/schemas.ts';
import { EVENT_SCHEMAS, type EventType } from './event-schemas.ts';

const Ack = DataEnvelope(Type.Object({ acknowledged: Type.Literal(true) }));

/** The scope that reads each event's object, which is also the scope of its reference route. */
const READ_SCOPE: Record<EventType, Scope> = {
  'deposit.statusChanged': 'deposits.list',
  'deposit.otherAssetReceived': 'deposits.list',
  'invoice.statusChanged': 'invoices.list',
  'invoice.otherAssetReceived': 'invoices.list',
  'withdrawal.statusChanged': 'withdrawals.list',
  'withdrawalBatch.statusChanged': 'withdrawals.list',
  'payoutAddress.added': 'payouts.list',
  'payoutAddress.removed': 'payouts.list',
  'payoutPolicy.changed': 'payouts.list',
  // A held payment is an invoice's or a deposit's; both scopes go together in every role.
  'heldPayment.statusChanged': 'invoices.list',
  'subscription.statusChanged': 'invoices.list',
};

/**
 * Documentation routes for the outbound webhooks: they validate a posted payload against the
 * event's schema and acknowledge it, so a merchant can check a captured delivery.
 */
export const webhookReferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const event of Object.keys(READ_SCOPE) as EventType[]) {
    app.post(
      `/webhooks/${event}`,
      {
        config: { scope: READ_SCOPE[event], tenantLevel: true },
        schema: {
          tags: ['webhooks'],
          summary: `Reference: the ${event} payload (documentation only)`,
          body: EVENT_SCHEMAS[event],
          response: responses({ 200: Ack }),
        },
      },
      async () => ({ data: { acknowledged: true as const } }),
    );
  }
};
