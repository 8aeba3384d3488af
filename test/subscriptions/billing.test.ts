/**
 * Subscription billing on both engines, time moved by the test clock: two periods paid through the
 * sandbox (each invoice issued ahead of its period, the period advanced at its end); an underpaid
 * renewal goes pastDue after its grace and back to active once topped up; dunning mails its
 * reminders and then expires the subscription (its unpaid invoice cancelled); a trial cancelled at
 * its end bills nothing; two workers billing at once issue one invoice per period.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { billingRound } from '../../src/modules/subscriptions/billing.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { HOUR, after, appClock, freshMarket, invoiceNow, notices, pay, subNow, subscribed, type Tenant } from './helpers.ts';

describeEngines('subscription billing', (engine) => {
  const app = useTestApp(engine, appClock);
  let a: Tenant;

  it('bills two periods paid through the sandbox: issued ahead, advanced at the end', async () => {
    const t = app();
    a = await t.tenant(['*']);
    await freshMarket(t);
    const { sub } = await subscribed(t, a);
    const lead = t.ctx.config.subscriptions.invoiceLeadHours * HOUR;
    assert.deepEqual([sub.status, sub.periodNumber], ['active', 1]);
    assert.equal((await invoiceNow(t, a, sub.latestInvoiceId)).amount, 10);
    await pay(t, sub.latestInvoiceId, 'exact');
    await after(t, 0);
    const end1 = Date.parse(sub.currentPeriodEnd);
    await after(t, end1 - Date.parse(sub.currentPeriodStart) - lead - HOUR);
    assert.equal((await subNow(t, a, sub.id)).latestInvoiceId, sub.latestInvoiceId, 'nothing billed before the lead time');
    await after(t, 2 * HOUR);
    const second = await subNow(t, a, sub.id);
    assert.notEqual(second.latestInvoiceId, sub.latestInvoiceId, 'the next invoice is issued ahead of the period');
    assert.deepEqual([second.periodNumber, second.status], [1, 'active']);
    assert.equal(await notices(t, 'subscription.invoiceIssued', sub.id), 2);
    await pay(t, second.latestInvoiceId, 'exact');
    await after(t, lead);
    const renewed = await subNow(t, a, sub.id);
    assert.deepEqual([renewed.periodNumber, renewed.status, Date.parse(renewed.currentPeriodStart)], [2, 'active', end1]);
    const periods = await t.ctx.db
      .selectFrom('subscription_periods')
      .select(['period_number', 'paid_by'])
      .where('subscription_id', '=', sub.id)
      .orderBy('period_number')
      .execute();
    assert.deepEqual(
      periods.map((p) => [p.period_number, p.paid_by]),
      [
        [1, 'invoice'],
        [2, 'invoice'],
      ],
    );
    assert.equal(await notices(t, 'subscription.statusChanged', sub.id), 0, 'active throughout: no status change');
  });

  it('an underpaid renewal goes pastDue after its grace, and active again once topped up to the full amount', async () => {
    const t = app();
    const { sub } = await subscribed(t, a);
    await pay(t, sub.latestInvoiceId, 'exact');
    const s = t.ctx.config.subscriptions;
    const length = Date.parse(sub.currentPeriodEnd) - Date.parse(sub.currentPeriodStart);
    await after(t, length - s.invoiceLeadHours * HOUR + HOUR);
    const renewal = (await subNow(t, a, sub.id)).latestInvoiceId;
    await pay(t, renewal, 'partial');
    assert.equal((await invoiceNow(t, a, renewal)).status, 'partially_paid');
    await after(t, s.invoiceLeadHours * HOUR);
    assert.deepEqual(
      [(await subNow(t, a, sub.id)).periodNumber, (await subNow(t, a, sub.id)).status],
      [2, 'active'],
      'within the grace period',
    );
    await after(t, s.graceHours * HOUR);
    assert.equal((await subNow(t, a, sub.id)).status, 'pastDue');
    await pay(t, renewal, 'exact');
    assert.equal((await invoiceNow(t, a, renewal)).status, 'paid');
    await after(t, 0);
    const back = await subNow(t, a, sub.id);
    assert.deepEqual([back.status, back.periodNumber], ['active', 2]);
    const moves = await t.ctx.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('event_type', '=', 'subscription.statusChanged')
      .where('aggregate_id', '=', sub.id)
      .orderBy('id')
      .execute();
    const statuses = moves.map(
      (m) => (typeof m.payload === 'string' ? JSON.parse(m.payload) : m.payload) as { status: string; previousStatus: string },
    );
    assert.deepEqual(
      statuses.map((p) => `${p.previousStatus}>${p.status}`),
      ['active>pastDue', 'pastDue>active'],
    );
  });

  it('dunning: reminders spaced out, then the subscription expires and its unpaid invoice is cancelled', async () => {
    const t = app();
    const { sub } = await subscribed(t, a);
    const s = t.ctx.config.subscriptions;
    await after(t, (s.graceHours - 1) * HOUR);
    assert.equal((await subNow(t, a, sub.id)).status, 'active');
    await after(t, 2 * HOUR);
    assert.equal((await subNow(t, a, sub.id)).status, 'pastDue');
    assert.equal(await notices(t, 'subscription.paymentReminder', sub.id), 1);
    await after(t, HOUR);
    assert.equal(await notices(t, 'subscription.paymentReminder', sub.id), 1, 'not before the interval');
    for (let n = 2; n <= s.reminders; n++) {
      await after(t, s.reminderIntervalHours * HOUR);
      assert.equal(await notices(t, 'subscription.paymentReminder', sub.id), n);
    }
    assert.equal((await subNow(t, a, sub.id)).status, 'pastDue');
    await after(t, s.reminderIntervalHours * HOUR);
    const ended = await subNow(t, a, sub.id);
    assert.equal(ended.status, 'expired');
    assert.ok(ended.endedAt);
    assert.equal(await notices(t, 'subscription.paymentReminder', sub.id), s.reminders, 'no reminder after expiry');
    assert.equal((await invoiceNow(t, a, sub.latestInvoiceId)).status, 'cancelled');
  });

  it('a trial cancelled at its end bills nothing and ends then', async () => {
    const t = app();
    const { sub } = await subscribed(t, a, { trialDays: 7 });
    assert.equal(sub.status, 'trialing');
    const res = await t.call('POST', `/v1/subscriptions/${sub.id}/cancel`, { key: a.key, body: { atPeriodEnd: true } });
    assert.deepEqual([res.status, res.body.data.status, res.body.data.cancelAtPeriodEnd], [200, 'trialing', true]);
    await after(t, 6 * 24 * HOUR);
    assert.equal((await subNow(t, a, sub.id)).status, 'trialing');
    await after(t, 24 * HOUR + 1000);
    const ended = await subNow(t, a, sub.id);
    assert.deepEqual([ended.status, ended.latestInvoiceId], ['cancelled', undefined]);
    const periods = await t.ctx.db
      .selectFrom('subscription_periods')
      .select('period_number')
      .where('subscription_id', '=', sub.id)
      .execute();
    assert.equal(periods.length, 0);
  });

  it('two workers billing at once issue one invoice per period', async () => {
    const t = app();
    const subs = [];
    // A one-day trial ends within the invoice lead time: the first round bills each first period.
    for (let i = 0; i < 4; i++) subs.push((await subscribed(t, a, { trialDays: 1 })).sub);
    await Promise.all([billingRound(t.ctx), billingRound(t.ctx), billingRound(t.ctx)]);
    await Promise.all([billingRound(t.ctx), billingRound(t.ctx)]);
    for (const sub of subs) {
      const periods = await t.ctx.db
        .selectFrom('subscription_periods')
        .select(['period_number', 'invoice_id'])
        .where('subscription_id', '=', sub.id)
        .execute();
      assert.deepEqual(
        periods.map((p) => p.period_number),
        [1],
        sub.id,
      );
      const invoices = await t.ctx.db.selectFrom('invoices').select('id').where('order_id', 'like', `subscription-${sub.id}-%`).execute();
      assert.deepEqual(
        invoices.map((i) => i.id),
        [periods[0]!.invoice_id],
      );
      assert.equal(await notices(t, 'subscription.invoiceIssued', sub.id), 1);
    }
  });
});
