import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findFiat } from '../../src/lib/currencies/catalogue.ts';
import { MAX_FIAT_AMOUNT, invoiceTotal } from '../../src/modules/invoices/create.ts';
import { outcomeKind, paidThreshold, statusFor, type InvoiceSums } from '../../src/modules/invoices/status.ts';

const sums = (s: Partial<InvoiceSums>): InvoiceSums => ({
  expected: 1000n,
  confirmed: 0n,
  pending: 0n,
  everSeen: false,
  closed: false,
  ...s,
});

describe('invoice status from its payments', () => {
  it('follows the money', () => {
    assert.equal(statusFor('created', sums({}), '0'), 'created');
    assert.equal(statusFor('created', sums({ expected: 0n }), '0'), 'created');
    assert.equal(statusFor('created', sums({ closed: true }), '0'), 'expired');
    assert.equal(statusFor('created', sums({ pending: 1000n, everSeen: true }), '0'), 'processing');
    assert.equal(statusFor('processing', sums({ confirmed: 1000n, everSeen: true }), '0'), 'paid');
    assert.equal(statusFor('processing', sums({ confirmed: 1001n, everSeen: true }), '0'), 'overpaid');
    assert.equal(statusFor('processing', sums({ confirmed: 999n, everSeen: true }), '0'), 'partially_paid');
    assert.equal(statusFor('partially_paid', sums({ confirmed: 500n, pending: 500n, everSeen: true }), '0'), 'processing');
    // Paid stays paid while more is still unconfirmed.
    assert.equal(statusFor('paid', sums({ confirmed: 1000n, pending: 5n, everSeen: true }), '0'), 'paid');
    // A dropped payment: back to created while open, failed once closed.
    assert.equal(statusFor('processing', sums({ everSeen: true }), '0'), 'created');
    assert.equal(statusFor('processing', sums({ everSeen: true, closed: true }), '0'), 'failed');
    // Late money after expiry counts; after cancellation it suspends the invoice.
    assert.equal(statusFor('expired', sums({ confirmed: 1000n, everSeen: true, closed: true }), '0'), 'paid');
    assert.equal(statusFor('cancelled', sums({ pending: 1000n, everSeen: true }), '0'), 'cancelled');
    assert.equal(statusFor('cancelled', sums({ confirmed: 1n, everSeen: true }), '0'), 'suspended');
    assert.equal(statusFor('suspended', sums({ confirmed: 1000n, everSeen: true }), '0'), 'suspended');
  });

  it("applies the underpayment tolerance as a share of the expected amount, rounded in the merchant's favour", () => {
    assert.equal(paidThreshold(1000n, '0'), 1000n);
    assert.equal(paidThreshold(1000n, '0.01'), 990n);
    assert.equal(paidThreshold(999n, '0.01'), 990n); // 9.99 → 9 units of slack
    assert.equal(statusFor('processing', sums({ confirmed: 990n, everSeen: true }), '0.01'), 'paid');
    assert.equal(statusFor('processing', sums({ confirmed: 989n, everSeen: true }), '0.01'), 'partially_paid');
  });

  it('maps statuses to the return links of the API', () => {
    assert.equal(outcomeKind('paid'), 'success');
    assert.equal(outcomeKind('overpaid'), 'success');
    assert.equal(outcomeKind('failed'), 'failed');
    assert.equal(outcomeKind('suspended'), 'failed');
    assert.equal(outcomeKind('partially_paid'), 'failed');
    assert.equal(outcomeKind('cancelled'), 'return');
    assert.equal(outcomeKind('expired'), 'return');
    assert.equal(outcomeKind('created'), null);
    assert.equal(outcomeKind('processing'), null);
  });
});

