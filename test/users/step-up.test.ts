/**
 * Step-up: a session whose user has two-factor authentication confirms every path to
 * moving money or to more rights with a fresh authenticator code (`x-totp-code`). Each path below:
 * refused without a code (403 stepUpRequired, nothing changed), accepted with a fresh code, refused
 * with the code just used (401 invalidSecondFactor, nothing changed). What grants nothing (a reads
 * key, a viewer) asks no code; API keys and sessions without 2FA are not asked.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import { STEP_UP_SCOPES } from '../../src/lib/auth/scopes.ts';
import type { AuditAction } from '../../src/modules/audit/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';
import { invite, member, uniqueEmail, withTwoFactor, type Browser, type TwoFactor } from './helpers.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** One step-up path: the call (a fresh request, and what it acts on, made each time) and the audit entry its success writes. */
interface Path {
  method: string;
  request: () => { url: string; body?: unknown } | Promise<{ url: string; body?: unknown }>;
  ok: number;
  /** The entry a success writes, counted to prove a refused call changed nothing. */
  action: AuditAction;
}

async function entries(t: TestApp, action: AuditAction): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select(sql<string>`count(*)`.as('n'))
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refused without a code, accepted with a fresh one, refused with that same code again; only the accepted call is in the log. */
async function assertStepUp(t: TestApp, who: Browser, codes: TwoFactor, path: Path): Promise<any> {
  let name = path.method;
  const send = async (headers: Record<string, string> = {}) => {
    const { url, body } = await path.request();
    name = `${path.method} ${url}`;
    return who.call(path.method, url, { ...(body !== undefined ? { body } : {}), headers });
  };
  const before = await entries(t, path.action);
  const missing = await send();
  assert.deepEqual(
    [missing.status, missing.body.code],
    [403, 'exceptions.auth.stepUpRequired'],
    `${name} without a code: ${JSON.stringify(missing.body)}`,
  );
  assert.equal(await entries(t, path.action), before, `${name}: refused without a code, nothing changed`);
  const code = codes.fresh();
  const passed = await send({ 'x-totp-code': code });
  assert.equal(passed.status, path.ok, `${name} with a fresh code: ${JSON.stringify(passed.body)}`);
  const replay = await send({ 'x-totp-code': code });
  assert.deepEqual([replay.status, replay.body.code], [401, 'exceptions.auth.invalidSecondFactor'], `${name} with a used code`);
  assert.equal(await entries(t, path.action), before + 1, `${name}: only the confirmed call changed something`);
  return passed.body;
}

/** Writes under a scope of STEP_UP_SCOPES that move no money and grant no rights, and why. */
const NO_STEP_UP = new Map([
  ['POST /v1/withdrawal/quote', 'a quote reserves and moves nothing; its commit is confirmed'],
  ['POST /v1/withdrawal/batch/quote', 'a batch quote reserves and moves nothing; its commit is confirmed'],
  ['POST /v1/converting/preview', 'a price, nothing stored'],
  ['POST /v1/converting/quote', 'a quote moves nothing; its commit is confirmed'],
  ['DELETE /v1/api-keys/:id', 'revoking takes rights away'],
  ['POST /v1/webhook-settings/test', 'a test event to the URL already set'],
  ['POST /v1/webhook-deliveries/:id/redeliver', 'sends a delivery again to the URL already set'],
  ['PATCH /v1/settings', "the payment page's brand: no money, no rights"],
]);
/** The operator's step-up routes: keys, people, where events go, what deposits cost, and tokens sent out. */
const ADMIN_STEP_UP = [
  'POST /admin/api-keys rule',
  'POST /admin/users rule',
  'DELETE /admin/users/:id always',
  'PATCH /admin/tenants/:id rule',
  'POST /admin/tenants/:id/webhook-secret always',
  'POST /admin/unlisted-tokens/:id/move always',
  'POST /admin/held-payments/:id/release always',
  'POST /admin/held-payments/:id/refund always',
  'POST /admin/payout-addresses always',
  'PATCH /admin/tenants/:id/payout-policy always',
  'POST /admin/withdrawals/:id/approve always',
  'POST /admin/withdrawals/:id/reject always',
  // A password reset link opens the user's account to whoever holds it.
  'POST /admin/tenants/:tenantId/users/:id/password-reset always',
];

