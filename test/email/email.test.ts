/**
 * Email for real: a local SMTP server receives and parses every kind of mail (customers' in the
 * payment page's language under the merchant's brand, the merchant's people's), written from the
 * outbox and sent by the sender's rounds. A job a dead worker held is sent once by another, an
 * event handled twice gives one mail, a kind turned off is not sent, no SMTP_URL sends nothing and
 * says so, and a server down then up gets the mail on a later attempt.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { smtpServer, type Inbox } from '../helpers/inbox.ts';
import { enqueue } from '../../src/lib/outbox.ts';
import { dispatchEvents, insertDelivery } from '../../src/modules/webhooks/dispatch.ts';
import { mailFromEvents, writeMailJobs } from '../../src/modules/email/from-events.ts';
import { emailJobs } from '../../src/modules/email/jobs.ts';
import { MailSender, SENDER_DEFAULTS, smtpTransport } from '../../src/modules/email/sender.ts';
import { webhookFailingRound } from '../../src/modules/email/watch.ts';
import { describeEngines, startTestApp, useTestApp, type TestApp } from '../helpers/harness.ts';
import { silentLog } from '../helpers/expiry.ts';
import { until } from '../helpers/receiver.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { startJob } from '../../src/worker.ts';
import { webhookJobs } from '../../src/modules/webhooks/jobs.ts';
import { login, member, withTwoFactor, type Browser } from '../users/helpers.ts';
import { cafeLogo } from '../pay/logo-png.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** The sender, with pauses the tests move past by the database's clock. */
const senderOf = (t: TestApp) =>
  new MailSender(t.ctx.db, t.ctx.config.email!, smtpTransport(t.ctx.config.email!), { ...SENDER_DEFAULTS, retryBaseS: 60 });
/** Outbox events into mail jobs, as the worker's dispatch does. */
const dispatch = (t: TestApp) => dispatchEvents(t.ctx.db, 500, mailFromEvents(t.ctx.config));

async function commit(user: Browser, accountId: string, amount: number) {
  const q = await user.call('POST', '/v1/withdrawal/quote', {
    body: { accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount, orderId: randomUUID() },
  });
  assert.equal(q.status, 200, JSON.stringify(q.body));
  const c = await user.call('POST', '/v1/withdrawal/commit', { body: { accountId, quoteId: q.body.data.quoteId } });
  assert.equal(c.status, 201, JSON.stringify(c.body));
  return c.body.data;
}

const text = (m: ParsedMail) => `${m.subject}\n${m.text}`;

