/** Dashboard users in tests: invited through the operator API, signed in, calling with their cookie. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../helpers/harness.ts';

export const PASSWORD = 'correct horse battery';

type Res = { status: number; body: any; headers: Record<string, unknown> };

/** A signed-in browser: its cookie and CSRF token, and calls that send them. */
export interface Browser {
  email: string;
  userId: string;
  cookie: string;
  csrf: string;
  me: any;
  /** Sends the cookie, and x-csrf-token unless `csrf: false` (or a string to send instead). */
  call(
    method: string,
    url: string,
    opts?: { body?: unknown; headers?: Record<string, string>; csrf?: boolean | string; ip?: string },
  ): Promise<Res>;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** The session cookie a response sets (name=value), or undefined. */
export function sessionCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  const cookie = all.find((c: string) => c.startsWith('cg_session='));
  return cookie?.split(';')[0];
}

/** A browser holding the session a sign-in or an accepted invitation answered with. */
export function browser(t: TestApp, res: Res, email: string): Browser {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const cookie = sessionCookieOf(res);
  assert.ok(cookie, 'the answer sets the session cookie');
  const me = res.body.data;
  return {
    email,
    userId: me.user.id,
    cookie,
    csrf: me.csrfToken,
    me,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { cookie, ...(opts.headers ?? {}) };
      if (opts.csrf !== false) headers['x-csrf-token'] = typeof opts.csrf === 'string' ? opts.csrf : me.csrfToken;
      return t.call(method, url, { headers, ...(opts.body !== undefined ? { body: opts.body } : {}), ...(opts.ip ? { ip: opts.ip } : {}) });
    },
  };
}

/** Invites a user through the operator API; returns the invitation token (from the link's fragment). */
export async function invite(t: TestApp, body: { tenantId?: string; email: string; role: string }): Promise<{ id: string; token: string }> {
  const res = await t.admin('POST', '/admin/users', body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const url = new URL(res.body.data.inviteUrl);
  assert.equal(url.pathname, '/dashboard/invite');
  return { id: res.body.data.id, token: url.hash.slice(1) };
}

/** A user of the tenant with the role, invited, with a password set, and signed in. */
export async function member(t: TestApp, tenantId: string | undefined, role: string, email = uniqueEmail(role)): Promise<Browser> {
  const { token } = await invite(t, { ...(tenantId ? { tenantId } : {}), email, role });
  const res = await t.call('POST', '/auth/invite', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
  return browser(t, res, email);
}

/** Signs in with email and password (and code); the raw answer. */
export function login(
  t: TestApp,
  email: string,
  password = PASSWORD,
  extra: { totpCode?: string; recoveryCode?: string; ip?: string } = {},
) {
  const { ip, ...rest } = extra;
  return t.call('POST', '/auth/login', { body: { email, password, ...rest }, ...(ip ? { ip } : {}) });
}

/** An authenticator app for a base32 secret, as the tests' user would hold it. */
export function authenticator(secret: string): { code(offsetSteps?: number): string } {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return { code: (offsetSteps = 0) => totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 }) };
}

/** A user's authenticator once two-factor authentication is on: `fresh()` gives a code never used before. */
export interface TwoFactor {
  /** A code of a later time step than any before (two are available right after enabling). */
  fresh(): string;
  /** The recovery codes the enabling answered. */
  recoveryCodes: string[];
}

/**
 * Turns two-factor authentication on for a signed-in user (with the previous time step's code), so
 * the current step's and the next one's codes are fresh: two step-ups without waiting.
 */
export async function withTwoFactor(user: Browser): Promise<TwoFactor> {
  const setup = await user.call('POST', '/auth/totp/setup');
  assert.equal(setup.status, 200, JSON.stringify(setup.body));
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.body.data.secret) });
  // Every code from one instant, so a step boundary meanwhile neither skips nor repeats a step.
  const start = Date.now();
  const enabled = await user.call('POST', '/auth/totp/enable', { body: { code: totp.generate({ timestamp: start - 30_000 }) } });
  assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
  let next = 0;
  return {
    recoveryCodes: enabled.body.data.recoveryCodes,
    fresh() {
      assert.ok(next <= 1, 'two fresh codes per enabling: use another user');
      return totp.generate({ timestamp: start + next++ * 30_000 });
    },
  };
}