describeEngines('step-up on every path to money or rights', (engine) => {
  const app = useTestApp(engine);

  it('every write under a scope of STEP_UP_SCOPES asks for step-up, bar the listed ones that move nothing', () => {
    const routes = app().app.declaredRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    const merchant = routes.filter((r) => r.scope && (STEP_UP_SCOPES as readonly string[]).includes(r.scope));
    const unconfirmed = merchant
      .filter((r) => !r.stepUp && !NO_STEP_UP.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url} (${r.scope})`);
    assert.deepEqual(unconfirmed, [], 'a write that may move money or grant rights without step-up');
    const stale = [...NO_STEP_UP.keys()].filter((id) => !merchant.some((r) => `${r.method} ${r.url}` === id && !r.stepUp));
    assert.deepEqual(stale, [], 'exceptions that are no longer routes without step-up');
    const confirmed = routes.filter((r) => r.stepUp);
    assert.ok(
      confirmed.every((r) => r.admin || r.scope),
      'only merchant and operator routes',
    );
    assert.deepEqual(
      confirmed
        .filter((r) => r.admin)
        .map((r) => `${r.method} ${r.url} ${r.stepUp}`)
        .sort(),
      [...ADMIN_STEP_UP].sort(),
    );
    assert.deepEqual(
      confirmed
        .filter((r) => r.scope)
        .map((r) => `${r.method} ${r.url} ${r.stepUp}`)
        .sort(),
      [
        'DELETE /v1/payout-addresses/:id always',
        'DELETE /v1/payout-policy/pending/:id always',
        'DELETE /v1/users/:id always',
        'PATCH /v1/email-settings rule',
        'PATCH /v1/payout-policy always',
        'PATCH /v1/users/:id rule',
        'PATCH /v1/webhook-settings always',
        'POST /v1/api-keys rule',
        'POST /v1/converting/commit always',
        'POST /v1/payout-addresses always',
        'POST /v1/users rule',
        'POST /v1/webhook-settings/secret always',
        'POST /v1/withdrawal/approve always',
        'POST /v1/withdrawal/batch/commit always',
        'POST /v1/withdrawal/commit always',
        'POST /v1/withdrawal/reject always',
      ],
    );
  });

  /** An owner of the tenant with 2FA on: two fresh codes. */
  async function owner(t: TestApp, tenantId: string) {
    const user = await member(t, tenantId, 'owner');
    return { user, codes: await withTwoFactor(user) };
  }

  it('the probe: an owner refused a withdrawal commit cannot route around it through a key, a finance user or a conversion', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const { user } = await owner(t, a.tenantId);
    const quote = await user.call('POST', '/v1/withdrawal/quote', {
      body: { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10 },
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const commit = await user.call('POST', '/v1/withdrawal/commit', { body: { accountId: a.accountId, quoteId: quote.body.data.quoteId } });
    assert.equal(commit.body.code, 'exceptions.auth.stepUpRequired');
    const key = await user.call('POST', '/v1/api-keys', { body: { scopes: ['withdrawals.create'], accountId: a.accountId } });
    assert.deepEqual([key.status, key.body.code], [403, 'exceptions.auth.stepUpRequired'], 'a withdrawals key');
    const wide = await user.call('POST', '/v1/api-keys', { body: { scopes: ['*'] } });
    assert.equal(wide.body.code, 'exceptions.auth.stepUpRequired', 'a key of every scope');
    const finance = await user.call('POST', '/v1/users', { body: { email: uniqueEmail('finance'), role: 'finance' } });
    assert.deepEqual([finance.status, finance.body.code], [403, 'exceptions.auth.stepUpRequired'], 'a finance user');
    const cq = await user.call('POST', '/v1/converting/quote', {
      body: { accountId: a.accountId, fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_BASE', fromAmount: 5 },
    });
    assert.equal(cq.status, 200, JSON.stringify(cq.body));
    const convert = await user.call('POST', '/v1/converting/commit', { body: { accountId: a.accountId, quoteId: cq.body.data.quoteId } });
    assert.deepEqual([convert.status, convert.body.code], [403, 'exceptions.auth.stepUpRequired'], 'a conversion');
    const keys = await t.ctx.db.selectFrom('api_keys').select('id').where('tenant_id', '=', a.tenantId).execute();
    assert.equal(keys.length, 1, 'no key was made');
    const users = await t.ctx.db.selectFrom('users').select('id').where('tenant_id', '=', a.tenantId).execute();
    assert.equal(users.length, 1, 'no user was invited');
    assert.equal(await entries(t, 'conversion.committed'), 0);
  });

  it('keys that move money or grant rights, and roles that do, are confirmed; reads are not', async () => {
    const t = app();
    const a = await t.tenant();
    const { user, codes } = await owner(t, a.tenantId);
    const key = await assertStepUp(t, user, codes, {
      method: 'POST',
      request: () => ({ url: '/v1/api-keys', body: { scopes: ['withdrawals.create'], accountId: a.accountId } }),
      ok: 201,
      action: 'apiKey.created',
    });
    assert.deepEqual(key.data.scopes, ['withdrawals.create']);
    for (const scopes of [['invoices.create', 'invoices.list'], ['balances.list']]) {
      const plain = await user.call('POST', '/v1/api-keys', { body: { scopes, accountId: a.accountId } });
      assert.equal(plain.status, 201, `${scopes}: ${JSON.stringify(plain.body)}`);
    }
    await assertStepUp(t, user, codes, {
      method: 'POST',
      request: () => ({ url: '/v1/users', body: { email: uniqueEmail('finance'), role: 'finance' } }),
      ok: 201,
      action: 'user.invited',
    });
    const viewer = await user.call('POST', '/v1/users', { body: { email: uniqueEmail('viewer'), role: 'viewer' } });
    assert.equal(viewer.status, 201, 'a viewer holds only reads');
  });

  it('promoting a user to a role that moves money or grants rights, and removing a user, are confirmed', async () => {
    const t = app();
    const a = await t.tenant();
    const { user, codes } = await owner(t, a.tenantId);
    const pawn = async () => (await invite(t, { tenantId: a.tenantId, email: uniqueEmail('pawn'), role: 'viewer' })).id;
    const pawnUrl = async () => `/v1/users/${await pawn()}`;
    await assertStepUp(t, user, codes, {
      method: 'PATCH',
      request: async () => ({ url: await pawnUrl(), body: { role: 'developer' } }),
      ok: 200,
      action: 'user.roleChanged',
    });
    const demoted = await user.call('PATCH', await pawnUrl(), { body: { role: 'viewer' } });
    assert.equal(demoted.status, 200, 'no code to keep a viewer a viewer');
    await assertStepUp(t, user, codes, {
      method: 'DELETE',
      request: async () => ({ url: await pawnUrl() }),
      ok: 204,
      action: 'user.removed',
    });
  });

  it('conversion and withdrawal commits (refunds go through the same commit) are confirmed', async () => {
    const t = app();
    const a = await fundedAccount(t, { amount: 99 });
    const { user, codes } = await owner(t, a.tenantId);
    const conversionQuote = async () => {
      const res = await user.call('POST', '/v1/converting/quote', {
        body: { accountId: a.accountId, fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_BASE', fromAmount: 2 },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return { accountId: a.accountId, quoteId: res.body.data.quoteId };
    };
    await assertStepUp(t, user, codes, {
      method: 'POST',
      request: async () => ({ url: '/v1/converting/commit', body: await conversionQuote() }),
      ok: 201,
      action: 'conversion.committed',
    });
    const withdrawalQuote = async () => {
      const body = { accountId: a.accountId, cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5, orderId: randomUUID() };
      const res = await user.call('POST', '/v1/withdrawal/quote', { body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return { accountId: a.accountId, quoteId: res.body.data.quoteId };
    };
    await assertStepUp(t, user, codes, {
      method: 'POST',
      request: async () => ({ url: '/v1/withdrawal/commit', body: await withdrawalQuote() }),
      ok: 201,
      action: 'withdrawal.committed',
    });
    // API keys are not asked: the tenant's own key converts without a code.
    const byKey = await t.call('POST', '/v1/converting/quote', {
      key: a.key,
      body: { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_BASE', fromAmount: 1 },
    });
    assert.equal((await t.call('POST', '/v1/converting/commit', { key: a.key, body: { quoteId: byKey.body.data.quoteId } })).status, 201);
  });

  it('webhook URL changes and secret rotation are confirmed; turning 2FA off takes a fresh code too', async () => {
    const t = app();
    const a = await t.tenant();
    const { user, codes } = await owner(t, a.tenantId);
    let n = 0;
    const hook = () => ({ url: '/v1/webhook-settings', body: { webhookUrl: `https://hooks-${++n}.shop.example.com/in` } });
    await assertStepUp(t, user, codes, { method: 'PATCH', request: hook, ok: 200, action: 'webhook.settingsChanged' });
    await assertStepUp(t, user, codes, {
      method: 'POST',
      request: () => ({ url: '/v1/webhook-settings/secret' }),
      ok: 200,
      action: 'webhook.secretRotated',
    });
    // Turning two-factor off carries its code in the body: a used one is refused, a fresh one accepted.
    const other = await owner(t, a.tenantId);
    assert.equal((await other.user.call('POST', '/auth/totp/disable', { body: {} })).status, 400, 'a code is required');
    const code = other.codes.fresh();
    assert.equal(
      (await other.user.call('PATCH', '/v1/webhook-settings', { body: { webhookUrl: null }, headers: { 'x-totp-code': code } })).status,
      200,
    );
    const used = await other.user.call('POST', '/auth/totp/disable', { body: { code } });
    assert.deepEqual([used.status, used.body.code], [401, 'exceptions.auth.invalidSecondFactor']);
    assert.equal((await other.user.call('POST', '/auth/totp/disable', { body: { code: other.codes.fresh() } })).status, 204);
    // Without 2FA nothing is asked (the owner chose not to have it).
    assert.equal((await other.user.call('POST', '/v1/webhook-settings/secret')).status, 200);
  });

  it("an operator's session with 2FA confirms keys, invitations, disabling users, the webhook secret and money settings", async () => {
    const t = app();
    const a = await t.tenant();
    const first = await member(t, undefined, 'operator');
    const firstCodes = await withTwoFactor(first);
    await assertStepUp(t, first, firstCodes, {
      method: 'POST',
      request: () => ({ url: '/admin/api-keys', body: { tenantId: a.tenantId, scopes: ['users.manage', 'invoices.list'] } }),
      ok: 201,
      action: 'apiKey.created',
    });
    assert.equal(
      (await first.call('POST', '/admin/api-keys', { body: { tenantId: a.tenantId, scopes: ['invoices.list'] } })).status,
      201,
      'a reads key asks no code',
    );
    await assertStepUp(t, first, firstCodes, {
      method: 'POST',
      request: () => ({ url: '/admin/users', body: { tenantId: a.tenantId, email: uniqueEmail('owner'), role: 'owner' } }),
      ok: 201,
      action: 'user.invited',
    });

    const second = await member(t, undefined, 'operator');
    const secondCodes = await withTwoFactor(second);
    const gone = async () => ({
      url: `/admin/users/${(await invite(t, { tenantId: a.tenantId, email: uniqueEmail('gone'), role: 'viewer' })).id}`,
    });
    await assertStepUp(t, second, secondCodes, { method: 'DELETE', request: gone, ok: 204, action: 'user.removed' });
    await assertStepUp(t, second, secondCodes, {
      method: 'POST',
      request: () => ({ url: `/admin/tenants/${a.tenantId}/webhook-secret` }),
      ok: 200,
      action: 'webhook.secretRotated',
    });

    const third = await member(t, undefined, 'operator');
    const thirdCodes = await withTwoFactor(third);
    await assertStepUp(t, third, thirdCodes, {
      method: 'PATCH',
      request: () => ({ url: `/admin/tenants/${a.tenantId}`, body: { depositCommission: 0.01 } }),
      ok: 200,
      action: 'tenant.settingsChanged',
    });
    assert.equal(
      (await third.call('PATCH', `/admin/tenants/${a.tenantId}`, { body: { name: 'Renamed' } })).status,
      200,
      'a name asks no code',
    );
    // The admin token is not asked.
    assert.equal((await t.admin('POST', `/admin/tenants/${a.tenantId}/webhook-secret`)).status, 200);
  });
});
