/**
 * The security matrix of the merchant API, route by route (derived from /openapi.json, so a route
 * added without a row here fails): key missing, malformed, unknown or revoked (401); caller outside
 * the key's IP allowlist (403 ipNotAllowed); key without the route's scope (403 insufficientScope);
 * another tenant's key on this tenant's objects or account (404, never the other tenant's data);
 * tenant-wide keys (the account they name, like its own key; another tenant's: 404; none: 400);
 * and the happy path. Then the operator API's token, and secrets never reaching logs or responses.
 * The matrix runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set; the secrets check on PGlite.
 */
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { SCOPES, type Scope } from '../../src/lib/auth/scopes.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { dispatchEvents } from '../../src/modules/webhooks/dispatch.ts';
import { WebhookDeliverer, deliveryOptions } from '../../src/modules/webhooks/deliveries.ts';
import { x402FromConfig } from '../../src/chains/x402/chain.ts';
import { startWorkers } from '../../src/worker.ts';
import { ADMIN_TOKEN, describeEngines, freshDatabase, startTestApp, testConfig, type TestApp } from '../helpers/harness.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { runWatchers } from '../helpers/scenario.ts';

// A withdrawal destination: any valid Tron account but a token contract or a reserved one.
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ALLOWED_IP = '203.0.113.7';
const OUTSIDE_IPS = ['198.51.100.23', '2001:db8::7'];
const RATE_ASSETS = ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB'];
const uid = () => randomBytes(5).toString('hex');
const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;

/** An entry of a tenant's x402 discovery catalog, written as the catalog's routes write one. */
async function catalogEntry(t: TestApp, tenantId: string): Promise<{ id: string; url: string }> {
  const entry = { id: randomUUID(), url: `https://${uid()}.seller.test/paid` };
  const accepts = [
    { scheme: 'exact', network: 'eip155:84532', amount: '1000', asset: randomAddress(), payTo: randomAddress(), maxTimeoutSeconds: 60 },
  ];
  await t.ctx.db
    .insertInto('x402_resources')
    .values({
      id: entry.id,
      tenant_id: tenantId,
      resource: entry.url,
      type: 'http',
      accepts: JSON.stringify(accepts),
      metadata: '{}',
      description: 'A paid resource',
    })
    .execute();
  return entry;
}

/** Routes open without any credential; every other route must be merchant (key) or operator (token). */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /pay/{id}/state',
  'POST /pay/{id}/select',
  'POST /pay/{id}/receipt-email',
  'POST /pay/{id}/simulate',
  'POST /pay/{id}/simulate/mine',
  // The customer portal: keyed by its signed link alone (test/subscriptions/api.test.ts).
  'GET /portal/{token}/customer',
  'PATCH /portal/{token}/customer',
  'GET /portal/{token}/subscriptions',
  'GET /portal/{token}/invoices',
  // A tenant's x402 discovery list, public by design (test/x402/discovery.test.ts).
  'GET /x402/{tenantId}/discovery/resources',
  'POST /portal/{token}/subscriptions/{id}/cancel',
  // The dashboard's session routes: each resolves (and CSRF-checks) the session itself (test/users).
  'POST /auth/login',
  'POST /auth/logout',
  'POST /auth/logout-everywhere',
  'GET /auth/me',
  'GET /auth/invite',
  'POST /auth/invite',
  'POST /auth/password',
  'POST /auth/totp/setup',
  'POST /auth/totp/enable',
  'POST /auth/totp/disable',
  'POST /auth/recovery-codes',
  'GET /auth/password-reset',
  'POST /auth/password-reset',
]);

interface Req {
  url: string;
  body?: unknown;
}
type Res = { status: number; body: any; headers: Record<string, unknown> };

interface Expect {
  status: number;
  code?: string;
}

/** Another tenant's request touching this tenant's objects. */
interface Foreign extends Expect {
  name: string;
  req: (f: Fixture) => Req | Promise<Req>;
  /** Values of tenant A that B itself sent and may see echoed (its own new object carries them). */
  echoes?: (f: Fixture) => string[];
  /**
   * Who sends it: tenant B (default); a third tenant C (whose new objects must not shadow B's other
   * lookups); or a key bound to A's other account (same tenant: may see A's tenant, not the account's objects).
   */
  by?: 'c' | 'sibling';
  check?: (body: any, f: Fixture) => void | Promise<void>;
}

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** As /openapi.json spells it. */
  path: string;
  scope: Scope;
  /** A valid request on tenant A's account (creates what it needs, owned by A). */
  build: (f: Fixture) => Req | Promise<Req>;
  happy: Expect;
  /** Checks the happy answer really is A's object (`res`: the whole answer, headers included). */
  check?: (body: any, f: Fixture, res: Res) => void | Promise<void>;
  /** What tenant B's key gets for the very same request (default: `happy`, on B's own account). */
  asTenantB?: Expect;
  /** Values of tenant A that B's own answer may carry because B itself sent them earlier (its request log shows the paths it called). */
  echoedToB?: (f: Fixture) => string[];
  /** What a key bound to A's other account gets for it (default: `asTenantB`): keys act on one account. */
  asSiblingAccount?: Expect;
  /**
   * What A's tenant-wide key naming A's other account gets (default: what that account's own key
   * gets). A tenant-level route ignores the account a tenant-wide key names: that key has its whole tenant.
   */
  wideOnOtherAccount?: Expect;
  /** What a tenant-wide key naming no account gets (default: 400 where OpenAPI shows the route takes `accountId`, else `happy`). */
  withoutAccount?: Expect;
  /**
   * What the key holding only the route's scope (bound to A's first account) gets, when that alone
   * may not do it (default: `happy`): people are tenant-wide, so only a tenant-wide caller holding
   * every scope of the role manages them (test/users/grants.test.ts).
   */
  onlyScope?: Expect;
  /** More of tenant B's requests naming A's objects. */
  foreign?: Foreign[];
  /** After a refused request: asserts it changed nothing. */
  unchanged?: (f: Fixture, req: Req) => Promise<void>;
}

interface TenantKeys {
  id: string;
  accountId: string;
  key: string;
}

interface Fixture {
  t: TestApp;
  a: TenantKeys & { keyId: string; secondAccountId: string; secondAccountKey: string };
  b: TenantKeys;
  c: TenantKeys;
  /** Tenant-wide keys (every scope) of tenants A and B: each request names its account. */
  wide: { a: string; b: string };
  /** Key with only this scope, usable only from ALLOWED_IP. */
  only: Map<Scope, string>;
  /** Key with every scope but this one. */
  allBut: Map<Scope, string>;
  revoked: string;
  invoice: any;
  /** Tenant A's payment link (its first account's). */
  link: any;
  /** Tenant A's plan (with a trial), customer and their subscription. */
  plan: any;
  customer: any;
  sub: any;
  newSubscription(): Promise<any>;
  deposit: any;
  withdrawal: any;
  openQuote: any;
  /** Tenant A's committed withdrawal batch, and a batch quote of A's left open. */
  batch: any;
  openBatchQuote: any;
  settlement: { id: string; payer: string; payTo: string; transaction: string; amount: string };
  /** Tenant A's entry of its x402 discovery catalog. */
  resource: { id: string; url: string };
  /** Every identifying value of tenant A: none may appear in an answer to anyone else. */
  aValues: string[];
  /** The objects of A's first account: a key bound to its second account sees none of them. */
  accountObjects: string[];
  newInvoice(): Promise<any>;
  newQuote(): Promise<any>;
  newBatchQuote(): Promise<any>;
  /** A dashboard user of tenant A (invited by the operator). */
  aUser: string;
  /** A fresh invited viewer of tenant A: its id. */
  newUser(): Promise<string>;
  /** A fresh key of tenant A's first account (operator API): its id. */
  newKey(): Promise<string>;
  /** Tenant A's default webhook URL (a local receiver); B has none. */
  aWebhookUrl: string;
  /** Tenant A's brand name on the payment page. */
  aBrandName: string;
  /** Tenant A's completed funding deposit, and one delivery of its deposit.statusChanged events. */
  funding: { id: string; deliveryId: string };
  /** A webhook.test of tenant A, delivered. */
  delivery: { id: string; objectId: string };
  /** A fresh webhook.test of tenant A, sent through the API and delivered. */
  newDelivery(): Promise<{ id: string; objectId: string }>;
}

function x402Body() {
  const requirements = {
    scheme: 'exact',
    network: 'eip155:84532',
    amount: '10000',
    asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    payTo: randomAddress(),
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
  };
  const now = Math.floor(Date.now() / 1000);
  return {
    x402Version: 2,
    paymentPayload: {
      x402Version: 2,
      accepted: requirements,
      payload: {
        signature: `0x${'11'.repeat(65)}`,
        authorization: {
          from: randomAddress(),
          to: requirements.payTo,
          value: '10000',
          validAfter: String(now - 60),
          validBefore: String(now + 600),
          nonce: `0x${randomBytes(32).toString('hex')}`,
        },
      },
    },
    paymentRequirements: requirements,
  };
}

/** A conversion request of tenant A's funded USDT into USDC (preview, quote). */
/** A payment in another asset, as the otherAssetReceived events carry it. */
const OTHER_ASSET_PAYMENT = {
  txHash: `0x${'ab'.repeat(32)}`,
  outputIndex: -1,
  network: 'Ethereum',
  cryptoCurrencyCode: 'ETH',
  amount: 0.01,
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  status: 'confirmed',
  confirmations: 3,
  confirmationsRequired: 3,
  blockHeight: 10,
  firstSeenAt: new Date().toISOString(),
  confirmedAt: new Date().toISOString(),
  counted: false,
  onHold: false,
  settlement: { networkFeeAmount: 0.0003, commissionAmount: 0.000097, netAmount: 0.009603, heldAmount: 0 },
};

