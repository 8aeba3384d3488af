/**
 * Grant ceilings: nobody grants a role or scope they do not hold themselves, nor reaches
 * further than their own account. A key with only users.manage makes no finance user and promotes
 * no viewer; a caller manages only users whose role it covers; a key bound to one account manages no
 * people (they are tenant-wide) and hands out no key beyond its account; a developer mints no
 * withdrawals key. (The closure over every sequence of such grants: grant-closure.test.ts.)
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ROLE_SCOPES } from '../../src/lib/auth/scopes.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, invite, member, uniqueEmail } from './helpers.ts';

const ROLES = ['owner', 'finance', 'developer', 'viewer'] as const;

/** A key of the tenant through the operator API: tenant-wide unless `accountId`. */
async function key(t: TestApp, tenantId: string, scopes: readonly string[], accountId?: string): Promise<string> {
  const res = await t.admin('POST', '/admin/api-keys', { tenantId, scopes, ...(accountId ? { accountId } : {}) });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.key;
}

async function roleOf(t: TestApp, userId: string): Promise<string> {
  return (await t.ctx.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()).role;
}

describeEngines('grant ceilings', (engine) => {
  const app = useTestApp(engine);

  it('a key with only users.manage invites no one and promotes no one; the invited finance user never withdraws', async () => {
    const t = app();
    const a = await t.tenant();
    const narrow = await key(t, a.tenantId, ['users.manage']);
    for (const role of ROLES) {
      const res = await t.call('POST', '/v1/users', { key: narrow, body: { email: uniqueEmail(role), role } });
      assert.deepEqual([res.status, res.body.code], [403, 'exceptions.auth.insufficientScope'], `${role}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.extension.role, role);
      assert.ok(res.body.extension.scopes.length > 0, 'names the scopes the caller lacks');
    }
    const viewer = await invite(t, { tenantId: a.tenantId, email: uniqueEmail('viewer'), role: 'viewer' });
    for (const role of ['finance', 'developer', 'owner']) {
      const res = await t.call('PATCH', `/v1/users/${viewer.id}`, { key: narrow, body: { role } });
      assert.deepEqual([res.status, res.body.code], [403, 'exceptions.auth.insufficientScope'], role);
    }
    assert.equal(await roleOf(t, viewer.id), 'viewer');
    const users = await t.ctx.db.selectFrom('users').select('id').where('tenant_id', '=', a.tenantId).execute();
    assert.equal(users.length, 1, 'nobody was invited');
  });

  it("users.manage with a viewer's reads makes viewers only, and neither demotes nor removes a finance user or an owner", async () => {
    const t = app();
    const a = await t.tenant();
    const reader = await key(t, a.tenantId, ['users.manage', ...ROLE_SCOPES.viewer]);
    const spare = await t.call('POST', '/v1/users', { key: reader, body: { email: uniqueEmail('viewer'), role: 'viewer' } });
    assert.equal(spare.status, 201, JSON.stringify(spare.body));
    assert.equal(
      (await t.call('PATCH', `/v1/users/${spare.body.data.id}`, { key: reader, body: { role: 'finance' } })).body.code,
      'exceptions.auth.insufficientScope',
    );
    const finance = await invite(t, { tenantId: a.tenantId, email: uniqueEmail('finance'), role: 'finance' });
    const owner = await member(t, a.tenantId, 'owner');
    for (const target of [finance.id, owner.userId]) {
      const demote = await t.call('PATCH', `/v1/users/${target}`, { key: reader, body: { role: 'viewer' } });
      assert.deepEqual(
        [demote.status, demote.body.code],
        [403, 'exceptions.auth.insufficientScope'],
        'a role above the caller is not its to change',
      );
      const remove = await t.call('DELETE', `/v1/users/${target}`, { key: reader });
      assert.deepEqual([remove.status, remove.body.code], [403, 'exceptions.auth.insufficientScope'], 'nor to remove');
    }
    assert.deepEqual([await roleOf(t, finance.id), await roleOf(t, owner.userId)], ['finance', 'owner']);
    assert.equal((await owner.call('GET', '/auth/me')).status, 200, 'the owner is still signed in');
    // A caller that covers the role does both.
    const full = await key(t, a.tenantId, ['*']);
    assert.equal((await t.call('PATCH', `/v1/users/${finance.id}`, { key: full, body: { role: 'viewer' } })).status, 200);
    assert.equal((await t.call('DELETE', `/v1/users/${finance.id}`, { key: full })).status, 204);
  });

  it('a key bound to one account manages no people (they reach every account) and hands out no key beyond its account', async () => {
    const t = app();
    const a = await t.tenant();
    const other = (await t.call('POST', '/v1/accounts', { key: await key(t, a.tenantId, ['*']), body: { name: 'Second' } })).body.data.id;
    const bound = await key(t, a.tenantId, ['*'], a.accountId);
    const viewer = await invite(t, { tenantId: a.tenantId, email: uniqueEmail('viewer'), role: 'viewer' });
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/v1/users', { email: uniqueEmail('v'), role: 'viewer' }],
      ['PATCH', `/v1/users/${viewer.id}`, { role: 'finance' }],
      ['DELETE', `/v1/users/${viewer.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { key: bound, ...(body ? { body } : {}) });
      assert.deepEqual(
        [res.status, res.body.code],
        [403, 'exceptions.auth.accountNotAllowed'],
        `${method} ${url}: ${JSON.stringify(res.body)}`,
      );
    }
    assert.equal(await roleOf(t, viewer.id), 'viewer');
    const wide = await t.call('POST', '/v1/api-keys', { key: bound, body: { scopes: ['invoices.list'] } });
    assert.deepEqual([wide.status, wide.body.code], [403, 'exceptions.auth.accountNotAllowed'], 'no tenant-wide key');
    const sideways = await t.call('POST', '/v1/api-keys', { key: bound, body: { scopes: ['invoices.list'], accountId: other } });
    assert.deepEqual(
      [sideways.status, sideways.body.code],
      [403, 'exceptions.auth.accountNotAllowed'],
      "no key of the tenant's other account",
    );
    const own = await t.call('POST', '/v1/api-keys', { key: bound, body: { scopes: ['invoices.list'], accountId: a.accountId } });
    assert.equal(own.status, 201, 'a key of its own account');
  });

  it('a developer mints no withdrawals or conversions key, and makes no finance user', async () => {
    const t = app();
    const a = await t.tenant();
    const developer = await member(t, a.tenantId, 'developer');
    for (const scopes of [
      ['withdrawals.create'],
      ['converting.create'],
      ['*'],
      ['users.manage'],
      ['apiKeys.manage', 'withdrawals.list', 'withdrawals.create'],
    ]) {
      const res = await developer.call('POST', '/v1/api-keys', { body: { scopes, accountId: a.accountId } });
      assert.deepEqual([res.status, res.body.code], [403, 'exceptions.auth.insufficientScope'], JSON.stringify(scopes));
    }
    const ok = await developer.call('POST', '/v1/api-keys', {
      body: { scopes: ['apiKeys.manage', 'webhooks.manage', 'invoices.list'], accountId: a.accountId },
    });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    // Nor does that key of the developer's: a key hands out at most what it holds.
    const minted = await t.call('POST', '/v1/api-keys', {
      key: ok.body.data.key,
      body: { scopes: ['withdrawals.create'], accountId: a.accountId },
    });
    assert.equal(minted.body.code, 'exceptions.auth.insufficientScope');
    assert.equal(
      (await developer.call('POST', '/v1/users', { body: { email: uniqueEmail(), role: 'finance' } })).body.code,
      'exceptions.auth.insufficientScope',
    );
  });
});

describeEngines("a user's keys end with the user", (engine) => {
  const app = useTestApp(engine);

  /** A developer of the tenant with a key of their own, and a key that key minted. */
  async function developerWithKeys(t: TestApp, tenantId: string, accountId: string) {
    const dev = await member(t, tenantId, 'developer');
    const own = await dev.call('POST', '/v1/api-keys', { body: { scopes: ['apiKeys.manage', 'webhooks.manage', 'invoices.list'] } });
    assert.equal(own.status, 201, JSON.stringify(own.body));
    assert.deepEqual([own.body.data.userId, own.body.data.userEmail], [dev.userId, dev.email], "the key is the developer's");
    const minted = await t.call('POST', '/v1/api-keys', { key: own.body.data.key, body: { scopes: ['invoices.list'], accountId } });
    assert.equal(minted.status, 201, JSON.stringify(minted.body));
    assert.equal(minted.body.data.userId, dev.userId, "a key's key is its user's too");
    return { dev, own: own.body.data as { id: string; key: string }, minted: minted.body.data as { id: string; key: string } };
  }

  it("a removed developer's keys (and the keys they minted) are refused at once: no more keys, no secret rotation", async () => {
    const t = app();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const { dev, own, minted } = await developerWithKeys(t, a.tenantId, a.accountId);
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: minted.key })).status, 200);
    assert.equal((await owner.call('DELETE', `/v1/users/${dev.userId}`)).status, 204);
    for (const k of [own.key, minted.key]) assert.equal((await t.call('GET', '/v1/invoice/list', { key: k })).status, 401);
    const mint = await t.call('POST', '/v1/api-keys', { key: own.key, body: { scopes: ['invoices.list'] } });
    assert.deepEqual([mint.status, mint.body.code], [401, 'exceptions.auth.invalidApiKey']);
    assert.equal((await t.call('POST', '/v1/webhook-settings/secret', { key: own.key })).status, 401);
    const listed = (await owner.call('GET', '/v1/api-keys')).body.data;
    for (const id of [own.id, minted.id]) assert.ok(listed.find((k: any) => k.id === id).revokedAt, 'listed as revoked');
    assert.equal(listed.find((k: any) => k.id === a.keyId).revokedAt, null, "the operator's key stays");
    const log = await t.ctx.db
      .selectFrom('audit_log')
      .select(['target_id', 'actor', 'detail'])
      .where('action', '=', 'apiKey.revoked')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    assert.deepEqual(log.map((e) => e.target_id).sort(), [own.id, minted.id].sort());
    assert.ok(log.every((e) => e.actor === owner.email && (e.detail as any).reason === 'userRemoved'));
  });

  it('the operator disabling a user revokes their keys, or hands them to another user whose role covers them', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const first = await developerWithKeys(t, a.tenantId, a.accountId);
    assert.equal((await t.admin('DELETE', `/admin/users/${first.dev.userId}`)).status, 204);
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: first.minted.key })).status, 401);

    const { dev, own, minted } = await developerWithKeys(t, a.tenantId, a.accountId);
    const viewer = await member(t, a.tenantId, 'viewer');
    const heir = await member(t, a.tenantId, 'developer');
    const stranger = await member(t, b.tenantId, 'owner');
    const pending = await invite(t, { tenantId: a.tenantId, email: uniqueEmail('pending'), role: 'owner' });
    for (const to of [stranger.userId, pending.id, dev.userId, a.tenantId]) {
      const res = await t.admin('DELETE', `/admin/users/${dev.userId}?keysTo=${to}`);
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.user.keyRecipientInvalid'], to);
    }
    const lacks = await t.admin('DELETE', `/admin/users/${dev.userId}?keysTo=${viewer.userId}`);
    assert.deepEqual([lacks.status, lacks.body.code], [409, 'exceptions.user.keyRecipientLacksScope']);
    assert.equal((await dev.call('GET', '/auth/me')).status, 200, 'a refused call changes nothing');
    assert.equal((await t.admin('DELETE', `/admin/users/${dev.userId}?keysTo=${heir.userId}`)).status, 204);
    assert.equal((await dev.call('GET', '/auth/me')).status, 401, 'the developer is gone');
    for (const k of [own.key, minted.key])
      assert.equal((await t.call('GET', `/v1/invoice/list?accountId=${a.accountId}`, { key: k })).status, 200, 'the keys work on');
    const keys = await t.ctx.db.selectFrom('api_keys').select('user_id').where('id', 'in', [own.id, minted.id]).execute();
    assert.deepEqual(
      keys.map((k) => k.user_id),
      [heir.userId, heir.userId],
    );
    const handed = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'apiKey.handedOver')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    assert.equal(handed.length, 2);
    assert.ok(handed.every((e) => e.actor === 'operator token' && (e.detail as any).toUserId === heir.userId));
    // They are the heir's now: they end with the heir.
    assert.equal((await t.admin('DELETE', `/admin/users/${heir.userId}`)).status, 204);
    for (const k of [own.key, minted.key]) assert.equal((await t.call('GET', '/v1/invoice/list', { key: k })).status, 401);
  });

  it('narrowing a role revokes the keys the new role does not cover; the others stay', async () => {
    const t = app();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const second = await member(t, a.tenantId, 'owner');
    const money = await second.call('POST', '/v1/api-keys', { body: { scopes: ['withdrawals.create'], accountId: a.accountId } });
    const reads = await second.call('POST', '/v1/api-keys', {
      body: { scopes: ['invoices.list', 'webhooks.manage'], accountId: a.accountId },
    });
    assert.deepEqual([money.status, reads.status], [201, 201]);
    assert.equal((await owner.call('PATCH', `/v1/users/${second.userId}`, { body: { role: 'developer' } })).status, 200);
    assert.equal(
      (
        await t.call('POST', '/v1/withdrawal/quote', {
          key: money.body.data.key,
          body: { cryptoCurrencyCode: 'USDT_TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: 5 },
        })
      ).status,
      401,
    );
    assert.equal((await t.call('GET', '/v1/invoice/list', { key: reads.body.data.key })).status, 200, 'what a developer holds stays');
    const revoked = await t.ctx.db
      .selectFrom('audit_log')
      .select(['target_id', 'detail'])
      .where('action', '=', 'apiKey.revoked')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    assert.deepEqual(
      revoked.map((e) => [e.target_id, (e.detail as any).reason]),
      [[money.body.data.id, 'roleChanged']],
    );
  });

  it('a key made while its user is being removed is refused, or revoked with the others', async () => {
    const t = app();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const { dev, own } = await developerWithKeys(t, a.tenantId, a.accountId);
    const [removed, ...made] = await Promise.all([
      owner.call('DELETE', `/v1/users/${dev.userId}`),
      ...Array.from({ length: 4 }, () =>
        t.call('POST', '/v1/api-keys', { key: own.key, body: { scopes: ['invoices.list'], accountId: a.accountId } }),
      ),
    ]);
    assert.equal(removed!.status, 204);
    for (const res of made) {
      assert.ok([201, 401].includes(res.status), JSON.stringify(res.body));
      if (res.status === 201)
        assert.equal(
          (await t.call('GET', '/v1/invoice/list', { key: res.body.data.key })).status,
          401,
          'made before the removal: revoked with it',
        );
    }
    const live = await t.ctx.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', dev.userId)
      .where('revoked_at', 'is', null)
      .execute();
    assert.deepEqual(live, []);
  });

  it('a key made while its user is being demoted is refused, or revoked with the demotion', async () => {
    const t = app();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    const second = await member(t, a.tenantId, 'owner');
    const [demoted, ...made] = await Promise.all([
      owner.call('PATCH', `/v1/users/${second.userId}`, { body: { role: 'viewer' } }),
      ...Array.from({ length: 4 }, () =>
        second.call('POST', '/v1/api-keys', { body: { scopes: ['withdrawals.create'], accountId: a.accountId } }),
      ),
    ]);
    assert.equal(demoted!.status, 200);
    for (const res of made) assert.ok([201, 403].includes(res.status), JSON.stringify(res.body));
    const live = await t.ctx.db
      .selectFrom('api_keys')
      .select('scopes')
      .where('user_id', '=', second.userId)
      .where('revoked_at', 'is', null)
      .execute();
    assert.deepEqual(live, [], 'a viewer holds no withdrawals key');
  });
});

