import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../lib/db/schema.ts';
import type { Trx } from '../../lib/db/index.ts';
import type { ErrorCode } from '../../lib/errors.ts';
import { moveStatus, statusMachine, type StatusSet } from '../../lib/state-machine.ts';
import { loadKnownSubscription, subscriptionRecord, type SubscriptionRow, type SubscriptionView } from './record.ts';

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus };

/**
 * A subscription's statuses and the moves between them. A trial or a paid period is left only by
 * paying the next one (active), missing it past the grace period (pastDue), or a cancellation;
 * pastDue comes back to active once the period is paid in full, or expires when dunning runs out.
 * cancelled and expired are final: a customer who comes back gets a new subscription.
 */
export const subscriptionMachine = statusMachine({
  object: 'subscription',
  statuses: SUBSCRIPTION_STATUSES,
  transitions: {
    trialing: ['active', 'pastDue', 'cancelled'],
    active: ['pastDue', 'cancelled'],
    pastDue: ['active', 'cancelled', 'expired'],
    cancelled: [],
    expired: [],
  },
});

/** Statuses a subscription is billed in. */
export const OPEN_STATUSES: readonly SubscriptionStatus[] = subscriptionMachine.statuses.filter((s) => !subscriptionMachine.isFinal(s));

/**
 * The one way a subscription's status changes: through the machine (a move its table does not
 * list, or a row changed since it was read, is the state error), with `subscription.statusChanged`
 * in the same transaction.
 */
export async function changeSubscriptionStatus(
  trx: Trx,
  row: Pick<SubscriptionRow, 'id' | 'status'>,
  to: SubscriptionStatus,
  set: StatusSet<'subscriptions'> = {},
  refusal?: ErrorCode,
): Promise<SubscriptionView> {
  const moved = await moveStatus(trx, subscriptionMachine, 'subscriptions', row, to, {
    set,
    refusal,
    event: async (updated, previousStatus) => ({
      tenantId: updated.tenant_id,
      type: 'subscription.statusChanged',
      aggregateType: 'subscription',
      aggregateId: updated.id,
      payload: { ...subscriptionRecord(await loadKnownSubscription(trx, updated.id)), previousStatus },
    }),
  });
  return await loadKnownSubscription(trx, moved.id);
}
