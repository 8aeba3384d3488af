/**
 * The subscription notices become mails to the customer, on both engines: a period's invoice
 * issued, a payment reminder, the portal link the merchant sends; a kind the tenant turned off
 * makes none.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { processOutbox } from '../../src/lib/outbox.ts';
import { writeMailJobs } from '../../src/modules/email/from-events.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { HOUR, after, appClock, subscribed } from './helpers.ts';

describeEngines('subscription mails', (engine) => {
  const app = useTestApp(engine, appClock);

  it('mails the issued invoice, the reminder and the portal link to the customer', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const { customer, sub } = await subscribed(t, a);
    await after(t, (t.ctx.config.subscriptions.graceHours + 1) * HOUR);
    const sent = await t.call('POST', `/v1/customers/${customer.id}/portal-link`, { key: a.key, body: { send: true } });
    assert.deepEqual([sent.status, sent.body.data.mailed], [201, true]);
    await processOutbox(t.ctx.db, 100, async (trx, events) => {
      await writeMailJobs(trx, t.ctx.config, events);
    });
    const mails = await t.ctx.db
      .selectFrom('email_jobs')
      .select(['kind', 'recipient', 'subject', 'text_body'])
      .where('tenant_id', '=', a.tenantId)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
    assert.deepEqual(mails.map((m) => [m.kind, m.recipient]).sort(), [
      ['portalLink', customer.email],
      ['subscriptionInvoice', customer.email],
      ['subscriptionReminder', customer.email],
    ]);
    const invoice = mails.find((m) => m.kind === 'subscriptionInvoice')!;
    assert.match(invoice.text_body, new RegExp(`/pay/${sub.latestInvoiceId}`));
    assert.match(invoice.text_body, /\$10\.00/);
    assert.match(mails.find((m) => m.kind === 'portalLink')!.text_body, new RegExp(sent.body.data.url.replace(/[.]/g, '\\.')));
    assert.match(mails.find((m) => m.kind === 'subscriptionReminder')!.text_body, /Reminder 1 of 3/);
  });
});