describeEngines('email', (engine) => {
  let inbox: Inbox;
  // The server's port is known only once it listens, before the app starts.
  const env = { SMTP_URL: '', EMAIL_FROM: 'Gateway Mail <mail@gateway.test>' };
  before(async () => {
    inbox = await smtpServer();
    env.SMTP_URL = `smtp://127.0.0.1:${inbox.port}`;
  });
  after(() => inbox.close());
  const app = useTestApp(engine, { env });
  const started = async () => app();

  it('every kind of mail arrives, parsed: customers in their language under the brand, the people of the merchant each theirs', async () => {
    const t = await started();
    const a = await fundedAccount(t, { amount: 99 });
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['EUR', 'USDT']);
    const owner = await member(t, a.tenantId, 'owner');
    const finance = await member(t, a.tenantId, 'finance');
    const developer = await member(t, a.tenantId, 'developer');
    assert.equal(
      (
        await owner.call('PATCH', '/v1/settings', {
          body: { merchantName: 'Café Nord', brandColor: '#aa3300', logo: `data:image/png;base64,${cafeLogo().toString('base64')}` },
        })
      ).status,
      200,
    );

    // Customers: an invoice whose customer picked German on the payment page, and two in English.
    const create = async (orderId: string) =>
      (
        await t.call('POST', '/v1/invoice', {
          key: a.key,
          body: { amount: 25, fiatCurrencyCode: 'EUR', orderId, customerEmail: `${orderId}@buyer.test` },
        })
      ).body.data;
    const paid = await create('paid');
    assert.equal(paid.customerEmail, 'paid@buyer.test');
    assert.equal((await t.call('POST', `/pay/${paid.id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20', lang: 'de' } })).status, 200);
    const under = await create('under');
    assert.equal((await t.call('POST', `/pay/${under.id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } })).status, 200);
    const expired = await create('expired');
    const record = async (id: string) => (await t.call('GET', `/v1/invoice?id=${id}`, { key: a.key })).body.data;
    const p = await record(paid.id);
    const u = await record(under.id);
    await t.ctx.db.transaction().execute(async (trx) => {
      const event = (payload: Record<string, unknown>) =>
        enqueue(trx, {
          tenantId: a.tenantId,
          type: 'invoice.statusChanged',
          aggregateType: 'invoice',
          aggregateId: String(payload.id),
          payload,
        });
      await event({
        ...p,
        status: 'paid',
        cryptoAmountReceived: p.cryptoAmountExpected,
        paidAt: '2026-03-01T10:00:00.000Z',
        txHash: 'abc123',
        previousStatus: 'processing',
      });
      await event({ ...u, status: 'partially_paid', cryptoAmountReceived: '10.123456', previousStatus: 'processing' });
      await event({ ...expired, status: 'expired', previousStatus: 'created' });
    });

    // The merchant's people: an approval waiting (owner commits, finance approves), payouts, an address, sign-ins and 2FA.
    assert.equal((await owner.call('PATCH', '/v1/payout-policy', { body: { approvalAboveUsd: 20 } })).status, 200);
    const w = await commit(owner, a.accountId, 25);
    assert.equal(w.status, 'awaitingApproval');
    assert.equal(
      (
        await owner.call('POST', '/v1/payout-addresses', {
          body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, label: 'Cold store' },
        })
      ).status,
      201,
    );
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const status of ['completed', 'failed']) {
        await enqueue(trx, {
          tenantId: a.tenantId,
          type: 'withdrawal.statusChanged',
          aggregateType: 'withdrawal',
          aggregateId: w.id,
          payload: { ...w, status, transactionHash: status === 'completed' ? '0xfeed' : null },
        });
      }
    });
    assert.equal((await login(t, finance.email, undefined, { ip: '203.0.113.9' })).status, 200, 'a sign-in from a new address');
    assert.equal((await login(t, developer.email)).status, 200, 'the same place as before: no news');
    await withTwoFactor(owner);
    // A webhook endpoint failing for over an hour.
    const delivery = await t.ctx.db.transaction().execute(async (trx) => {
      const id = await enqueue(trx, {
        tenantId: a.tenantId,
        type: 'invoice.statusChanged',
        aggregateType: 'invoice',
        aggregateId: paid.id,
        payload: {},
      });
      return insertDelivery(
        trx,
        { id, tenantId: a.tenantId, type: 'invoice.statusChanged', aggregateType: 'invoice', aggregateId: paid.id },
        'https://hooks.cafe.test/in',
      );
    });
    await sql`update webhook_deliveries set attempts = 9, last_status_code = 502, retry_from = now() - interval '2 hours' where id = ${delivery}`.execute(
      t.ctx.db,
    );

    await dispatch(t);
    assert.equal(await webhookFailingRound(t.ctx.db, t.ctx.config), 2, 'the owner and the developer');
    assert.equal(await webhookFailingRound(t.ctx.db, t.ctx.config), 0, 'told once');
    const sender = senderOf(t);
    while ((await sender.round()) > 0);
    sender.close();

    const de = inbox.to('paid@buyer.test');
    assert.equal(de.length, 1);
    assert.equal(de[0]!.subject, 'Zahlung erhalten · Bestellung Nr. paid');
    assert.equal(de[0]!.from!.value[0]!.name, 'Café Nord');
    assert.equal(de[0]!.from!.value[0]!.address, 'mail@gateway.test');
    assert.match(de[0]!.text!, /Beleg[\s\S]*25,00\s€[\s\S]*abc123[\s\S]*Zahlungsdetails: http:\/\/gateway\.test\/pay\//);
    assert.match(String(de[0]!.html), /<html lang="de">[\s\S]*background:#aa3300/);
    assert.doesNotMatch(
      String(de[0]!.html),
      /(src|href)="https?:\/\/(?!gateway\.test\/pay\/)/,
      'nothing loaded from elsewhere: the only link is the payment page',
    );
    assert.deepEqual(
      de[0]!.attachments.map((x) => [x.contentType, x.cid, x.content.equals(cafeLogo())]),
      [['image/png', 'logo@cryptogate', true]],
    );
    assert.match(de[0]!.messageId!, /^<[0-9a-f-]{36}@gateway\.test>$/);
    const left = inbox.to('under@buyer.test');
    assert.equal(left.length, 1);
    assert.equal(left[0]!.subject, 'Partially paid · Order #under');
    assert.match(left[0]!.text!, /Received 10\.123456 USDT of 28 USDT\.\n\nStill to pay: 17\.876544 USDT\./, 'what is left, to the unit');
    assert.match(text(inbox.to('expired@buyer.test')[0]!), /This invoice has expired/);

    const subjects = (u: Browser) =>
      inbox
        .to(u.email)
        .map((m) => m.subject)
        .sort();
    assert.deepEqual(subjects(owner), [
      'A webhook endpoint has been failing for an hour',
      'Payout address added: USDT_TRC20',
      'Payout completed: 25 USDT',
      'Payout failed: 25 USDT',
      'Two-factor authentication was turned on (Café Nord)',
    ]);
    assert.deepEqual(subjects(finance), [
      'A withdrawal of 25 USDT waits for your approval',
      'New sign-in to Café Nord',
      'Payout address added: USDT_TRC20',
      'Payout completed: 25 USDT',
      'Payout failed: 25 USDT',
    ]);
    assert.deepEqual(subjects(developer), ['A webhook endpoint has been failing for an hour']);
    const signIn = inbox.to(finance.email).find((m) => m.subject?.startsWith('New sign-in'))!;
    assert.match(signIn.text!, /203\.0\.113\.9/);
    assert.equal(signIn.from!.value[0]!.name, 'Gateway Mail');
    assert.match(signIn.text!, /http:\/\/gateway\.test\/dashboard\/settings\/security/);
    const jobs = await t.ctx.db
      .selectFrom('email_jobs')
      .select(['status', sql<string>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    assert.deepEqual(
      jobs.map((j) => [j.status, Number(j.n)]),
      [['sent', inbox.mails.length]],
    );
    const seen = (await owner.call('GET', '/v1/email-settings')).body.data;
    assert.equal(seen.sending, true);
    assert.equal(seen.from, 'Gateway Mail <mail@gateway.test>');
    assert.ok(seen.recent.length > 0 && seen.recent.every((m: { status: string }) => m.status === 'sent'));
  });

  it('a mail held by a worker that died is sent once by another; an event handled twice, or by two workers at once, is one mail', async () => {
    const t = await started();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const before = inbox.mails.length;
    const event = await t.ctx.db.transaction().execute((trx) =>
      enqueue(trx, {
        tenantId: a.tenantId,
        type: 'payoutAddress.added',
        aggregateType: 'payoutAddress',
        aggregateId: randomUUID(),
        payload: { cryptoCurrencyCode: 'BTC', address: 'bc1qexample', label: null, activeAt: new Date().toISOString() },
      }),
    );
    const claimed = await t.ctx.db.selectFrom('outbox_events').selectAll().where('id', '=', event).executeTakeFirstOrThrow();
    const asClaimed = [
      {
        id: event,
        tenantId: a.tenantId,
        type: claimed.event_type,
        aggregateType: claimed.aggregate_type,
        aggregateId: claimed.aggregate_id,
        payload: claimed.payload,
        createdAt: claimed.created_at,
      },
    ];
    for (let i = 0; i < 2; i++) await t.ctx.db.transaction().execute((trx) => writeMailJobs(trx, t.ctx.config, asClaimed));
    await dispatch(t);
    assert.equal(
      Number(
        (
          await t.ctx.db
            .selectFrom('email_jobs')
            .select(sql<string>`count(*)`.as('n'))
            .where('source', '=', `event:${event}`)
            .executeTakeFirstOrThrow()
        ).n,
      ),
      1,
    );

    const dead = senderOf(t);
    assert.equal((await dead.claim()).length, 1, 'the worker that dies took the lease');
    const other = senderOf(t);
    assert.equal(await other.round(), 0, 'not while the lease runs');
    await sql`update email_jobs set lease_until = now() - interval '1 second' where lease_owner = ${dead.owner}`.execute(t.ctx.db);
    assert.equal(await other.round(), 1);
    assert.equal(inbox.to(owner.email).length, 1);

    // Two workers at once over many mails: each sent by exactly one of them.
    await t.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 6; i++) {
        await enqueue(trx, {
          tenantId: a.tenantId,
          type: 'payoutAddress.added',
          aggregateType: 'payoutAddress',
          aggregateId: randomUUID(),
          payload: { cryptoCurrencyCode: 'BTC', address: `bc1q${i}`, label: null, activeAt: new Date().toISOString() },
        });
      }
    });
    await dispatch(t);
    const [x, y] = [senderOf(t), senderOf(t)];
    await Promise.all([x.round(), y.round()]);
    assert.equal(x.counts.sent + y.counts.sent, 6);
    assert.equal(inbox.mails.length - before, 7);
    for (const s of [dead, other, x, y]) s.close();
  });

  it('a kind the owner turned off is not sent; only an owner turns kinds off', async () => {
    const t = await started();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const developer = await member(t, a.tenantId, 'developer');
    const refused = await developer.call('PATCH', '/v1/email-settings', { body: { kinds: { invoicePaid: false } } });
    assert.deepEqual([refused.status, refused.body.code], [403, 'exceptions.auth.insufficientScope']);
    const off = await owner.call('PATCH', '/v1/email-settings', { body: { kinds: { invoicePaid: false, invoiceExpired: true } } });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.data.kinds.invoicePaid, false);
    assert.equal(off.body.data.kinds.invoiceExpired, true);
    assert.equal((await developer.call('GET', '/v1/email-settings')).body.data.kinds.invoicePaid, false, 'every role reads it');
    // An owner with two-factor turns a mail off only with a fresh code; turning one on needs none.
    const guarded = await member(t, a.tenantId, 'owner');
    const two = await withTwoFactor(guarded);
    const silenced = await guarded.call('PATCH', '/v1/email-settings', { body: { kinds: { newSignIn: false } } });
    assert.deepEqual([silenced.status, silenced.body.code], [403, 'exceptions.auth.stepUpRequired']);
    assert.equal((await guarded.call('GET', '/v1/email-settings')).body.data.kinds.newSignIn, true, 'nothing changed');
    assert.equal((await guarded.call('PATCH', '/v1/email-settings', { body: { kinds: { invoicePaid: true } } })).status, 200);
    assert.equal(
      (
        await guarded.call('PATCH', '/v1/email-settings', {
          body: { kinds: { invoicePaid: false } },
          headers: { 'x-totp-code': two.fresh() },
        })
      ).status,
      200,
    );
    const inv = (
      await t.call('POST', '/v1/invoice', {
        key: a.key,
        body: { amount: 5, fiatCurrencyCode: 'USD', orderId: 'off', customerEmail: 'off@buyer.test' },
      })
    ).body.data;
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const status of ['paid', 'expired'])
        await enqueue(trx, {
          tenantId: a.tenantId,
          type: 'invoice.statusChanged',
          aggregateType: 'invoice',
          aggregateId: inv.id,
          payload: { ...inv, status },
        });
    });
    await dispatch(t);
    const kinds = await t.ctx.db.selectFrom('email_jobs').select('kind').where('recipient', '=', 'off@buyer.test').execute();
    assert.deepEqual(
      kinds.map((k) => k.kind),
      ['invoiceExpired'],
    );
  });

  it('an SMTP server down is tried again later, and the mail arrives once it is up', async () => {
    const t = await started();
    // What earlier tests left is sent first, to the suite's server.
    const earlier = senderOf(t);
    while ((await earlier.round()) > 0);
    earlier.close();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const down = await smtpServer();
    await down.close();
    const email = t.ctx.config.email!;
    const config = { ...t.ctx.config, email: { ...email, smtpUrl: `smtp://127.0.0.1:${down.port}` } };
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const address of ['0xabc', '0xdef']) {
        await enqueue(trx, {
          tenantId: a.tenantId,
          type: 'payoutAddress.added',
          aggregateType: 'payoutAddress',
          aggregateId: randomUUID(),
          payload: { cryptoCurrencyCode: 'ETH', address, label: null, activeAt: new Date().toISOString() },
        });
      }
    });
    await dispatch(t);
    const sender = new MailSender(t.ctx.db, config.email, smtpTransport(config.email), { ...SENDER_DEFAULTS, retryBaseS: 60 });
    assert.equal(await sender.round(), 2);
    assert.deepEqual(
      sender.counts,
      { sent: 0, retried: 2, failed: 0 },
      'the second not tried against a server that is down, but due again like the first',
    );
    const jobs = () => t.ctx.db.selectFrom('email_jobs').selectAll().where('recipient', '=', owner.email).orderBy('id').execute();
    for (const job of await jobs()) {
      assert.deepEqual([job.status, job.attempts], ['pending', 1]);
      assert.match(job.last_error!, /ECONNREFUSED|connect/i);
    }
    assert.equal(await sender.round(), 0, 'not again before its pause ends');
    const up = await smtpServer(down.port);
    try {
      await sql`update email_jobs set next_attempt_at = now() where recipient = ${owner.email}`.execute(t.ctx.db);
      assert.equal(await sender.round(), 2);
      assert.deepEqual(
        (await jobs()).map((j) => [j.status, j.attempts, j.last_error]),
        [
          ['sent', 2, null],
          ['sent', 2, null],
        ],
      );
      assert.equal(up.to(owner.email).length, 2);
    } finally {
      sender.close();
      await up.close();
    }
  });

  it("the worker's jobs write and send mail by themselves", async () => {
    const t = await started();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const env = { ctx: t.ctx, log: silentLog };
    const specs = [...webhookJobs(env, mailFromEvents(t.ctx.config)), ...emailJobs(env)];
    assert.deepEqual(
      specs.map((s) => s.name),
      ['webhook-dispatch', 'webhook-deliver', 'email-send', 'email-webhook-watch'],
    );
    const jobs = specs.map((spec) => startJob(t.ctx, silentLog, spec));
    try {
      await t.ctx.db.transaction().execute((trx) =>
        enqueue(trx, {
          tenantId: a.tenantId,
          type: 'payoutAddress.added',
          aggregateType: 'payoutAddress',
          aggregateId: randomUUID(),
          payload: { cryptoCurrencyCode: 'BTC', address: 'bc1qworker', label: 'Vault', activeAt: new Date().toISOString() },
        }),
      );
      await until(async () => inbox.to(owner.email).length === 1, 20_000, 'the mail sent by the jobs');
      assert.match(inbox.to(owner.email)[0]!.text!, /bc1qworker[\s\S]*Vault/);
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
      await Promise.all(specs.map((s) => s.afterStop?.()));
    }
  });

  it('without SMTP_URL nothing is written or sent, and the settings say mail is off', async () => {
    const t = await started();
    const off = await startTestApp(engine, { database: t.ctx.database });
    try {
      assert.equal(off.ctx.config.email, null);
      assert.equal(mailFromEvents(off.ctx.config), undefined);
      assert.deepEqual(emailJobs({ ctx: off.ctx, log: off.app.log }), []);
      const a = await off.tenant();
      const owner = await member(off, a.tenantId, 'owner');
      const before = Number((await off.ctx.db.selectFrom('email_jobs').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
      assert.equal(
        (await owner.call('POST', '/v1/payout-addresses', { body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO } })).status,
        201,
      );
      await dispatchEvents(off.ctx.db, 500, mailFromEvents(off.ctx.config));
      const after = Number((await off.ctx.db.selectFrom('email_jobs').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
      assert.equal(after, before);
      const view = (await owner.call('GET', '/v1/email-settings')).body.data;
      assert.deepEqual([view.sending, view.from], [false, null]);
    } finally {
      await off.close();
    }
  });
});
