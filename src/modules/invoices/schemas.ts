import { Type } from '@sinclair/typebox';
import { PaymentSchema } from '../payments/schemas.ts';
import { DateTime, Money } from '../../lib/http/schemas.ts';
import { SettlementSchema } from '../ledger/schemas.ts';
import { RefundFieldsSchema } from '../withdrawals/schemas.ts';
import { invoiceMachine } from './status.ts';

/** An item of an invoice, its quantity and cost as the merchant wrote them. */
export const InvoiceItemSchema = Type.Object({
  name: Type.String(),
  quantity: Money('Quantity'),
  cost: Money('Cost of one, in the fiat currency'),
});

/** The invoice record. */
export const InvoiceRecordSchema = Type.Composite([
  Type.Object({
    id: Type.String(),
    accountId: Type.String({ format: 'uuid' }),
    orderId: Type.Optional(Type.String()),
    amount: Money('Fiat total'),
    fiatCurrencyCode: Type.String(),
    items: Type.Array(InvoiceItemSchema),
    status: invoiceMachine.schema,
    cryptoCurrencyCode: Type.Optional(Type.String()),
    cryptoAmountExpected: Type.Optional(Money('Fiat converted at the locked rate, plus the network fee')),
    cryptoAmountReceived: Type.Optional(Money('Confirmed payments so far')),
    address: Type.Optional(Type.String()),
    txHash: Type.Optional(Type.String()),
    settlement: Type.Optional(SettlementSchema),
    description: Type.Optional(Type.String()),
    number: Type.Optional(Type.String()),
    webhookUrl: Type.Optional(Type.String()),
    returnUrl: Type.Optional(Type.String()),
    successUrl: Type.Optional(Type.String()),
    failedUrl: Type.Optional(Type.String()),
    expiresAt: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.Optional(Type.String()),
    paidAt: Type.Optional(Type.String()),
    customerId: Type.Optional(Type.String()),
    customerEmail: Type.Optional(Type.String({ description: 'Where the customer is mailed about the invoice' })),
    customPayload: Type.Optional(Type.String()),
    paymentPageUrl: Type.String(),
    source: Type.Optional(Type.String()),
    latePayment: Type.Optional(
      Type.Union([Type.Literal('after_expiry'), Type.Literal('after_cancellation')], {
        description: 'Set when money arrived after the invoice expired or was cancelled (it is still credited)',
      }),
    ),
    paymentLinkId: Type.Optional(
      Type.String({ format: 'uuid', description: 'The payment link the invoice was made through (a gateway extension)' }),
    ),
  }),
  RefundFieldsSchema,
]);

/** `invoice.statusChanged` body. */
export const InvoiceStatusChangedSchema = Type.Object({
  event: Type.Literal('invoice.statusChanged'),
  data: Type.Composite([InvoiceRecordSchema, Type.Object({ previousStatus: invoiceMachine.schema })]),
  timestamp: DateTime,
});

/**
 * `invoice.otherAssetReceived` body: an asset of the catalogue other than the invoice's chosen
 * currency arrived at its address and is final. It does not count toward the invoice (status and
 * totals unchanged); `payment` says what arrived and what was credited in that asset.
 */
export const InvoiceOtherAssetSchema = Type.Object({
  event: Type.Literal('invoice.otherAssetReceived'),
  data: Type.Composite([InvoiceRecordSchema, Type.Object({ payment: PaymentSchema })]),
  timestamp: DateTime,
});
