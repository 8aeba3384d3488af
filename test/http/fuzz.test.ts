/**
 * Property-based fuzzing of every route the service documents in its own /openapi.json.
 *
 * For each operation a request generator is built from the declared schema (path parameters,
 * query parameters, JSON body) that mixes valid values (so requests get past the first validation
 * layer and reach the services) with hostile ones: wrong types, missing required fields, huge and
 * exotic strings, extreme numbers, unknown fields, arrays for objects, deep nesting, malformed JSON,
 * duplicated orderIds, invalid ids. Every answer must be < 500 (apart from the 503s the API
 * mandates), every error must be the API's body with a catalogued `exceptions.*` code, and an
 * error must leave the database exactly as it was.
 *
 * Bounded by FUZZ_RUNS (runs per route, default 25) and reproducible with FUZZ_SEED (default
 * below, printed). FUZZ_ONLY=<substring> restricts the run to the routes whose "METHOD /path"
 * contains it (the routes before it are then not run, so state differs from a full run);
 * FUZZ_VERBOSE=1 prints every request and its answer.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it, type TestContext } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createPublicClient, custom, getAddress, type CustomTransport, type PublicClient } from 'viem';
import { ERRORS } from '../../src/lib/errors.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SANDBOX_USD_PRICES, SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { dispatchEvents } from '../../src/modules/webhooks/deliveries.ts';
import type { X402Chain } from '../../src/chains/x402/chain.ts';
import { ADMIN_TOKEN, describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 0x5eed_2024;
const RUNS = process.env.FUZZ_RUNS ? Math.max(1, Number(process.env.FUZZ_RUNS)) : 25;
const ONLY = process.env.FUZZ_ONLY ?? '';
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
console.log(`# fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY ? ` FUZZ_ONLY=${ONLY}` : ''}`);

type Schema = Record<string, any>;
type Arb<T = unknown> = fc.Arbitrary<T>;

/**
 * Routes that are not fuzzed, each with why. The test asserts each one is a route the app has.
 * Everything in /openapi.json is fuzzed; these are the undocumented (hidden) routes only.
 */
const SKIPPED: Record<string, string> = {
  'GET /openapi.json': 'takes no input; it is the document this fuzzer is generated from (fetched and parsed above)',
  'GET /docs': 'redirect to the static Swagger UI page of @fastify/swagger-ui, takes no input',
  'GET /docs/static/index.html': 'static Swagger UI page served by @fastify/swagger-ui, takes no input',
  'GET /docs/static/swagger-initializer.js': 'static Swagger UI script served by @fastify/swagger-ui, takes no input',
  'GET /docs/static/*': 'static Swagger UI assets served by @fastify/static from the package files (not our code)',
  'GET /docs/json': 'the OpenAPI document again, via @fastify/swagger-ui, takes no input',
  'GET /docs/yaml': 'the OpenAPI document as YAML, via @fastify/swagger-ui, takes no input',
};

/** Hidden routes (not in /openapi.json) that are fuzzed anyway, with the schema they declare. */
const HIDDEN: Array<{ method: string; path: string; op: Schema; html?: boolean }> = [
  {
    method: 'GET',
    path: '/pay/{id}',
    html: true,
    op: { parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', maxLength: 64 } }] },
  },
  {
    method: 'GET',
    path: '/pay/{id}/logo',
    op: { parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', maxLength: 64 } }] },
  },
  {
    method: 'GET',
    path: '/pay/{id}/i18n/{lang}',
    op: {
      parameters: [
        { in: 'path', name: 'id', required: true, schema: { type: 'string', maxLength: 64 } },
        { in: 'path', name: 'lang', required: true, schema: { type: 'string', maxLength: 8 } },
      ],
    },
  },
  {
    method: 'GET',
    path: '/pay/link/{slug}',
    html: true,
    op: { parameters: [{ in: 'path', name: 'slug', required: true, schema: { type: 'string', maxLength: 64 } }] },
  },
  {
    method: 'POST',
    path: '/pay/link/{slug}',
    html: true,
    op: {
      parameters: [{ in: 'path', name: 'slug', required: true, schema: { type: 'string', maxLength: 64 } }],
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                amount: { type: 'string', maxLength: 64 },
                quantity: { type: 'string', maxLength: 16 },
                email: { type: 'string', maxLength: 320 },
                lang: { type: 'string', maxLength: 16 },
              },
            },
          },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/pay/link/{slug}/logo',
    op: { parameters: [{ in: 'path', name: 'slug', required: true, schema: { type: 'string', maxLength: 64 } }] },
  },
  {
    method: 'GET',
    path: '/assets/icons/{name}',
    op: { parameters: [{ in: 'path', name: 'name', required: true, schema: { type: 'string', maxLength: 40 } }] },
  },
  {
    method: 'GET',
    path: '/assets/networks/{name}',
    op: { parameters: [{ in: 'path', name: 'name', required: true, schema: { type: 'string', maxLength: 40 } }] },
  },
];

/**
 * 503 is a server error, but the API mandates it in these cases: address provisioning is
 * disabled, and no live network fee exists (the operator fuzzing sets fees to null, though it runs
 * after the merchant routes; a held payment's refund pays that fee too). Allowed only with these codes on these routes, and checked like any
 * other error (body shape, nothing changed). Rates are refreshed before fuzzing and stay fresh
 * (RATE_MAX_AGE_S is 10 minutes), so `exceptions.rates.unavailable` is not allowed.
 */
const ALLOWED_503: Record<string, string[]> = {
  'exceptions.addressProvision.temporarilyDisabled': ['GET /v1/address-provision', 'POST /v1/address-provision'],
  'exceptions.depositFee.quoteUnavailable': ['POST /v1/deposit', 'POST /pay/{id}/select'],
  'exceptions.withdrawal.feeUnavailable': ['POST /v1/withdrawal/quote', 'POST /admin/held-payments/{id}/refund'],
};

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Marks a JSON fragment to be written verbatim (numbers JSON.stringify cannot produce). */
class RawJson {
  constructor(readonly text: string) {}
}

/**
 * Arbitraries of strings, built once per shape: fast-check's string arbitraries tokenize their
 * bias dictionary when built (some milliseconds each), and the generators ask for the same
 * patterns and lengths again on every route and run. Building takes no randomness, so the values
 * drawn are the same either way.
 */
const built = new Map<string, Arb<string>>();
function once(key: string, build: () => Arb<string>): Arb<string> {
  let arb = built.get(key);
  if (!arb) built.set(key, (arb = build()));
  return arb;
}
/** `fc.string(constraints)`, built once per constraints. */
function stringOf(constraints: Parameters<typeof fc.string>[0]): Arb<string> {
  return once(`string ${JSON.stringify(constraints)}`, () => fc.string(constraints));
}
function matching(pattern: string, maxLength = Infinity): Arb<string> {
  return once(`match ${maxLength} ${pattern}`, () => fc.stringMatching(new RegExp(pattern)).filter((v) => v.length <= maxLength));
}

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  '\uD800',
  '\uDFFFx',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'ｆｕｌｌｗｉｄｔｈ',
  'İıßẞ',
  'مرحبا بالعالم',
  "' OR '1'='1",
  '"; DROP TABLE tenants; --',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '1_000',
  '١٢٣',
  '  42  ',
  '4.2.1',
  '12',
  '-5',
  '0.000000000000000000000000001',
  '1.123456789012345678901234567890',
  '99999999999999999999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'not-a-uuid',
  '12345678-1234-1234-1234-1234567890123',
  'g2345678-1234-1234-1234-123456789012',
  '2024-13-45T99:99:99Z',
  '0x',
  '0xzz',
  'USDT_TRC20 ',
  'usdt_trc20',
  '__proto__',
  'constructor',
];

