/**
 * Exact amounts on the wire (point 6). Every money field of every JSON answer, webhook
 * body and export is its exact decimal: a JSON number with every digit (1.234567890123456789 ETH,
 * not a double's 1.2345678901234567), and an amount sent more precise than its currency is refused.
 *
 * The test walks the service's own /openapi.json: every `number` it declares is an exact decimal
 * (`format: decimal`) or named below as not money; every route that answers money is driven with
 * real objects in four 18-decimal currencies (ETH, BNB, ETH_BASE, LINK) through create, read, list,
 * webhook and export, each body read with lossless-json, and every money field in it compared with
 * what the database holds (test/helpers/wire.ts works that out from the columns with bigints); a
 * money route nobody drives fails the test. Every money input of the document is sent too precise.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { stringifyExact } from '../../src/lib/exact-json.ts';
import { Money, Nullable } from '../../src/lib/http/schemas.ts';
import { exactSerializer } from '../../src/lib/http/serialization.ts';
import { jsonDecimal, toJsonNumber } from '../../src/lib/money.ts';
import { chainAdapters } from '../../src/chains/registry.ts';
import { FIAT_CURRENCIES, findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { merchantBalances } from '../../src/modules/ledger/service.ts';
import { SANDBOX_USD_PRICES, SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { solvencyReport } from '../../src/modules/solvency/report.ts';
import { ADMIN_TOKEN, describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { startReceiver, type Received } from '../helpers/receiver.ts';
import { deliverWebhooks, runWatchers } from '../helpers/scenario.ts';
import * as W from '../helpers/wire.ts';

const CODES = ['ETH', 'BNB', 'ETH_BASE', 'LINK_ERC20'] as const;
const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
/** 18 decimals, more than a double's 17 significant digits. */
const PAID = '1.234567890123456789';
const FEES: Record<string, string> = {
  ETH: '0.000012345678901234',
  BNB: '0.000098765432109876',
  ETH_BASE: '0.000001234567890123',
  LINK_ERC20: '0.012345678901234567',
  LINK_BEP20: '0.001234567890123456',
};
const COMMISSION = '0.012345';

/** Numbers of the API that are not money (durations), by field name, each with why. */
const NOT_MONEY: Record<string, string> = {
  ageSeconds: 'seconds since a fee was quoted or a withdrawal committed',
  scanAgeSeconds: 'seconds since the watcher last scanned',
  oldestPendingAgeSeconds: 'seconds a delivery has waited',
  latencyMs: 'milliseconds a request took',
};

/** Routes with money in their document that this test does not call, each with why. */
const NOT_DRIVEN: Record<string, string> = {
  'POST /v1/webhooks/invoice.statusChanged':
    'documentation of the event body (checked below on the bodies sent); answers an acknowledgement',
  'POST /v1/webhooks/invoice.otherAssetReceived':
    'documentation of the event body (checked below on the bodies sent); answers an acknowledgement',
  'POST /v1/webhooks/deposit.statusChanged':
    'documentation of the event body (checked below on the bodies sent); answers an acknowledgement',
  'POST /v1/webhooks/deposit.otherAssetReceived':
    'documentation of the event body (checked below on the bodies sent); answers an acknowledgement',
  'POST /v1/webhooks/withdrawal.statusChanged':
    'documentation of the event body (checked below on the bodies sent); answers an acknowledgement',
  'POST /v1/webhooks/withdrawalBatch.statusChanged':
    'documentation of the event body, the batch record GET /v1/withdrawal/batch answers (driven below); answers an acknowledgement',
  'POST /v1/webhooks/payoutPolicy.changed': 'documentation of the event body; answers an acknowledgement',
  'POST /v1/webhooks/heldPayment.statusChanged': 'documentation of the event body; answers an acknowledgement',
  'GET /admin/held-payments':
    "a held payment's amount, the payment's own (driven with the payments above), read back exactly in test/screening/held-payments.test.ts",
  'POST /admin/held-payments/{id}/release':
    'answers the held payment GET /admin/held-payments answers, on a held payment (test/screening/held-payments.test.ts)',
  'POST /admin/held-payments/{id}/refund':
    'answers the held payment GET /admin/held-payments answers, on a held payment (test/screening/held-payments.test.ts)',
  'GET /v1/payout-policy': 'US dollar limits in whole cents, set and read back exactly in test/payouts/governance.test.ts',
  'PATCH /v1/payout-policy': 'signed-in owners only (a key is refused); its limits are refused beyond cents like the operator route below',
  'DELETE /v1/payout-policy/pending/{id}': 'signed-in owners only; answers the policy of GET /v1/payout-policy',
  'POST /v1/withdrawal/approve': 'signed-in people only; answers the withdrawal record GET /v1/withdrawal answers (driven above)',
  'POST /v1/withdrawal/reject': 'signed-in people only; answers the withdrawal record GET /v1/withdrawal answers (driven above)',
  'POST /admin/withdrawals/{id}/approve':
    'answers the withdrawal record GET /v1/withdrawal answers (driven above), on a withdrawal awaiting approval (test/payouts/approvals.test.ts)',
  'POST /admin/withdrawals/{id}/reject':
    'answers the withdrawal record GET /v1/withdrawal answers (driven above), on a withdrawal awaiting approval (test/payouts/approvals.test.ts)',
  'GET /admin/hot-wallets':
    'a sandbox has no hot wallet levels nor cold storage (live networks only): its amounts are driven exactly against the chain and the database in test/cold-storage/cold-storage.test.ts (anvil)',
  'PATCH /admin/tenants/{id}/payout-policy':
    'US dollar limits in whole cents (their refusal beyond cents is tried below), read back in test/payouts/governance.test.ts',
};

