import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { expireInvoices } from '../../src/modules/invoices/expire.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { formatUnits, toUnits } from '../../src/lib/money.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

async function live(t: TestApp) {
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
  await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'BTC', 'ETH', 'TRX', 'USD', 'EUR', 'JPY']);
}

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
let seq = 0;
const order = (p = 'o') => `${p}-${++seq}-${Date.now()}`;

describeEngines('invoices', (engine) => {
  const app = useTestApp(engine, { env: { INVOICE_MAX_EXPIRY_MIN: '1440' } });

  async function invoice(t: TestApp, key: string, body: Record<string, unknown> = {}) {
    const res = await t.call('POST', '/v1/invoice', { key, body: { amount: 25, fiatCurrencyCode: 'USD', orderId: order(), ...body } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  }
  const state = async (t: TestApp, id: string) => (await t.call('GET', `/pay/${id}/state`)).body.data;
  const select = (t: TestApp, id: string, code: string) => t.call('POST', `/pay/${id}/select`, { body: { cryptoCurrencyCode: code } });
  const get = async (t: TestApp, key: string, id: string) => (await t.call('GET', `/v1/invoice?id=${id}`, { key })).body.data;

  describe('create and read', () => {
    it('creates an invoice with every field, and reads it back by id and by orderId', async () => {
      const t = app();
      const { key, accountId } = await t.tenant(['*']);
      const created = await t.call('POST', '/v1/invoice', {
        key,
        body: {
          amount: 25.5,
          fiatCurrencyCode: 'EUR',
          orderId: 'order-1',
          description: 'Two T-shirts',
          items: [{ name: 'T-shirt', quantity: 2, cost: 10 }],
          webhookUrl: 'https://merchant.example.com/hooks',
          returnUrl: 'http://localhost:3000/back',
          successUrl: 'https://shop.example.com/ok',
          failedUrl: 'https://shop.example.com/failed',
          expiresInMinutes: 30,
          customerId: 'cust-1',
          customPayload: '{"cart":7}',
          number: 'INV-0001',
        },
      });
      assert.equal(created.status, 201);
      const inv = created.body.data;
      assert.equal(inv.accountId, accountId);
      assert.equal(inv.amount, 25.5); // positive amount wins over the items' 20
      assert.deepEqual(inv.items, [{ name: 'T-shirt', quantity: 2, cost: 10 }]);
      assert.equal(inv.status, 'created');
      assert.equal(inv.paymentPageUrl, `http://gateway.test/pay/${inv.id}`);
      assert.equal(inv.source, 'api');
      assert.equal(inv.customPayload, '{"cart":7}');
      assert.equal(inv.number, 'INV-0001');
      assert.equal(inv.returnUrl, 'http://localhost:3000/back');
      assert.equal(Date.parse(inv.expiresAt) - Math.floor(Date.parse(inv.createdAt) / 1000) * 1000, 30 * 60_000);
      assert.equal(inv.cryptoCurrencyCode, undefined);
      assert.deepEqual((await t.call('GET', `/v1/invoice?id=${inv.id}`, { key })).body.data, inv);
      assert.deepEqual((await t.call('GET', `/v1/invoice?orderId=order-1`, { key })).body.data, inv);
      // id wins over orderId
      assert.equal((await t.call('GET', `/v1/invoice?id=${inv.id}&orderId=nope`, { key })).body.data.id, inv.id);

      const fromItems = await invoice(t, key, {
        amount: undefined,
        items: [
          { name: 'A', quantity: 3, cost: 0.35 },
          { name: 'B', quantity: 0.5, cost: 2 },
        ],
      });
      assert.equal(fromItems.amount, 2.05);
      const zeroAmount = await invoice(t, key, { amount: 0, items: [{ name: 'A', quantity: 1, cost: 7 }] });
      assert.equal(zeroAmount.amount, 7);
    });

    it('refuses bad input with the API codes and writes nothing', async () => {
      const t = app();
      const { key, tenantId } = await t.tenant(['*']);
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ amount: undefined }, 400, 'exceptions.invoice.amountOrItemsRequired'],
        [{ amount: 0, items: [] }, 400, 'exceptions.invoice.amountOrItemsRequired'],
        [{ fiatCurrencyCode: 'XYZ' }, 400, 'exceptions.invoice.fiatCurrencyNotFound'],
        [{ amount: 0.5 }, 400, 'exceptions.invoice.amountBelowMinimum'],
        [{ amount: 10.001 }, 400, 'exceptions.invoice.amountInvalidDecimalPlaces'],
        [{ amount: 200.5, fiatCurrencyCode: 'JPY' }, 400, 'exceptions.invoice.amountInvalidDecimalPlaces'],
        [{ amount: undefined, items: [{ name: 'x', quantity: 0.5, cost: 2.01 }] }, 400, 'exceptions.invoice.amountInvalidDecimalPlaces'],
        [{ amount: undefined, items: [{ name: 'x', quantity: 1 }] }, 400, 'exceptions.validation.failed'],
        [{ amount: '25' }, 400, 'exceptions.validation.failed'],
        [{ orderId: 'x'.repeat(257) }, 400, 'exceptions.validation.failed'],
        [{ description: 'x'.repeat(513) }, 400, 'exceptions.validation.failed'],
        [{ webhookUrl: 'http://merchant.example.com/hook' }, 400, 'exceptions.validation.failed'],
        [{ webhookUrl: 'https://localhost/hook' }, 400, 'exceptions.validation.failed'],
        [{ successUrl: 'ftp://shop.example.com' }, 400, 'exceptions.validation.failed'],
        [{ returnUrl: 'x'.repeat(513) }, 400, 'exceptions.validation.failed'],
        [{ expiresInMinutes: 14 }, 400, 'exceptions.validation.failed'],
        [{ expiresInMinutes: 43201 }, 400, 'exceptions.validation.failed'],
        [{ customerId: 'c'.repeat(53) }, 400, 'exceptions.validation.failed'],
        [{ customPayload: 'p'.repeat(2049) }, 400, 'exceptions.validation.failed'],
        [{ number: 'n'.repeat(257) }, 400, 'exceptions.validation.failed'],
      ];
      for (const [patch, status, code] of cases) {
        const res = await t.call('POST', '/v1/invoice', {
          key,
          body: { amount: 25, fiatCurrencyCode: 'USD', orderId: order('bad'), ...patch },
        });
        assert.equal(res.status, status, `${JSON.stringify(patch)} → ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, JSON.stringify(patch));
      }
      const rows = await t.ctx.db.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).execute();
      assert.equal(rows.length, 0);

      // Blocked customers cannot get an invoice; others of the same tenant can.
      await t.admin('POST', '/admin/customers/block', { tenantId, customerId: 'fraudster' });
      const blocked = await t.call('POST', '/v1/invoice', {
        key,
        body: { amount: 25, fiatCurrencyCode: 'USD', orderId: order(), customerId: 'fraudster' },
      });
      assert.equal(blocked.status, 400);
      assert.equal(blocked.body.code, 'exceptions.invoice.customerBlocked');
      await invoice(t, key, { customerId: 'honest' });

      // Clamped to the server maximum (1440 minutes in this suite).
      const long = await invoice(t, key, { expiresInMinutes: 43200 });
      assert.ok(Date.parse(long.expiresAt) - Date.parse(long.createdAt) <= 1440 * 60_000);
      assert.ok(Date.parse(long.expiresAt) - Date.parse(long.createdAt) > 1439 * 60_000);
    });

    it('one orderId created 20 times at once: one 201, nineteen 409, one row', async () => {
      const t = app();
      const { key, tenantId } = await t.tenant(['*']);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.call('POST', '/v1/invoice', { key, body: { amount: 10, fiatCurrencyCode: 'USD', orderId: 'same' } }),
        ),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), [201, ...Array(19).fill(409)]);
      for (const r of results.filter((r) => r.status === 409)) assert.equal(r.body.code, 'exceptions.invoice.orderIdAlreadyExists');
      const rows = await t.ctx.db.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).execute();
      assert.equal(rows.length, 1);
      // Unique within the tenant, not across tenants.
      const other = await t.tenant(['*']);
      assert.equal(
        (await t.call('POST', '/v1/invoice', { key: other.key, body: { amount: 10, fiatCurrencyCode: 'USD', orderId: 'same' } })).status,
        201,
      );
    });
  });

  describe('list and cancel', () => {
    it("lists newest first with a status filter, and never shows another tenant's invoice", async () => {
      const t = app();
      const { key } = await t.tenant(['*']);
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await invoice(t, key, { orderId: `list-${i}` }));
      await t.call('POST', '/v1/invoice/cancel', { key, body: { id: made[1].id } });
      const page1 = (await t.call('GET', '/v1/invoice/list?limit=2', { key })).body;
      assert.deepEqual(
        { total: page1.total, page: page1.page, limit: page1.limit, hasMore: page1.hasMore },
        { total: 5, page: 1, limit: 2, hasMore: true },
      );
      assert.deepEqual(
        page1.data.map((i: any) => i.orderId),
        ['list-4', 'list-3'],
      );
      assert.ok(page1.data.every((i: any) => i.paymentPageUrl.endsWith(`/pay/${i.id}`)));
      const page3 = (await t.call('GET', '/v1/invoice/list?limit=2&page=3', { key })).body;
      assert.deepEqual(
        page3.data.map((i: any) => i.orderId),
        ['list-0'],
      );
      assert.equal(page3.hasMore, false);
      const cancelled = (await t.call('GET', '/v1/invoice/list?status=cancelled', { key })).body;
      assert.deepEqual(
        cancelled.data.map((i: any) => i.orderId),
        ['list-1'],
      );
      assert.equal((await t.call('GET', '/v1/invoice/list?status=bogus', { key })).status, 400);

      const stranger = await t.tenant(['*']);
      assert.equal((await t.call('GET', '/v1/invoice/list', { key: stranger.key })).body.total, 0);
      const peek = await t.call('GET', `/v1/invoice?id=${made[0].id}`, { key: stranger.key });
      assert.equal(peek.status, 404);
      assert.equal(peek.body.code, 'exceptions.invoice.notFound');
      assert.equal((await t.call('POST', '/v1/invoice/cancel', { key: stranger.key, body: { id: made[0].id } })).status, 404);
      assert.equal((await t.call('GET', '/v1/invoice', { key })).body.code, 'exceptions.invoice.idOrOrderIdRequired');
      assert.equal((await t.call('GET', '/v1/invoice?id=not-a-uuid', { key })).body.code, 'exceptions.validation.failed');
      const limited = await t.tenant(['invoices.create']);
      assert.equal((await t.call('GET', '/v1/invoice/list', { key: limited.key })).body.code, 'exceptions.auth.insufficientScope');
    });

    it('cancels once by body or query; 20 cancels at once: one succeeds, the rest are refused', async () => {
      const t = app();
      const { key } = await t.tenant(['*']);
      const a = await invoice(t, key);
      const byQuery = await t.call('POST', `/v1/invoice/cancel?orderId=${encodeURIComponent(a.orderId)}`, { key });
      assert.equal(byQuery.status, 200, JSON.stringify(byQuery.body));
      assert.equal(byQuery.body.data.status, 'cancelled');
      const again = await t.call('POST', '/v1/invoice/cancel', { key, body: { id: a.id } });
      assert.equal(again.status, 400);
      assert.equal(again.body.code, 'exceptions.invoice.cannotCancel');
      // The state error says what the status is and which statuses could have been cancelled.
      assert.equal(again.body.extension.currentStatus, 'cancelled');
      assert.deepEqual(again.body.extension.expectedStatus.sort(), ['created', 'expired', 'failed', 'processing']);
      assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: {} })).body.code, 'exceptions.invoice.idOrOrderIdRequired');
      assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { orderId: 'missing' } })).status, 404);

      const b = await invoice(t, key);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => t.call('POST', '/v1/invoice/cancel', { key, body: { id: b.id } })),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), [200, ...Array(19).fill(400)]);
      const events = await t.ctx.db.selectFrom('outbox_events').select('payload').where('aggregate_id', '=', b.id).execute();
      assert.equal(events.length, 1);
      assert.equal((events[0]!.payload as any).previousStatus, 'created');
    });
  });

  describe('payment', () => {
    it('locks a rate on currency choice, settles the exact payment by the fee rules and credits the ledger', async () => {
      const t = app();
      await live(t);
      const { key, accountId, tenantId } = await t.tenant(['*']);
      await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositCommission: 0.01 });
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
      const inv = await invoice(t, key, { amount: 25, customPayload: 'cart-9', successUrl: 'https://shop.example.com/ok' });

      const before = await state(t, inv.id);
      assert.equal(before.status, 'created');
      assert.equal(before.selected, null);
      assert.equal(before.merchantName.startsWith('Tenant'), true);
      assert.equal(before.customPayload, undefined);
      const usdt = before.currencies.find((c: any) => c.cryptoCurrencyCode === 'USDT_TRC20');
      assert.deepEqual(
        { available: usdt.available, amountEstimate: usdt.amountEstimate, network: usdt.network },
        { available: true, amountEstimate: '26', network: 'Tron' },
      );

      const picked = await select(t, inv.id, 'USDT_TRC20');
      assert.equal(picked.status, 200, JSON.stringify(picked.body));
      const sel = picked.body.data.selected;
      assert.equal(sel.amountExpected, '26'); // 25 USD at 1:1, plus the 1 USDT network fee
      assert.equal(sel.networkFee, '1');
      assert.match(sel.address, TRON_ADDRESS);
      assert.match(sel.qrCode, /^data:image\/png;base64,/);
      assert.equal(sel.paymentUri, `tron:${sel.address}?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&amount=26`);
      assert.equal(sel.sandbox, true);
      // Choosing the same currency again keeps the quote and the address.
      assert.equal((await select(t, inv.id, 'USDT_TRC20')).body.data.selected.address, sel.address);
      let record = await get(t, key, inv.id);
      assert.deepEqual(
        {
          code: record.cryptoCurrencyCode,
          expected: record.cryptoAmountExpected,
          received: record.cryptoAmountReceived,
          address: record.address,
        },
        { code: 'USDT_TRC20', expected: 26, received: 0, address: sel.address },
      );

      const sim = await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } });
      assert.equal(sim.status, 200);
      await runWatchers(t);
      assert.equal((await get(t, key, inv.id)).status, 'processing');
      assert.equal((await state(t, inv.id)).selected.amountPending, '26');
      assert.equal((await t.call('POST', `/pay/${inv.id}/simulate/mine`, { body: {} })).status, 200);
      await runWatchers(t);

      record = await get(t, key, inv.id);
      assert.equal(record.status, 'paid');
      assert.ok(record.paidAt);
      assert.equal(record.txHash, sim.body.data.txHash);
      assert.equal(record.cryptoAmountReceived, 26);
      // Received 26: fee 1 withheld, commission 1 % of 25 = 0.25, net 24.75.
      assert.deepEqual(
        { ...record.settlement, completedAt: undefined },
        {
          amountPaid: 26,
          amountPaidUsd: 26,
          commissionAmount: 0.25,
          commissionAmountUsd: 0.25,
          networkFeeAmount: 1,
          networkFeeAmountUsd: 1,
          networkFeeCurrencyCode: 'USDT_TRC20',
          netAmount: 24.75,
          netAmountUsd: 24.75,
          txHash: sim.body.data.txHash,
          completedAt: undefined,
        },
      );
      assert.deepEqual(await merchantBalances(t.ctx.db, accountId), [{ currency: 'USDT_TRC20', units: 24_750_000n }]);
      const page = await state(t, inv.id);
      assert.deepEqual(page.outcome, { kind: 'success', url: 'https://shop.example.com/ok' });

      const events = await t.ctx.db
        .selectFrom('outbox_events')
        .select(['event_type', 'payload'])
        .where('aggregate_id', '=', inv.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        events.map((e) => [e.event_type, (e.payload as any).previousStatus, (e.payload as any).status]),
        [
          ['invoice.statusChanged', 'created', 'processing'],
          ['invoice.statusChanged', 'processing', 'paid'],
        ],
      );
      assert.equal((events[1]!.payload as any).customPayload, 'cart-9');
      assert.equal((events[1]!.payload as any).settlement.netAmount, 24.75);
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });

      // Settled: no more currency changes, no cancel.
      assert.equal((await select(t, inv.id, 'BTC')).body.code, 'exceptions.invoice.notPayable');
      assert.equal(
        (await t.call('POST', '/v1/invoice/cancel', { key, body: { id: inv.id } })).body.code,
        'exceptions.invoice.cannotCancel',
      );
    });

    it('converts fiat at the locked rate, rounding up to the coin, and refuses quotes without a fee or a fresh rate', async () => {
      const t = app();
      await live(t);
      const { key } = await t.tenant(['*']);
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'BTC', amount: 0.00001 });
      const inv = await invoice(t, key, { amount: 25 });
      const btc = (await select(t, inv.id, 'BTC')).body.data.selected;
      // 25 / 60000 = 0.000416666… → 0.00041667 (rounded up), plus the 0.00001 fee.
      assert.equal(btc.amountExpected, '0.00042667');
      assert.equal(btc.rate, '60000');
      assert.match(btc.address, /^bc1q[02-9ac-hj-np-z]{38}$/);

      // Switching before any payment gives a new quote and address; switching back reuses the old one.
      const eth = (await select(t, inv.id, 'ETH')).body.data.selected;
      // 25 / 3000 = 0.008333… → 0.008333333333333334 at 18 decimals, plus the fee, rounded up to the 8 places a wallet is asked for.
      const exact = 8_333_333_333_333_334n + toUnits(eth.networkFee, 18);
      const step = 10n ** 10n;
      assert.equal(eth.amountExpected, formatUnits(((exact + step - 1n) / step) * step, 18));
      assert.ok(eth.amountExpected.split('.')[1].length <= 8);
      assert.match(eth.address, /^0x[0-9a-fA-F]{40}$/);
      assert.equal((await select(t, inv.id, 'BTC')).body.data.selected.address, btc.address);

      const jpy = await invoice(t, key, { amount: 1500, fiatCurrencyCode: 'JPY' });
      const usdtForYen = (await select(t, jpy.id, 'USDT_ERC20')).body.data.selected;
      // 1500 JPY × 0.0066 = 9.9 USDT, plus the network fee.
      assert.equal(usdtForYen.amountExpected, String(9.9 + Number(usdtForYen.networkFee)));

      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDC_BASE', amount: null });
      const noFee = await select(t, inv.id, 'USDC_BASE');
      assert.equal(noFee.status, 503);
      assert.equal(noFee.body.code, 'exceptions.depositFee.quoteUnavailable');
      assert.equal((await state(t, inv.id)).currencies.find((c: any) => c.cryptoCurrencyCode === 'USDC_BASE').available, false);

      await t.ctx.db
        .updateTable('exchange_rates')
        .set({ fetched_at: sql`now() - interval '2 hours'` as never })
        .where('asset', '=', 'TRX')
        .execute();
      const stale = await select(t, inv.id, 'TRX');
      assert.equal(stale.status, 503);
      assert.equal(stale.body.code, 'exceptions.rates.unavailable');
      assert.equal((await select(t, inv.id, 'NOPE')).status, 400);
      assert.equal((await t.call('GET', '/pay/00000000-0000-4000-8000-000000000000/state')).status, 404);
      assert.equal((await t.call('GET', '/pay/not-an-id/state')).body.code, 'exceptions.invoice.notFound');
    });

    it('partial payments: partially_paid, then paid by a top-up; overpayment is overpaid', async () => {
      const t = app();
      await live(t);
      const { key, accountId } = await t.tenant(['*']);
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
      const inv = await invoice(t, key, { amount: 25, failedUrl: 'https://shop.example.com/failed' });
      await select(t, inv.id, 'USDT_TRC20');
      await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'partial' } });
      await t.call('POST', `/pay/${inv.id}/simulate/mine`, { body: {} });
      await runWatchers(t);
      let record = await get(t, key, inv.id);
      assert.equal(record.status, 'partially_paid');
      assert.equal(record.cryptoAmountReceived, 13);
      // Still open: the page keeps asking for the rest, no outcome link yet.
      const page = await state(t, inv.id);
      assert.equal(page.selected.amountRemaining, '13');
      assert.equal(page.outcome, null);

      await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } });
      await runWatchers(t);
      assert.equal((await get(t, key, inv.id)).status, 'processing');
      await t.call('POST', `/pay/${inv.id}/simulate/mine`, { body: {} });
      await runWatchers(t);
      record = await get(t, key, inv.id);
      assert.equal(record.status, 'paid');
      // Two payments, the fee withheld once: 26 − 1 − 0.25 = 24.75.
      assert.equal(record.settlement.amountPaid, 26);
      assert.equal(record.settlement.networkFeeAmount, 1);
      assert.equal(record.settlement.netAmount, 24.75);

      const over = await invoice(t, key, { amount: 10 });
      await select(t, over.id, 'USDT_TRC20');
      await t.call('POST', `/pay/${over.id}/simulate`, { body: { amount: 'over' } }); // 11 + 1.1
      await t.call('POST', `/pay/${over.id}/simulate/mine`, { body: {} });
      await runWatchers(t);
      record = await get(t, key, over.id);
      assert.equal(record.status, 'overpaid');
      assert.equal(record.cryptoAmountReceived, 12.1);
      assert.equal(record.settlement.netAmount, 10.989); // 12.1 − 1 − 1 % of 11.1
      assert.deepEqual(await merchantBalances(t.ctx.db, accountId), [{ currency: 'USDT_TRC20', units: 24_750_000n + 10_989_000n }]);
    });

    it('an underpayment within the operator tolerance counts as paid', async () => {
      const t = app();
      await live(t);
      const { key } = await t.tenant(['*']);
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 0 });
      const tolerant = { ...t.ctx, config: { ...t.ctx.config, underpaymentTolerance: '0.01' } };
      const inv = await invoice(t, key, { amount: 100 });
      await select(t, inv.id, 'USDT_TRC20');
      const address = (await state(t, inv.id)).selected.address;
      await new SandboxChain('TRON', t.ctx.db).inject({ currencyCode: 'USDT_TRC20', to: address, units: 99_000_000n });
      await new SandboxChain('TRON', t.ctx.db).mine(2);
      await runWatchers({ ctx: tolerant }, { listen: 'invoices' });
      assert.equal((await get(t, key, inv.id)).status, 'paid');
      // First seen already final: still processing then paid, and `paid` carries the settlement.
      const events = await t.ctx.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('aggregate_id', '=', inv.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        events.map((e) => (e.payload as any).status),
        ['processing', 'paid'],
      );
      assert.equal((events[1]!.payload as any).settlement.amountPaid, 99);

      const strict = await invoice(t, key, { amount: 100 });
      await select(t, strict.id, 'USDT_TRC20');
      const to = (await state(t, strict.id)).selected.address;
      await new SandboxChain('TRON', t.ctx.db).inject({ currencyCode: 'USDT_TRC20', to, units: 99_000_000n });
      await new SandboxChain('TRON', t.ctx.db).mine(2);
      await runWatchers(t);
      assert.equal((await get(t, key, strict.id)).status, 'partially_paid');
    });
  });

  describe('expiry and dropped payments', () => {
    it('expires an unpaid invoice; a payment after expiry or cancellation is still credited and says so', async () => {
      const t = app();
      await live(t);
      const { key, accountId } = await t.tenant(['*']);
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
      const late = await invoice(t, key, { amount: 25 });
      await select(t, late.id, 'USDT_TRC20');
      await t.ctx.db
        .updateTable('invoices')
        .set({ expires_at: sql`now() - interval '1 second'` as never })
        .where('id', '=', late.id)
        .execute();
      assert.ok((await expireInvoices(t.ctx)).expired >= 1);
      assert.equal((await get(t, key, late.id)).status, 'expired');
      assert.equal((await select(t, late.id, 'USDT_TRC20')).body.code, 'exceptions.invoice.notPayable');
      const page = await state(t, late.id);
      assert.equal(page.outcome.kind, 'return');

      // The customer pays anyway: recorded, credited, and the invoice says it came late.
      await t.call('POST', `/pay/${late.id}/simulate`, { body: { amount: 'exact' } });
      await t.call('POST', `/pay/${late.id}/simulate/mine`, { body: {} });
      await runWatchers(t);
      let record = await get(t, key, late.id);
      assert.equal(record.status, 'paid');
      assert.equal(record.latePayment, 'after_expiry');
      assert.equal(record.settlement.netAmount, 24.75);

      const cancelled = await invoice(t, key, { amount: 25 });
      await select(t, cancelled.id, 'USDT_TRC20');
      assert.equal((await t.call('POST', '/v1/invoice/cancel', { key, body: { id: cancelled.id } })).status, 200);
      await t.call('POST', `/pay/${cancelled.id}/simulate`, { body: { amount: 'exact' } });
      await runWatchers(t);
      assert.equal((await get(t, key, cancelled.id)).status, 'cancelled');
      await t.call('POST', `/pay/${cancelled.id}/simulate/mine`, { body: {} });
      await runWatchers(t);
      record = await get(t, key, cancelled.id);
      assert.equal(record.status, 'suspended');
      assert.equal(record.latePayment, 'after_cancellation');
      assert.equal(record.settlement.netAmount, 24.75);
      assert.deepEqual(await merchantBalances(t.ctx.db, accountId), [{ currency: 'USDT_TRC20', units: 2n * 24_750_000n }]);
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    });

    it('a dropped payment takes the invoice back to created, and to failed once the window has closed', async () => {
      const t = app();
      await live(t);
      const { key } = await t.tenant(['*']);
      const inv = await invoice(t, key, { amount: 25 });
      await select(t, inv.id, 'USDT_TRC20');
      const sent = await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } });
      await runWatchers(t);
      assert.equal((await get(t, key, inv.id)).status, 'processing');
      assert.equal(await new SandboxChain('TRON', t.ctx.db).drop(sent.body.data.txHash), true);
      await runWatchers(t);
      assert.equal((await get(t, key, inv.id)).status, 'created');

      await t.ctx.db
        .updateTable('invoices')
        .set({ expires_at: sql`now() - interval '1 second'` as never })
        .where('id', '=', inv.id)
        .execute();
      await expireInvoices(t.ctx);
      const record = await get(t, key, inv.id);
      assert.equal(record.status, 'failed');
      assert.equal(record.settlement, undefined);
      // A payment seen in one currency fixes it: another choice is refused.
      const fixed = await invoice(t, key, { amount: 25 });
      await select(t, fixed.id, 'USDT_TRC20');
      await t.call('POST', `/pay/${fixed.id}/simulate`, { body: { amount: 'partial' } });
      await runWatchers(t);
      assert.equal((await select(t, fixed.id, 'USDC_ERC20')).body.code, 'exceptions.invoice.currencyLocked');
    });
  });
});
