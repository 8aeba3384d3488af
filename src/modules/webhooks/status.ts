import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../../lib/db/schema.ts';
import { statusMachine } from '../../lib/state-machine.ts';

export { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus };

/** A webhook delivery's statuses; an operator's redelivery reopens a finished one. */
export const webhookDeliveryMachine = statusMachine({
  object: 'webhookDelivery',
  statuses: WEBHOOK_DELIVERY_STATUSES,
  transitions: {
    pending: ['delivered', 'failed'],
    delivered: ['pending'],
    failed: ['pending'],
  },
});