const lastSegment = (path: string) =>
  path
    .split(/[./[\]]+/)
    .filter(Boolean)
    .pop()!;

describe('the exact writers', () => {
  it('the serializer writes a JsonDecimal with every digit where the schema says number, a double as before, T | null of money, and refuses money it cannot place', () => {
    const schema = Type.Object({
      a: Money(),
      b: Type.Number(),
      c: Nullable(Money()),
      d: Nullable(Type.Object({ e: Money() })),
      f: Type.Array(Money()),
    });
    const write = exactSerializer(schema);
    const doc = {
      a: toJsonNumber(1_234_567_890_123_456_789n, 18),
      b: 0.1,
      c: null,
      d: { e: jsonDecimal('-0.000000000000000001') },
      f: [jsonDecimal('12345678901234567890.5')],
    };
    assert.equal(write(doc), '{"a":1.234567890123456789,"b":0.1,"c":null,"d":{"e":-0.000000000000000001},"f":[12345678901234567890.5]}');
    assert.equal(
      write({ ...doc, c: jsonDecimal('1.50'), d: null }),
      '{"a":1.234567890123456789,"b":0.1,"c":1.5,"d":null,"f":[12345678901234567890.5]}',
    );
    assert.throws(() => exactSerializer(Type.Object({ x: Type.Union([Money(), Type.String()]) })), /money under a union/);
    // Without a schema (event payloads, audit details, error bodies): JSON.stringify's text but the amounts.
    assert.equal(
      stringifyExact({ t: new Date(0), n: 1e21, x: [toJsonNumber(5n, 18), null] }),
      '{"t":"1970-01-01T00:00:00.000Z","n":1e+21,"x":[0.000000000000000005,null]}',
    );
    assert.equal(
      JSON.stringify({ a: toJsonNumber(5n, 18) }),
      '{"a":"0.000000000000000005"}',
      'JSON.stringify loses no digit either: it writes the decimal as a string',
    );
    assert.throws(
      () => new (toJsonNumber(1n, 0).constructor as new (k: symbol, t: string) => unknown)(Symbol('JsonDecimal'), '1}'),
      /made by toJsonNumber/,
    );
  });
});

