import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startReceiver } from '../../../test/helpers/receiver.ts';
import { CryptogateOptionsError, CryptogateProviderService } from '../src/index.ts';
import { api, engines, payOnPage, type SandboxGateway, startSandboxGateway, until } from './gateway.mts';

/** The session data the tests read. */
type Session = { invoice_id: string; payment_url: string; invoice_status: string; order_id: string };

// The provider's methods called directly, as Medusa's payment module calls them, against a real
// sandbox gateway process: the invoice, the hosted page paid through the sandbox, the signed
// webhook, refunds and cancellation.
for (const engine of engines()) {
  describe(`cryptogate provider against a sandbox gateway (${engine})`, () => {
    let gw: SandboxGateway;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let provider: CryptogateProviderService;
    const options = () => ({
      gatewayUrl: gw.url,
      apiKey: gw.key,
      webhookSecret: gw.webhookSecret,
      webhookUrl: `${receiver.url}/hooks/payment/pp_cryptogate_cryptogate`,
    });

    before(async () => {
      gw = await startSandboxGateway(engine);
      receiver = await startReceiver();
      provider = new CryptogateProviderService({}, options());
    });
    after(async () => {
      await receiver?.close();
      await gw?.stop();
    });

    /** A session as Medusa's payment module opens it: the collection's amount, the storefront's data. */
    const open = (cart: string, amount: number | string, data: Record<string, unknown> = {}) =>
      provider.initiatePayment({
        amount,
        currency_code: 'usd',
        data: { session_id: `payses_${cart}`, cart_id: cart, ...data },
        context: {},
      });

    /** The webhooks the gateway posted for an invoice, oldest first. */
    const hooksOf = (invoiceId: string) => receiver.received.filter((r) => r.json?.data?.id === invoiceId);
    const payload = (r: { body: string; headers: Record<string, unknown> }) => ({
      data: JSON.parse(r.body),
      rawData: Buffer.from(r.body),
      headers: r.headers,
    });

    test('start-up refuses a missing or wrong option, naming it', async () => {
      await assert.rejects(
        CryptogateProviderService.validateOptions({ ...options(), gatewayUrl: undefined }),
        /option "gatewayUrl" is missing/,
      );
      await assert.rejects(
        CryptogateProviderService.validateOptions({ ...options(), webhookSecret: 'short' }),
        /option "webhookSecret" must be .* 64 hex/,
      );
      await assert.rejects(CryptogateProviderService.validateOptions({ ...options(), apiKey: '' }), /option "apiKey" is missing/);
      await assert.rejects(
        CryptogateProviderService.validateOptions({ ...options(), apiKey: 'not-a-key' }),
        (e: Error) => e instanceof CryptogateOptionsError && /"apiKey" was refused/.test(e.message),
      );
      await assert.rejects(
        CryptogateProviderService.validateOptions({ ...options(), gatewayUrl: 'http://127.0.0.1:1' }),
        /"gatewayUrl" cannot be reached/,
      );
      await CryptogateProviderService.validateOptions(options());
    });

    test('a paid invoice: signed webhook captures, a tampered or wrongly signed one is refused, a refund goes out', async () => {
      const items = [
        { name: 'Coffee beans', quantity: 2, cost: '10.25' },
        { name: 'Mug', quantity: 1, cost: 4.5 },
      ];
      const session = await open('cart_paid', '25', { items, refund_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
      assert.equal(session.status, 'pending');
      const data = session.data as Session;
      const invoice = (await api(gw.url, 'GET', `/v1/invoice?id=${data.invoice_id}`, { key: gw.key })).body.data;
      assert.equal(invoice.orderId, 'cart_paid');
      assert.equal(invoice.amount, 25);
      assert.equal(invoice.fiatCurrencyCode, 'USD');
      assert.deepEqual(
        invoice.items.map((i: { name: string }) => i.name),
        ['Coffee beans', 'Mug'],
      );
      assert.equal(data.payment_url, invoice.paymentPageUrl);
      assert.equal((await fetch(data.payment_url)).status, 200);
      assert.equal((await provider.authorizePayment({ data })).status, 'pending');

      await payOnPage(gw.url, data.invoice_id, 'exact');
      await until(async () => hooksOf(data.invoice_id).some((r) => r.json.data.status === 'paid'), 'the paid webhook');
      const paidHook = hooksOf(data.invoice_id).find((r) => r.json.data.status === 'paid');
      if (!paidHook) throw new Error('no paid webhook');
      const action = await provider.getWebhookActionAndData(payload(paidHook));
      assert.deepEqual(action, { action: 'captured', data: { session_id: 'payses_cart_paid', amount: '25' } });

      const tampered = paidHook.body.replace('"cart_paid"', '"cart_other"');
      assert.notEqual(tampered, paidHook.body);
      assert.deepEqual(await provider.getWebhookActionAndData({ ...payload(paidHook), rawData: Buffer.from(tampered) }), {
        action: 'not_supported',
      });
      const wrongKey = new CryptogateProviderService({}, { ...options(), webhookSecret: 'b'.repeat(64) });
      assert.deepEqual(await wrongKey.getWebhookActionAndData(payload(paidHook)), { action: 'not_supported' });
      assert.deepEqual(await provider.getWebhookActionAndData({ ...payload(paidHook), headers: {} }), { action: 'not_supported' });
      // A replay of an older, signed event reads the invoice as it is now: still captured, nothing else.
      const [first] = hooksOf(data.invoice_id);
      if (!first) throw new Error('no webhook');
      assert.equal((await provider.getWebhookActionAndData(payload(first))).action, 'captured');

      const authorized = await provider.authorizePayment({ data });
      assert.equal(authorized.status, 'captured');
      await provider.capturePayment({ data: authorized.data });
      await assert.rejects(provider.cancelPayment({ data }), /money arrived on it, refund it instead/);

      const refunded = await provider.refundPayment({ amount: 10, data: authorized.data, context: { idempotency_key: 'ref_1' } });
      const refunds = (refunded.data as { refunds: { amount: string; cryptoCurrencyCode: string }[] }).refunds;
      assert.equal(refunds.length, 1);
      assert.equal(refunds[0]?.cryptoCurrencyCode, 'USDT_TRC20');
      const after = (await api(gw.url, 'GET', `/v1/invoice?id=${data.invoice_id}`, { key: gw.key })).body.data;
      assert.equal(after.refunds.length, 1);
      assert.equal(String(after.amountRefunded), refunds[0]?.amount);
    });

    test('under- and overpayment, cancellation and a refund without an address', async () => {
      const under = (await open('cart_under', 30)).data as Session;
      await payOnPage(gw.url, under.invoice_id, 'partial');
      await until(async () => (await provider.getPaymentStatus({ data: under })).status === 'requires_more', 'partially paid');
      await assert.rejects(provider.capturePayment({ data: under }), /partially_paid, not paid/);

      const over = (await open('cart_over', 12.5)).data as Session;
      await payOnPage(gw.url, over.invoice_id, 'over');
      await until(async () => (await provider.getPaymentStatus({ data: over })).status === 'captured', 'overpaid captured');
      await assert.rejects(provider.refundPayment({ amount: 1, data: over }), /gave no refund address/);

      const dropped = (await open('cart_cancel', 8)).data as Session;
      const cancelled = await provider.cancelPayment({ data: dropped });
      assert.equal((cancelled.data as Session).invoice_status, 'cancelled');
      assert.equal((await provider.getPaymentStatus({ data: dropped })).status, 'canceled');

      // The same cart through a new session gets an invoice of its own; the old one stays cancelled.
      const again = await provider.initiatePayment({
        amount: 8,
        currency_code: 'usd',
        data: { session_id: 'payses_second', cart_id: 'cart_cancel' },
        context: {},
      });
      assert.notEqual((again.data as Session).invoice_id, dropped.invoice_id);
      assert.equal((again.data as Session).order_id, 'cart_cancel:payses_second');
    });
  });
}
