import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { insertDelivery } from './dispatch.ts';

/** The event a merchant sends itself to check its endpoint. */
export const TEST_EVENT = 'webhook.test';

/**
 * Sends the tenant a `webhook.test` event at its default webhook URL: a real outbox event and a
 * real delivery, so the worker signs, sends, retries and logs it like any other. The delivery is
 * made here (the event is stored already processed) so its id can be answered at once; 400
 * exceptions.webhook.noUrl when the tenant has no default URL. A key bound to one account sends it
 * as that account's (`accountId`), so the key sees its delivery.
 */
export async function sendTestEvent(db: Db, tenantId: string, accountId: string | null = null): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const tenant = await trx.selectFrom('tenants').select('webhook_url').where('id', '=', tenantId).executeTakeFirst();
    if (!tenant) throw new AppError('exceptions.tenant.notFound');
    if (!tenant.webhook_url) throw new AppError('exceptions.webhook.noUrl');
    const event = { tenantId, type: TEST_EVENT, aggregateType: 'webhook', aggregateId: randomUUID() };
    const payload = { tenantId, message: 'A test event: your endpoint receives and verifies our webhooks.' };
    const id = await enqueue(trx, { ...event, payload });
    await trx.updateTable('outbox_events').set({ processed_at: sql`now()` }).where('id', '=', id).execute();
    const deliveryId = await insertDelivery(trx, { ...event, id }, tenant.webhook_url);
    // A new event's only delivery: nothing can already hold its key.
    if (!deliveryId) throw new Error('the test event got no delivery');
    if (accountId) await trx.updateTable('webhook_deliveries').set({ account_id: accountId }).where('id', '=', deliveryId).execute();
    return deliveryId;
  });
}