describeEngines('inviting an email another tenant knows', (engine) => {
  const app = useTestApp(engine);

  it('answers as for a new email, lists it as invited, and never lets its link claim the other tenant’s user', async () => {
    const t = app();
    const a = await t.tenant();
    const b = await t.tenant();
    const ownerA = await member(t, a.tenantId, 'owner');
    const taken = await member(t, b.tenantId, 'owner');
    const pendingElsewhere = uniqueEmail('pending');
    await invite(t, { tenantId: b.tenantId, email: pendingElsewhere, role: 'viewer' });
    const fresh = uniqueEmail('fresh');
    const answers = [];
    for (const email of [fresh, taken.email.toUpperCase(), pendingElsewhere]) {
      const res = await ownerA.call('POST', '/v1/users', { body: { email, role: 'viewer' } });
      assert.equal(res.status, 201, `${email}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(Object.keys(res.body.data).sort(), ['email', 'id', 'inviteUrl', 'role', 'tenantId']);
      assert.equal(res.body.data.tenantId, a.tenantId);
      answers.push(res.body.data);
    }
    const listed = (await ownerA.call('GET', '/v1/users')).body.data;
    for (const x of answers) assert.equal(listed.find((u: any) => u.id === x.id)?.status, 'invited');
    assert.ok(!JSON.stringify(listed).includes(taken.userId), "never the other tenant's user");
    // The same tenant's duplicate is still told (its own users are listed to it anyway).
    assert.equal(
      (await ownerA.call('POST', '/v1/users', { body: { email: taken.email, role: 'viewer' } })).body.code,
      'exceptions.user.emailTaken',
    );

    // The link shows this tenant's invitation; accepting it cannot claim an email that signs in elsewhere.
    const token = new URL(answers[1].inviteUrl).hash.slice(1);
    const info = await t.call('GET', `/auth/invite?token=${token}`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    const accepted = await t.call('POST', '/auth/invite', {
      body: { token, password: 'another passphrase', confirmPassword: 'another passphrase' },
    });
    assert.deepEqual([accepted.status, accepted.body.code], [400, 'exceptions.user.inviteInvalid']);
    const signIn = await t.call('POST', '/auth/login', { body: { email: taken.email, password: PASSWORD } });
    assert.equal(signIn.status, 200, 'the other tenant’s user signs in as before');
    assert.equal(browser(t, signIn, taken.email).me.tenant.id, b.tenantId);
    assert.equal((await t.call('POST', '/auth/login', { body: { email: taken.email, password: 'another passphrase' } })).status, 401);
    // An email only invited elsewhere is claimed by whichever invitation is accepted first.
    const first = new URL(answers[2].inviteUrl).hash.slice(1);
    const joined = await t.call('POST', '/auth/invite', { body: { token: first, password: PASSWORD, confirmPassword: PASSWORD } });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.equal(browser(t, joined, pendingElsewhere).me.tenant.id, a.tenantId);
    // The operator sees every tenant, and is told.
    const byOperator = await t.admin('POST', '/admin/users', {
      tenantId: a.tenantId,
      email: fresh.replace('fresh', 'other'),
      role: 'viewer',
    });
    assert.equal(byOperator.status, 201);
    assert.equal(
      (await t.admin('POST', '/admin/users', { tenantId: a.tenantId, email: taken.email, role: 'viewer' })).body.code,
      'exceptions.user.emailTaken',
    );
  });
});