const WEIRD_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2,
  -1e308,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  2 ** 64,
  1e21,
  1e-7,
  0.1,
  0.30000000000000004,
  1.0000001,
  123.456789123456789,
  0.123456789012345678,
  1e15,
  1e15 + 0.5,
  999999999999.999,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  1.5,
  0.005,
  10.001,
];

/** Numbers only raw JSON can carry: they parse to Infinity, 0 or a rounded value. */
const RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '1e-999',
  '-0.0',
  '1E2',
  '0.1000000000000000000000000000001',
  '12345678901234567890123456789',
  '1' + '0'.repeat(400),
];

const HUGE_STRING: Arb<string> = fc
  .tuple(fc.integer({ min: 10_000, max: 100_000 }), fc.constantFrom('x', 'é', '😀', '\u202E', '٣', '\u0000', 'a\u0000'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

/** A value nested `depth` levels deep (objects or arrays), with a hostile leaf at the bottom. */
const DEEP: Arb<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean(), fc.constantFrom<unknown>('\u0000', 1e308, null, 'leaf', -1, [], {}))
  .map(([depth, arrays, leaf]) => {
    let v: unknown = leaf;
    for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
    return v;
  });

const WIDE: Arb<unknown> = fc
  .integer({ min: 100, max: 3_000 })
  .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));

