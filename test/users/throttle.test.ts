/**
 * Sign-in throttling: ten wrong passwords from anywhere locked the real owner out for 15
 * minutes. Failures now count per (email, address) pair and per address, with a growing wait, in
 * the database every instance shares: an attacker elsewhere cannot lock the owner out, and no
 * address gets more guesses than LOGIN_FAILURES however it sends them.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, startTestApp, useTestApp } from '../helpers/harness.ts';
import { PASSWORD, login, member, uniqueEmail } from './helpers.ts';

describeEngines('sign-in throttling', (engine) => {
  const app = useTestApp(engine, { env: { LOGIN_FAILURES: '10/900' } });

  it('ten wrong passwords from anywhere do not lock the owner out: the right one from a new address signs in', async () => {
    const t = app();
    const a = await t.tenant();
    const owner = await member(t, a.tenantId, 'owner');
    for (let i = 0; i < 12; i++) {
      const res = await login(t, owner.email, `wrong password ${i}`, { ip: `198.51.100.${i + 1}` });
      assert.equal(res.status, 401, `attempt ${i + 1}`);
    }
    const signedIn = await login(t, owner.email, PASSWORD, { ip: '203.0.113.7' });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    // And over IPv6 each /64 is one address: a fresh address in the attacker's block does not help it.
    for (let i = 0; i < 12; i++)
      assert.ok([401, 429].includes((await login(t, owner.email, 'wrong again', { ip: `2001:db8:1:2::${i + 1}` })).status));
    assert.equal((await login(t, owner.email, PASSWORD, { ip: '2001:db8:1:2::ffff' })).status, 429);
    assert.equal((await login(t, owner.email, PASSWORD, { ip: '2001:db8:9:9::1' })).status, 200, 'another /64 is another address');
  });

  it('one address gets at most LOGIN_FAILURES guesses at an email: growing waits, then refused until the window ends, the right password too', async () => {
    const t = app();
    const a = await t.tenant();
    const user = await member(t, a.tenantId, 'viewer');
    const ip = '198.51.100.77';
    const answers: Array<{ status: number; retryAfter: number }> = [];
    for (let i = 0; i < 16; i++) {
      const res = await login(t, user.email, `guess ${i}`, { ip });
      answers.push({ status: res.status, retryAfter: Number(res.headers['retry-after'] ?? 0) });
    }
    const checked = answers.filter((r) => r.status === 401).length;
    assert.ok(checked >= 4 && checked <= 10, `passwords checked: ${checked}`);
    assert.deepEqual(
      answers.slice(0, 4).map((r) => r.status),
      [401, 401, 401, 401],
      'three free failures, then a first wait',
    );
    const waits = answers.filter((r) => r.status === 429).map((r) => r.retryAfter);
    assert.ok(waits.length >= 6, JSON.stringify(answers));
    // The backoff grows; past it, Retry-After is what is left of the window, counting down by the clock.
    const backoff = waits.filter((w) => w <= 60);
    assert.ok(backoff.length >= 3 && backoff.every((w, i) => i === 0 || w > backoff[i - 1]!), `waits grow: ${waits.join(', ')}`);
    assert.ok(
      waits.slice(backoff.length).every((w) => w > 800 && w <= 900),
      `then the window: ${waits.join(', ')}`,
    );
    assert.ok(waits.at(-1)! > 800, `then the window: ${waits.at(-1)}`);
    assert.equal((await login(t, user.email, PASSWORD, { ip })).status, 429, 'the right password from that address too');
    assert.equal((await login(t, user.email, PASSWORD, { ip: '198.51.100.78' })).status, 200, 'not from another');
  });

  it('an address guessing across emails is refused for every email; a right password gives the address its attempt back', async () => {
    const t = app();
    const a = await t.tenant();
    const colleague = await member(t, a.tenantId, 'viewer');
    const office = '203.0.113.50';
    // Colleagues signing in from one office address spend nothing.
    for (let i = 0; i < 15; i++) assert.equal((await login(t, colleague.email, PASSWORD, { ip: office })).status, 200);
    const ip = '203.0.113.99';
    let refused = 0;
    for (let i = 0; i < 14; i++) if ((await login(t, uniqueEmail('guess'), 'whatever password', { ip })).status === 429) refused++;
    assert.ok(refused >= 4, `refused ${refused}`);
    assert.equal((await login(t, colleague.email, PASSWORD, { ip })).status, 429);
    assert.equal((await login(t, colleague.email, PASSWORD, { ip: '203.0.113.100' })).status, 200);
  });

  it('attempts sent at once get no more guesses than one after another', async () => {
    const t = app();
    const a = await t.tenant();
    const user = await member(t, a.tenantId, 'viewer');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, user.email, `burst ${i}`, { ip: '198.51.100.200' })));
    const checked = answers.filter((r) => r.status === 401).length;
    assert.ok(checked <= 10, `${checked} passwords checked`);
    assert.equal(answers.filter((r) => r.status !== 401 && r.status !== 429).length, 0);
  });

  it('counts are shared by every instance on the database', async () => {
    const t = app();
    const other = await startTestApp(engine, { database: t.ctx.database, env: { LOGIN_FAILURES: '10/900' } });
    try {
      const a = await t.tenant();
      const user = await member(t, a.tenantId, 'viewer');
      const ip = '198.51.100.150';
      // Alternating instances: still one budget.
      for (let i = 0; i < 20; i++) await login(i % 2 ? other : t, user.email, `spread ${i}`, { ip });
      for (const instance of [t, other]) assert.equal((await login(instance, user.email, PASSWORD, { ip })).status, 429);
      assert.equal((await login(other, user.email, PASSWORD, { ip: '198.51.100.151' })).status, 200);
    } finally {
      await other.close();
    }
  });
});