describe('invoice total', () => {
  const usd = findFiat('USD')!;
  const jpy = findFiat('JPY')!;
  it('uses a positive amount, else sums the items exactly', () => {
    assert.equal(invoiceTotal({ amount: 25.5 }, usd), 2550n);
    assert.equal(invoiceTotal({ amount: 25.5, items: [{ name: 'a', quantity: 1, cost: 1 }] }, usd), 2550n);
    assert.equal(invoiceTotal({ amount: 0, items: [{ name: 'a', quantity: 3, cost: 0.1 }] }, usd), 30n); // not 0.30000000000000004
    assert.equal(
      invoiceTotal(
        {
          items: [
            { name: 'a', quantity: 0.25, cost: 0.04 },
            { name: 'b', quantity: 2, cost: 1.99 },
          ],
        },
        usd,
      ),
      399n,
    );
    assert.equal(invoiceTotal({ items: [{ name: 'a', quantity: 2, cost: 150 }] }, jpy), 300n);
  });
  it('refuses what the currency cannot express', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as { code?: string }).code;
      }
      return 'no error';
    };
    assert.equal(
      code(() => invoiceTotal({ amount: 1.005 }, usd)),
      'exceptions.invoice.amountInvalidDecimalPlaces',
    );
    assert.equal(
      code(() => invoiceTotal({ amount: 1.5 }, jpy)),
      'exceptions.invoice.amountInvalidDecimalPlaces',
    );
    assert.equal(
      code(() => invoiceTotal({ items: [{ name: 'a', quantity: 0.5, cost: 0.01 }] }, usd)),
      'exceptions.invoice.amountInvalidDecimalPlaces',
    );
    assert.equal(
      code(() => invoiceTotal({}, usd)),
      'exceptions.invoice.amountOrItemsRequired',
    );
    assert.equal(
      code(() => invoiceTotal({ amount: -5 }, usd)),
      'exceptions.invoice.amountOrItemsRequired',
    );
  });
  it('holds items to the cap of amount exactly, line by line and in sum, whichever total wins', () => {
    const fields = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        const e = err as { code?: string; extension?: { fields: Array<{ field: string }> } };
        return `${e.code} ${e.extension?.fields.map((x) => x.field).join(',')}`;
      }
      return 'no error';
    };
    assert.equal(MAX_FIAT_AMOUNT, 1e12);
    assert.equal(
      invoiceTotal(
        {
          items: [
            { name: 'a', quantity: 1, cost: 999_999_999_999.99 },
            { name: 'b', quantity: 1, cost: 0.01 },
          ],
        },
        usd,
      ),
      100_000_000_000_000n,
    );
    assert.equal(invoiceTotal({ items: [{ name: 'a', quantity: 1_000_000, cost: 1_000_000 }] }, jpy), 1_000_000_000_000n);
    assert.equal(
      fields(() =>
        invoiceTotal(
          {
            items: [
              { name: 'a', quantity: 1, cost: 999_999_999_999.99 },
              { name: 'b', quantity: 1, cost: 0.02 },
            ],
          },
          usd,
        ),
      ),
      'exceptions.validation.failed items',
    );
    assert.equal(
      fields(() =>
        invoiceTotal(
          {
            items: [
              { name: 'a', quantity: 1, cost: 1 },
              { name: 'b', quantity: 100, cost: 1e12 },
            ],
          },
          usd,
        ),
      ),
      'exceptions.validation.failed items.1',
    );
    assert.equal(
      fields(() => invoiceTotal({ items: [{ name: 'a', quantity: 3, cost: 333_333_333_333.34 }] }, jpy)),
      'exceptions.validation.failed items.0',
    );
    // 3 × 0.1 is 0.30000000000000004 in floating point; exactly, 0.3 + 999 999 999 999.7 is the cap itself.
    assert.equal(
      invoiceTotal(
        {
          items: [
            { name: 'a', quantity: 0.1, cost: 3 },
            { name: 'b', quantity: 1, cost: 999_999_999_999.7 },
          ],
        },
        usd,
      ),
      100_000_000_000_000n,
    );
    assert.equal(
      fields(() => invoiceTotal({ amount: 5, items: [{ name: 'a', quantity: 2, cost: 1e12 }] }, usd)),
      'exceptions.validation.failed items.0',
    );
  });
});