const conversionBody = () => ({ fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_ERC20', fromAmount: 1.5 });
/** An open conversion quote of tenant A. */
async function newConversionQuote(f: Fixture): Promise<{ quoteId: string }> {
  const res = await f.t.call('POST', '/v1/converting/quote', { key: f.a.key, body: conversionBody() });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}
/** Tenant A's committed conversion, made on first use and shared by the rows below. */
let aConversion: { id: string; quoteId: string } | undefined;
async function committedConversion(f: Fixture): Promise<{ id: string; quoteId: string }> {
  if (aConversion) return aConversion;
  const res = await f.t.call('POST', '/v1/converting/commit', { key: f.a.key, body: { quoteId: (await newConversionQuote(f)).quoteId } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  aConversion = res.body.data;
  return aConversion!;
}

/** Tenant A's row as stored: webhook secret, webhook URLs, brand (and when it last changed). */
/** A call of A's first-account key, once the request log has written it: its id. */
async function loggedCallOfA(f: Fixture): Promise<string> {
  const find = () =>
    f.t.ctx.db
      .selectFrom('request_log')
      .select('id')
      .where('tenant_id', '=', f.a.id)
      .where('api_key_id', '=', f.a.keyId)
      .orderBy('id')
      .executeTakeFirst();
  await until(async () => (await find()) !== undefined, 5000, "a logged call of A's key");
  return String((await find())!.id);
}

const aTenantRow = (f: Fixture) => f.t.ctx.db.selectFrom('tenants').selectAll().where('id', '=', f.a.id).executeTakeFirstOrThrow();
/** Tenant A's row when each request was built, for `unchanged`. */
const aTenantAtBuild = new WeakMap<Req, unknown>();
async function snapshotA(f: Fixture, req: Req): Promise<Req> {
  aTenantAtBuild.set(req, await aTenantRow(f));
  return req;
}
async function aTenantUnchanged(f: Fixture, req: Req): Promise<void> {
  assert.deepEqual(await aTenantRow(f), aTenantAtBuild.get(req), 'a refused request changed tenant A (webhook secret, URLs or brand)');
}
/** Tenant B's own change (B's own tenant): tenant A's row stays as it was. */
function leavesTenantA(name: string, req: () => Req, status: number): Foreign {
  let before: unknown;
  return {
    name,
    req: async (f) => {
      before = await aTenantRow(f);
      return req();
    },
    status,
    check: async (_body, f) => assert.deepEqual(await aTenantRow(f), before, `${name}: tenant A changed`),
  };
}
const aDeliveries = async (f: Fixture) =>
  Number(
    (
      await f.t.ctx.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', f.a.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** How many deliveries tenant A had when each request was built. */
const aDeliveriesAtBuild = new WeakMap<Req, number>();
/** A delivery's status and attempts, as stored. */
async function deliveryState(f: Fixture, id: string) {
  const d = await f.t.ctx.db
    .selectFrom('webhook_deliveries')
    .select(['status', 'attempts', 'retry_from'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const made = await f.t.ctx.db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('delivery_id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...d, made: Number(made.n) };
}
/** A delivery's state when each request was built. */
const deliveryAtBuild = new WeakMap<Req, unknown>();
let fundingDeliveryBefore: unknown;
/** An IPv6 address of the documentation range, unique to one request: it marks the key that request would issue. */
const MARKER_RANGE = '2001:db8:ffff::/48';
const markerIp = () => `2001:db8:ffff::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
/** A CSV export of A's first account: its header row, and the object that must be in it. */
function csvCheck(header: string, id: (f: Fixture) => string) {
  return (body: any, f: Fixture, res: Res) => {
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="[a-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.equal(typeof body, 'string');
    const lines = (body as string).split('\r\n');
    assert.ok(lines[0]!.startsWith(header), lines[0]);
    assert.ok(
      lines.slice(1).some((l) => l.startsWith(`${id(f)},`)),
      `the export lacks ${id(f)}`,
    );
  };
}

const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/v1/accounts',
    scope: 'accounts.list',
    build: () => ({ url: '/v1/accounts' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((a: any) => a.id === f.a.accountId)),
  },
  {
    method: 'POST',
    path: '/v1/accounts',
    scope: 'accounts.create',
    build: () => ({ url: '/v1/accounts', body: { name: `acct-${uid()}` } }),
    happy: { status: 201 },
    unchanged: async (f, req) => {
      const names = (await f.t.call('GET', '/v1/accounts', { key: f.a.key })).body.data.map((a: any) => a.name);
      assert.ok(!names.includes((req.body as any).name), 'a refused request created an account');
    },
  },
  {
    method: 'GET',
    path: '/v1/users',
    scope: 'users.list',
    build: () => ({ url: '/v1/users' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((u: any) => u.id === f.aUser)),
  },
  {
    method: 'POST',
    path: '/v1/users',
    scope: 'users.manage',
    build: () => ({ url: '/v1/users', body: { email: `invitee-${uid()}@example.com`, role: 'viewer' } }),
    happy: { status: 201 },
    // People are tenant-wide: keys bound to one account (B's, A's other account's) manage none; A's tenant-wide key does, whatever account it names.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 201 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    unchanged: async (f, req) => {
      const emails = (await f.t.call('GET', '/v1/users', { key: f.a.key })).body.data.map((u: any) => u.email);
      assert.ok(!emails.includes((req.body as any).email), 'a refused request invited a user');
    },
  },
  {
    method: 'PATCH',
    path: '/v1/users/{id}',
    scope: 'users.manage',
    build: async (f) => ({ url: `/v1/users/${await f.newUser()}`, body: { role: 'finance' } }),
    happy: { status: 200 },
    // People are tenant-wide: keys bound to one account (B's, A's other account's) manage none; A's tenant-wide key does, whatever account it names.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 200 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    unchanged: async (f, req) => {
      const id = req.url.split('/')[3]!.split('?')[0];
      const user = (await f.t.call('GET', '/v1/users', { key: f.a.key })).body.data.find((u: any) => u.id === id);
      assert.equal(user.role, 'viewer', 'a refused request changed the role');
    },
  },
  {
    method: 'DELETE',
    path: '/v1/users/{id}',
    scope: 'users.manage',
    build: async (f) => ({ url: `/v1/users/${await f.newUser()}` }),
    happy: { status: 204 },
    // People are tenant-wide: keys bound to one account (B's, A's other account's) manage none; A's tenant-wide key does, whatever account it names.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 204 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    unchanged: async (f, req) => {
      const id = req.url.split('/')[3]!.split('?')[0];
      const user = (await f.t.call('GET', '/v1/users', { key: f.a.key })).body.data.find((u: any) => u.id === id);
      assert.equal(user.status, 'invited', 'a refused request removed the user');
    },
  },
  {
    method: 'GET',
    path: '/v1/audit-log',
    scope: 'audit.list',
    build: () => ({ url: '/v1/audit-log' }),
    happy: { status: 200 },
    // A's log is busy (invitations, commits); every entry is A's own (no leak: the matrix checks it for the others).
    check: (b) => assert.ok(b.total > 0 && b.data.every((e: any) => typeof e.actor === 'string' && typeof e.action === 'string')),
  },
  {
    method: 'GET',
    path: '/v1/api-keys',
    scope: 'apiKeys.list',
    build: () => ({ url: '/v1/api-keys' }),
    happy: { status: 200 },
    check: (b, f) => {
      assert.ok(b.data.some((k: any) => k.id === f.a.keyId));
      assert.ok(
        b.data.every((k: any) => !('key' in k)),
        'a listed key carries the key itself',
      );
    },
    foreign: [
      {
        name: "A's other account lists its own keys, not the first account's",
        by: 'sibling',
        req: () => ({ url: '/v1/api-keys' }),
        status: 200,
        check: (body, f) =>
          assert.ok(body.data.length > 0 && body.data.every((k: any) => k.accountId === f.a.secondAccountId), JSON.stringify(body.data)),
      },
    ],
  },
  {
    method: 'POST',
    path: '/v1/api-keys',
    scope: 'apiKeys.manage',
    // Bound to A's account (an account-bound caller hands out no tenant-wide key), with no more than
    // the scope the `only` key holds; its allowlist entry marks the key this very request would issue.
    build: (f) => ({ url: '/v1/api-keys', body: { scopes: ['apiKeys.manage'], allowedIps: [markerIp()], accountId: f.a.accountId } }),
    happy: { status: 201 },
    check: (b, f) => {
      assert.equal(b.data.accountId, f.a.accountId);
      assert.ok(b.data.key.startsWith(b.data.keyStart));
    },
    // The body names A's account: another tenant's (404), another account of the caller's tenant (403).
    asTenantB: { status: 404, code: 'exceptions.account.notFound' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    // A tenant-wide key naming no account issues a tenant-wide key.
    withoutAccount: { status: 201 },
    unchanged: async (f, req) => {
      const ip = (req.body as any).allowedIps[0];
      const keys = await f.t.ctx.db.selectFrom('api_keys').select('allowed_ips').execute();
      assert.ok(!keys.some((k) => k.allowed_ips?.includes(ip)), 'a refused request issued a key');
    },
  },
  {
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    scope: 'apiKeys.manage',
    build: async (f) => ({ url: `/v1/api-keys/${await f.newKey()}` }),
    happy: { status: 204 },
    // Another tenant's key, and (for a key bound to A's other account) another account's key: not found.
    asTenantB: { status: 404, code: 'exceptions.apiKey.notFound' },
    // A tenant-level route: A's tenant-wide key manages every key of its tenant, whatever account it names.
    wideOnOtherAccount: { status: 204 },
    unchanged: async (f, req) => {
      const id = req.url.split('/')[3]!.split('?')[0]!;
      const key = await f.t.ctx.db.selectFrom('api_keys').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(key.revoked_at, null, 'a refused request revoked the key');
    },
  },
  {
    method: 'GET',
    path: '/v1/payout-addresses',
    scope: 'payouts.list',
    build: () => ({ url: '/v1/payout-addresses' }),
    happy: { status: 200 },
    check: (b) => assert.deepEqual([b.total, b.data], [0, []], "A's book is empty: nothing of another tenant's shows"),
  },
  {
    method: 'GET',
    path: '/v1/payout-policy',
    scope: 'payouts.list',
    build: () => ({ url: '/v1/payout-policy' }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.data.allowlistOnly, false),
  },
  // Where money may go is changed by signed-in people only (test/payouts): every key is refused, its scope or not.
  ...(
    [
      [
        'POST',
        '/v1/payout-addresses',
        'payouts.manage',
        () => ({ url: '/v1/payout-addresses', body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO } }),
      ],
      ['DELETE', '/v1/payout-addresses/{id}', 'payouts.manage', () => ({ url: `/v1/payout-addresses/${randomUUID()}` })],
      ['PATCH', '/v1/payout-policy', 'payoutPolicy.manage', () => ({ url: '/v1/payout-policy', body: { allowlistOnly: true } })],
      ['DELETE', '/v1/payout-policy/pending/{id}', 'payoutPolicy.manage', () => ({ url: `/v1/payout-policy/pending/${randomUUID()}` })],
      ['POST', '/v1/withdrawal/approve', 'withdrawals.create', () => ({ url: '/v1/withdrawal/approve', body: { id: randomUUID() } })],
      ['POST', '/v1/withdrawal/reject', 'withdrawals.create', () => ({ url: '/v1/withdrawal/reject', body: { id: randomUUID() } })],
    ] as const
  ).map(
    ([method, path, scope, build]): Row => ({
      method,
      path,
      scope,
      build,
      happy: { status: 403, code: 'exceptions.auth.sessionOnly' },
      // Tenant-wide like the webhook settings: a key bound to one account is refused that first.
      asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
      asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
      onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
      wideOnOtherAccount: { status: 403, code: 'exceptions.auth.sessionOnly' },
      unchanged: async (f) => {
        const book = await f.t.ctx.db.selectFrom('payout_addresses').select('id').where('tenant_id', '=', f.a.id).execute();
        const policy = await f.t.ctx.db.selectFrom('payout_policies').select('tenant_id').where('tenant_id', '=', f.a.id).execute();
        assert.deepEqual([book.length, policy.length], [0, 0], 'a key changed where money may go');
      },
    }),
  ),
  {
    method: 'GET',
    path: '/v1/webhook-settings',
    scope: 'webhooks.list',
    build: () => ({ url: '/v1/webhook-settings' }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.webhookUrl, f.aWebhookUrl),
  },
  {
    method: 'PATCH',
    path: '/v1/webhook-settings',
    scope: 'webhooks.manage',
    // The deposit URL (A's default URL, where its test events go, stays).
    build: (f) =>
      snapshotA(f, { url: '/v1/webhook-settings', body: { depositWebhookUrl: `https://deposits-${uid()}.shop.example.com/hook` } }),
    happy: { status: 200 },
    check: (b, f) => {
      assert.equal(b.data.webhookUrl, f.aWebhookUrl);
      assert.match(b.data.depositWebhookUrl, /^https:\/\/deposits-[0-9a-f]+\.shop\.example\.com\/hook$/);
    },
    // The whole tenant's setting: keys bound to one account (B's, A's other account's, one with only its scope) change none; A's tenant-wide key does.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 200 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    foreign: [
      leavesTenantA(
        "B sets its own deposit URL: A's settings stay",
        () => ({ url: '/v1/webhook-settings', body: { depositWebhookUrl: `https://b-${uid()}.shop.example.com/hook` } }),
        403,
      ),
    ],
    unchanged: aTenantUnchanged,
  },
  {
    method: 'POST',
    path: '/v1/webhook-settings/secret',
    scope: 'webhooks.manage',
    build: (f) => snapshotA(f, { url: '/v1/webhook-settings/secret' }),
    happy: { status: 200 },
    check: async (b, f) => assert.equal(b.data.secret, (await aTenantRow(f)).webhook_secret, "the new secret is A's"),
    // The whole tenant's setting: keys bound to one account (B's, A's other account's, one with only its scope) change none; A's tenant-wide key does.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 200 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    foreign: [leavesTenantA("B rotates its own secret: A's stays", () => ({ url: '/v1/webhook-settings/secret' }), 403)],
    unchanged: aTenantUnchanged,
  },
  {
    method: 'POST',
    path: '/v1/webhook-settings/test',
    scope: 'webhooks.manage',
    build: async (f) => {
      const req = { url: '/v1/webhook-settings/test' };
      aDeliveriesAtBuild.set(req, await aDeliveries(f));
      return req;
    },
    happy: { status: 202 },
    check: async (b, f) => {
      const d = await f.t.ctx.db
        .selectFrom('webhook_deliveries')
        .select(['tenant_id', 'url', 'event_type'])
        .where('id', '=', b.data.deliveryId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(d, { tenant_id: f.a.id, url: f.aWebhookUrl, event_type: 'webhook.test' });
    },
    // B has no default URL: its own test is refused (and goes nowhere near A's).
    asTenantB: { status: 400, code: 'exceptions.webhook.noUrl' },
    // The tenant's URL: any account's key of the tenant may test it.
    asSiblingAccount: { status: 202 },
    unchanged: async (f, req) => assert.equal(await aDeliveries(f), aDeliveriesAtBuild.get(req), 'a refused request sent a test event'),
  },
  {
    method: 'GET',
    path: '/v1/webhook-deliveries',
    scope: 'webhooks.list',
    build: (f) => ({ url: `/v1/webhook-deliveries?objectId=${f.delivery.objectId}` }),
    happy: { status: 200 },
    check: (b, f) => assert.deepEqual([b.total, b.data[0]?.id, b.data[0]?.url], [1, f.delivery.id, f.aWebhookUrl]),
    foreign: [
      { name: 'its whole list', req: () => ({ url: '/v1/webhook-deliveries?limit=100' }), status: 200 },
      {
        name: "about A's deposit",
        req: (f) => ({ url: `/v1/webhook-deliveries?objectId=${f.funding.id}` }),
        status: 200,
        check: (body) => assert.equal(body.total, 0),
      },
      {
        name: "A's other account, about the first account's deposit",
        by: 'sibling',
        req: (f) => ({ url: `/v1/webhook-deliveries?objectId=${f.funding.id}` }),
        status: 200,
        check: (body) => assert.equal(body.total, 0, "the deliveries of the first account's deposit"),
      },
    ],
  },
  {
    method: 'GET',
    path: '/v1/webhook-deliveries/{id}',
    scope: 'webhooks.list',
    build: (f) => ({ url: `/v1/webhook-deliveries/${f.delivery.id}` }),
    happy: { status: 200 },
    check: (b, f) => {
      assert.deepEqual([b.data.id, b.data.event, b.data.status], [f.delivery.id, 'webhook.test', 'delivered']);
      assert.equal(b.data.attempts[0].outcome, 'delivered');
    },
    asTenantB: { status: 404, code: 'exceptions.webhookDelivery.notFound' },
    // A test event sent by A's account-bound key is that account's: A's other account does not see
    // it, A's tenant-wide key (which has the whole tenant) does, whatever account it names.
    asSiblingAccount: { status: 404, code: 'exceptions.webhookDelivery.notFound' },
    wideOnOtherAccount: { status: 200 },
    foreign: [
      {
        name: "a delivery of A's deposit event",
        req: (f) => ({ url: `/v1/webhook-deliveries/${f.funding.deliveryId}` }),
        status: 404,
        code: 'exceptions.webhookDelivery.notFound',
      },
      {
        name: "A's other account, a delivery of the first account's deposit event",
        by: 'sibling',
        req: (f) => ({ url: `/v1/webhook-deliveries/${f.funding.deliveryId}` }),
        status: 404,
        code: 'exceptions.webhookDelivery.notFound',
      },
    ],
  },
  {
    method: 'POST',
    path: '/v1/webhook-deliveries/{id}/redeliver',
    scope: 'webhooks.manage',
    build: async (f) => {
      const { id } = await f.newDelivery();
      const req = { url: `/v1/webhook-deliveries/${id}/redeliver` };
      deliveryAtBuild.set(req, await deliveryState(f, id));
      return req;
    },
    happy: { status: 202 },
    check: (b) => assert.deepEqual([b.data.status, b.data.attempts], ['pending', 1]),
    asTenantB: { status: 404, code: 'exceptions.webhookDelivery.notFound' },
    asSiblingAccount: { status: 404, code: 'exceptions.webhookDelivery.notFound' },
    wideOnOtherAccount: { status: 202 },
    foreign: [
      {
        name: "A's other account, a delivery of the first account's deposit event",
        by: 'sibling',
        req: async (f) => {
          fundingDeliveryBefore = await deliveryState(f, f.funding.deliveryId);
          return { url: `/v1/webhook-deliveries/${f.funding.deliveryId}/redeliver` };
        },
        status: 404,
        code: 'exceptions.webhookDelivery.notFound',
        check: async (_body, f) =>
          assert.deepEqual(await deliveryState(f, f.funding.deliveryId), fundingDeliveryBefore, 'the delivery was reopened'),
      },
    ],
    unchanged: async (f, req) => {
      const id = req.url.split('/')[3]!;
      assert.deepEqual(await deliveryState(f, id), deliveryAtBuild.get(req), 'a refused request reopened the delivery');
    },
  },
  {
    method: 'GET',
    path: '/v1/request-log',
    scope: 'requestLog.list',
    build: () => ({ url: '/v1/request-log?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => {
      assert.ok(b.data.length > 0, 'an empty request log');
      const own = [f.a.accountId, f.a.secondAccountId, null];
      assert.ok(
        b.data.every((e: any) => own.includes(e.accountId) && e.actor.startsWith('api key ')),
        JSON.stringify(b.data.slice(0, 3)),
      );
    },
    // B's own calls naming A's objects in their path (refused, 404) are in B's log as B sent them.
    echoedToB: (f) => [f.settlement.id, f.delivery.id],
    foreign: [
      {
        name: "A's other account sees only its own account's requests",
        by: 'sibling',
        req: () => ({ url: '/v1/request-log?limit=100' }),
        status: 200,
        check: (body, f) =>
          assert.ok(
            body.data.every((e: any) => e.accountId === f.a.secondAccountId),
            JSON.stringify(body.data.slice(0, 3)),
          ),
      },
    ],
  },
  {
    method: 'GET',
    path: '/v1/request-log/{id}',
    scope: 'requestLog.list',
    build: async (f) => ({ url: `/v1/request-log/${await loggedCallOfA(f)}` }),
    happy: { status: 200 },
    check: (b, f) => assert.deepEqual([b.data.accountId, b.data.apiKeyId], [f.a.accountId, f.a.keyId]),
    asTenantB: { status: 404, code: 'exceptions.requestLog.notFound' },
    // A call of A's first account: A's other account does not see it, A's tenant-wide key does.
    asSiblingAccount: { status: 404, code: 'exceptions.requestLog.notFound' },
    wideOnOtherAccount: { status: 200 },
  },
  {
    method: 'GET',
    path: '/v1/settings',
    scope: 'accounts.list',
    build: () => ({ url: '/v1/settings' }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.merchantName, f.aBrandName),
  },
  {
    method: 'PATCH',
    path: '/v1/settings',
    scope: 'settings.manage',
    build: (f) => snapshotA(f, { url: '/v1/settings', body: { brandColor: `#${randomBytes(3).toString('hex')}` } }),
    happy: { status: 200 },
    check: (b, f) => {
      assert.equal(b.data.merchantName, f.aBrandName);
      assert.match(b.data.brandColor, /^#[0-9a-f]{6}$/);
    },
    // The whole tenant's setting: keys bound to one account (B's, A's other account's, one with only its scope) change none; A's tenant-wide key does.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 200 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    foreign: [
      leavesTenantA(
        "B changes its own brand: A's stays",
        () => ({ url: '/v1/settings', body: { brandColor: '#123456', merchantName: `B-brand-${uid()}` } }),
        403,
      ),
    ],
    unchanged: aTenantUnchanged,
  },
  {
    method: 'GET',
    path: '/v1/email-settings',
    scope: 'accounts.list',
    build: () => ({ url: '/v1/email-settings' }),
    happy: { status: 200 },
    check: (b) => assert.equal(typeof b.data.kinds.invoicePaid, 'boolean'),
  },
  {
    method: 'PATCH',
    path: '/v1/email-settings',
    scope: 'settings.manage',
    build: (f) => snapshotA(f, { url: '/v1/email-settings', body: { kinds: { invoiceExpired: randomBytes(1)[0]! % 2 === 0 } } }),
    happy: { status: 200 },
    check: (b) => assert.equal(typeof b.data.kinds.invoiceExpired, 'boolean'),
    // The whole tenant's setting, like the brand: keys bound to one account change none.
    asTenantB: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    wideOnOtherAccount: { status: 200 },
    onlyScope: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    foreign: [
      leavesTenantA(
        "B turns its own mail off: A's stays",
        () => ({ url: '/v1/email-settings', body: { kinds: { invoicePaid: false } } }),
        403,
      ),
    ],
    unchanged: aTenantUnchanged,
  },
  {
    method: 'GET',
    path: '/v1/balances',
    scope: 'balances.list',
    build: () => ({ url: '/v1/balances' }),
    happy: { status: 200 },
    check: (b) => assert.ok(b.data.some((x: any) => x.cryptoCurrencyCode === 'USDT_TRC20' && x.amount > 0)),
  },
  {
    method: 'POST',
    path: '/v1/invoice',
    scope: 'invoices.create',
    build: () => ({ url: '/v1/invoice', body: { amount: 25, fiatCurrencyCode: 'USD', orderId: `inv-${uid()}` } }),
    happy: { status: 201 },
    foreign: [
      {
        name: "C creates an invoice with A's orderId: its own invoice, not A's 409 with A's id",
        by: 'c',
        req: (f) => ({ url: '/v1/invoice', body: { amount: 30, fiatCurrencyCode: 'USD', orderId: f.invoice.orderId } }),
        status: 201,
        echoes: (f) => [f.invoice.orderId],
      },
      {
        name: "A's other account reuses the orderId (unique per tenant): 409, without the id of the other account's invoice",
        by: 'sibling',
        req: (f) => ({ url: '/v1/invoice', body: { amount: 30, fiatCurrencyCode: 'USD', orderId: f.invoice.orderId } }),
        status: 409,
        code: 'exceptions.invoice.orderIdAlreadyExists',
        echoes: (f) => [f.invoice.orderId],
        check: async (body, f) => {
          assert.equal(body.extension, undefined);
          // The invoice's own account is told which invoice holds the orderId.
          const own = await f.t.call('POST', '/v1/invoice', {
            key: f.a.key,
            body: { amount: 30, fiatCurrencyCode: 'USD', orderId: f.invoice.orderId },
          });
          assert.equal(own.status, 409);
          assert.equal(own.body.extension.id, f.invoice.id);
        },
      },
    ],
    unchanged: async (f, req) => {
      const found = await f.t.call('GET', `/v1/invoice?orderId=${(req.body as any).orderId}`, { key: f.a.key });
      assert.equal(found.status, 404, 'a refused request created an invoice');
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/invoice?id=${f.invoice.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.invoice.id),
    asTenantB: { status: 404, code: 'exceptions.invoice.notFound' },
    foreign: [
      // The code of any unknown orderId: nothing says the orderId is taken elsewhere.
      {
        name: "A's orderId",
        req: (f) => ({ url: `/v1/invoice?orderId=${encodeURIComponent(f.invoice.orderId)}` }),
        status: 404,
        code: 'exceptions.invoice.notFoundByOrderId',
      },
      {
        name: "A's id and orderId",
        req: (f) => ({ url: `/v1/invoice?id=${f.invoice.id}&orderId=${encodeURIComponent(f.invoice.orderId)}` }),
        status: 404,
        code: 'exceptions.invoice.notFound',
      },
    ],
  },
  {
    method: 'GET',
    path: '/v1/invoice/list',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/invoice/list?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((i: any) => i.id === f.invoice.id)),
    foreign: [{ name: 'status filter', req: () => ({ url: '/v1/invoice/list?status=created&limit=100' }), status: 200 }],
  },
  {
    method: 'GET',
    path: '/v1/invoice/payments',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/invoice/payments?id=${f.invoice.id}` }),
    happy: { status: 200 },
    // A's invoice is unpaid: its list is empty, but it is A's (B and A's other account get 404).
    check: (b) => assert.deepEqual(b.data, []),
    asTenantB: { status: 404, code: 'exceptions.invoice.notFound' },
    foreign: [
      {
        name: "A's deposit id as an invoice",
        req: (f) => ({ url: `/v1/invoice/payments?id=${f.funding.id}` }),
        status: 404,
        code: 'exceptions.invoice.notFound',
      },
    ],
  },
  {
    method: 'POST',
    path: '/v1/invoice/cancel',
    scope: 'invoices.cancel',
    build: async (f) => ({ url: '/v1/invoice/cancel', body: { id: (await f.newInvoice()).id } }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.data.status, 'cancelled'),
    asTenantB: { status: 404, code: 'exceptions.invoice.notFound' },
    foreign: [
      {
        name: "A's orderId in the body",
        req: async (f) => ({ url: '/v1/invoice/cancel', body: { orderId: (await f.newInvoice()).orderId } }),
        status: 404,
        code: 'exceptions.invoice.notFoundByOrderId',
      },
      {
        name: "A's id in the query",
        req: async (f) => ({ url: `/v1/invoice/cancel?id=${(await f.newInvoice()).id}` }),
        status: 404,
        code: 'exceptions.invoice.notFound',
      },
    ],
    unchanged: async (f, req) => {
      const inv = await f.t.call('GET', `/v1/invoice?id=${(req.body as any).id}`, { key: f.a.key });
      assert.equal(inv.body.data.status, 'created', 'a refused request cancelled the invoice');
    },
  },
  {
    method: 'POST',
    path: '/v1/payment-links',
    scope: 'invoices.create',
    build: () => ({ url: '/v1/payment-links', body: { title: `link-${uid()}`, fiatCurrencyCode: 'USD', minAmount: 5, maxAmount: 50 } }),
    happy: { status: 201 },
    check: (b) => assert.match(b.data.url, /\/pay\/link\/[A-Za-z0-9_-]{22}$/),
    unchanged: async (f, req) => {
      const links = (await f.t.call('GET', '/v1/payment-links?limit=100', { key: f.a.key })).body.data;
      assert.ok(!links.some((l: any) => l.title === (req.body as any).title), 'a refused request made a link');
    },
  },
  {
    method: 'GET',
    path: '/v1/payment-links',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/payment-links?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((l: any) => l.id === f.link.id)),
  },
  {
    method: 'GET',
    path: '/v1/payment-links/{id}',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/payment-links/${f.link.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.link.id),
    asTenantB: { status: 404, code: 'exceptions.paymentLink.notFound' },
  },
  {
    method: 'GET',
    path: '/v1/payment-links/{id}/qr.svg',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/payment-links/${f.link.id}/qr.svg` }),
    happy: { status: 200 },
    check: (b, _f, res) => {
      assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
      assert.match(String(b), /^<svg/);
    },
    asTenantB: { status: 404, code: 'exceptions.paymentLink.notFound' },
  },
  {
    method: 'PATCH',
    path: '/v1/payment-links/{id}',
    scope: 'invoices.create',
    // Turned on: what it is already, so the happy calls leave A's link open for the others.
    build: (f) => ({ url: `/v1/payment-links/${f.link.id}`, body: { active: true } }),
    happy: { status: 200 },
    check: (b, f) => assert.deepEqual([b.data.id, b.data.active], [f.link.id, true]),
    asTenantB: { status: 404, code: 'exceptions.paymentLink.notFound' },
    foreign: [
      {
        name: "B turns A's link off",
        req: (f) => ({ url: `/v1/payment-links/${f.link.id}`, body: { active: false } }),
        status: 404,
        code: 'exceptions.paymentLink.notFound',
      },
    ],
    unchanged: async (f) => {
      const link = (await f.t.call('GET', `/v1/payment-links/${f.link.id}`, { key: f.a.key })).body.data;
      assert.equal(link.active, true, "a refused request turned A's link off");
    },
  },
  {
    method: 'POST',
    path: '/v1/plans',
    scope: 'invoices.create',
    build: () => ({ url: '/v1/plans', body: { name: `plan-${uid()}`, amount: 5, fiatCurrencyCode: 'USD', interval: 'week' } }),
    happy: { status: 201 },
    check: (b) => assert.equal(b.data.interval, 'week'),
  },
  {
    method: 'GET',
    path: '/v1/plans',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/plans?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((p: any) => p.id === f.plan.id)),
  },
  {
    method: 'GET',
    path: '/v1/plans/{id}',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/plans/${f.plan.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.plan.id),
    asTenantB: { status: 404, code: 'exceptions.plan.notFound' },
  },
  {
    method: 'PATCH',
    path: '/v1/plans/{id}',
    scope: 'invoices.create',
    build: (f) => ({ url: `/v1/plans/${f.plan.id}`, body: { active: true } }),
    happy: { status: 200 },
    check: (b, f) => assert.deepEqual([b.data.id, b.data.active], [f.plan.id, true]),
    asTenantB: { status: 404, code: 'exceptions.plan.notFound' },
  },
  {
    method: 'POST',
    path: '/v1/customers',
    scope: 'invoices.create',
    build: () => ({ url: '/v1/customers', body: { email: `c-${uid()}@example.com` } }),
    happy: { status: 201 },
    check: (b) => assert.match(b.data.email, /@example\.com$/),
  },
  {
    method: 'GET',
    path: '/v1/customers',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/customers?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((c: any) => c.id === f.customer.id)),
  },
  {
    method: 'GET',
    path: '/v1/customers/{id}',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/customers/${f.customer.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.customer.id),
    asTenantB: { status: 404, code: 'exceptions.customer.notFound' },
  },
  {
    method: 'PATCH',
    path: '/v1/customers/{id}',
    scope: 'invoices.create',
    build: (f) => ({ url: `/v1/customers/${f.customer.id}`, body: { name: 'Ada' } }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.customer.id),
    asTenantB: { status: 404, code: 'exceptions.customer.notFound' },
  },
  {
    method: 'POST',
    path: '/v1/customers/{id}/credit-address',
    scope: 'deposits.create',
    build: (f) => ({ url: `/v1/customers/${f.customer.id}/credit-address`, body: { cryptoCurrencyCode: 'USDT_TRC20' } }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.data.cryptoCurrencyCode, 'USDT_TRC20'),
    asTenantB: { status: 404, code: 'exceptions.customer.notFound' },
  },
  {
    method: 'GET',
    path: '/v1/customers/{id}/credit',
    scope: 'deposits.list',
    build: async (f) => {
      const made = await f.t.call('POST', `/v1/customers/${f.customer.id}/credit-address`, {
        key: f.a.key,
        body: { cryptoCurrencyCode: 'USDT_TRC20' },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      return { url: `/v1/customers/${f.customer.id}/credit` };
    },
    happy: { status: 200 },
    check: (b) => assert.deepEqual([b.data.cryptoCurrencyCode, b.data.balance], ['USDT_TRC20', 0]),
    asTenantB: { status: 404, code: 'exceptions.customer.notFound' },
  },
  {
    method: 'POST',
    path: '/v1/customers/{id}/portal-link',
    scope: 'invoices.create',
    build: (f) => ({ url: `/v1/customers/${f.customer.id}/portal-link`, body: {} }),
    happy: { status: 201 },
    check: (b, f) => assert.ok(b.data.url.includes(`/portal/${f.customer.id}.`)),
    asTenantB: { status: 404, code: 'exceptions.customer.notFound' },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions',
    scope: 'invoices.create',
    build: (f) => ({ url: '/v1/subscriptions', body: { planId: f.plan.id, customerId: f.customer.id } }),
    happy: { status: 201 },
    check: (b, f) => assert.equal(b.data.planId, f.plan.id),
    asTenantB: { status: 404, code: 'exceptions.plan.notFound' },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/subscriptions?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((x: any) => x.id === f.sub.id)),
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/{id}',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/subscriptions/${f.sub.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.sub.id),
    asTenantB: { status: 404, code: 'exceptions.subscription.notFound' },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/{id}/periods',
    scope: 'invoices.list',
    build: (f) => ({ url: `/v1/subscriptions/${f.sub.id}/periods` }),
    happy: { status: 200 },
    // The fixture's plan has a trial: nothing is billed yet.
    check: (b) => assert.deepEqual([b.total, b.page, b.data], [0, 1, []]),
    asTenantB: { status: 404, code: 'exceptions.subscription.notFound' },
  },
  {
    method: 'PATCH',
    path: '/v1/subscriptions/{id}',
    scope: 'invoices.create',
    build: (f) => ({ url: `/v1/subscriptions/${f.sub.id}`, body: { cancelAtPeriodEnd: false } }),
    happy: { status: 200 },
    check: (b, f) => assert.deepEqual([b.data.id, b.data.cancelAtPeriodEnd], [f.sub.id, false]),
    asTenantB: { status: 404, code: 'exceptions.subscription.notFound' },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/{id}/cancel',
    scope: 'invoices.cancel',
    build: async (f) => ({ url: `/v1/subscriptions/${(await f.newSubscription()).id}/cancel`, body: {} }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.data.status, 'cancelled'),
    asTenantB: { status: 404, code: 'exceptions.subscription.notFound' },
    unchanged: async (f, req) => {
      const id = req.url.split('/')[3];
      assert.equal(
        (await f.t.call('GET', `/v1/subscriptions/${id}`, { key: f.a.key })).body.data.status,
        'trialing',
        'a refused request cancelled the subscription',
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/deposit',
    scope: 'deposits.create',
    build: () => ({ url: '/v1/deposit', body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: `dep-${uid()}` } }),
    happy: { status: 201 },
    foreign: [
      {
        name: "C creates a deposit with A's orderId: a new deposit and address of its own",
        by: 'c',
        req: (f) => ({ url: '/v1/deposit', body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: f.deposit.orderId } }),
        status: 201,
        echoes: (f) => [f.deposit.orderId],
      },
      {
        name: "A's other account reuses the orderId (unique per account): a deposit of its own",
        by: 'sibling',
        req: (f) => ({ url: '/v1/deposit', body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: f.deposit.orderId } }),
        status: 201,
        echoes: (f) => [f.deposit.orderId],
      },
    ],
    unchanged: async (f, req) => {
      const found = await f.t.call('GET', `/v1/deposit?orderId=${(req.body as any).orderId}`, { key: f.a.key });
      assert.equal(found.status, 404, 'a refused request created a deposit');
    },
  },
  {
    method: 'GET',
    path: '/v1/deposit',
    scope: 'deposits.list',
    build: (f) => ({ url: `/v1/deposit?id=${f.deposit.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.address, f.deposit.address),
    asTenantB: { status: 404, code: 'exceptions.deposit.notFound' },
    foreign: [
      {
        name: "A's orderId",
        req: (f) => ({ url: `/v1/deposit?orderId=${encodeURIComponent(f.deposit.orderId)}` }),
        status: 404,
        code: 'exceptions.deposit.notFound',
      },
    ],
  },
  {
    method: 'GET',
    path: '/v1/deposit/list',
    scope: 'deposits.list',
    build: () => ({ url: '/v1/deposit/list?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((d: any) => d.id === f.deposit.id)),
  },
  {
    method: 'GET',
    path: '/v1/deposit/payments',
    scope: 'deposits.list',
    build: (f) => ({ url: `/v1/deposit/payments?id=${f.funding.id}` }),
    happy: { status: 200 },
    check: (b) => {
      assert.equal(b.data.length, 1);
      assert.equal(b.data[0].amount, 778.123456);
      assert.equal(b.data[0].status, 'confirmed');
    },
    asTenantB: { status: 404, code: 'exceptions.deposit.notFound' },
    foreign: [
      {
        name: "A's invoice id as a deposit",
        req: (f) => ({ url: `/v1/deposit/payments?id=${f.invoice.id}` }),
        status: 404,
        code: 'exceptions.deposit.notFound',
      },
    ],
  },
  {
    method: 'POST',
    path: '/v1/withdrawal/quote',
    scope: 'withdrawals.create',
    build: () => ({
      url: '/v1/withdrawal/quote',
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5.5, orderId: `q-${uid()}` },
    }),
    happy: { status: 200 },
    foreign: [
      {
        name: "C quotes with the orderId of A's committed withdrawal: no 409, a quote of its own",
        by: 'c',
        req: (f) => ({
          url: '/v1/withdrawal/quote',
          body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5.5, orderId: f.withdrawal.orderId },
        }),
        status: 200,
        echoes: (f) => [f.withdrawal.orderId],
      },
      {
        name: "A's other account quotes with the orderId of A's committed withdrawal: a quote of its own",
        by: 'sibling',
        req: (f) => ({
          url: '/v1/withdrawal/quote',
          body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5.5, orderId: f.withdrawal.orderId },
        }),
        status: 200,
        echoes: (f) => [f.withdrawal.orderId],
      },
      {
        name: "C quotes with the orderId of A's open quote: not A's quote",
        by: 'c',
        req: (f) => ({
          url: '/v1/withdrawal/quote',
          body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5.5, orderId: f.openQuote.orderId },
        }),
        status: 200,
        echoes: (f) => [f.openQuote.orderId],
      },
    ],
  },
  {
    method: 'POST',
    path: '/v1/withdrawal/commit',
    scope: 'withdrawals.create',
    build: async (f) => ({ url: '/v1/withdrawal/commit', body: { quoteId: (await f.newQuote()).quoteId } }),
    happy: { status: 201 },
    asTenantB: { status: 404, code: 'exceptions.withdrawal.quoteNotFound' },
    // Clients send only quoteId: a tenant-wide key commits on the quote's account.
    withoutAccount: { status: 201 },
    foreign: [
      {
        name: "A's open quote",
        req: (f) => ({ url: '/v1/withdrawal/commit', body: { quoteId: f.openQuote.quoteId } }),
        status: 404,
        code: 'exceptions.withdrawal.quoteNotFound',
      },
    ],
    unchanged: async (f, req) => {
      const quoteId = (req.body as any).quoteId;
      const row = await f.t.ctx.db
        .selectFrom('withdrawal_quotes')
        .select('committed_at')
        .where('id', '=', quoteId)
        .executeTakeFirstOrThrow();
      assert.equal(row.committed_at, null, 'a refused request committed the quote');
    },
  },
  {
    method: 'GET',
    path: '/v1/withdrawal',
    scope: 'withdrawals.list',
    build: (f) => ({ url: `/v1/withdrawal?id=${f.withdrawal.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.withdrawal.id),
    asTenantB: { status: 404, code: 'exceptions.withdrawal.notFound' },
    foreign: [
      {
        name: "A's orderId",
        req: (f) => ({ url: `/v1/withdrawal?orderId=${encodeURIComponent(f.withdrawal.orderId)}` }),
        status: 404,
        code: 'exceptions.withdrawal.notFound',
      },
    ],
  },
  {
    method: 'GET',
    path: '/v1/withdrawal/list',
    scope: 'withdrawals.list',
    build: (f) => ({ url: `/v1/withdrawal/list?accountId=${f.a.accountId}` }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((w: any) => w.id === f.withdrawal.id)),
    asTenantB: { status: 404, code: 'exceptions.account.notFound' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    foreign: [{ name: "B's own account", req: (f) => ({ url: `/v1/withdrawal/list?accountId=${f.b.accountId}` }), status: 200 }],
  },
  {
    method: 'POST',
    path: '/v1/withdrawal/batch/quote',
    scope: 'withdrawals.create',
    build: () => ({
      url: '/v1/withdrawal/batch/quote',
      body: { items: [{ cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5.5 }] },
    }),
    happy: { status: 200 },
    check: (b) => assert.deepEqual([b.data.items.length, b.data.totals[0].totalDeduction], [1, 6.5]),
  },
  {
    method: 'POST',
    path: '/v1/withdrawal/batch/commit',
    scope: 'withdrawals.create',
    build: async (f) => ({ url: '/v1/withdrawal/batch/commit', body: { batchQuoteId: (await f.newBatchQuote()).batchQuoteId } }),
    happy: { status: 201 },
    asTenantB: { status: 404, code: 'exceptions.withdrawal.batchQuoteNotFound' },
    // Clients send only batchQuoteId: a tenant-wide key commits on the batch quote's account.
    withoutAccount: { status: 201 },
    foreign: [
      {
        name: "A's open batch quote",
        req: (f) => ({ url: '/v1/withdrawal/batch/commit', body: { batchQuoteId: f.openBatchQuote.batchQuoteId } }),
        status: 404,
        code: 'exceptions.withdrawal.batchQuoteNotFound',
      },
    ],
    unchanged: async (f, req) => {
      const id = (req.body as any).batchQuoteId;
      const row = await f.t.ctx.db
        .selectFrom('withdrawal_batch_quotes')
        .select('committed_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(row.committed_at, null, 'a refused request committed the batch quote');
    },
  },
  {
    method: 'GET',
    path: '/v1/withdrawal/batch',
    scope: 'withdrawals.list',
    build: (f) => ({ url: `/v1/withdrawal/batch?id=${f.batch.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.batch.id),
    asTenantB: { status: 404, code: 'exceptions.withdrawal.batchNotFound' },
  },
  {
    method: 'GET',
    path: '/v1/withdrawal/batch/list',
    scope: 'withdrawals.list',
    build: (f) => ({ url: `/v1/withdrawal/batch/list?accountId=${f.a.accountId}` }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((x: any) => x.id === f.batch.id)),
    asTenantB: { status: 404, code: 'exceptions.account.notFound' },
    asSiblingAccount: { status: 403, code: 'exceptions.auth.accountNotAllowed' },
    foreign: [{ name: "B's own account", req: (f) => ({ url: `/v1/withdrawal/batch/list?accountId=${f.b.accountId}` }), status: 200 }],
  },
  {
    method: 'GET',
    path: '/v1/withdrawal/batch/results.csv',
    scope: 'withdrawals.list',
    build: (f) => ({ url: `/v1/withdrawal/batch/results.csv?id=${f.batch.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(String(b).includes(f.batch.withdrawals[0].id)),
    asTenantB: { status: 404, code: 'exceptions.withdrawal.batchNotFound' },
  },
  {
    method: 'POST',
    path: '/v1/converting/preview',
    scope: 'converting.create',
    build: () => ({ url: '/v1/converting/preview', body: conversionBody() }),
    happy: { status: 200 },
    check: (b) => assert.deepEqual([b.data.fromAmount, b.data.toAmount], [1.5, 1]),
  },
  {
    method: 'POST',
    path: '/v1/converting/quote',
    scope: 'converting.create',
    build: () => ({ url: '/v1/converting/quote', body: conversionBody() }),
    happy: { status: 200 },
    check: (b) => assert.match(b.data.quoteId, /^[0-9a-f-]{36}$/),
  },
  {
    method: 'POST',
    path: '/v1/converting/commit',
    scope: 'converting.create',
    build: async (f) => ({ url: '/v1/converting/commit', body: { quoteId: (await newConversionQuote(f)).quoteId } }),
    happy: { status: 201 },
    asTenantB: { status: 404, code: 'exceptions.converting.quoteNotFound' },
    // Clients send only quoteId: a tenant-wide key commits on the quote's account.
    withoutAccount: { status: 201 },
    foreign: [
      // Not quoteNotQuoted: that would tell B the quote exists.
      {
        name: "A's committed quote",
        req: async (f) => ({ url: '/v1/converting/commit', body: { quoteId: (await committedConversion(f)).quoteId } }),
        status: 404,
        code: 'exceptions.converting.quoteNotFound',
      },
    ],
    unchanged: async (f, req) => {
      const row = await f.t.ctx.db
        .selectFrom('conversions')
        .select('id')
        .where('quote_id', '=', (req.body as any).quoteId)
        .executeTakeFirst();
      assert.equal(row, undefined, 'a refused request committed the quote');
    },
  },
  {
    method: 'GET',
    path: '/v1/converting',
    scope: 'converting.list',
    build: async (f) => ({ url: `/v1/converting?id=${(await committedConversion(f)).id}` }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.data.id, aConversion!.id),
    asTenantB: { status: 404, code: 'exceptions.converting.notFound' },
  },
  {
    method: 'GET',
    path: '/v1/converting/list',
    scope: 'converting.list',
    build: async (f) => (await committedConversion(f), { url: '/v1/converting/list?limit=100' }),
    happy: { status: 200 },
    check: (b) => assert.ok(b.data.some((c: any) => c.id === aConversion!.id)),
  },
  {
    method: 'GET',
    path: '/v1/export/invoices.csv',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/export/invoices.csv' }),
    happy: { status: 200 },
    check: csvCheck('id,orderId,number,status,amount,', (f) => f.invoice.id),
  },
  {
    method: 'GET',
    path: '/v1/export/deposits.csv',
    scope: 'deposits.list',
    build: () => ({ url: '/v1/export/deposits.csv' }),
    happy: { status: 200 },
    check: csvCheck('id,orderId,status,cryptoCurrencyCode,', (f) => f.deposit.id),
  },
  {
    method: 'GET',
    path: '/v1/export/withdrawals.csv',
    scope: 'withdrawals.list',
    build: () => ({ url: '/v1/export/withdrawals.csv' }),
    happy: { status: 200 },
    check: csvCheck('id,orderId,status,cryptoCurrencyCode,', (f) => f.withdrawal.id),
  },
  {
    method: 'GET',
    path: '/v1/export/conversions.csv',
    scope: 'converting.list',
    build: async (f) => (await committedConversion(f), { url: '/v1/export/conversions.csv' }),
    happy: { status: 200 },
    check: csvCheck('id,quoteId,fromCryptoCurrencyCode,', () => aConversion!.id),
  },
  {
    method: 'GET',
    path: '/v1/stats/volume',
    scope: 'invoices.list',
    build: () => ({ url: '/v1/stats/volume?days=7' }),
    happy: { status: 200 },
    // A's funding deposit completed today (or, in a run that crossed midnight UTC, yesterday).
    check: (b) => {
      assert.equal(b.data.currency, 'USD');
      assert.equal(b.data.days.length, 7);
      const recent = b.data.days.slice(-2) as Array<{ deposits: number; depositsVolumeUsd: number }>;
      assert.ok(
        recent.some((d) => d.deposits >= 1 && d.depositsVolumeUsd > 0),
        JSON.stringify(recent),
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/x402/verify',
    scope: 'x402.verify',
    build: () => ({ url: '/v1/x402/verify', body: x402Body() }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.isValid, false),
  },
  {
    method: 'POST',
    path: '/v1/x402/settle',
    scope: 'x402.settle',
    build: () => ({ url: '/v1/x402/settle', body: x402Body() }),
    happy: { status: 200 },
    check: (b) => assert.equal(b.success, false),
  },
  {
    method: 'GET',
    path: '/v1/x402/supported',
    scope: 'x402.verify',
    build: () => ({ url: '/v1/x402/supported' }),
    happy: { status: 200 },
  },
  {
    method: 'GET',
    path: '/v1/x402/settlements',
    scope: 'x402.list',
    build: () => ({ url: '/v1/x402/settlements?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((s: any) => s.id === f.settlement.id)),
    foreign: [
      { name: "filtered by A's payer", req: (f) => ({ url: `/v1/x402/settlements?payer=${f.settlement.payer}` }), status: 200 },
      {
        name: "filtered by A's transaction",
        req: (f) => ({ url: `/v1/x402/settlements?transaction=${f.settlement.transaction}` }),
        status: 200,
      },
    ],
  },
  {
    method: 'GET',
    path: '/v1/x402/settlements/{id}',
    scope: 'x402.list',
    build: (f) => ({ url: `/v1/x402/settlements/${f.settlement.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.id, f.settlement.id),
    asTenantB: { status: 404, code: 'exceptions.x402.settlementNotFound' },
    // x402 settlements belong to the tenant, not to one of its accounts.
    asSiblingAccount: { status: 200 },
  },
  {
    method: 'GET',
    path: '/v1/x402/networks',
    scope: 'x402.list',
    build: () => ({ url: '/v1/x402/networks' }),
    happy: { status: 200 },
    check: (b) => assert.ok(b.data.some((n: any) => n.network === 'eip155:84532')),
  },
  {
    method: 'GET',
    path: '/v1/export/x402.csv',
    scope: 'x402.list',
    build: () => ({ url: '/v1/export/x402.csv' }),
    happy: { status: 200 },
    check: csvCheck('id,createdAt,confirmedAt,status,network,', (f) => f.settlement.id),
    // The tenant's settlements, whichever of its accounts asks.
    asSiblingAccount: { status: 200 },
  },
  // The installation of this matrix has no x402 network: a catalog entry settles on none, so the
  // entries are written straight to the database (catalogEntry) and a listing through the API is refused.
  {
    method: 'POST',
    path: '/v1/x402/resources',
    scope: 'x402.resources.manage',
    build: () => ({
      url: '/v1/x402/resources',
      body: {
        resource: `https://${uid()}.seller.test/paid`,
        accepts: [
          {
            scheme: 'exact',
            network: 'eip155:84532',
            amount: '1000',
            asset: randomAddress(),
            payTo: randomAddress(),
            maxTimeoutSeconds: 60,
          },
        ],
      },
    }),
    happy: { status: 400, code: 'exceptions.x402.requirementsNotSupported' },
  },
  {
    method: 'GET',
    path: '/v1/x402/resources',
    scope: 'x402.list',
    build: () => ({ url: '/v1/x402/resources?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.data.some((r: any) => r.id === f.resource.id)),
  },
  {
    method: 'GET',
    path: '/v1/x402/resources/{id}',
    scope: 'x402.list',
    build: (f) => ({ url: `/v1/x402/resources/${f.resource.id}` }),
    happy: { status: 200 },
    check: (b, f) => assert.equal(b.data.resource, f.resource.url),
    asTenantB: { status: 404, code: 'exceptions.x402.resourceNotFound' },
    // The catalog belongs to the tenant, not to one of its accounts.
    asSiblingAccount: { status: 200 },
  },
  {
    method: 'PATCH',
    path: '/v1/x402/resources/{id}',
    scope: 'x402.resources.manage',
    // What it is already, so the happy calls leave A's entry as the others read it.
    build: (f) => ({ url: `/v1/x402/resources/${f.resource.id}`, body: { description: 'A paid resource' } }),
    happy: { status: 200 },
    check: (b, f) => assert.deepEqual([b.data.id, b.data.description], [f.resource.id, 'A paid resource']),
    asTenantB: { status: 404, code: 'exceptions.x402.resourceNotFound' },
    asSiblingAccount: { status: 200 },
    foreign: [
      {
        name: "B moves A's entry",
        req: (f) => ({ url: `/v1/x402/resources/${f.resource.id}`, body: { resource: 'https://b.seller.test/x' } }),
        status: 404,
        code: 'exceptions.x402.resourceNotFound',
      },
    ],
    unchanged: async (f) => {
      const row = await f.t.ctx.db
        .selectFrom('x402_resources')
        .select(['resource', 'description'])
        .where('id', '=', f.resource.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { resource: f.resource.url, description: 'A paid resource' }, "a refused request changed A's entry");
    },
  },
  {
    method: 'DELETE',
    path: '/v1/x402/resources/{id}',
    scope: 'x402.resources.manage',
    // An entry of its own for every request: a happy one takes it out.
    build: async (f) => ({ url: `/v1/x402/resources/${(await catalogEntry(f.t, f.a.id)).id}` }),
    happy: { status: 200 },
    asTenantB: { status: 404, code: 'exceptions.x402.resourceNotFound' },
    asSiblingAccount: { status: 200 },
    unchanged: async (f, req) => {
      const id = req.url.split('/').pop()!;
      assert.ok(
        await f.t.ctx.db.selectFrom('x402_resources').select('id').where('id', '=', id).executeTakeFirst(),
        "a refused request removed A's entry",
      );
    },
  },
  {
    method: 'GET',
    path: '/v1/x402/discovery/resources',
    scope: 'x402.verify',
    build: () => ({ url: '/v1/x402/discovery/resources?limit=100' }),
    happy: { status: 200 },
    check: (b, f) => assert.ok(b.items.some((i: any) => i.resource === f.resource.url)),
  },
  { method: 'GET', path: '/v1/currencies', scope: 'currencies.list', build: () => ({ url: '/v1/currencies' }), happy: { status: 200 } },
  {
    method: 'GET',
    path: '/v1/currencies/fiat',
    scope: 'currencies.list',
    build: () => ({ url: '/v1/currencies/fiat' }),
    happy: { status: 200 },
  },
  {
    method: 'GET',
    path: '/v1/address-provision',
    scope: 'addressProvision.list',
    build: () => ({ url: '/v1/address-provision' }),
    happy: { status: 503, code: 'exceptions.addressProvision.temporarilyDisabled' },
  },
  {
    method: 'POST',
    path: '/v1/address-provision',
    scope: 'addressProvision.create',
    build: () => ({ url: '/v1/address-provision', body: {} }),
    happy: { status: 503, code: 'exceptions.addressProvision.temporarilyDisabled' },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/deposit.statusChanged',
    scope: 'deposits.list',
    build: async (f) => {
      const d = (await f.t.call('GET', `/v1/deposit?id=${f.deposit.id}`, { key: f.a.key })).body.data;
      const data = {
        ...d,
        previousStatus: 'created',
        depositTransactionHash: null,
        actuallyReceivedAmount: null,
        actuallyReceivedAmountUsd: null,
      };
      return {
        url: '/v1/webhooks/deposit.statusChanged',
        body: { event: 'deposit.statusChanged', data, timestamp: new Date().toISOString() },
      };
    },
    happy: { status: 200 },
  },
  ...(['payoutAddress.added', 'payoutAddress.removed'] as const).map(
    (event): Row => ({
      method: 'POST',
      path: `/v1/webhooks/${event}`,
      scope: 'payouts.list',
      build: () => {
        const data = {
          id: randomUUID(),
          cryptoCurrencyCode: 'USDT_TRC20',
          network: 'Tron',
          address: TRON_TO,
          label: null,
          status: 'pending',
          activeAt: new Date().toISOString(),
          createdAt: new Date().toISOString(),
          createdBy: 'owner@example.com',
        };
        return { url: `/v1/webhooks/${event}`, body: { event, data, timestamp: new Date().toISOString() } };
      },
      happy: { status: 200 },
    }),
  ),
  {
    method: 'POST',
    path: '/v1/webhooks/payoutPolicy.changed',
    scope: 'payouts.list',
    build: () => {
      const data = {
        allowlistOnly: true,
        newAddressDelayHours: 24,
        maxPerWithdrawalUsd: 100.5,
        maxPerDayUsd: null,
        maxPerDayPerKeyUsd: 250,
        approvalAboveUsd: null,
        approvalForApiKeys: false,
        pending: [],
      };
      return {
        url: '/v1/webhooks/payoutPolicy.changed',
        body: { event: 'payoutPolicy.changed', data, timestamp: new Date().toISOString() },
      };
    },
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/heldPayment.statusChanged',
    scope: 'invoices.list',
    build: (f) => {
      const { txHash, outputIndex, network, cryptoCurrencyCode, amount, address, status } = OTHER_ASSET_PAYMENT;
      const payment = { txHash, outputIndex, network, cryptoCurrencyCode, amount, address, status };
      const data = { id: randomUUID(), status: 'held', previousStatus: null, ownerType: 'deposit', ownerId: f.deposit.id, payment };
      return {
        url: '/v1/webhooks/heldPayment.statusChanged',
        body: { event: 'heldPayment.statusChanged', data, timestamp: new Date().toISOString() },
      };
    },
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/subscription.statusChanged',
    scope: 'invoices.list',
    build: (f) => {
      const { portalUrl: _, ...data } = f.sub;
      return {
        url: '/v1/webhooks/subscription.statusChanged',
        body: {
          event: 'subscription.statusChanged',
          data: { ...data, status: 'cancelled', previousStatus: 'trialing' },
          timestamp: new Date().toISOString(),
        },
      };
    },
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/invoice.statusChanged',
    scope: 'invoices.list',
    build: (f) => ({
      url: '/v1/webhooks/invoice.statusChanged',
      body: { event: 'invoice.statusChanged', data: { ...f.invoice, previousStatus: 'created' }, timestamp: new Date().toISOString() },
    }),
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/deposit.otherAssetReceived',
    scope: 'deposits.list',
    build: async (f) => {
      const d = (await f.t.call('GET', `/v1/deposit?id=${f.deposit.id}`, { key: f.a.key })).body.data;
      const body = {
        event: 'deposit.otherAssetReceived',
        data: { ...d, payment: OTHER_ASSET_PAYMENT },
        timestamp: new Date().toISOString(),
      };
      return { url: '/v1/webhooks/deposit.otherAssetReceived', body };
    },
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/invoice.otherAssetReceived',
    scope: 'invoices.list',
    build: (f) => ({
      url: '/v1/webhooks/invoice.otherAssetReceived',
      body: {
        event: 'invoice.otherAssetReceived',
        data: { ...f.invoice, payment: OTHER_ASSET_PAYMENT },
        timestamp: new Date().toISOString(),
      },
    }),
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/withdrawalBatch.statusChanged',
    scope: 'withdrawals.list',
    build: (f) => {
      const { withdrawals: _, ...record } = f.batch;
      return {
        url: '/v1/webhooks/withdrawalBatch.statusChanged',
        body: {
          event: 'withdrawalBatch.statusChanged',
          data: { ...record, previousStatus: 'created' },
          timestamp: new Date().toISOString(),
        },
      };
    },
    happy: { status: 200 },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/withdrawal.statusChanged',
    scope: 'withdrawals.list',
    build: (f) => ({
      url: '/v1/webhooks/withdrawal.statusChanged',
      body: {
        event: 'withdrawal.statusChanged',
        data: { ...f.withdrawal, previousStatus: 'created' },
        timestamp: new Date().toISOString(),
      },
    }),
    happy: { status: 200 },
  },
];

/** The request with `accountId` set in the query string (and, for a body request, in the body too). */
function withAccountId(req: Req, accountId: string, where: 'query' | 'body'): Req {
  if (where === 'body') return { ...req, body: { ...((req.body as object) ?? {}), accountId } };
  const url = new URL(req.url, 'http://x');
  url.searchParams.set('accountId', accountId);
  return { ...req, url: url.pathname + url.search };
}

function withTrailingSlash(req: Req): Req {
  const q = req.url.indexOf('?');
  return { ...req, url: q < 0 ? `${req.url}/` : `${req.url.slice(0, q)}/${req.url.slice(q)}` };
}

function serialized(res: Res): string {
  return (typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '')) + JSON.stringify(res.headers);
}

describeEngines('security matrix of the merchant API', (engine) => {
  let t: TestApp;
  let f: Fixture;
  let openapi: any;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

  before(async () => {
    // Tenant A's webhooks go to a local receiver (so its deliveries complete and can be redelivered).
    receiver = await startReceiver();
    t = await startTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    aConversion = undefined;
    const admin = async (method: string, url: string, body?: unknown) => {
      const res = await t.admin(method, url, body);
      assert.ok(res.status < 300, `${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const issue = async (tenant: { id: string; accountId: string }, scopes: string[], allowedIps?: string[]) =>
      (await admin('POST', '/admin/api-keys', {
        tenantId: tenant.id,
        accountId: tenant.accountId,
        scopes,
        ...(allowedIps ? { allowedIps } : {}),
      })) as {
        id: string;
        key: string;
      };
    const merchant = async (key: string, method: string, url: string, body?: unknown) => {
      const res = await t.call(method, url, { key, body });
      assert.ok(res.status < 300, `${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };

    // Two tenants, made and keyed through the operator API.
    const ta = await admin('POST', '/admin/tenants', { name: `Tenant A ${uid()}` });
    const tb = await admin('POST', '/admin/tenants', { name: `Tenant B ${uid()}` });
    const tc = await admin('POST', '/admin/tenants', { name: `Tenant C ${uid()}` });
    await admin('PATCH', `/admin/tenants/${ta.id}`, { depositCommission: 0 });
    const aIssued = await issue(ta, ['*']);
    const aKey = aIssued.key;
    const bKey = (await issue(tb, ['*'])).key;
    const cKey = (await issue(tc, ['*'])).key;
    const wideA = (await admin('POST', '/admin/api-keys', { tenantId: ta.id, scopes: ['*'] })).key as string;
    const wideB = (await admin('POST', '/admin/api-keys', { tenantId: tb.id, scopes: ['*'] })).key as string;
    const only = new Map<Scope, string>();
    const allBut = new Map<Scope, string>();
    for (const scope of SCOPES) {
      // MARKER_RANGE too (no request comes from it): POST /v1/api-keys marks the keys it issues with
      // an address in it, and a new key may allow only addresses its creator's allowlist allows.
      only.set(scope, (await issue(ta, [scope], [ALLOWED_IP, MARKER_RANGE])).key);
      allBut.set(
        scope,
        (
          await issue(
            ta,
            SCOPES.filter((s) => s !== scope),
          )
        ).key,
      );
    }
    // Used (so a cache holds it as valid), then revoked: refused at once everywhere.
    const revokedKey = await issue(ta, ['*']);
    assert.equal((await t.call('GET', '/v1/accounts', { key: revokedKey.key })).status, 200);
    await admin('DELETE', `/admin/api-keys/${revokedKey.id}`);

    // Fund A's account through a real sandbox deposit, so withdrawals can be quoted and committed;
    // and B's, C's and A's second account's, whose quotes are rows too (a quote over the balance is refused).
    await refreshRates(t.ctx.db, new SandboxRateProvider(), RATE_ASSETS);
    await admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const second = await merchant(aKey, 'POST', '/v1/accounts', { name: 'A second' });
    const secondKey = (await issue({ id: ta.id, accountId: second.id }, ['*'])).key;
    const funding = await merchant(aKey, 'POST', '/v1/deposit', { cryptoCurrencyCode: 'USDT_TRC20', orderId: `A-fund-${uid()}` });
    await admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: funding.address, amount: 778.123456 });
    for (const other of [bKey, cKey, secondKey]) {
      const d = await merchant(other, 'POST', '/v1/deposit', { cryptoCurrencyCode: 'USDT_TRC20', orderId: `fund-${uid()}` });
      await admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: d.address, amount: 30 });
    }
    await admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 5 });
    await runWatchers(t, { listen: 'deposits' });
    const invoice = await merchant(aKey, 'POST', '/v1/invoice', {
      amount: 4321.17,
      fiatCurrencyCode: 'USD',
      orderId: `A-inv-${uid()}`,
      customerId: `A-cust-${uid()}`,
      description: `A-desc-${uid()}`,
    });
    const link = await merchant(aKey, 'POST', '/v1/payment-links', {
      title: `A-link-${uid()}`,
      fiatCurrencyCode: 'USD',
      amount: 31.41,
      maxUses: 50,
    });
    const plan = await merchant(aKey, 'POST', '/v1/plans', {
      name: `A-plan-${uid()}`,
      amount: 9.99,
      fiatCurrencyCode: 'USD',
      interval: 'month',
      trialDays: 30,
    });
    const customer = await merchant(aKey, 'POST', '/v1/customers', { email: `a-${uid()}@example.com` });
    const newSubscription = () => merchant(aKey, 'POST', '/v1/subscriptions', { planId: plan.id, customerId: customer.id });
    const sub = await newSubscription();
    const deposit = await merchant(aKey, 'POST', '/v1/deposit', {
      cryptoCurrencyCode: 'USDT_TRC20',
      orderId: `A-dep-${uid()}`,
      customerId: `A-dcust-${uid()}`,
    });
    const depositRecord = await merchant(aKey, 'GET', `/v1/deposit?id=${deposit.id}`);
    const quote = await merchant(aKey, 'POST', '/v1/withdrawal/quote', {
      cryptoCurrencyCode: 'USDT_TRC20',
      address: TRON_TO,
      amount: 17.654321,
      orderId: `A-wd-${uid()}`,
    });
    const withdrawal = await merchant(aKey, 'POST', '/v1/withdrawal/commit', {
      quoteId: quote.quoteId,
      customData: { ref: `A-ref-${uid()}` },
    });
    const openQuote = await merchant(aKey, 'POST', '/v1/withdrawal/quote', {
      cryptoCurrencyCode: 'USDT_TRC20',
      address: TRON_TO,
      amount: 6.5,
      orderId: `A-open-${uid()}`,
    });
    const batchItem = () => ({ cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 5.25, orderId: `A-bi-${uid()}` });
    const batchQuote = await merchant(aKey, 'POST', '/v1/withdrawal/batch/quote', { items: [batchItem(), batchItem()] });
    const batch = await merchant(aKey, 'POST', '/v1/withdrawal/batch/commit', { batchQuoteId: batchQuote.batchQuoteId });
    const openBatchQuote = await merchant(aKey, 'POST', '/v1/withdrawal/batch/quote', { items: [batchItem()] });
    const settlement = {
      id: randomUUID(),
      payer: randomAddress(),
      payTo: randomAddress(),
      transaction: `0x${randomBytes(32).toString('hex')}`,
      amount: '987654321',
    };
    await t.ctx.db
      .insertInto('x402_settlements')
      .values({
        id: settlement.id,
        tenant_id: ta.id,
        network: 'eip155:84532',
        asset: '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
        payer: settlement.payer,
        pay_to: settlement.payTo,
        nonce: `0x${randomBytes(32).toString('hex')}`,
        amount: settlement.amount,
        status: 'confirmed',
        transaction: settlement.transaction,
        error_reason: null,
        confirmed_at: new Date(),
      } as never)
      .execute();
    const resource = await catalogEntry(t, ta.id);

    // Tenant A's webhooks and brand, set through the merchant API; its events so far become
    // deliveries (as the worker would), and a webhook.test is delivered.
    const aWebhookUrl = `${receiver.url}/a-hooks-${uid()}`;
    // Settings of the whole tenant: only a tenant-wide caller changes them.
    await merchant(wideA, 'PATCH', '/v1/webhook-settings', { webhookUrl: aWebhookUrl });
    const aBrandName = `A-brand-${uid()}`;
    await merchant(wideA, 'PATCH', '/v1/settings', { merchantName: aBrandName });
    await dispatchEvents(t.ctx.db);
    const newDelivery = async () => {
      const { deliveryId } = await merchant(aKey, 'POST', '/v1/webhook-settings/test');
      // Sends every due delivery (each finished send claims more) until this one is delivered.
      const deliverer = new WebhookDeliverer(t.ctx.db, deliveryOptions(t.ctx.config));
      try {
        await deliverer.round();
        await until(
          async () => (await merchant(aKey, 'GET', `/v1/webhook-deliveries/${deliveryId}`)).status === 'delivered',
          10_000,
          'the webhook.test delivery',
        );
      } finally {
        await deliverer.drain(true);
      }
      const d = await merchant(aKey, 'GET', `/v1/webhook-deliveries/${deliveryId}`);
      return { id: d.id as string, objectId: d.objectId as string };
    };
    const delivery = await newDelivery();
    const fundingDelivery = await t.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status'])
      .where('aggregate_key', '=', `deposit:${funding.id}`)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    assert.equal(fundingDelivery.status, 'delivered');

    let quotes = 0;
    const newUser = async () =>
      (await admin('POST', '/admin/users', { tenantId: ta.id, email: `a-user-${uid()}@example.com`, role: 'viewer' })).id as string;
    const aUser = await admin('POST', '/admin/users', { tenantId: ta.id, email: `a-owner-${uid()}@example.com`, role: 'owner' });
    f = {
      t,
      a: { id: ta.id, accountId: ta.accountId, key: aKey, keyId: aIssued.id, secondAccountId: second.id, secondAccountKey: secondKey },
      b: { id: tb.id, accountId: tb.accountId, key: bKey },
      c: { id: tc.id, accountId: tc.accountId, key: cKey },
      wide: { a: wideA, b: wideB },
      only,
      allBut,
      revoked: revokedKey.key,
      invoice,
      link,
      plan,
      customer,
      sub,
      newSubscription,
      deposit: { ...deposit, orderId: depositRecord.orderId },
      withdrawal,
      openQuote,
      batch,
      openBatchQuote,
      settlement,
      resource,
      aValues: [
        ta.id,
        ta.name,
        ta.accountId,
        second.id,
        aKey,
        wideA,
        revokedKey.key,
        ...only.values(),
        ...allBut.values(),
        invoice.id,
        invoice.orderId,
        invoice.customerId,
        invoice.description,
        '4321.17',
        link.id,
        link.url,
        link.title,
        funding.id,
        funding.address,
        deposit.id,
        deposit.address,
        depositRecord.orderId,
        depositRecord.customerId,
        withdrawal.id,
        withdrawal.orderId,
        withdrawal.customData.ref,
        '17.654321',
        quote.quoteId,
        openQuote.quoteId,
        openQuote.orderId,
        batch.id,
        batchQuote.batchQuoteId,
        openBatchQuote.batchQuoteId,
        ...batch.withdrawals.flatMap((w: any) => [w.id, w.orderId]),
        settlement.id,
        settlement.payer,
        settlement.payTo,
        settlement.transaction,
        settlement.amount,
        resource.id,
        resource.url,
        aUser.id,
        aUser.email,
        aIssued.id,
        aWebhookUrl,
        aBrandName,
        delivery.id,
        delivery.objectId,
      ].map((v) => String(v).toLowerCase()),
      // (Ids and addresses; orderIds are the caller's own words, and other accounts may reuse them.)
      accountObjects: [
        invoice.id,
        link.id,
        funding.id,
        funding.address,
        deposit.id,
        deposit.address,
        withdrawal.id,
        quote.quoteId,
        openQuote.quoteId,
        batch.id,
        openBatchQuote.batchQuoteId,
      ].map((v) => String(v).toLowerCase()),
      newInvoice: () => merchant(aKey, 'POST', '/v1/invoice', { amount: 12, fiatCurrencyCode: 'USD', orderId: `A-c-${uid()}` }),
      newQuote: () =>
        merchant(aKey, 'POST', '/v1/withdrawal/quote', {
          cryptoCurrencyCode: 'USDT_TRC20',
          address: TRON_TO,
          amount: 5,
          orderId: `A-q-${++quotes}-${uid()}`,
        }),
      newBatchQuote: () => merchant(aKey, 'POST', '/v1/withdrawal/batch/quote', { items: [batchItem()] }),
      aUser: aUser.id,
      newUser,
      newKey: async () => (await issue(ta, ['*'])).id,
      aWebhookUrl,
      aBrandName,
      funding: { id: funding.id, deliveryId: fundingDelivery.id },
      delivery,
      newDelivery,
    };
    openapi = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
  });

  const send = (method: string, req: Req, o: { key?: string; ip?: string; headers?: Record<string, string> } = {}): Promise<Res> =>
    t.call(method, req.url, { key: o.key, body: req.body, ip: o.ip, headers: o.headers });

  /** No answer to anyone but tenant A carries any of A's values (bar those the caller itself sent). */
  function assertNoLeak(res: Res, what: string, allowed: string[] = []) {
    const text = serialized(res).toLowerCase();
    const allow = new Set(allowed.map((v) => v.toLowerCase()));
    for (const value of f.aValues) {
      if (allow.has(value)) continue;
      assert.ok(!text.includes(value), `${what}: the answer carries tenant A's "${value}": ${text.slice(0, 400)}`);
    }
  }

  function assertAnswer(res: Res, expected: Expect, what: string, allowed: string[] = []) {
    assert.equal(res.status, expected.status, `${what}: ${JSON.stringify(res.body)}`);
    if (res.status >= 400) {
      assert.equal(typeof res.body, 'object', what);
      assert.match(res.body.code, /^exceptions\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/, what);
      assert.equal(typeof res.body.message, 'string', what);
      assert.deepEqual(
        Object.keys(res.body).filter((k) => !['code', 'message', 'extension'].includes(k)),
        [],
        `${what}: only code, message, extension`,
      );
    }
    if (expected.code) assert.equal(res.body?.code, expected.code, what);
    assertNoLeak(res, what, allowed);
  }

  /** A refused request: its status and code, nothing of A's in it, and nothing changed. */
  async function refused(row: Row, req: Req, res: Res, expected: Expect, what: string) {
    assertAnswer(res, expected, what);
    await row.unchanged?.(f, req);
  }

  it('has a row for every merchant route of /openapi.json, and every route is merchant, operator or known-public', () => {
    const merchant = new Map<string, string>();
    const unclassified: string[] = [];
    for (const [path, ops] of Object.entries<any>(openapi.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const id = `${method.toUpperCase()} ${path}`;
        const security = JSON.stringify(op.security ?? []);
        if (path.startsWith('/v1/')) {
          assert.equal(security, '[{"tenantApiKey":[]},{"session":[]}]', `${id} must require the merchant key (or a dashboard session)`);
          merchant.set(id, op.operationId ?? '');
        } else if (path.startsWith('/admin/')) {
          assert.equal(security, '[{"adminToken":[]}]', `${id} must require the admin token`);
        } else if (!PUBLIC_ROUTES.has(id)) unclassified.push(id);
      }
    }
    assert.deepEqual(unclassified, [], 'routes that are neither merchant, operator nor known-public');
    const table = ROWS.map((r) => `${r.method} ${r.path}`);
    assert.equal(new Set(table).size, table.length, 'duplicate rows');
    const missing = [...merchant.keys()].filter((id) => !table.includes(id));
    const stale = table.filter((id) => !merchant.has(id));
    assert.deepEqual(missing, [], 'merchant routes without a row in the security matrix');
    assert.deepEqual(stale, [], 'rows for routes the API no longer has');
    assert.ok(merchant.size >= 25, `only ${merchant.size} merchant routes found`);
  });

  for (const row of ROWS) {
    const name = `${row.method} ${row.path}`;
    describe(name, () => {
      it('no key: 401 invalidApiKey', async () => {
        const req = await row.build(f);
        await refused(
          row,
          req,
          await send(row.method, req),
          { status: 401, code: 'exceptions.auth.invalidApiKey' },
          `${name} without a key`,
        );
        const empty = await send(row.method, req, { headers: { 'x-tenant-api-key': '' } });
        await refused(row, req, empty, { status: 401, code: 'exceptions.auth.invalidApiKey' }, `${name} with an empty key`);
        if (row.method === 'GET') {
          // HEAD (Fastify's automatic twin of GET) and a trailing slash reach the same checks.
          const head = await send('HEAD', req);
          assert.equal(head.status, 401, `HEAD ${name} without a key`);
          const slashed = await send('GET', withTrailingSlash(req));
          await refused(row, req, slashed, { status: 401, code: 'exceptions.auth.invalidApiKey' }, `${name}/ without a key`);
        }
        if (row.method === 'POST') {
          // Authentication comes before the body is even parsed.
          const res = await t.app.inject({
            method: 'POST',
            url: req.url,
            headers: { 'content-type': 'application/json' },
            payload: '{"bad',
          });
          assert.equal(res.statusCode, 401, `${name}: malformed body without a key`);
          assert.equal(res.json().code, 'exceptions.auth.invalidApiKey');
        }
      });

      it('malformed, unknown or misplaced key: 401 invalidApiKey', async () => {
        const req = await row.build(f);
        const a = f.a.key;
        const variants: Array<[string, { key?: string; headers?: Record<string, string> }]> = [
          ['malformed', { key: 'not-a-key' }],
          ['unknown, well-formed', { key: `cgk_${randomBytes(32).toString('base64url')}` }],
          ['truncated', { key: a.slice(0, -1) }],
          ['extended', { key: `${a}x` }],
          ['case-changed', { key: a.toUpperCase() }],
          ['with a Bearer prefix', { key: `Bearer ${a}` }],
          ['over-long', { key: `cgk_${'A'.repeat(400)}` }],
          ['the operator token', { key: ADMIN_TOKEN }],
          ['in the Authorization header', { headers: { authorization: `Bearer ${a}` } }],
          ['in another header', { headers: { 'x-api-key': a } }],
        ];
        for (const [label, opts] of variants) {
          await refused(
            row,
            req,
            await send(row.method, req, opts),
            { status: 401, code: 'exceptions.auth.invalidApiKey' },
            `${name}, key ${label}`,
          );
        }
      });

      it('revoked key (operator API): 401 invalidApiKey', async () => {
        const req = await row.build(f);
        await refused(
          row,
          req,
          await send(row.method, req, { key: f.revoked }),
          { status: 401, code: 'exceptions.auth.invalidApiKey' },
          `${name}, revoked key`,
        );
      });

      it('caller outside the key IP allowlist: 403 ipNotAllowed', async () => {
        const req = await row.build(f);
        for (const ip of OUTSIDE_IPS) {
          const res = await send(row.method, req, { key: f.only.get(row.scope), ip });
          await refused(row, req, res, { status: 403, code: 'exceptions.auth.ipNotAllowed' }, `${name} from ${ip}`);
        }
      });

      it(`key without ${row.scope}: 403 insufficientScope`, async () => {
        const req = await row.build(f);
        const res = await send(row.method, req, { key: f.allBut.get(row.scope) });
        await refused(row, req, res, { status: 403, code: 'exceptions.auth.insufficientScope' }, `${name} without its scope`);
        assert.equal(res.body.extension?.requiredScope, row.scope);
        if (row.method === 'GET')
          assert.equal((await send('HEAD', req, { key: f.allBut.get(row.scope) })).status, 403, `HEAD ${name} without its scope`);
      });

      it("tenant B's key naming tenant A's accountId: 404 account.notFound", async () => {
        const req = await row.build(f);
        const where = row.method === 'POST' ? (['query', 'body'] as const) : (['query'] as const);
        for (const w of where) {
          const res = await send(row.method, withAccountId(req, f.a.accountId, w), { key: f.b.key });
          await refused(row, req, res, { status: 404, code: 'exceptions.account.notFound' }, `${name}, A's accountId in the ${w}`);
        }
        // The key's own tenant, another account than the key's: refused too.
        const sibling = await send(row.method, withAccountId(req, f.a.secondAccountId, 'query'), { key: f.a.key });
        await refused(
          row,
          req,
          sibling,
          { status: 403, code: 'exceptions.auth.accountNotAllowed' },
          `${name}, another account of the tenant`,
        );
      });

      it("tenant B's key on tenant A's request and objects: never A's data", async () => {
        const req = await row.build(f);
        const expected = row.asTenantB ?? row.happy;
        const echoed = row.echoedToB?.(f) ?? [];
        const same = await send(row.method, req, { key: f.b.key });
        if (row.asTenantB) await refused(row, req, same, expected, `${name} by tenant B`);
        else assertAnswer(same, expected, `${name} by tenant B`, echoed);
        if (row.method === 'GET') {
          const head = await send('HEAD', req, { key: f.b.key });
          assert.equal(head.status, expected.status, `HEAD ${name} by tenant B`);
          assert.equal(head.body, undefined, `HEAD ${name} by tenant B has no body`);
          assertAnswer(await send('GET', withTrailingSlash(req), { key: f.b.key }), expected, `${name}/ by tenant B`, echoed);
        }
        for (const foreign of row.foreign ?? []) {
          const freq = await foreign.req(f);
          const key = foreign.by === 'c' ? f.c.key : foreign.by === 'sibling' ? f.a.secondAccountKey : f.b.key;
          const res = await send(row.method, freq, { key });
          const what = `${name} by ${foreign.by === 'sibling' ? "A's other account" : 'another tenant'}: ${foreign.name}`;
          if (foreign.by !== 'sibling') assertAnswer(res, foreign, what, foreign.echoes?.(f) ?? []);
          else {
            assert.equal(res.status, foreign.status, `${what}: ${JSON.stringify(res.body)}`);
            if (foreign.code) assert.equal(res.body.code, foreign.code, what);
            const echoed = new Set((foreign.echoes?.(f) ?? []).map((v) => v.toLowerCase()));
            const text = serialized(res).toLowerCase();
            for (const v of f.accountObjects) if (!echoed.has(v)) assert.ok(!text.includes(v), `${what}: carries "${v}"`);
          }
          await foreign.check?.(res.body, f);
        }
      });

      it("a key of tenant A's other account: not A's first account's objects", async () => {
        const req = await row.build(f);
        const expected = row.asSiblingAccount ?? row.asTenantB ?? row.happy;
        const res = await send(row.method, req, { key: f.a.secondAccountKey });
        const what = `${name} by A's other account`;
        assert.equal(res.status, expected.status, `${what}: ${JSON.stringify(res.body)}`);
        if (expected.code) assert.equal(res.body.code, expected.code, what);
        if (expected === row.happy || res.status >= 400) {
          const text = serialized(res).toLowerCase();
          // Its own request body may name them (webhook reference payloads, commit of A1's quote).
          const sent = JSON.stringify(req.body ?? '').toLowerCase() + req.url.toLowerCase();
          for (const v of f.accountObjects) if (!sent.includes(v)) assert.ok(!text.includes(v), `${what}: carries "${v}"`);
        }
        if (res.status >= 400) await row.unchanged?.(f, req);
      });

      it("a tenant-wide key: acts on the account it names as that account's own key does; another tenant's: 404; none: 400", async () => {
        const where = row.method === 'GET' ? 'query' : 'body';
        const onFirst = await send(row.method, withAccountId(await row.build(f), f.a.accountId, where), { key: f.wide.a });
        assert.equal(
          onFirst.status,
          row.happy.status,
          `${name} by A's tenant-wide key on its first account: ${JSON.stringify(onFirst.body)}`,
        );
        if (row.happy.code) assert.equal(onFirst.body.code, row.happy.code);
        await row.check?.(onFirst.body, f, onFirst);
        // On A's second account: exactly what that account's own key gets, and none of the first account's objects.
        const [wideReq, boundReq] = [await row.build(f), await row.build(f)];
        const wide = await send(row.method, withAccountId(wideReq, f.a.secondAccountId, where), { key: f.wide.a });
        const bound = await send(row.method, withAccountId(boundReq, f.a.secondAccountId, where), { key: f.a.secondAccountKey });
        const what = `${name} by A's tenant-wide key on its second account`;
        const onSecond = row.wideOnOtherAccount
          ? [row.wideOnOtherAccount.status, row.wideOnOtherAccount.code]
          : [bound.status, bound.body?.code];
        assert.deepEqual([wide.status, wide.body?.code], onSecond, `${what}: ${JSON.stringify(wide.body)}`);
        const sent = JSON.stringify(wideReq.body ?? '').toLowerCase() + wideReq.url.toLowerCase();
        for (const v of f.accountObjects)
          if (!sent.includes(v)) assert.ok(!serialized(wide).toLowerCase().includes(v), `${what}: carries "${v}"`);
        // Tenant B's tenant-wide key naming A's account.
        const foreignReq = await row.build(f);
        const foreign = await send(row.method, withAccountId(foreignReq, f.a.accountId, where), { key: f.wide.b });
        await refused(
          row,
          foreignReq,
          foreign,
          { status: 404, code: 'exceptions.account.notFound' },
          `${name} by B's tenant-wide key naming A's account`,
        );
        // Naming none: 400 where the route acts on an account (OpenAPI shows its accountId), else as usual.
        const op = openapi.paths[row.path][row.method.toLowerCase()];
        const takesAccount =
          (op.parameters ?? []).some((p: any) => p.in === 'query' && p.name === 'accountId') ||
          op.requestBody?.content?.['application/json']?.schema?.properties?.accountId !== undefined;
        const bare = await row.build(f);
        const url = new URL(bare.url, 'http://x');
        url.searchParams.delete('accountId');
        let body = bare.body;
        if (body && typeof body === 'object' && 'accountId' in body) {
          const { accountId: _named, ...rest } = body as Record<string, unknown>;
          body = rest;
        }
        const none = await send(row.method, { ...bare, url: url.pathname + url.search, body }, { key: f.wide.a });
        if (row.withoutAccount) {
          const what = `${name} by a tenant-wide key naming no account`;
          if (row.withoutAccount.status >= 400) await refused(row, bare, none, row.withoutAccount, what);
          else assert.equal(none.status, row.withoutAccount.status, `${what}: ${JSON.stringify(none.body)}`);
        } else if (!takesAccount)
          assert.equal(none.status, row.happy.status, `${name} by a tenant-wide key naming no account: ${JSON.stringify(none.body)}`);
        else {
          await refused(
            row,
            bare,
            none,
            { status: 400, code: 'exceptions.validation.failed' },
            `${name} by a tenant-wide key naming no account`,
          );
          assert.equal(none.body.extension.fields[0].field, 'accountId');
        }
      });

      it(`happy path: a key with only ${row.scope}, from an allowlisted IP`, async () => {
        const req = await row.build(f);
        const res = await send(row.method, req, { key: f.only.get(row.scope), ip: ALLOWED_IP });
        if (row.onlyScope) return refused(row, req, res, row.onlyScope, `${name} by a key with only ${row.scope}`);
        assert.equal(res.status, row.happy.status, `${name}: ${JSON.stringify(res.body)}`);
        if (row.happy.code) assert.equal(res.body.code, row.happy.code);
        await row.check?.(res.body, f, res);
      });
    });
  }

  describe('operator API', () => {
    const adminOps = () => {
      const ops: Array<{ method: string; url: string }> = [];
      for (const [path, methods] of Object.entries<any>(openapi.paths)) {
        if (!path.startsWith('/admin/')) continue;
        for (const method of Object.keys(methods))
          ops.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, randomUUID()) });
      }
      return ops;
    };

    it('refuses a missing or wrong token, and merchant keys, on every operator route: 401 admin.invalidToken', async () => {
      const ops = adminOps();
      assert.ok(ops.length >= 14, `only ${ops.length} operator routes`);
      const basic = Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64');
      const variants: Array<[string, Record<string, string>]> = [
        ['no token', {}],
        ['empty bearer', { authorization: 'Bearer ' }],
        ['wrong token', { authorization: 'Bearer wrong' }],
        ['token with a suffix', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
        ['token prefix', { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
        ['token as Basic credentials', { authorization: `Basic ${basic}` }],
        ['token without a scheme', { authorization: ADMIN_TOKEN }],
        ['token in the merchant header', { 'x-tenant-api-key': ADMIN_TOKEN }],
        ['a merchant key as bearer', { authorization: `Bearer ${f.a.key}` }],
        ['a merchant key in its own header', { 'x-tenant-api-key': f.a.key }],
      ];
      for (const op of ops) {
        for (const [label, headers] of variants) {
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: op.url,
            headers,
            ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
          });
          const what = `${op.method} ${op.url} with ${label}`;
          assert.equal(res.statusCode, 401, `${what}: ${res.body}`);
          const body = res.json();
          assert.equal(body.code, 'exceptions.admin.invalidToken', what);
          assertNoLeak({ status: res.statusCode, body, headers: res.headers as Record<string, unknown> }, what);
        }
        // The right token passes authentication (random ids and an empty body: 400 or 404, nothing changed).
        const ok = await t.app.inject({
          method: op.method as 'GET',
          url: op.url,
          headers: { authorization: `bearer ${ADMIN_TOKEN}` },
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
        });
        assert.ok(
          ![401, 403].includes(ok.statusCode) && ok.statusCode < 500,
          `${op.method} ${op.url} with the token: ${ok.statusCode} ${ok.body}`,
        );
      }
    });

    it("never reveals a tenant's webhook secret or key hashes in its reads", async () => {
      const tenant = await t.admin('GET', `/admin/tenants/${f.a.id}`);
      assert.equal(tenant.status, 200);
      const row = await t.ctx.db.selectFrom('tenants').select('webhook_secret').where('id', '=', f.a.id).executeTakeFirstOrThrow();
      const hashes = await t.ctx.db.selectFrom('api_keys').select('key_hash').where('tenant_id', '=', f.a.id).execute();
      const text = JSON.stringify(tenant.body);
      assert.ok(!text.includes(row.webhook_secret), 'webhook secret in GET /admin/tenants/:id');
      for (const h of hashes) assert.ok(!text.includes(h.key_hash), 'key hash in GET /admin/tenants/:id');
    });
  });
});

describe('secrets never reach logs or responses [pglite]', () => {
  it('keeps keys, tokens, webhook secrets, hot-wallet keys, xprvs and the fee payer key out of every log line and answer', async () => {
    const hex32 = () => randomBytes(32).toString('hex');
    const adminToken = `op-${hex32()}`;
    const ethHotKey = `0x${hex32()}`;
    const baseHotKey = `0x${hex32()}`;
    const feePayerKey = `0x${hex32()}`;
    const ethSweep = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'");
    const btcSweep = HDKey.fromMasterSeed(randomBytes(32)).derive("m/84'/0'/0'");
    const dir = mkdtempSync(join(tmpdir(), 'cg-secrets-'));
    const baseKeyFile = join(dir, 'base-hot-wallet-key');
    writeFileSync(baseKeyFile, `${baseHotKey}\n`);
    const env = {
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'trace',
      ETHEREUM_HOT_WALLET_KEY: ethHotKey,
      ETHEREUM_XPUB: ethSweep.publicExtendedKey,
      ETHEREUM_SWEEP_XPRV: ethSweep.privateExtendedKey,
      BASE_HOT_WALLET_KEY_FILE: baseKeyFile,
      BTC_SWEEP_XPRV: btcSweep.privateExtendedKey,
      X402_FEE_PAYER_KEY: feePayerKey,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    const config = testConfig({ watchIntervalMs: 100, webhookRetryBaseS: 1 }, env);
    // The same keys in a live installation: Ethereum on a (dead) real RPC, so its worker builds the
    // signer and sweeper from them and logs every failed round.
    const liveConfig = testConfig(
      { watchIntervalMs: 100 },
      { ...env, ETHEREUM_RPC_URL: 'http://127.0.0.1:1', ETHEREUM_XPUB: ethSweep.publicExtendedKey },
    );
    assert.equal(liveConfig.mode, 'live');
    assert.equal(config.chains.BASE.hotWalletKey, baseHotKey, 'BASE_HOT_WALLET_KEY_FILE is read');
    assert.equal(config.adminToken, adminToken);

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const receiver = await startReceiver();
    const database = await freshDatabase('pglite');
    let app: App | undefined;
    let workers: { stop(): Promise<void> } | undefined;
    /** Answers, except those whose purpose is to hand a secret over once (key issue, secret rotation). */
    const answers: Array<{ what: string; text: string }> = [];
    const handedOver: string[] = [];
    try {
      app = await buildApp({ config, database, db: database.db }, { logger: { level: 'trace', stream } });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const a = app;
      const req = async (
        method: string,
        url: string,
        o: { body?: unknown; headers?: Record<string, string>; ip?: string; handsOver?: boolean } = {},
      ) => {
        const res = await a.inject({
          method: method as 'GET',
          url,
          headers: o.headers ?? {},
          ...(o.ip ? { remoteAddress: o.ip } : {}),
          ...(o.body !== undefined ? { payload: o.body as object } : {}),
        });
        if (!o.handsOver) answers.push({ what: `${method} ${url}`, text: res.body + JSON.stringify(res.headers) });
        let body: any;
        try {
          body = JSON.parse(res.body);
        } catch {
          body = undefined;
        }
        return { status: res.statusCode, body, raw: res.body };
      };
      const op = { authorization: `Bearer ${adminToken}` };

      // Operator: a tenant, keys, a webhook secret, the deposit webhook.
      const tenant = (await req('POST', '/admin/tenants', { headers: op, body: { name: 'Secret shop' } })).body.data;
      const issue = async (scopes: string[], allowedIps?: string[]) => {
        const res = await req('POST', '/admin/api-keys', {
          headers: op,
          body: { tenantId: tenant.id, accountId: tenant.accountId, scopes, ...(allowedIps ? { allowedIps } : {}) },
          handsOver: true,
        });
        assert.equal(res.status, 201);
        handedOver.push(res.raw);
        return res.body.data as { id: string; key: string };
      };
      const full = await issue(['*']);
      const narrow = await issue(['invoices.list'], [ALLOWED_IP]);
      const revoked = await issue(['*']);
      assert.equal((await req('DELETE', `/admin/api-keys/${revoked.id}`, { headers: op })).status, 200);
      const initialSecret = (
        await database.db.selectFrom('tenants').select('webhook_secret').where('id', '=', tenant.id).executeTakeFirstOrThrow()
      ).webhook_secret;
      const rotated = await req('POST', `/admin/tenants/${tenant.id}/webhook-secret`, { headers: op, handsOver: true });
      handedOver.push(rotated.raw);
      const webhookSecret: string = rotated.body.data.secret;
      assert.match(webhookSecret, /^[0-9a-f]{64}$/);
      assert.equal(
        (
          await req('PATCH', `/admin/tenants/${tenant.id}`, {
            headers: op,
            body: { depositWebhookUrl: `${receiver.url}/deposits`, depositCommission: 0 },
          })
        ).status,
        200,
      );

      // Workers running (and logging) while the requests come in.
      await refreshRates(database.db, new SandboxRateProvider(), RATE_ASSETS);
      assert.equal(
        (await req('PUT', '/admin/sandbox/network-fees', { headers: op, body: { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 } })).status,
        200,
      );
      await refreshFees(database.db, defaultOracles(database.db, config));
      workers = startWorkers(a.ctx, a.log);

      const key = { 'x-tenant-api-key': full.key };
      const dep = await req('POST', '/v1/deposit', { headers: key, body: { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'secret-dep-1' } });
      assert.equal(dep.status, 201, dep.raw);
      assert.equal(
        (
          await req('POST', '/admin/sandbox/transfers', {
            headers: op,
            body: { cryptoCurrencyCode: 'USDT_TRC20', to: dep.body.data.address, amount: 51 },
          })
        ).status,
        201,
      );
      assert.equal((await req('POST', '/admin/sandbox/mine', { headers: op, body: { network: 'Tron', blocks: 5 } })).status, 200);
      const inv = await req('POST', '/v1/invoice', {
        headers: key,
        body: { amount: 20, fiatCurrencyCode: 'USD', orderId: 'secret-inv-1', webhookUrl: 'https://merchant.example.com/hooks' },
      });
      assert.equal(inv.status, 201, inv.raw);
      await req('GET', `/v1/invoice?id=${inv.body.data.id}`, { headers: { 'x-tenant-api-key': narrow.key }, ip: ALLOWED_IP });
      await req('POST', '/v1/invoice/cancel', { headers: key, body: { orderId: 'secret-inv-1' } });
      await req('GET', '/v1/invoice/list', { headers: key });
      await req('GET', '/v1/currencies', { headers: key });
      await req('GET', '/v1/balances', { headers: key });
      await req('POST', '/v1/x402/verify', { headers: key, body: x402Body() });
      await req('POST', '/v1/x402/settle', { headers: key, body: x402Body() });
      await req('GET', '/v1/x402/supported', { headers: key });

      // Refused attempts, and keys and tokens where they do not belong: in other headers, in query
      // strings (unknown query parameters are ignored, so some of these succeed) and in bodies.
      const refusedCalls: Array<[string, string, Record<string, string>, string?, unknown?]> = [
        ['GET', '/v1/accounts', { 'x-tenant-api-key': revoked.key }],
        ['GET', '/v1/accounts', { 'x-tenant-api-key': `${full.key}x` }],
        ['GET', '/v1/invoice/list', { 'x-tenant-api-key': narrow.key }, '192.0.2.44'],
        ['GET', '/v1/accounts', { 'x-tenant-api-key': narrow.key }, ALLOWED_IP],
        ['GET', '/v1/accounts', { 'x-tenant-api-key': adminToken }],
        ['GET', '/v1/accounts', { authorization: `Bearer ${full.key}` }],
        ['GET', `/v1/accounts?apiKey=${full.key}&x-tenant-api-key=${full.key}`, {}],
        ['GET', `/v1/invoice/list?token=${adminToken}&secret=${webhookSecret}`, key],
        ['GET', `/v1/invoice?id=${full.key}`, key],
        ['GET', `/v1/currencies?network=${full.key}`, key],
        ['GET', `/v1/nowhere?key=${full.key}`, key],
        ['GET', `/admin/tenants/${tenant.id}?token=${adminToken}`, { authorization: `Bearer ${full.key}` }],
        ['POST', '/admin/tenants', { authorization: `Bearer ${adminToken.slice(0, -2)}` }, undefined, { name: 'x' }],
        [
          'POST',
          '/admin/tenants',
          { authorization: `Basic ${Buffer.from(`admin:${adminToken}`).toString('base64')}` },
          undefined,
          { name: 'x' },
        ],
        ['POST', '/v1/invoice', { ...key, 'content-type': 'application/json' }, undefined, `{"apiKey":"${full.key}",`],
      ];
      for (const [method, url, headers, ip, body] of refusedCalls) {
        const res = await req(method, url, { headers, ip, body });
        assert.ok(res.status < 500, `${method} ${url}: ${res.status} ${res.raw}`);
      }

      // The deposit completes and its webhook is signed with the tenant's secret.
      await until(
        () => receiver.received.some((r) => r.json?.event === 'deposit.statusChanged' && r.json.data.status === 'completed'),
        20_000,
        'the deposit webhook',
      );
      const hook = receiver.received.find((r) => r.json?.event === 'deposit.statusChanged')!;
      assert.equal(hook.headers['x-webhook-signature'], createHmac('sha256', webhookSecret).update(hook.body).digest('hex'));
      // A withdrawal from the credited balance, with its own webhook.
      const quote = await req('POST', '/v1/withdrawal/quote', {
        headers: key,
        body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'secret-wd-1' },
      });
      assert.equal(quote.status, 200, quote.raw);
      const commit = await req('POST', '/v1/withdrawal/commit', {
        headers: key,
        body: { quoteId: quote.body.data.quoteId, webhookUrl: `${receiver.url}/withdrawals` },
      });
      assert.equal(commit.status, 201, commit.raw);
      await until(() => receiver.received.some((r) => r.json?.event === 'withdrawal.statusChanged'), 20_000, 'the withdrawal webhook');

      // Operations endpoints.
      for (const url of ['/metrics', '/openapi.json', '/docs/json', '/healthz', '/readyz', `/pay/${inv.body.data.id}/state`]) {
        assert.ok((await req('GET', url)).status < 400, url);
      }
      await req('GET', `/admin/tenants/${tenant.id}`, { headers: op });
      await req('GET', `/admin/tenants/${tenant.id}/webhook-deliveries`, { headers: op });

      // What main.ts would print were the x402 network unreachable at start-up.
      const unreachable = config.x402.networks.map((n) => ({ ...n, rpcUrl: 'http://127.0.0.1:1' }));
      const x402Error = await x402FromConfig({ ...config, x402: { ...config.x402, networks: unreachable } }).then(
        () => null,
        (err: unknown) => err as Error,
      );
      assert.ok(x402Error, 'the unreachable x402 network fails start-up');
      a.log.error({ err: x402Error }, 'x402 start-up failed');
      // A configuration error about a secret file names the file, not a secret.
      let configError = '';
      try {
        loadConfig({ ETHEREUM_HOT_WALLET_KEY_FILE: join(dir, 'missing'), ETHEREUM_HOT_WALLET_KEY: ethHotKey });
      } catch (err) {
        configError = String((err as Error).message);
      }
      assert.match(configError, /ETHEREUM_HOT_WALLET_KEY_FILE/);

      await workers.stop();
      workers = undefined;
      await a.close();
      app = undefined;

      // The live installation's workers run a few failing rounds against the dead RPC.
      const liveDatabase = await freshDatabase('pglite');
      const liveApp = await buildApp(
        { config: liveConfig, database: liveDatabase, db: liveDatabase.db },
        { logger: { level: 'trace', stream } },
      );
      const before = lines.length;
      const liveWorkers = startWorkers(liveApp.ctx, liveApp.log);
      await until(
        () => lines.slice(before).filter((l) => l.includes('watch-ETHEREUM')).length >= 3,
        20_000,
        'failed Ethereum watcher rounds',
      );
      await liveWorkers.stop();
      await liveApp.close();
      await liveDatabase.close();

      const secrets: Record<string, string> = {
        'API key (full)': full.key,
        'API key (narrow)': narrow.key,
        'API key (revoked)': revoked.key,
        'webhook secret': webhookSecret,
        'initial webhook secret': initialSecret,
        'admin token': adminToken,
        'Ethereum hot-wallet key': ethHotKey.slice(2),
        'Base hot-wallet key (from a file)': baseHotKey.slice(2),
        'Ethereum sweep xprv': ethSweep.privateExtendedKey!,
        'Ethereum sweep private key': Buffer.from(ethSweep.privateKey!).toString('hex'),
        'BTC sweep xprv': btcSweep.privateExtendedKey!,
        'x402 fee payer key': feePayerKey.slice(2),
      };
      const log = lines.join('');
      assert.ok(lines.length > 50, `only ${lines.length} log lines captured`);
      assert.ok(
        lines.every((l) => JSON.parse(l)),
        'log lines are JSON',
      );
      assert.ok(
        log.includes('background job failed') || log.includes('network fee quote failed'),
        'the workers logged their failures on the dead RPC',
      );
      assert.ok(log.includes(`"url":"/v1/invoice?id=${inv.body.data.id}"`), 'the query parameters the API reads are still logged');
      assert.ok(log.includes('"url":"/v1/accounts?apiKey=[redacted]&x-tenant-api-key=[redacted]"'), 'other query values are redacted');
      const x402Text = `${x402Error!.message}\n${x402Error!.stack}\n${JSON.stringify(x402Error)}`;
      const delivered = receiver.received.map((r) => r.body + JSON.stringify(r.headers)).join('\n');
      for (const [name, value] of Object.entries(secrets)) {
        const v = value.toLowerCase();
        assert.ok(!log.toLowerCase().includes(v), `${name} in the logs: ${lines.find((l) => l.toLowerCase().includes(v))?.slice(0, 600)}`);
        for (const answer of answers)
          assert.ok(!answer.text.toLowerCase().includes(v), `${name} in the answer to ${answer.what}: ${answer.text.slice(0, 400)}`);
        assert.ok(!x402Text.toLowerCase().includes(v), `${name} in the x402 start-up error`);
        assert.ok(!configError.toLowerCase().includes(v), `${name} in a configuration error`);
        assert.ok(!delivered.toLowerCase().includes(v), `${name} in a webhook delivery`);
      }
      // The answers that hand a secret over carry only their own.
      for (const text of handedOver) {
        const carried = Object.entries(secrets).filter(([, v]) => text.toLowerCase().includes(v.toLowerCase()));
        assert.equal(carried.length, 1, `a hand-over answer carries ${carried.map(([n]) => n).join(', ')}`);
      }
    } finally {
      await workers?.stop();
      await app?.close();
      await receiver.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
