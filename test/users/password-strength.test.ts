/**
 * New passwords: at least 12 characters and hard to guess by zxcvbn's estimate (common passwords,
 * keyboard patterns, repeats, sequences, the user's own email), wherever one is set: accepting an
 * invitation and changing one's password. `aaaaaaaaaa`, `password12` and ten spaces were accepted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkNewPassword, randomPassword } from '../../src/modules/users/passwords.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';
import { PASSWORD, browser, invite, login, member, uniqueEmail } from './helpers.ts';

/** The three, and their kin: each refused with passwordTooWeak. */
const WEAK = [
  'aaaaaaaaaa',
  'password12',
  ' '.repeat(10),
  'a'.repeat(12),
  ' '.repeat(16),
  'password1234',
  'Password1234!',
  '123456789012',
  'qwertyuiop12',
  'zaq12wsxcde3',
  'abcdefghijkl',
  'iloveyou2024!',
  'abcabcabcabc',
  '19901990199019',
];

const STRONG = [
  'correct horse battery',
  'a long dashboard passphrase',
  'Tr0ub4dor&3x',
  'tangerine oxbow quartet',
  'x'.repeat(3) + ' wombat clarinet glacier' + 'é'.repeat(3),
];

async function refusal(password: string, email: string): Promise<{ message: string; extension: Record<string, unknown> } | null> {
  return checkNewPassword(password, email).then(
    () => null,
    (err: { code?: string; message: string; extension: Record<string, unknown> }) => {
      assert.equal(err.code, 'exceptions.user.passwordTooWeak', password);
      return { message: err.message, extension: err.extension };
    },
  );
}

describe('password strength', () => {
  it('refuses guessable passwords, shorter than 12 characters or not, saying why and what helps', async () => {
    for (const password of WEAK) {
      const r = await refusal(password, 'someone@example.com');
      assert.ok(r, `${JSON.stringify(password)} is refused`);
      assert.equal(r.extension.minLength, 12);
      assert.ok(r.message.length > 20, r.message);
    }
    assert.match((await refusal('aaaaaaaaaa', 'x@example.com'))!.message, /at least 12 characters/);
    assert.match((await refusal('password1234', 'x@example.com'))!.message, /too easy to guess.*commonly used password/);
  });

  it('refuses the email, or the email with a digit; accepts long passphrases and every first-start password', async () => {
    for (const password of ['jane.doe@example.com', 'Jane.Doe@Example.com1', 'jane.doe.1990', 'jane.doe1234']) {
      assert.ok(await refusal(password, 'jane.doe@example.com'), password);
    }
    for (const password of STRONG) assert.equal(await refusal(password, 'someone@example.com'), null, password);
    for (let i = 0; i < 50; i++) {
      const password = randomPassword();
      assert.equal(await refusal(password, 'operator@example.com'), null, `first-start password ${password}`);
    }
  });
});

describeEngines('password strength on the routes that set one', (engine) => {
  const app = useTestApp(engine);

  it('an invitation refuses a weak password with 400 and stays unspent; a strong one signs in', async () => {
    const t = app();
    const a = await t.tenant();
    const email = uniqueEmail('weak');
    const { token } = await invite(t, { tenantId: a.tenantId, email, role: 'owner' });
    for (const password of ['aaaaaaaaaa', 'password12', ' '.repeat(10), 'password1234']) {
      const res = await t.call('POST', '/auth/invite', { body: { token, password, confirmPassword: password } });
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.user.passwordTooWeak'], JSON.stringify(password));
      assert.ok(res.body.message.includes('12 characters') || res.body.message.includes('too easy to guess'), res.body.message);
      assert.equal((await login(t, email, password)).status, 401, 'nothing was set');
    }
    const user = await t.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'invite_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    assert.equal(user.password_hash, null);
    assert.ok(user.invite_hash, 'the invitation can still be accepted');
    browser(t, await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } }), email);
  });

  it('a password change refuses a weak new password and keeps the old one', async () => {
    const t = app();
    const a = await t.tenant();
    const user = await member(t, a.tenantId, 'developer');
    for (const newPassword of ['aaaaaaaaaa', 'password12', ' '.repeat(10), 'qwertyuiop12', user.email]) {
      const res = await user.call('POST', '/auth/password', { body: { currentPassword: PASSWORD, newPassword } });
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.user.passwordTooWeak'], JSON.stringify(newPassword));
    }
    assert.equal((await login(t, user.email)).status, 200, 'the old password still signs in');
  });
});