const anyHostile: Arb<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...WEIRD_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>('\uD800', 'a\uDC00b', '\uDBFF\uDBFF', '\u0000', 'x\u0000y') },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...WEIRD_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...RAW_NUMBERS.map((t) => new RawJson(t))) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a', null], { nested: { deeper: [{}] } }) },
  { weight: 1, arbitrary: HUGE_STRING },
  { weight: 1, arbitrary: DEEP },
  { weight: 1, arbitrary: WIDE },
  { weight: 2, arbitrary: stringOf({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values of the right type the services must refuse (valid for the schema, not for the field). */
const SEMANTICALLY_BAD: Record<string, string[]> = {
  webhookUrl: [
    'http://localhost:8080/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://user:pw@shop.io/',
    'javascript:alert(1)',
    'https://intranet/x',
    'ftp://shop.io/x',
    'https://shop.local/x',
    'https://xn--/x',
  ],
  depositWebhookUrl: ['http://localhost:8080/x', 'https://10.0.0.1/x', 'https://intranet/x', 'not a url'],
  returnUrl: ['javascript:alert(1)', 'data:text/html,x', '//shop.io', 'shop.io/back'],
  successUrl: ['javascript:alert(1)', 'file:///etc/passwd'],
  failedUrl: ['javascript:alert(1)', 'mailto:x@y.z'],
  customerId: ['blocked-customer'],
  fiatCurrencyCode: ['usd', 'XXX', 'US', 'BTC', 'USD '],
  address: [
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
    '0xdac17f958d2ee523a2206206994597C13D831ec7',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
    '0x0000000000000000000000000000000000000000',
    'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    '0x000000000000000000000000000000000000dEaD',
  ],
  to: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'bc1qinvalid', '0x123'],
  network: ['Solana', 'bitcoin', 'ETHEREUM', 'Tron '],
};

// ---------------------------------------------------------------------------------------------
// Fixtures the generators draw valid values from (filled in before fuzzing, grown from answers)

interface Pools {
  invoiceIds: string[];
  depositIds: string[];
  withdrawalIds: string[];
  /** Quotes not committed yet, and committed ones (a commit moves its quote over). */
  quoteIds: string[];
  usedQuoteIds: string[];
  tenantIds: string[];
  accountIds: string[];
  apiKeyIds: string[];
  deliveryIds: string[];
  /** Payment links, by id and by their page's slug. */
  linkIds: string[];
  linkSlugs: string[];
  /** Subscription plans, customers, subscriptions, and signed links to a customer's portal. */
  planIds: string[];
  customerIds: string[];
  subscriptionIds: string[];
  portalTokens: string[];
  /** Payments incoming screening held (their sender is on the fixture's denylist). */
  heldIds: string[];
  addresses: string[];
  /** A valid destination of each currency (its fixture deposit address). */
  addressOf: Record<string, string>;
  orderIds: string[];
  fiat: string[];
}

/** Draws from a pool as it is when the value is generated (pools grow while fuzzing). */
function fromPool(pool: string[], fallback: Arb<string> = fc.uuid()): Arb<string> {
  return fc
    .oneof({ weight: 4, arbitrary: fc.nat().map((i) => (pool.length ? pool[i % pool.length]! : '')) }, { weight: 1, arbitrary: fallback })
    .map((v) => v || randomUUID());
}

const X402_NETWORK = 'eip155:84532';
const X402_ASSET = getAddress('0x036CbD53842c5426634e7929541eC2318f3dCF7e');
const X402_PAYTO = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const X402_PAYER = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');

/** The facilitator's chain, with a node that is unreachable: every chain read fails at once. */
function offlineX402(): X402Chain {
  const publicClient: PublicClient = createPublicClient<CustomTransport, undefined>({
    transport: custom({ request: async () => Promise.reject(new Error('fuzz: the x402 node is offline')) }, { retryCount: 0 }),
  });
  return {
    network: X402_NETWORK,
    chainId: 84532,
    publicClient,
    assets: new Map([[X402_ASSET.toLowerCase(), { address: X402_ASSET, name: 'USDC', version: '2' }]]),
  };
}

/**
 * The x402 bodies are declared as opaque JSON in /openapi.json (the facilitator answers protocol
 * failures itself); their shape is the API's, written out here so they get the same treatment.
 */
function x402BodySchema(): Schema {
  const addr = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };
  const uint = { type: 'string', pattern: '^[0-9]{1,30}$' };
  const requirements = {
    type: 'object',
    required: ['scheme', 'network', 'amount', 'asset', 'payTo', 'maxTimeoutSeconds'],
    properties: {
      scheme: { type: 'string', enum: ['exact'] },
      network: { type: 'string', enum: [X402_NETWORK] },
      amount: uint,
      asset: { type: 'string', enum: [X402_ASSET, X402_ASSET.toLowerCase()] },
      payTo: addr,
      maxTimeoutSeconds: { type: 'integer', minimum: 1, maximum: 3600 },
      extra: {
        type: 'object',
        properties: {
          name: { type: 'string', enum: ['USDC'] },
          version: { type: 'string', enum: ['2'] },
          assetTransferMethod: { type: 'string', enum: ['eip3009', 'permit2'] },
        },
      },
    },
  };
  const authorization = {
    type: 'object',
    required: ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'],
    properties: {
      from: addr,
      to: addr,
      value: uint,
      validAfter: uint,
      validBefore: uint,
      nonce: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
    },
  };
  const permit2Authorization = {
    type: 'object',
    required: ['permitted', 'from', 'spender', 'nonce', 'deadline', 'witness'],
    properties: {
      permitted: { type: 'object', required: ['token', 'amount'], properties: { token: addr, amount: uint } },
      from: addr,
      spender: addr,
      nonce: uint,
      deadline: uint,
      witness: { type: 'object', required: ['to', 'validAfter'], properties: { to: addr, validAfter: uint } },
    },
  };
  return {
    type: 'object',
    required: ['paymentPayload', 'paymentRequirements'],
    properties: {
      x402Version: { type: 'integer', enum: [2] },
      paymentPayload: {
        type: 'object',
        required: ['x402Version', 'accepted', 'payload'],
        properties: {
          x402Version: { type: 'integer', enum: [2] },
          resource: { type: 'object', properties: { url: { type: 'string', maxLength: 200 } } },
          accepted: requirements,
          payload: {
            type: 'object',
            required: ['signature'],
            properties: { signature: { type: 'string', pattern: '^0x[0-9a-f]{130}$' }, authorization, permit2Authorization },
          },
          extensions: { type: 'object', additionalProperties: true },
        },
      },
      paymentRequirements: requirements,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Generators from JSON Schema

function enumValues(s: Schema): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  if (s.const !== undefined) return [s.const];
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every((b: Schema) => enumValues(b)))
    return s.anyOf.flatMap((b: Schema) => enumValues(b)!);
  return undefined;
}

function isObjectSchema(s: Schema): boolean {
  return s.type === 'object' || (s.type === undefined && s.properties !== undefined);
}

class Gen {
  constructor(
    private readonly pools: Pools,
    /** "METHOD /path" of the route, to pick the right id pool. */
    private readonly route: string,
  ) {}

  private idPool(): string[] {
    const r = this.route;
    const p = this.pools;
    if (r.includes('/held-payments')) return p.heldIds;
    if (r.includes('/admin/tenants/')) return p.tenantIds;
    if (r.includes('/payment-links')) return p.linkIds;
    if (r.includes('/plans')) return p.planIds;
    if (r.includes('/subscriptions')) return p.subscriptionIds;
    if (r.includes('/customers/')) return p.customerIds;
    if (r.includes('/invoice') || r.includes('/pay/')) return p.invoiceIds;
    if (r.includes('/deposit')) return p.depositIds;
    if (r.includes('/withdrawal')) return p.withdrawalIds;
    if (r.includes('/webhook-deliveries')) return p.deliveryIds;
    if (r.includes('/api-keys')) return p.apiKeyIds;
    if (r.includes('/tenants')) return p.tenantIds;
    return [];
  }

  /** Valid values that reach the services, chosen by field name (pools of real ids, accepted URLs, …). */
  private hint(name: string, s: Schema): Arb | undefined {
    const p = this.pools;
    const str = s.type === 'string' && !s.enum && !s.anyOf;
    const now = Math.floor(Date.now() / 1000);
    if (name === 'cryptoCurrencyCode') {
      // The funded currency most often (withdrawals can then succeed), every other one too.
      const codes = (enumValues(s) as string[] | undefined) ?? ['USDT_TRC20', 'BTC', 'ETH', 'USDC_BASE', 'DOGE'];
      return fc.oneof({ weight: 2, arbitrary: fc.constant('USDT_TRC20') }, { weight: 3, arbitrary: fc.constantFrom(...codes) });
    }
    if (str) {
      switch (name) {
        case 'id':
          return fromPool(this.idPool());
        case 'slug':
          return fromPool(p.linkSlugs);
        case 'token':
          return fromPool(p.portalTokens);
        case 'planId':
          return fromPool(p.planIds);
        case 'customerId':
          // A subscription's customer is one of the pool; an invoice's or deposit's is the merchant's own text.
          return this.route.includes('/subscriptions')
            ? fromPool(p.customerIds)
            : fc.oneof(
                { weight: 4, arbitrary: fc.constantFrom('customer-1', 'customer-2') },
                { weight: 1, arbitrary: stringOf({ minLength: 1, maxLength: 52 }) },
              );
        case 'orderId':
          return fc.oneof(
            { weight: 3, arbitrary: fromPool(p.orderIds, fc.constantFrom('fuzz-1', 'fuzz-2', 'fuzz-3')) },
            { weight: 1, arbitrary: stringOf({ minLength: 1, maxLength: 24 }) },
          );
        case 'fiatCurrencyCode':
          return fc.constantFrom(...p.fiat);
        case 'address':
        case 'to':
          return s.pattern ? undefined : fromPool(p.addresses, fc.constantFrom(...p.addresses));
        case 'webhookUrl':
        case 'depositWebhookUrl':
          return fc.constantFrom('https://merchant.example.com/hooks/pay', 'https://hooks.shop.io/x?y=1');
        case 'returnUrl':
        case 'successUrl':
        case 'failedUrl':
          return fc.constantFrom('https://shop.io/back', 'http://localhost:3000/ok');
        case 'tenantId':
          return fromPool(p.tenantIds);
        case 'accountId':
          return fromPool(p.accountIds);
        case 'quoteId':
          return fc.oneof(
            { weight: 3, arbitrary: fromPool(p.quoteIds, fromPool(p.usedQuoteIds)) },
            { weight: 1, arbitrary: fromPool(p.usedQuoteIds) },
          );
        case 'network':
          return fc.constantFrom('BTC', 'Ethereum', 'BNB', 'Base', 'Tron');
        case 'name':
          if (this.route.includes('/assets/icons/'))
            return fc.constantFrom('USDT_TRC20.svg', 'BTC.svg', 'ETH', 'usdt_trc20.svg', 'BTC.svg.svg');
          if (this.route.includes('/assets/networks/')) return fc.constantFrom('Tron.svg', 'Base.svg', 'Ethereum', 'tron.svg');
          break;
        case 'validAfter':
          return fc.integer({ min: -600, max: 60 }).map((d) => String(now + d));
        case 'validBefore':
        case 'deadline':
          return fc.integer({ min: -60, max: 3600 }).map((d) => String(now + d));
        case 'payTo':
        case 'from':
          if (s.pattern) return fc.oneof(fc.constantFrom(X402_PAYTO, X402_PAYER, X402_PAYTO.toLowerCase()), matching(s.pattern));
          return undefined;
      }
      if ((name === 'amount' || name === 'value') && s.pattern) {
        const longest = '9'.repeat(Math.min(s.maxLength ?? 80, 100));
        return fc.oneof(fc.constantFrom('10000', '1', '0', longest, `1${'0'.repeat(40)}.5`), matching(s.pattern, s.maxLength));
      }
    }
    if ((s.type === 'number' || s.type === 'integer') && name === 'amount' && this.route.includes('/withdrawal')) {
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(5, 10, 12.5, 25, 100, 0.01, 20.123456) },
        { weight: 1, arbitrary: this.validNumber(s) },
      );
    }
    if ((s.type === 'number' || s.type === 'integer') && name === 'amount' && this.route.includes('/invoice')) {
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(1, 10, 99.99, 150, 1000) }, { weight: 1, arbitrary: this.validNumber(s) });
    }
    if (s.type === 'integer' && name === 'blocks') return fc.integer({ min: 1, max: 3 });
    if ((name === 'paymentRequirements' || name === 'accepted') && isObjectSchema(s)) {
      const fixed = {
        scheme: 'exact',
        network: X402_NETWORK,
        amount: '10000',
        asset: X402_ASSET,
        payTo: X402_PAYTO,
        maxTimeoutSeconds: 60,
        extra: { name: 'USDC', version: '2' },
      };
      return fc.oneof({ weight: 2, arbitrary: fc.constant(fixed) }, { weight: 1, arbitrary: this.validObject(s) });
    }
    return undefined;
  }

  /** Half the time, makes a body's currency and address agree, so withdrawals get past the address check. */
  cohere(body: Record<string, unknown>): Arb<Record<string, unknown>> {
    const code = body.cryptoCurrencyCode;
    const address = typeof code === 'string' ? this.pools.addressOf[code] : undefined;
    if (!address || typeof body.address !== 'string') return fc.constant(body);
    return fc.boolean().map((fix) => (fix ? { ...body, address } : body));
  }

  valid(s: Schema, name = ''): Arb {
    const hinted = this.hint(name, s);
    if (hinted) return hinted;
    const e = enumValues(s);
    if (e) return fc.constantFrom(...e);
    if (Array.isArray(s.anyOf)) return fc.oneof(...s.anyOf.map((b: Schema) => this.valid(b, name)));
    if (isObjectSchema(s)) return this.validObject(s);
    switch (s.type) {
      case 'string':
        return this.validString(s);
      case 'number':
      case 'integer':
        return this.validNumber(s);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const min = s.minItems ?? 0;
        return fc.array(this.valid(s.items ?? {}, name), { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 3, 3)) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private validString(s: Schema): Arb<string> {
    if (s.format === 'uuid') return fromPool(this.idPool());
    if (s.format === 'date-time')
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    if (typeof s.pattern === 'string') return matching(s.pattern, s.maxLength);
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? 64;
    return once(`string ${min} ${max}`, () =>
      fc.oneof(
        fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 24)) }),
        fc.constant('a'.repeat(Math.max(min, Math.min(max, 100_000)))),
        fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.min(max, 12) }),
      ),
    );
  }

  private validNumber(s: Schema): Arb<number> {
    const int = s.type === 'integer';
    let lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (int ? 1 : 0.01) : -1e6);
    let hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (int ? 1 : 0.01) : 1e12);
    lo = Math.max(lo, -Number.MAX_SAFE_INTEGER);
    hi = Math.min(hi, Number.MAX_SAFE_INTEGER);
    const small = fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.min(Math.floor(hi), Math.ceil(lo) + 100)) });
    const bounds = fc.constantFrom(...[lo, hi].filter((v) => !int || Number.isInteger(v)));
    if (int) return fc.oneof(small, bounds, fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }));
    return fc.oneof(
      small,
      bounds,
      fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }),
      small.map((v) => Math.min(hi, v + 0.25)),
    );
  }

  private validObject(s: Schema): Arb<Record<string, unknown>> {
    const props = Object.entries<Schema>(s.properties ?? {});
    const required = (s.required ?? []) as string[];
    if (props.length === 0)
      return s.additionalProperties
        ? fc.dictionary(stringOf({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
        : fc.constant({});
    return fc.record(Object.fromEntries(props.map(([k, ps]) => [k, this.valid(ps, k)])), {
      requiredKeys: required.filter((k) => s.properties[k]),
    }) as Arb<Record<string, unknown>>;
  }

  /** Values that break the schema (or exploit its edges), aimed at the field's declared type. */
  hostile(s: Schema, name = ''): Arb {
    const targeted: Arb[] = [];
    const semantic = SEMANTICALLY_BAD[name];
    if (semantic && s.type === 'string') targeted.push(fc.constantFrom(...semantic), fc.constantFrom(...semantic));
    const e = enumValues(s);
    if (e) {
      const strs = e.filter((v): v is string => typeof v === 'string');
      if (strs.length)
        targeted.push(
          fc
            .constantFrom(...strs)
            .chain((v) => fc.constantFrom(v.toLowerCase(), v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}\u200B`, v.slice(0, -1), `${v}x`)),
        );
    }
    const type = s.type ?? (s.properties ? 'object' : undefined);
    if (type === 'string') {
      if (s.maxLength !== undefined) targeted.push(fc.constant('z'.repeat(s.maxLength + 1)));
      if ((s.minLength ?? 0) > 0) targeted.push(fc.constant(''));
      targeted.push(fc.constantFrom('\uD800', 'ok\uDC00', '\uDBFF\uDBFF', 'a\u0000', '\u0000', '\u202E\u200B', '😀'.repeat(40)));
      if (s.format === 'uuid')
        targeted.push(
          fc
            .uuid()
            .chain((u) =>
              fc.constantFrom(u.slice(1), `${u}0`, `{${u}}`, u.replace(/-/g, ''), u.replace(/[0-9a-f]/, 'g'), ` ${u}`, u.toUpperCase()),
            ),
        );
      targeted.push(fc.constantFrom<unknown>(0, 1, -1, true, null, [], {}, ['a']));
    } else if (type === 'number' || type === 'integer') {
      const edges: unknown[] = [];
      for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
        if (typeof s[k] === 'number') edges.push(s[k], s[k] - 1, s[k] + 1, s[k] - 1e-9, s[k] + 1e-9);
      }
      if (edges.length) targeted.push(fc.constantFrom(...edges));
      targeted.push(fc.constantFrom<unknown>('12', '1e3', 'NaN', '', '0x10', true, null, [], [1], { value: 1 }, 1.5, 1e-12, 10.123456789));
    } else if (type === 'boolean') {
      targeted.push(fc.constantFrom<unknown>('true', 'false', 0, 1, 'yes', null, [], {}));
    } else if (type === 'array') {
      targeted.push(fc.constantFrom<unknown>({}, 'a', 1, null, [[[]]]));
      if (s.maxItems !== undefined)
        targeted.push(this.valid(s.items ?? {}, name).map((v) => Array.from({ length: s.maxItems + 1 }, () => v)));
      targeted.push(fc.array(this.mutated(s.items ?? {}, name), { minLength: 1, maxLength: 3 }));
    } else if (type === 'object') {
      targeted.push(fc.constantFrom<unknown>([], [{}], 'object', 0, null, true));
      if (s.additionalProperties) {
        const key = fc.oneof(stringOf({ maxLength: 12 }), fc.constantFrom('\u0000', 'k\uD800', '__proto__', 'constructor', ''));
        targeted.push(fc.dictionary(key, anyHostile, { minKeys: 1, maxKeys: 4 }));
        targeted.push(DEEP.map((d) => ({ nested: d })));
      }
      if (s.maxProperties !== undefined)
        targeted.push(fc.constant(Object.fromEntries(Array.from({ length: s.maxProperties + 1 }, (_, i) => [`p${i}`, i]))));
    }
    return fc.oneof({ weight: 3, arbitrary: targeted.length ? fc.oneof(...targeted) : anyHostile }, { weight: 2, arbitrary: anyHostile });
  }

  /** Valid, hostile, or (objects and arrays) valid with some of the inside broken. */
  mutated(s: Schema, name = ''): Arb {
    if (isObjectSchema(s) && s.properties && Object.keys(s.properties).length > 0) {
      return fc.oneof({ weight: 2, arbitrary: this.object(s) }, { weight: 1, arbitrary: this.hostile(s, name) });
    }
    return fc.oneof({ weight: 3, arbitrary: this.valid(s, name) }, { weight: 2, arbitrary: this.hostile(s, name) });
  }

  /** An object: all valid, valid plus unknown fields, one field broken, a required one missing, or chaos. */
  object(s: Schema): Arb<Record<string, unknown>> {
    const props = Object.entries<Schema>(s.properties ?? {});
    const required = ((s.required ?? []) as string[]).filter((k) => s.properties?.[k]);
    const valid = this.validObject(s);
    if (props.length === 0) {
      return fc.oneof(valid, fc.dictionary(stringOf({ maxLength: 12 }), anyHostile, { maxKeys: 4 }));
    }
    const extras = fc.dictionary(
      fc.oneof(
        fc.constantFrom('unknownExtra', 'accountId', '__proto__', 'constructor', 'prototype', 'ORDERID', 'amount ', ''),
        stringOf({ maxLength: 12 }),
      ),
      fc.oneof(anyHostile, fc.jsonValue({ maxDepth: 2 })),
      { minKeys: 1, maxKeys: 3 },
    );
    // Structured fields (objects, arrays) are broken more often: their insides reach deeper code.
    const brokenField = props.map(([k, ps]) => {
      const structured = isObjectSchema(ps) || ps.type === 'array';
      return {
        weight: structured ? 3 : 1,
        arbitrary: (structured ? this.mutated(ps, k) : this.hostile(ps, k)).map((v) => [k, v] as const),
      };
    });
    const oneBroken = fc.tuple(valid, fc.oneof(...brokenField)).map(([rec, [k, v]]) => ({ ...rec, [k]: v }));
    const minimal = fc.record(Object.fromEntries(required.map((k) => [k, this.valid(s.properties[k], k)]))) as Arb<Record<string, unknown>>;
    const options: Array<fc.WeightedArbitrary<Record<string, unknown>>> = [
      { weight: 3, arbitrary: minimal },
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: fc.tuple(valid, extras).map(([rec, more]) => ({ ...more, ...rec })) },
      { weight: 4, arbitrary: oneBroken },
      {
        weight: 1,
        arbitrary: fc.record(Object.fromEntries(props.map(([k, ps]) => [k, this.mutated(ps, k)])), { requiredKeys: [] }) as Arb<
          Record<string, unknown>
        >,
      },
    ];
    if (required.length) {
      options.push({
        weight: 1,
        arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([rec, k]) => {
          const copy = { ...rec };
          delete copy[k];
          return copy;
        }),
      });
    }
    return fc.oneof(...options);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Route {
  method: string;
  path: string;
  auth: 'admin' | 'key' | 'public';
  html: boolean;
  pathParams: Array<{ name: string; schema: Schema }>;
  query: Schema | undefined;
  body: Schema | undefined;
  /** The route takes a body at all (POST, PUT, PATCH, DELETE). */
  takesBody: boolean;
}

interface FuzzRequest {
  url: string;
  payload?: string;
  contentType?: string;
  /** Send it twice in a row (duplicated orderIds, replays). */
  twice: boolean;
  describe: string;
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: invalid UTF-8 once percent-decoded
  }
}

function queryText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function serializeQuery(q: Record<string, unknown>, junk: string): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v) && v.length > 0 && v.length < 50) for (const item of v) parts.push(`${encode(k)}=${encode(queryText(item))}`);
    else if (v === null) parts.push(encode(k));
    else parts.push(`${encode(k)}=${encode(queryText(v))}`);
  }
  const text = parts.join('&') + junk;
  return text ? `?${text}` : '';
}

function safeParse(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return '';
  return raws.length ? text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i) => raws[Number(i)]!) : text;
}

/** What an implant puts deep inside an otherwise valid body. */
const IMPLANT: Arb<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>('\uD800', 'a\uDC00b', '\u0000', 'x\u0000y', '\u202E\uFEFF') },
  { weight: 2, arbitrary: DEEP },
  { weight: 1, arbitrary: HUGE_STRING },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...RAW_NUMBERS.map((t) => new RawJson(t))) },
  { weight: 1, arbitrary: WIDE },
  { weight: 2, arbitrary: anyHostile },
);

/**
 * Puts `leaf` at the n-th place inside `body` (never the root): replaces a value, or adds it
 * under a new key of an object or at the end of an array, so the rest of the body stays valid.
 */
function implant(body: unknown, n: number, leaf: unknown): unknown {
  const places: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number; add: boolean }> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      places.push({ parent: node, key: node.length, add: true });
      node.forEach((child, i) => {
        places.push({ parent: node, key: i, add: false });
        walk(child);
      });
    } else if (node !== null && typeof node === 'object' && !(node instanceof RawJson)) {
      places.push({ parent: node as Record<string, unknown>, key: 'fuzzImplant', add: true });
      for (const [k, child] of Object.entries(node)) {
        places.push({ parent: node as Record<string, unknown>, key: k, add: false });
        walk(child);
      }
    }
  };
  const copy = structuredClone(body);
  walk(copy);
  if (places.length === 0) return copy;
  const place = places[n % places.length]!;
  (place.parent as Record<string | number, unknown>)[place.key] = leaf;
  return copy;
}

const RAW_BODIES = [
  '{bad',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  ' ',
  'null',
  '[]',
  '"string"',
  '42',
  'true',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
  '{"amount":1e999,"orderId":"raw-1"}',
  '{"orderId":"dup","orderId":"dup2"}',
  '{"orderId":"\\ud800"}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
  '{"a":'.repeat(70) + '{"__proto__":{"x":1},"b":"\\u0000"}' + '}'.repeat(70),
  '{"orderId":"\\udfff","name":"\\ud83d"}',
];

const QUERY_JUNK = [
  '&',
  '&&=&',
  '&%E0%A4%A=1',
  '&page=1&page=2',
  '&unknown=1',
  '&accountId=not-a-uuid',
  '&id=%00',
  '&orderId=' + 'q'.repeat(5000),
  '&limit=1e2',
  '&page=-0',
];

function requestArb(route: Route, gen: Gen): Arb<FuzzRequest> {
  const pathArb = fc.tuple(
    ...route.pathParams.map((p) =>
      fc.oneof(
        { weight: 4, arbitrary: gen.valid(p.schema, p.name).map((v) => encode(String(v))) },
        { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
        {
          weight: 2,
          arbitrary: fc.oneof(
            gen.hostile(p.schema, p.name).map((v) => encode(queryText(v)).slice(0, 400)),
            fc.constantFrom(
              '..',
              '%2e%2e',
              '%2F',
              '%',
              '%00',
              '%E0%A4%A',
              '%ED%A0%80',
              'a'.repeat(250),
              '%F0%9F%98%80'.repeat(60),
              '%20',
              '-1',
              'null',
            ),
          ),
        },
      ),
    ),
  );
  const junkArb = fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...QUERY_JUNK) });
  const queryArb: Arb<string> = route.query
    ? fc.tuple(gen.object(route.query), junkArb).map(([q, junk]) => serializeQuery(q, junk))
    : junkArb.map((j) => (j ? `?${j.slice(1)}` : ''));
  const bodyArb: Arb<{ payload?: string; contentType?: string }> = !route.takesBody
    ? fc.constant({})
    : fc.oneof(
        {
          weight: 5,
          arbitrary: fc.tuple(route.body ? gen.valid(route.body) : fc.constant({}), fc.nat(), IMPLANT).chain(([b, n, leaf]) =>
            (typeof b === 'object' && b !== null ? gen.cohere(b as Record<string, unknown>) : fc.constant(b)).map((c) => ({
              payload: toJson(implant(c, n, leaf)),
            })),
          ),
        },
        {
          weight: 12,
          arbitrary: (route.body
            ? gen.object(route.body).chain((b) => gen.cohere(b))
            : fc.oneof(fc.constant({}), fc.dictionary(stringOf({ maxLength: 8 }), anyHostile, { maxKeys: 3 }))
          ).map((b) => ({ payload: toJson(b) })),
        },
        { weight: 2, arbitrary: anyHostile.map((b) => ({ payload: toJson(b) })) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ payload })) },
        { weight: 1, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'application/json; charset=utf-16',
              'multipart/form-data; boundary=x',
              'application/jsonx',
            )
            .map((contentType) => ({ payload: '{}', contentType })),
        },
      );
  return fc.tuple(pathArb, queryArb, bodyArb, fc.integer({ min: 0, max: 4 })).map(([params, query, body, dup]) => {
    let i = 0;
    const path = route.path.replace(/\{[^}]+\}/g, () => params[i++] as string);
    const url = path + query;
    const twice = route.takesBody && dup === 0;
    const payload = body.payload;
    const preview = payload === undefined ? '' : payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
    return {
      url,
      ...(payload !== undefined ? { payload, contentType: body.contentType ?? 'application/json' } : {}),
      twice,
      describe: `${route.method} ${url.length > 300 ? url.slice(0, 300) + '…' : url} ${preview}${twice ? ' (sent twice)' : ''}`,
    };
  });
}

/**
 * Requests the fuzzer once found answered with a 500, replayed first on every run of their route
 * (fast-check `examples`) so the bugs stay fixed whatever the seed.
 */
function corpus(name: string, pools: Pools): FuzzRequest[] {
  const json = (url: string, body: unknown): FuzzRequest => {
    const payload = typeof body === 'string' ? body : toJson(body);
    return { url, payload, contentType: 'application/json', twice: false, describe: `${name} (regression) ${payload.slice(0, 200)}` };
  };
  const nested = (depth: number, leaf: unknown) => {
    let v = leaf;
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  };
  const quote = (i: number) => pools.quoteIds[i] ?? randomUUID();
  switch (name) {
    case 'PUT /admin/sandbox/network-fees': // numeric(78, 0) overflow
      return [json('/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDC_ERC20', amount: 1.618595659234234e175 })];
    case 'POST /admin/sandbox/transfers': // numeric(78, 0) overflow
      return [
        json('/admin/sandbox/transfers', { cryptoCurrencyCode: 'ETH_BASE', to: pools.addressOf.ETH_BASE, amount: '9'.repeat(80) }),
        json('/admin/sandbox/transfers', { cryptoCurrencyCode: 'ETH', to: pools.addressOf.ETH, amount: 1e300 }),
      ];
    case 'POST /v1/withdrawal/commit': // jsonb: lone surrogate, NUL below depth 64, JSON.stringify stack overflow
      return [
        json('/v1/withdrawal/commit', { quoteId: quote(0), customData: { note: 'a\uD800' } }),
        json('/v1/withdrawal/commit', { quoteId: quote(1), customData: { x: nested(100, 'a\u0000b') } }),
        json('/v1/withdrawal/commit', `{"quoteId":"${quote(2)}","customData":{"x":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}}`),
        json('/v1/withdrawal/commit', `{"quoteId":"${quote(3)}","metadata":{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`),
      ];
    case 'POST /v1/invoice': // jsonb items with a lone surrogate
      return [
        json('/v1/invoice', {
          fiatCurrencyCode: 'USD',
          orderId: 'regression-surrogate',
          items: [{ name: 'Tea \uDBFF', quantity: 1, cost: 5 }],
        }),
      ];
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Checks

/**
 * A digest of every table in the public schema: row count and an order-independent hash sum of the
 * rows, plus the ledger's sum. Left out: `request_log`, which records every API call, refused
 * ones included, by design (the tenant's request log); `login_throttle`, which counts every failed
 * sign-in, by design (modules/users/throttle.ts); and a key's `last_used_at`, which any
 * authenticated call may refresh (at most once a minute). Rate-limit counters live in memory (or
 * Redis), and nothing else in the schema is written by reads.
 */
async function snapshotter(t: TestApp): Promise<() => Promise<Record<string, string>>> {
  const tables = (
    await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('request_log', 'login_throttle') order by 1`.execute(
      t.ctx.db,
    )
  ).rows.map((r) => r.name);
  assert.ok(tables.includes('journal_lines') && tables.includes('invoices'), `tables: ${tables.join(', ')}`);
  const unlogged = await sql<{
    name: string;
  }>`select relname as name from pg_class where relpersistence <> 'p' and relnamespace = 'public'::regnamespace`.execute(t.ctx.db);
  assert.deepEqual(unlogged.rows, [], 'every table is WAL-logged (the digest below relies on it)');
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, count(*)::text as n, coalesce(sum(hashtextextended((to_jsonb(x) - 'last_used_at')::text, 0)::numeric), 0)::text as h from "${name}" x`,
  );
  parts.push(`select 'ledger sum' as t, count(*)::text as n, coalesce(sum(amount), 0)::text as h from journal_lines`);
  // One statement over every table, whose planning cost more than its run (some 14 ms of the
  // server's CPU, hundreds of times a run): it is prepared once on each connection it runs on (a
  // generic plan, as it has no parameters) and run by name after.
  const prepare = sql.raw(`prepare fuzz_digest as ${parts.join(' union all ')}`);
  const digestRows = () =>
    t.ctx.db.connection().execute(async (c) => {
      const prepared = await sql`select 1 from pg_prepared_statements where name = 'fuzz_digest'`.execute(c);
      if (prepared.rows.length === 0) await prepare.execute(c);
      return (await sql.raw<{ t: string; n: string; h: string }>('execute fuzz_digest').execute(c)).rows;
    });
  // Every write to a table is written ahead to the WAL first, so while the WAL's insert position
  // stands still no row of any table (none is unlogged) can have changed: the last digest still
  // holds, and the hashing of every row is skipped. It moves for any write, kept or rolled back.
  const position = sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`;
  let last: { lsn: string; digest: Record<string, string> } | undefined;
  return async () => {
    const lsn = (await position.execute(t.ctx.db)).rows[0]!.lsn;
    if (last?.lsn === lsn) return last.digest;
    const rows = await digestRows();
    const digest = Object.fromEntries(rows.map((r) => [r.t, `${r.n}/${r.h}`]));
    // The position read before the digest: a write between the two makes the next call hash again.
    last = { lsn, digest };
    return digest;
  };
}

const KNOWN_CODES = ERRORS as Record<string, readonly [number, string]>;

function assertErrorBody(status: number, body: unknown, context: string): void {
  assert.ok(
    body !== null && typeof body === 'object' && !Array.isArray(body),
    `${context}: error body must be a JSON object, got ${String(body).slice(0, 200)}`,
  );
  const b = body as Record<string, unknown>;
  assert.deepEqual(
    Object.keys(b).filter((k) => !['code', 'message', 'extension'].includes(k)),
    [],
    `${context}: only code, message, extension`,
  );
  assert.equal(typeof b.code, 'string', `${context}: code (r) string`);
  const code = b.code as string;
  assert.ok(code.startsWith('exceptions.'), `${context}: code ${code} is namespaced under exceptions.`);
  assert.ok(KNOWN_CODES[code], `${context}: code ${code} is in the catalogue`);
  assert.equal(status, KNOWN_CODES[code]![0], `${context}: status of ${code}`);
  assert.equal(typeof b.message, 'string', `${context}: message (r) string`);
  assert.ok((b.message as string).length > 0, `${context}: message is not empty`);
  if ('extension' in b) {
    assert.ok(b.extension !== null && typeof b.extension === 'object' && !Array.isArray(b.extension), `${context}: extension is an object`);
  }
  if (code === 'exceptions.validation.failed') {
    const fields = (b.extension as { fields?: unknown } | undefined)?.fields;
    assert.ok(Array.isArray(fields) && fields.length > 0, `${context}: validation errors name the offending fields`);
    for (const f of fields as Array<Record<string, unknown>>) {
      assert.equal(typeof f.location, 'string', `${context}: field location`);
      assert.equal(typeof f.field, 'string', `${context}: field name`);
      assert.equal(typeof f.message, 'string', `${context}: field message`);
    }
  }
  if (code === 'exceptions.rateLimit.exceeded') {
    assert.equal(typeof (b.extension as Record<string, unknown> | undefined)?.msBeforeNext, 'number', `${context}: msBeforeNext`);
  }
}

// ---------------------------------------------------------------------------------------------

function routesOf(doc: Schema): Route[] {
  const out: Route[] = [];
  const add = (method: string, path: string, op: Schema, html = false) => {
    const params = (op.parameters ?? []) as Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
    const queryParams = params.filter((p) => p.in === 'query');
    const security = op.security as Array<Record<string, unknown>> | undefined;
    let body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
    if (path.startsWith('/v1/x402/') && method === 'POST') body = x402BodySchema();
    out.push({
      method,
      path,
      auth: security?.some((s) => 'adminToken' in s) ? 'admin' : security?.some((s) => 'tenantApiKey' in s) ? 'key' : 'public',
      html,
      pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
      query: queryParams.length
        ? {
            type: 'object',
            properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
            required: queryParams.filter((p) => p.required && p.schema.default === undefined).map((p) => p.name),
          }
        : undefined,
      body: body && (isObjectSchema(body) || body.properties) ? body : undefined,
      takesBody: method !== 'GET' && method !== 'HEAD',
    });
  };
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) add(method.toUpperCase(), path, op);
    }
  }
  for (const h of HIDDEN) add(h.method, h.path, h.op, h.html ?? false);
  // The merchant API first, the operator API last: operator calls change what merchants get
  // (a network fee set to null, a key revoked), which the merchant routes should meet only later.
  const rank = (r: Route) => (r.path.startsWith('/v1/') ? 0 : r.path.startsWith('/pay/') ? 1 : r.path.startsWith('/admin/') ? 3 : 2);
  return out.sort((x, y) => rank(x) - rank(y));
}

/** A payer on the fixture's screening denylist: its payments are held for the operator's routes. */
const FLAGGED = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const screeningDir = mkdtempSync(join(tmpdir(), 'cg-fuzz-'));
writeFileSync(join(screeningDir, 'denylist.txt'), `Tron:${FLAGGED}\n`);
after(() => rmSync(screeningDir, { recursive: true, force: true }));

describeEngines('fuzzing every documented route', (engine) => {
  const app = useTestApp(engine, { ctx: { x402: [offlineX402()] }, env: { SCREENING_DENYLIST_FILE: join(screeningDir, 'denylist.txt') } });

  /** Everything the generators draw valid values from, made through the API like a merchant would. */
  async function fixtures(t: TestApp): Promise<{ key: string; pools: Pools }> {
    const { db } = t.ctx;
    await refreshRates(db, new SandboxRateProvider(), Object.keys(SANDBOX_USD_PRICES));
    await refreshFees(db, defaultOracles(db, t.ctx.config));
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    const call = async (method: string, url: string, body?: unknown, status = 200) => {
      const res = await t.call(method, url, { key: a.key, body });
      assert.equal(res.status, status, `${method} ${url}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const admin = async (method: string, url: string, body?: unknown, status = 200) => {
      const res = await t.admin(method, url, body);
      assert.equal(res.status, status, `${method} ${url}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    await admin('PATCH', `/admin/tenants/${a.tenantId}`, {
      depositCommission: 0,
      depositWebhookUrl: 'https://merchant.example.com/hooks/deposits',
    });
    await admin('POST', '/admin/customers/block', { tenantId: a.tenantId, customerId: 'blocked-customer' });
    const second = (await call('POST', '/v1/accounts', { name: 'Second' }, 201)).data.id as string;
    const victim = (
      await admin('POST', '/admin/api-keys', { tenantId: b.tenantId, accountId: b.accountId, scopes: ['invoices.list'] }, 201)
    ).data.id as string;

    // A deposit address of every currency (valid withdrawal destinations), and a funded balance.
    const currencies = ((await call('GET', '/v1/currencies')).data as Array<{ code: string }>).map((c) => c.code);
    const deposits: Array<{ id: string; address: string; code: string }> = [];
    for (const code of currencies) {
      const d = (await call('POST', '/v1/deposit', { cryptoCurrencyCode: code, orderId: `fixture-deposit-${code}` }, 201)).data;
      deposits.push({ id: d.id, address: d.address, code });
    }
    const tron = deposits.find((d) => d.code === 'USDT_TRC20')!;
    await admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: tron.address, amount: '5000' }, 201);
    // Held payments, for the operator's release and refund to act on.
    const flaggedTo = (await call('POST', '/v1/deposit', { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'fixture-held' }, 201)).data
      .address as string;
    for (const amount of ['20', '21', '22', '23', '24', '25', '26', '27'])
      await admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: flaggedTo, amount, from: FLAGGED }, 201);
    await admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 10 });
    await runWatchers(t, { listen: 'deposits' });
    const balances = (await call('GET', '/v1/balances')).data as Array<{ cryptoCurrencyCode: string; amount: number }>;
    assert.ok(
      balances.some((x) => x.cryptoCurrencyCode === 'USDT_TRC20' && x.amount > 1000),
      JSON.stringify(balances),
    );

    const invoices: string[] = [];
    for (const [i, body] of [{ amount: 100 }, { items: [{ name: 'Tea', quantity: 2, cost: 3.5 }] }, { amount: 20 }].entries()) {
      invoices.push(
        (await call('POST', '/v1/invoice', { fiatCurrencyCode: 'USD', orderId: `fixture-invoice-${i}`, ...body }, 201)).data.id,
      );
    }
    await call('POST', '/v1/invoice/cancel', { id: invoices[2] });
    await t.call('POST', `/pay/${invoices[1]}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });

    const quotes: string[] = [];
    for (let i = 0; i < 24; i++) {
      quotes.push(
        (
          await call('POST', '/v1/withdrawal/quote', {
            cryptoCurrencyCode: 'USDT_TRC20',
            address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
            amount: 10,
            orderId: `fixture-withdrawal-${i}`,
          })
        ).data.quoteId,
      );
    }
    const links = [];
    for (const body of [
      { minAmount: 5, maxAmount: 100 },
      { amount: 9.99, maxQuantity: 3, maxUses: 40 },
      { kind: 'request', amount: 30 },
    ]) {
      links.push(
        (await call('POST', '/v1/payment-links', { title: 'Fixture link', fiatCurrencyCode: 'USD', ...body }, 201)).data as {
          id: string;
          url: string;
        },
      );
    }
    const plans = [];
    for (const body of [{ interval: 'month' }, { interval: 'week', trialDays: 7 }])
      plans.push(
        (await call('POST', '/v1/plans', { name: 'Fixture plan', amount: 12, fiatCurrencyCode: 'USD', ...body }, 201)).data.id as string,
      );
    const customers = [];
    for (const email of ['one@example.com', 'two@example.com'])
      customers.push((await call('POST', '/v1/customers', { email }, 201)).data.id as string);
    const subscriptions = [];
    for (const [i, planId] of plans.entries())
      subscriptions.push((await call('POST', '/v1/subscriptions', { planId, customerId: customers[i] }, 201)).data.id as string);
    const portal = (await call('POST', `/v1/customers/${customers[0]}/portal-link`, {}, 201)).data.url as string;
    const withdrawal = (
      await call('POST', '/v1/withdrawal/commit', { quoteId: quotes[0], webhookUrl: 'https://merchant.example.com/hooks/withdrawals' }, 201)
    ).data.id as string;
    await dispatchEvents(db);
    const deliveries = (await db.selectFrom('webhook_deliveries').select('id').execute()).map((r) => r.id);
    const held = (await db.selectFrom('held_payments').select('id').execute()).map((r) => r.id);
    assert.equal(held.length, 8);

    return {
      key: a.key,
      pools: {
        invoiceIds: invoices,
        depositIds: deposits.map((d) => d.id),
        withdrawalIds: [withdrawal],
        quoteIds: quotes.slice(1),
        usedQuoteIds: [quotes[0]!],
        tenantIds: [a.tenantId, b.tenantId],
        accountIds: [a.accountId, a.accountId, second, b.accountId],
        apiKeyIds: [victim],
        deliveryIds: deliveries,
        linkIds: links.map((l) => l.id),
        linkSlugs: links.map((l) => l.url.split('/').pop()!),
        planIds: plans,
        customerIds: customers,
        subscriptionIds: subscriptions,
        portalTokens: [portal.split('/').pop()!],
        heldIds: held,
        addressOf: Object.fromEntries(deposits.map((d) => [d.code, d.address])),
        addresses: [
          ...Array(6).fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'),
          ...deposits.map((d) => d.address),
          '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
          'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        ],
        orderIds: [
          'fixture-invoice-0',
          'fixture-invoice-2',
          'fixture-deposit-BTC',
          'fixture-withdrawal-0',
          'fixture-withdrawal-1',
          'fuzz-dup',
        ],
        fiat: ((await call('GET', '/v1/currencies/fiat')).data as Array<{ code: string }>).map((f) => f.code),
      },
    };
  }

  /** Remembers ids a successful answer carries, so later requests can use them. */
  function harvest(pools: Pools, route: Route, body: any, sent: any): void {
    const data = body?.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return;
    const add = (pool: string[], v: unknown) => {
      if (typeof v === 'string' && v && !pool.includes(v) && pool.length < 200) pool.push(v);
    };
    if (route.path === '/v1/withdrawal/quote') add(pools.quoteIds, data.quoteId);
    if (route.path === '/v1/withdrawal/commit') {
      add(pools.withdrawalIds, data.id);
      const at = pools.quoteIds.indexOf(sent?.quoteId);
      if (at >= 0) pools.usedQuoteIds.push(...pools.quoteIds.splice(at, 1));
    }
    if (route.path === '/v1/invoice' && route.method === 'POST') add(pools.invoiceIds, data.id);
    if (route.path === '/v1/deposit' && route.method === 'POST') add(pools.depositIds, data.id);
    if (route.path === '/v1/payment-links' && route.method === 'POST') {
      add(pools.linkIds, data.id);
      add(pools.linkSlugs, String(data.url).split('/').pop());
    }
    if (route.path === '/v1/plans' && route.method === 'POST') add(pools.planIds, data.id);
    if (route.path === '/v1/customers' && route.method === 'POST') add(pools.customerIds, data.id);
    if (route.path === '/v1/subscriptions' && route.method === 'POST') add(pools.subscriptionIds, data.id);
    if (route.path === '/admin/tenants' && route.method === 'POST') add(pools.tenantIds, data.id);
    if (route.path === '/admin/api-keys' && route.method === 'POST') add(pools.apiKeyIds, data.id);
    if (typeof data.orderId === 'string') add(pools.orderIds, data.orderId);
  }

  it('answers hostile requests on every route with < 500, the API error body, and no state change on error', async (tc: TestContext) => {
    const started = Date.now();
    const t = app();
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const routes = routesOf(doc);
    const documented = routes.filter((r) => !HIDDEN.some((h) => h.method === r.method && h.path === r.path));
    assert.ok(documented.length >= 40, `found ${documented.length} documented operations`);

    // The skip list names only routes that exist, none of them documented (those are all fuzzed).
    for (const entry of Object.keys(SKIPPED)) {
      const [method, url] = entry.split(' ') as [string, string];
      assert.ok(t.app.hasRoute({ method: method as 'GET', url }), `skip list entry ${entry} is a route of the app`);
      assert.ok(!routes.some((r) => r.method === method && r.path === url), `${entry} is fuzzed, so it cannot be skipped`);
    }
    for (const h of HIDDEN)
      assert.ok(t.app.hasRoute({ method: h.method as 'GET', url: h.path.replace(/\{(\w+)\}/g, ':$1') }), `${h.method} ${h.path} exists`);

    const { key, pools } = await fixtures(t);
    const snapshot = await snapshotter(t);
    let state = await snapshot();
    const stats: string[] = [];
    let requests = 0;
    let routesWithSuccess = 0;

    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.path}`;
      if (ONLY && !name.includes(ONLY)) continue;
      const gen = new Gen(pools, name);
      const statuses = new Map<number, number>();
      const headers: Record<string, string> =
        route.auth === 'admin' ? { authorization: `Bearer ${ADMIN_TOKEN}` } : route.auth === 'key' ? { 'x-tenant-api-key': key } : {};

      const send = async (req: FuzzRequest) => {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: req.url,
          headers: { ...headers, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const context = `${req.describe}\n  → ${res.statusCode} ${res.body.slice(0, 500)}`;
        if (VERBOSE) console.log(`${req.describe.slice(0, 400)}\n  → ${res.statusCode} ${res.body.slice(0, 300)}`);
        const after = await snapshot();
        const before = state;
        state = after;
        let body: unknown;
        const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
        if (json) body = res.json();
        if (res.statusCode >= 500) {
          const code = json ? String((body as { code?: unknown }).code) : '';
          assert.ok(res.statusCode === 503 && ALLOWED_503[code]?.includes(name), `5xx: ${context}`);
        }
        if (res.statusCode >= 400) {
          // A `..` segment (`%2e%2e` too, which URLs read as dots) is resolved before the request is
          // routed, so it may land on the payment page (`/pay/{id}/i18n/..` is `/pay/{id}/`, `/pay/link/..` is `/pay/`).
          if ((route.html || /\/(?:\.|%2e){2}(?:[/?]|$)/i.test(req.url)) && !json) {
            // The payment page's own 404 is the page (it shows "not found"); router errors are JSON.
            // A payment link's page also says why it takes no payment, or what to change in its form.
            const statuses = route.path.startsWith('/pay/link/') ? [400, 404, 409, 410] : [404];
            assert.ok(statuses.includes(res.statusCode), context);
            assert.match(String(res.headers['content-type']), /^text\/html/, `${context}: the payment page answers HTML`);
          } else {
            assert.ok(json, `${context}: errors are JSON (content-type ${String(res.headers['content-type'])})`);
            assertErrorBody(res.statusCode, body, context);
          }
          assert.deepEqual(after, before, `state changed after ${res.statusCode}: ${context}`);
        } else if (json) {
          harvest(pools, route, body, safeParse(req.payload));
        }
      };

      await fc.assert(
        fc.asyncProperty(requestArb(route, gen), async (req) => {
          await send(req);
          if (req.twice) await send(req);
        }),
        {
          numRuns: RUNS,
          seed: SEED + index,
          endOnFailure: true,
          includeErrorInReport: true,
          examples: corpus(name, pools).map((r) => [r] as [FuzzRequest]),
        },
      );
      if ([...statuses.keys()].some((s) => s < 300)) routesWithSuccess++;
      stats.push(
        `${name}: ${[...statuses.entries()]
          .sort(([x], [y]) => x - y)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
      );
    }
    for (const line of stats) tc.diagnostic(line);
    tc.diagnostic(
      `${stats.length} routes (${routesWithSuccess} with a success), ${RUNS} runs each, ${requests} requests, seed ${SEED}, ${Date.now() - started} ms`,
    );
    if (!ONLY) {
      assert.equal(stats.length, routes.length);
      // The generators must also get past validation: most routes saw at least one success.
      assert.ok(routesWithSuccess >= routes.length * 0.6, `only ${routesWithSuccess} of ${routes.length} routes ever succeeded`);
    }
  });
});