describeEngines('amounts on the wire', (engine) => {
  // A mail server named (never reached: no worker runs here) so the payment page takes a receipt address.
  const app = useTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: 'smtp://127.0.0.1:9' } });
  let doc: Record<string, any>;
  const covered = new Set<string>();
  const ctx = {} as {
    t: TestApp;
    key: string;
    tenantId: string;
    accountId: string;
    receiver: Awaited<ReturnType<typeof startReceiver>>;
    secret: string;
    invoices: Record<string, any>;
    deposits: Record<string, any>;
  };
  after(() => ctx.receiver?.close());

  /** The 2xx JSON schema of a route. */
  function responseSchema(route: string, status: number) {
    const [method, path] = route.split(' ');
    const op = doc.paths[path!]?.[method!.toLowerCase()];
    assert.ok(op, `${route} is in the document`);
    return op.responses[String(status)]?.content?.['application/json']?.schema;
  }

  /**
   * Every number of `text` where the route's schema says number is a JSON number (not a string)
   * whose exact text is `expected` at its pointer; a number with no expectation fails too.
   */
  function verify(
    what: string,
    schema: Record<string, any>,
    text: string,
    expected: Record<string, string | RegExp>,
    otherwise?: RegExp,
  ): void {
    const found = W.numbersIn(doc, schema, W.readExact(text));
    for (const [pointer, value] of found) {
      if (NOT_MONEY[lastSegment(pointer)]) continue;
      const want = expected[pointer] ?? otherwise;
      assert.ok(want !== undefined, `${what}: no expectation for the money field ${pointer} (${W.exactText(value)})`);
      const got = W.exactText(value);
      if (want instanceof RegExp) assert.match(got, want, `${what} ${pointer}`);
      else assert.equal(got, want, `${what} ${pointer}: every digit`);
    }
  }

  /** Calls a route (JSON text in and out) and checks its money against `expected` (worked out after the call). */
  async function hit(
    route: string,
    url: string,
    body: string | undefined,
    expected: (data: any) => Promise<Record<string, string | RegExp>>,
    auth: 'key' | 'admin' | 'none' = 'key',
  ) {
    const [method] = route.split(' ');
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (auth === 'key') headers['x-tenant-api-key'] = ctx.key;
    if (auth === 'admin') headers.authorization = `Bearer ${ADMIN_TOKEN}`;
    const res = await ctx.t.app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body }) });
    assert.ok(res.statusCode < 300, `${route}: ${res.statusCode} ${res.body}`);
    const data = JSON.parse(res.body).data;
    verify(route, responseSchema(route, res.statusCode), res.body, await expected(data));
    covered.add(route);
    return data;
  }

  const admin = (method: string, url: string, body: string) =>
    ctx.t.app.inject({
      method: method as 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  const mine = async (network: string, blocks = 30) =>
    assert.equal((await ctx.t.admin('POST', '/admin/sandbox/mine', { network, blocks })).status, 200);
  async function transfer(code: string, to: string, amount: string) {
    const res = await admin('POST', '/admin/sandbox/transfers', `{"cryptoCurrencyCode":"${code}","to":"${to}","amount":${amount}}`);
    assert.equal(res.statusCode, 201, res.body);
  }
  const db = () => ctx.t.ctx.db;
  const each = async (list: any[], fn: (item: any) => Promise<W.Expected>, prefix = 'data') => {
    const out: W.Expected = {};
    for (const [i, item] of list.entries()) W.under(`${prefix}/${i}`, await fn(item), out);
    return out;
  };

  it('declares every number of the API an exact decimal (number, format decimal, the rule described) or says why it is not money', async () => {
    const t = app();
    doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body);
    assert.match(doc.info.description, /every digit/);
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const schemas: Array<[string, any]> = [
          ['body', op.requestBody?.content?.['application/json']?.schema],
          ...(op.parameters ?? []).map((p: any) => [p.in, p.schema] as [string, any]),
        ];
        for (const [status, r] of Object.entries<any>(op.responses ?? {}))
          if (status.startsWith('2')) schemas.push([status, r.content?.['application/json']?.schema]);
        for (const [where, schema] of schemas) {
          for (const [field, s] of W.numbersOf(doc, schema)) {
            if (NOT_MONEY[lastSegment(field)]) continue;
            if (s.format !== 'decimal' || !/every digit/.test(s.description ?? ''))
              wrong.push(`${method.toUpperCase()} ${path} ${where} ${field}`);
          }
        }
      }
    }
    assert.deepEqual(wrong, [], 'numbers not declared as exact decimals');
  });

  it('drives ETH, BNB, ETH_BASE and LINK through deposits and invoices: every amount of create, read, list and the payment page is exact', async () => {
    const t = (ctx.t = app());
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB', 'LINK', 'USD', 'EUR']);
    const tenant = await t.tenant(['*']);
    Object.assign(ctx, tenant, { receiver: await startReceiver() });
    const settings = `{"webhookUrl":"${ctx.receiver.url}/hooks","depositCommission":${COMMISSION}}`;
    await hit(
      'PATCH /admin/tenants/{id}',
      `/admin/tenants/${ctx.tenantId}`,
      settings,
      async () => ({ 'data/depositCommission': COMMISSION }),
      'admin',
    );
    ctx.secret = (await t.admin('POST', `/admin/tenants/${ctx.tenantId}/webhook-secret`)).body.data.secret;
    for (const [code, fee] of Object.entries(FEES)) {
      await hit(
        'PUT /admin/sandbox/network-fees',
        '/admin/sandbox/network-fees',
        `{"cryptoCurrencyCode":"${code}","amount":${fee}}`,
        async () => ({ 'data/amount': fee }),
        'admin',
      );
    }
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));

    const deposits: Record<string, any> = {};
    const invoices: Record<string, any> = {};
    for (const code of CODES) {
      deposits[code] = await hit('POST /v1/deposit', '/v1/deposit', `{"cryptoCurrencyCode":"${code}","orderId":"dep-${code}"}`, async (d) =>
        W.under('data', await W.depositExpected(db(), d.id)),
      );
      await transfer(code, deposits[code].address, PAID);
      const body = `{"fiatCurrencyCode":"USD","orderId":"inv-${code}","amount":12.34,"items":[{"name":"a","quantity":1.000000000000000001,"cost":12.34}]}`;
      invoices[code] = await hit('POST /v1/invoice', '/v1/invoice', body, async (d) =>
        W.under('data', await W.invoiceExpected(db(), d.id)),
      );
      const items = async () => W.under('data', await W.invoiceExpected(db(), invoices[code].id));
      await hit('POST /pay/{id}/select', `/pay/${invoices[code].id}/select`, `{"cryptoCurrencyCode":"${code}"}`, items, 'none');
      await hit('GET /pay/{id}/state', `/pay/${invoices[code].id}/state`, undefined, items, 'none');
      if (code === 'ETH')
        await hit('POST /pay/{id}/receipt-email', `/pay/${invoices[code].id}/receipt-email`, '{"email":"wire@buyer.test"}', items, 'none');
      const quote = await db()
        .selectFrom('invoice_quotes')
        .select(['amount_expected', 'address'])
        .where('invoice_id', '=', invoices[code].id)
        .executeTakeFirstOrThrow();
      await transfer(code, quote.address, W.dec(quote.amount_expected, 18));
      invoices[code].address = quote.address;
    }
    for (const network of ['Ethereum', 'BNB', 'Base']) await mine(network);
    await runWatchers(ctx.t);
    // Another asset at the ETH invoice's and the ETH deposit's addresses: the otherAssetReceived events.
    await transfer('LINK_ERC20', invoices.ETH.address, '0.123456789012345678');
    await transfer('LINK_ERC20', deposits.ETH.address, '0.876543210987654321');
    await mine('Ethereum');
    await runWatchers(ctx.t);

    for (const code of CODES) {
      const inv = await hit('GET /v1/invoice', `/v1/invoice?id=${invoices[code].id}`, undefined, async (d) =>
        W.under('data', await W.invoiceExpected(db(), d.id)),
      );
      assert.ok(['paid', 'overpaid'].includes(inv.status), `${code} invoice ${inv.status}`);
      await hit('GET /v1/deposit', `/v1/deposit?id=${deposits[code].id}`, undefined, async (d) =>
        W.under('data', await W.depositExpected(db(), d.id)),
      );
      for (const [route, id] of [
        ['GET /v1/invoice/payments', invoices[code].id],
        ['GET /v1/deposit/payments', deposits[code].id],
      ] as const) {
        await hit(route, `${route.slice(4)}?id=${id}`, undefined, async (list) =>
          each(list, (p) => W.paymentExpected(db(), p.txHash, p.outputIndex)),
        );
      }
    }
    await hit('GET /v1/invoice/list', '/v1/invoice/list?limit=100', undefined, async (list) =>
      each(list, (i) => W.invoiceExpected(db(), i.id)),
    );
    await hit('GET /v1/deposit/list', '/v1/deposit/list?limit=100', undefined, async (list) =>
      each(list, (d) => W.depositExpected(db(), d.id)),
    );
    const cancel = (
      await t.call('POST', '/v1/invoice', { key: ctx.key, body: { fiatCurrencyCode: 'EUR', orderId: 'to-cancel', amount: 9.99 } })
    ).body.data;
    await hit('POST /v1/invoice/cancel', '/v1/invoice/cancel', `{"id":"${cancel.id}"}`, async (d) =>
      W.under('data', await W.invoiceExpected(db(), d.id)),
    );
    Object.assign(ctx, { invoices, deposits });
  });

  /** Delivers every pending event to the receiver; its bodies, each checked: signed over its exact bytes, and every amount exact. */
  async function deliverAndCheck(kinds: RegExp, expectedOf: (body: any) => Promise<W.Expected>): Promise<number> {
    const pending = () =>
      db().selectFrom('webhook_deliveries').select('id').where('tenant_id', '=', ctx.tenantId).where('status', '!=', 'delivered').execute();
    await deliverWebhooks(ctx.t, async () => (await pending()).length === 0, 'every delivery delivered');
    const bodies = ctx.receiver.received.splice(0).filter((r) => kinds.test(String(r.headers['x-webhook-event'])));
    // The last event of each object carries what the database holds now; earlier ones what it held then.
    const last = new Map<string, Received>();
    for (const r of bodies) last.set(String(r.json.data.id), r);
    for (const r of bodies) {
      assert.equal(
        r.headers['x-webhook-signature'],
        createHmac('sha256', ctx.secret).update(r.body, 'utf8').digest('hex'),
        'signed over the bytes sent',
      );
      const event = String(r.headers['x-webhook-event']);
      const schema = doc.paths[`/v1/webhooks/${event}`].post.requestBody.content['application/json'].schema;
      const isLast = last.get(String(r.json.data.id)) === r;
      verify(
        `webhook ${event}`,
        schema,
        r.body,
        isLast ? await expectedOf(W.readExact(r.body)) : {},
        isLast ? undefined : /^-?\d+(\.\d{1,18})?$/,
      );
    }
    return bodies.length;
  }

  it('webhooks of invoices and deposits: the signed bytes carry every amount exactly', async () => {
    const sent = await deliverAndCheck(/^(invoice|deposit)\./, async (b) => {
      const kind = b.event.startsWith('invoice') ? W.invoiceExpected : W.depositExpected;
      const out = W.under('data', await kind(db(), b.data.id));
      return b.data.payment
        ? W.under('data/payment', await W.paymentExpected(db(), b.data.payment.txHash, Number(b.data.payment.outputIndex)), out)
        : out;
    });
    assert.ok(sent >= 2 * CODES.length + 2, `events sent: ${sent}`);
  });

  it('withdrawals, a refund, an auto-convert, conversions, balances, currencies, stats and the operator views: every amount exact', async () => {
    const t = ctx.t;
    const quote = (body: string) =>
      hit('POST /v1/withdrawal/quote', '/v1/withdrawal/quote', body, async (q) => W.under('data', await W.quoteExpected(db(), q.quoteId)));
    const commit = (quoteId: string) =>
      hit('POST /v1/withdrawal/commit', '/v1/withdrawal/commit', `{"quoteId":"${quoteId}"}`, async (w) =>
        W.under('data', await W.withdrawalExpected(db(), w.id)),
      );
    const withdrawal = async (w: { id: string }) => W.withdrawalExpected(db(), w.id);
    const w1 = await commit(
      (await quote(`{"cryptoCurrencyCode":"ETH","address":"${EVM_TO}","amount":0.123456789012345678,"orderId":"w-1"}`)).quoteId,
    );
    const w2 = await commit(
      (await quote(`{"cryptoCurrencyCode":"BNB","address":"${EVM_TO}","amount":0.100000000000000001,"orderId":"w-2"}`)).quoteId,
    );
    const refund = `{"cryptoCurrencyCode":"ETH_BASE","address":"${EVM_TO}","amount":0.001000000000000001,"orderId":"refund-1","invoiceId":"${ctx.invoices.ETH_BASE.id}"}`;
    await commit((await quote(refund)).quoteId);
    const auto = await quote(
      `{"cryptoCurrencyCode":"LINK_BEP20","address":"${EVM_TO}","amount":0.5,"orderId":"auto-1","allowAutoConvert":true}`,
    );
    assert.notEqual(auto.autoConvert, null, 'a conversion tops up LINK_BEP20');
    await commit(auto.quoteId);
    const batchItems = `[{"cryptoCurrencyCode":"ETH","address":"${EVM_TO}","amount":0.010000000000000003,"orderId":"b-1"},{"cryptoCurrencyCode":"BNB","address":"${EVM_TO}","amount":0.010000000000000009,"orderId":"b-2"}]`;
    const bq = await hit('POST /v1/withdrawal/batch/quote', '/v1/withdrawal/batch/quote', `{"items":${batchItems}}`, async (q) =>
      W.under('data', await W.batchQuoteExpected(db(), q.batchQuoteId)),
    );
    const batch = await hit(
      'POST /v1/withdrawal/batch/commit',
      '/v1/withdrawal/batch/commit',
      `{"batchQuoteId":"${bq.batchQuoteId}"}`,
      async (b) => W.under('data', await W.batchExpected(db(), b.id, true)),
    );
    await hit('GET /v1/withdrawal/batch', `/v1/withdrawal/batch?id=${batch.id}`, undefined, async (b) =>
      W.under('data', await W.batchExpected(db(), b.id)),
    );
    await hit('GET /v1/withdrawal/batch/list', '/v1/withdrawal/batch/list?limit=100', undefined, async (list) =>
      each(list, (b) => W.batchExpected(db(), b.id)),
    );
    await hit(
      'POST /admin/withdrawals/{id}/cancel',
      `/admin/withdrawals/${w2.id}/cancel`,
      undefined,
      async (w) => W.under('data', await withdrawal(w)),
      'admin',
    );
    await hit('GET /v1/withdrawal', `/v1/withdrawal?id=${w1.id}`, undefined, async (w) => W.under('data', await withdrawal(w)));
    await hit('GET /v1/withdrawal/list', `/v1/withdrawal/list?limit=100&accountId=${ctx.accountId}`, undefined, async (list) =>
      each(list, withdrawal),
    );
    await hit(
      'GET /admin/withdrawals',
      `/admin/withdrawals?tenantId=${ctx.tenantId}&limit=100`,
      undefined,
      async (list) => each(list, withdrawal),
      'admin',
    );
    await hit(
      'GET /admin/withdrawals/{id}',
      `/admin/withdrawals/${w1.id}`,
      undefined,
      async (w) => W.under('data', await withdrawal(w)),
      'admin',
    );
    await hit('GET /v1/invoice', `/v1/invoice?id=${ctx.invoices.ETH_BASE.id}`, undefined, async (d) => {
      assert.equal(d.refunds.length, 1, 'the refund shows on the invoice');
      return W.under('data', await W.invoiceExpected(db(), d.id));
    });

    const convert = '{"fromCryptoCurrencyCode":"ETH","toCryptoCurrencyCode":"LINK_ERC20","fromAmount":0.012345678901234567}';
    const cq = await hit('POST /v1/converting/quote', '/v1/converting/quote', convert, async (q) =>
      W.under('data', await W.conversionExpected(db(), 'conversion_quotes', q.quoteId)),
    );
    await hit('POST /v1/converting/preview', '/v1/converting/preview', convert, async () =>
      W.under('data', await W.conversionExpected(db(), 'conversion_quotes', cq.quoteId)),
    );
    const booked = await hit('POST /v1/converting/commit', '/v1/converting/commit', `{"quoteId":"${cq.quoteId}"}`, async (c) =>
      W.under('data', await W.conversionExpected(db(), 'conversions', c.id)),
    );
    await hit('GET /v1/converting', `/v1/converting?id=${booked.id}`, undefined, async (c) =>
      W.under('data', await W.conversionExpected(db(), 'conversions', c.id)),
    );
    await hit('GET /v1/converting/list', '/v1/converting/list?limit=100', undefined, async (list) =>
      each(list, (c) => W.conversionExpected(db(), 'conversions', c.id)),
    );

    const balances = new Map((await merchantBalances(db(), ctx.accountId)).map((b) => [b.currency, b.units]));
    await hit('GET /v1/balances', '/v1/balances', undefined, async (list) =>
      each(list, async (b) => {
        const c = findCurrency(b.cryptoCurrencyCode)!;
        const units = balances.get(c.code)!;
        return { amount: W.dec(units, c.decimals), amountUsd: W.usd(units, c.decimals, SANDBOX_USD_PRICES[c.symbol]!) };
      }),
    );
    const fees = await W.feeUnits(db());
    await hit('GET /v1/currencies', '/v1/currencies', undefined, async (list) =>
      each(list, async (c) => W.currencyExpected(c.code, fees.get(c.code) ?? null, COMMISSION)),
    );
    await hit('GET /v1/currencies/fiat', '/v1/currencies/fiat', undefined, async (list) =>
      each(list, async (f) => ({ minInvoiceAmount: W.norm(FIAT_CURRENCIES.find((x) => x.code === f.code)!.minInvoiceAmount) })),
    );
    await hit('GET /v1/stats/volume', '/v1/stats/volume?days=1', undefined, async () => {
      const paid = await db()
        .selectFrom('invoices as i')
        .innerJoin('invoice_quotes as q', 'q.id', 'i.quote_id')
        .select(['i.amount_paid', 'q.currency_code', 'q.crypto_usd_price'])
        .where('i.account_id', '=', ctx.accountId)
        .where('i.status', 'in', ['paid', 'overpaid'])
        .execute();
      const done = await db()
        .selectFrom('deposits')
        .select(['amount_paid', 'currency_code', 'usd_price'])
        .where('account_id', '=', ctx.accountId)
        .where('status', '=', 'completed')
        .execute();
      const sum = (rows: Array<{ amount_paid: string; currency_code: string; price: string | null }>) =>
        rows.reduce((s, r) => s + W.cents(r.amount_paid, findCurrency(r.currency_code)!.decimals, r.price), 0n);
      const i = sum(paid.map((r) => ({ ...r, price: r.crypto_usd_price })));
      const d = sum(done.map((r) => ({ ...r, price: r.usd_price })));
      return {
        'data/days/0/invoicesVolumeUsd': W.dec(i, 2),
        'data/days/0/depositsVolumeUsd': W.dec(d, 2),
        'data/days/0/volumeUsd': W.dec(i + d, 2),
      };
    });

    const tenant = async () => ({ 'data/depositCommission': COMMISSION });
    await hit('GET /admin/tenants/{id}', `/admin/tenants/${ctx.tenantId}`, undefined, tenant, 'admin');
    await hit('POST /admin/tenants/{id}/suspend', `/admin/tenants/${ctx.tenantId}/suspend`, undefined, tenant, 'admin');
    await hit('POST /admin/tenants/{id}/resume', `/admin/tenants/${ctx.tenantId}/resume`, undefined, tenant, 'admin');
    await hit('POST /admin/tenants', '/admin/tenants', '{"name":"Another"}', async () => ({}), 'admin');
    await hit(
      'GET /admin/solvency',
      '/admin/solvency',
      undefined,
      async (list) => {
        const rows = new Map((await solvencyReport(t.ctx, chainAdapters(t.ctx.config, db()))).map((r) => [r.currency.code as string, r]));
        return each(list, async (r) => {
          const row = rows.get(r.cryptoCurrencyCode)!;
          const d = row.currency.decimals;
          return {
            hot: W.dec(row.hot, d),
            cold: W.dec(row.cold, d),
            custody: W.dec(row.custody, d),
            liabilities: W.dec(row.liabilities, d),
            ledgerCustody: W.dec(row.ledgerCustody, d),
            difference: W.dec(row.difference, d),
          };
        });
      },
      'admin',
    );
    await hit(
      'GET /admin/networks',
      '/admin/networks',
      undefined,
      async (data) => {
        const out: Record<string, string | RegExp> = {};
        data.networks.forEach((n: any, i: number) => {
          n.fees.forEach((f: any, j: number) => {
            const units = fees.get(f.cryptoCurrencyCode);
            if (units !== undefined)
              out[`data/networks/${i}/fees/${j}/amount`] = W.dec(units, findCurrency(f.cryptoCurrencyCode)!.decimals);
          });
          // The sandbox hot wallet's balances come from its chain, which the test does not re-derive: exact numbers of at most 18 decimals.
          n.hotWallet?.balances.forEach(
            (_: unknown, j: number) => (out[`data/networks/${i}/hotWallet/balances/${j}/amount`] = /^\d+(\.\d{1,18})?$/),
          );
        });
        return out;
      },
      'admin',
    );

    const sent = await deliverAndCheck(/^withdrawal\./, async (b) => W.under('data', await W.withdrawalExpected(db(), b.data.id)));
    assert.ok(sent >= 1, `withdrawal events sent: ${sent}`); // the cancel (a commit publishes no event: it creates, moves nothing)
  });

  it('exports write every amount with all its digits', async () => {
    const csv = async (kind: string) => {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/v1/export/${kind}.csv`, headers: { 'x-tenant-api-key': ctx.key } });
      assert.equal(res.statusCode, 200, res.body);
      covered.add(`GET /v1/export/${kind}.csv`);
      const [head, ...rows] = res.body
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i]!])));
    };
    const cell = (e: W.Expected, k: string) => e[k] ?? '';
    for (const r of await csv('invoices')) {
      const e = await W.invoiceExpected(db(), r.id!);
      assert.deepEqual(
        [r.amount, r.cryptoAmountExpected, r.cryptoAmountReceived, r.networkFee, r.commission, r.netAmount],
        [
          e.amount,
          cell(e, 'cryptoAmountExpected'),
          cell(e, 'cryptoAmountReceived'),
          cell(e, 'settlement/networkFeeAmount'),
          cell(e, 'settlement/commissionAmount'),
          cell(e, 'settlement/netAmount'),
        ].map((v) => v ?? ''),
        `invoice ${r.id}`,
      );
    }
    for (const r of await csv('deposits')) {
      const e = await W.depositExpected(db(), r.id!);
      assert.deepEqual(
        [r.amountPaid, r.networkFee, r.commission, r.netAmount],
        [e['settlement/amountPaid'], e['settlement/networkFeeAmount'], e['settlement/commissionAmount'], e['settlement/netAmount']],
        `deposit ${r.id}`,
      );
    }
    for (const r of await csv('withdrawals')) {
      const e = await W.withdrawalExpected(db(), r.id!);
      assert.deepEqual([r.amount, r.fee], [e.amount, e.fee], `withdrawal ${r.id}`);
    }
    for (const r of await csv('conversions')) {
      const e = await W.conversionExpected(db(), 'conversions', r.id!);
      assert.deepEqual([r.fromAmount, r.toAmount], [e.fromAmount, e.toAmount]);
    }
  });

  it('payment links answer their price, bounds and takings exactly: made, read, listed, turned off', async () => {
    const link = async (d: any) => W.under('data', await W.linkExpected(db(), d.id));
    const fixed = await hit(
      'POST /v1/payment-links',
      '/v1/payment-links',
      '{"title":"Exact","fiatCurrencyCode":"USD","amount":99999999999.99,"maxQuantity":3}',
      link,
    );
    const open = await hit(
      'POST /v1/payment-links',
      '/v1/payment-links',
      '{"title":"Open","fiatCurrencyCode":"USD","minAmount":1.01,"maxAmount":999999999999.99}',
      link,
    );
    await hit('GET /v1/payment-links/{id}', `/v1/payment-links/${fixed.id}`, undefined, link);
    await hit('PATCH /v1/payment-links/{id}', `/v1/payment-links/${open.id}`, '{"active":false}', link);
    await hit('GET /v1/payment-links', '/v1/payment-links', undefined, async (list) => each(list, (l) => W.linkExpected(db(), l.id)));
  });

  it('plans, customer credit and the customer portal answer prices and credit exactly', async () => {
    const fiat = (minor: unknown) => W.dec(String(minor), 2);
    const plan = async (id: string) => ({
      amount: fiat(
        (await db().selectFrom('subscription_plans').select('amount_minor').where('id', '=', id).executeTakeFirstOrThrow()).amount_minor,
      ),
    });
    const made = await hit(
      'POST /v1/plans',
      '/v1/plans',
      '{"name":"Exact","fiatCurrencyCode":"USD","interval":"month","amount":99999999999.99}',
      async (d) => W.under('data', await plan(d.id)),
    );
    await hit('GET /v1/plans/{id}', `/v1/plans/${made.id}`, undefined, async (d) => W.under('data', await plan(d.id)));
    await hit('PATCH /v1/plans/{id}', `/v1/plans/${made.id}`, '{"name":"Exact, renamed"}', async (d) => W.under('data', await plan(d.id)));
    await hit('GET /v1/plans', '/v1/plans', undefined, async (list) => each(list, (p) => plan(p.id)));
    const customer = (await ctx.t.call('POST', '/v1/customers', { key: ctx.key, body: { email: 'wire@customer.test', name: 'Wire' } })).body
      .data;
    await hit(
      'POST /v1/customers/{id}/credit-address',
      `/v1/customers/${customer.id}/credit-address`,
      '{"cryptoCurrencyCode":"ETH"}',
      async () => ({ 'data/balance': '0' }),
    );
    await hit('GET /v1/customers/{id}/credit', `/v1/customers/${customer.id}/credit`, undefined, async () => ({ 'data/balance': '0' }));
    const sub = await ctx.t.call('POST', '/v1/subscriptions', { key: ctx.key, body: { planId: made.id, customerId: customer.id } });
    assert.equal(sub.status, 201, JSON.stringify(sub.body));
    const billed = await db()
      .selectFrom('subscription_periods')
      .select('amount_minor')
      .where('subscription_id', '=', sub.body.data.id)
      .orderBy('period_number', 'desc')
      .execute();
    await hit('GET /v1/subscriptions/{id}/periods', `/v1/subscriptions/${sub.body.data.id}/periods`, undefined, async () =>
      Object.fromEntries(billed.map((p, i) => [`data/${i}/amount`, fiat(p.amount_minor)])),
    );
    const link = await ctx.t.call('POST', `/v1/customers/${customer.id}/portal-link`, { key: ctx.key, body: {} });
    const token = String(link.body.data.url).split('/').pop();
    await hit(
      'GET /portal/{token}/subscriptions',
      `/portal/${token}/subscriptions`,
      undefined,
      async () => ({ 'data/0/amount': '99999999999.99' }),
      'none',
    );
    const periods = await db()
      .selectFrom('subscription_periods')
      .select('amount_minor')
      .where('subscription_id', '=', sub.body.data.id)
      .orderBy('period_number', 'desc')
      .execute();
    await hit(
      'GET /portal/{token}/invoices',
      `/portal/${token}/invoices`,
      undefined,
      async () => Object.fromEntries(periods.map((p, i) => [`data/${i}/amount`, fiat(p.amount_minor)])),
      'none',
    );
  });

  it('refuses every money input more precise than its currency (or than whole cents), in the body and the query', async () => {
    const post = (method: string, url: string, body: string, auth: 'key' | 'admin') =>
      ctx.t.app.inject({
        method: method as 'POST',
        url,
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...(auth === 'key' ? { 'x-tenant-api-key': ctx.key } : { authorization: `Bearer ${ADMIN_TOKEN}` }),
        },
      });
    const ETH_19 = '0.1234567890123456789';
    const inputs: Array<[route: string, field: string, url: string, body: string, code: string, auth: 'key' | 'admin']> = [
      [
        'POST /v1/invoice',
        'amount',
        '/v1/invoice',
        '{"fiatCurrencyCode":"USD","orderId":"p-1","amount":12.340000000000000001}',
        'exceptions.invoice.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/invoice',
        'items[].cost',
        '/v1/invoice',
        '{"fiatCurrencyCode":"USD","orderId":"p-2","items":[{"name":"a","quantity":1,"cost":1.001}]}',
        'exceptions.invoice.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/invoice',
        'items[].quantity',
        '/v1/invoice',
        '{"fiatCurrencyCode":"USD","orderId":"p-3","items":[{"name":"a","quantity":1.000000000000000001,"cost":10}]}',
        'exceptions.invoice.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/withdrawal/quote',
        'amount',
        '/v1/withdrawal/quote',
        `{"cryptoCurrencyCode":"ETH","address":"${EVM_TO}","amount":${ETH_19},"orderId":"p-4"}`,
        'exceptions.withdrawal.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/withdrawal/batch/quote',
        'items[].amount',
        '/v1/withdrawal/batch/quote',
        `{"items":[{"cryptoCurrencyCode":"ETH","address":"${EVM_TO}","amount":${ETH_19}}]}`,
        'exceptions.withdrawal.batchInvalid',
        'key',
      ],
      [
        'POST /v1/converting/preview',
        'fromAmount',
        '/v1/converting/preview',
        `{"fromCryptoCurrencyCode":"ETH","toCryptoCurrencyCode":"LINK_ERC20","fromAmount":${ETH_19}}`,
        'exceptions.converting.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/converting/preview',
        'toAmount',
        '/v1/converting/preview',
        `{"fromCryptoCurrencyCode":"ETH","toCryptoCurrencyCode":"LINK_ERC20","toAmount":${ETH_19}}`,
        'exceptions.converting.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/converting/quote',
        'fromAmount',
        '/v1/converting/quote',
        `{"fromCryptoCurrencyCode":"ETH","toCryptoCurrencyCode":"LINK_ERC20","fromAmount":${ETH_19}}`,
        'exceptions.converting.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'POST /v1/converting/quote',
        'toAmount',
        '/v1/converting/quote',
        `{"fromCryptoCurrencyCode":"ETH","toCryptoCurrencyCode":"LINK_ERC20","toAmount":${ETH_19}}`,
        'exceptions.converting.amountInvalidDecimalPlaces',
        'key',
      ],
      [
        'PATCH /admin/tenants/{id}',
        'depositCommission',
        `/admin/tenants/${ctx.tenantId}`,
        '{"depositCommission":0.0123450000000000001}',
        'exceptions.validation.failed',
        'admin',
      ],
      [
        'PUT /admin/sandbox/network-fees',
        'amount',
        '/admin/sandbox/network-fees',
        `{"cryptoCurrencyCode":"ETH","amount":${ETH_19}}`,
        'exceptions.validation.failed',
        'admin',
      ],
      [
        'POST /admin/sandbox/transfers',
        'amount',
        '/admin/sandbox/transfers',
        `{"cryptoCurrencyCode":"ETH","to":"${EVM_TO}","amount":${ETH_19}}`,
        'exceptions.validation.failed',
        'admin',
      ],
      [
        'POST /v1/plans',
        'amount',
        '/v1/plans',
        '{"name":"p-plan","fiatCurrencyCode":"USD","interval":"month","amount":12.340000000000000001}',
        'exceptions.plan.amountInvalidDecimalPlaces',
        'key',
      ],
      ...['amount', 'minAmount', 'maxAmount'].map((field): (typeof inputs)[number] => [
        'POST /v1/payment-links',
        field,
        '/v1/payment-links',
        `{"title":"p-link","fiatCurrencyCode":"USD","${field}":12.340000000000000001}`,
        'exceptions.invoice.amountInvalidDecimalPlaces',
        'key',
      ]),
      ...['maxPerWithdrawalUsd', 'maxPerDayUsd', 'maxPerDayPerKeyUsd', 'approvalAboveUsd'].map((field): (typeof inputs)[number] => [
        'PATCH /admin/tenants/{id}/payout-policy',
        field,
        `/admin/tenants/${ctx.tenantId}/payout-policy`,
        `{"${field}":10.001}`,
        'exceptions.validation.failed',
        'admin',
      ]),
    ];
    const before = {
      tenant: await db().selectFrom('tenants').select('deposit_commission').where('id', '=', ctx.tenantId).executeTakeFirstOrThrow(),
      fees: await W.feeUnits(db()),
    };
    for (const [route, field, url, body, code, auth] of inputs) {
      const res = await post(route.split(' ')[0]!, url, body, auth);
      assert.deepEqual([res.statusCode, res.json().code], [400, code], `${route} ${field}: ${res.body}`);
    }
    assert.deepEqual(await db().selectFrom('invoices').select('id').where('order_id', 'like', 'p-%').execute(), [], 'no invoice made');
    assert.deepEqual(
      await db().selectFrom('payment_links').select('id').where('title', '=', 'p-link').execute(),
      [],
      'no payment link made',
    );
    assert.deepEqual(await db().selectFrom('subscription_plans').select('id').where('name', '=', 'p-plan').execute(), [], 'no plan made');
    assert.deepEqual(
      await db().selectFrom('tenants').select('deposit_commission').where('id', '=', ctx.tenantId).executeTakeFirstOrThrow(),
      before.tenant,
      'commission unchanged',
    );
    assert.deepEqual(await W.feeUnits(db()), before.fees, 'fees unchanged');
    assert.deepEqual(
      await db().selectFrom('payout_policies').select('tenant_id').where('tenant_id', '=', ctx.tenantId).execute(),
      [],
      'no payout policy set',
    );
    // Every money input the document declares (body or query) is among them; the webhook reference routes only document events.
    const tried = new Set(inputs.map(([route, field]) => `${route} ${field}`));
    const declared: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (NOT_DRIVEN[route]) continue;
        for (const [field] of W.numbersOf(doc, op.requestBody?.content?.['application/json']?.schema)) declared.push(`${route} ${field}`);
        for (const p of op.parameters ?? []) for (const [field] of W.numbersOf(doc, p.schema, p.name)) declared.push(`${route} ${field}`);
      }
    }
    assert.deepEqual(
      declared.filter((d) => !tried.has(d)),
      [],
      'money inputs not tried',
    );
  });

  it('drove every route whose answer carries money', () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const route = `${method.toUpperCase()} ${path}`;
        const money = Object.entries<any>(op.responses ?? {}).some(
          ([status, r]) =>
            status.startsWith('2') && W.numbersOf(doc, r.content?.['application/json']?.schema).some(([f]) => !NOT_MONEY[lastSegment(f)]),
        );
        if (money && !covered.has(route) && !NOT_DRIVEN[route]) missing.push(route);
      }
    }
    assert.deepEqual(missing, [], 'routes answering money that no check drove');
  });
});
