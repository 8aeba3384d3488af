import { Type } from '@sinclair/typebox';
import { DateTime, Money, MoneyInput } from '../../lib/http/schemas.ts';
import { MAX_FIAT_AMOUNT } from '../invoices/create.ts';

/** The most a customer may buy of one link at once. */
export const MAX_QUANTITY = 1000;
/** The most uses a link may be given. */
export const MAX_USES = 1_000_000;

const Kind = Type.Union([Type.Literal('payment'), Type.Literal('request')], {
  description:
    '`payment`: each payment makes an invoice. `request`: one invoice of a fixed total that takes several payments until it is paid in full',
});

/** Whether a customer can use the link now, and if not, why. */
export const AvailabilitySchema = Type.Union(
  [Type.Literal('open'), Type.Literal('disabled'), Type.Literal('expired'), Type.Literal('usedUp')],
  {
    description: 'open: customers can pay; disabled: turned off (active false); expired: past expiresAt; usedUp: maxUses reached',
  },
);

/** POST /payment-links. */
export const CreatePaymentLinkBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200, description: 'What the customer pays for, the page heading' }),
  fiatCurrencyCode: Type.String({ minLength: 1, maxLength: 16 }),
  kind: Type.Optional(Kind),
  amount: Type.Optional(
    MoneyInput({
      exclusiveMinimum: 0,
      maximum: MAX_FIAT_AMOUNT,
      description: 'A fixed price (of one, with a quantity); absent: the customer enters the amount',
    }),
  ),
  minAmount: Type.Optional(
    MoneyInput({
      exclusiveMinimum: 0,
      maximum: MAX_FIAT_AMOUNT,
      description: 'Least the customer may enter (default: the fiat currency’s minimum invoice amount)',
    }),
  ),
  maxAmount: Type.Optional(MoneyInput({ exclusiveMinimum: 0, maximum: MAX_FIAT_AMOUNT, description: 'Most the customer may enter' })),
  maxQuantity: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_QUANTITY,
      description: 'With a fixed amount: the customer picks 1 to maxQuantity, and pays amount × quantity',
    }),
  ),
  description: Type.Optional(Type.String({ maxLength: 512 })),
  maxUses: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_USES,
      description: 'How many invoices the link may make; one that ends unpaid gives its use back',
    }),
  ),
  expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'After this the link takes no payment' })),
  successUrl: Type.Optional(Type.String({ maxLength: 512, description: 'Where the payment page sends the customer once paid' })),
});

/** PATCH /payment-links/{id}. */
export const UpdatePaymentLinkBody = Type.Object({
  active: Type.Boolean({ description: 'false turns the link off (its page refuses payments); true turns it on again' }),
});

/** The payment link record. */
export const PaymentLinkSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  accountId: Type.String({ format: 'uuid' }),
  url: Type.String({ description: "The link's public page, to share with customers" }),
  kind: Kind,
  title: Type.String(),
  description: Type.Optional(Type.String()),
  fiatCurrencyCode: Type.String(),
  amount: Type.Optional(Money('The fixed price (of one)')),
  minAmount: Type.Optional(Money('Least the customer may enter')),
  maxAmount: Type.Optional(Money('Most the customer may enter')),
  maxQuantity: Type.Optional(Type.Integer()),
  maxUses: Type.Optional(Type.Integer()),
  expiresAt: Type.Optional(DateTime),
  successUrl: Type.Optional(Type.String()),
  active: Type.Boolean(),
  availability: AvailabilitySchema,
  uses: Type.Integer({ description: 'Invoices counting against maxUses: made through the link, less those that ended unpaid' }),
  invoicesMade: Type.Integer({ description: 'Every invoice the link made' }),
  invoicesPaid: Type.Integer({ description: 'Its invoices paid in full' }),
  amountPaid: Money('The fiat totals of its paid invoices'),
  requestInvoiceId: Type.Optional(Type.String({ format: 'uuid', description: "A request's invoice, once the customer opened it" })),
  createdAt: DateTime,
  updatedAt: DateTime,
});
