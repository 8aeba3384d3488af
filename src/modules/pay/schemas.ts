/** The payment page's state as its JSON calls answer it: what the customer may see of the invoice. */
import { Type } from '@sinclair/typebox';
import { invoiceMachine } from '../invoices/status.ts';
import { InvoiceItemSchema } from '../invoices/schemas.ts';

const Str = Type.String();
const NullableStr = Type.Union([Type.String(), Type.Null()]);

export const ReceiptOfferSchema = Type.Object(
  {
    offered: Type.Boolean({
      description: 'The page may ask for an address: mail is set up, the merchant sends receipts, the invoice is open and has none',
    }),
    to: Type.Union([Type.String(), Type.Null()], {
      description: 'Where the receipt goes, masked (j•••@example.com); null when the invoice has no address',
    }),
  },
  { description: "The receipt by mail: whether the page offers it, and the customer's address as the page may show it" },
);

/** A currency in plain words (names.ts): the page says "Tether USD on Tron", never `USDT_TRC20`. */
const PlainNameFields = {
  assetName: Type.String({ description: 'The coin as people call it: "Tether USD", "Bitcoin"' }),
  networkName: Type.String({ description: 'Its network as wallets name it: "Tron", "BNB Smart Chain"' }),
  standard: Type.Union([Type.String(), Type.Null()], { description: 'Token standard ("TRC-20"); null for a network\'s own coin' }),
  otherNetworks: Type.Array(Str, {
    description: 'Other networks with a coin of the same ticker: sent there, it does not pay this invoice',
  }),
};

const PaymentLineSchema = Type.Object({
  txHash: Str,
  amount: Type.String({ description: 'Decimal string in the chosen currency' }),
  status: Type.Union([Type.Literal('seen'), Type.Literal('confirmed')]),
  confirmations: Type.Integer(),
  seenAt: Str,
  confirmedAt: NullableStr,
  explorerUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'The transaction on a public block explorer; null in sandbox mode',
  }),
});

export const PayStateSchema = Type.Object({
  id: Str,
  status: invoiceMachine.schema,
  merchantName: Type.String({ description: "The merchant's display name (its brand name, else the tenant's name)" }),
  merchantLogoUrl: Type.Union([Type.String(), Type.Null()], {
    description: "Where the page loads the merchant's logo from; null when it has none",
  }),
  brandColor: Type.Union([Type.String(), Type.Null()], {
    description: "The merchant's colour (#rrggbb), the page's accent; null for the default",
  }),
  orderId: Str,
  number: NullableStr,
  description: NullableStr,
  amount: Type.String({ description: 'Fiat total (decimal string)' }),
  fiatCurrencyCode: Str,
  items: Type.Array(InvoiceItemSchema),
  createdAt: Str,
  expiresAt: Str,
  paidAt: NullableStr,
  amountRefunded: Type.String({ description: "What the merchant refunded, in the chosen currency (decimal string; '0' when none)" }),
  now: Type.String({ description: 'Server time, for the countdown' }),
  selected: Type.Union([
    Type.Null(),
    Type.Object({
      cryptoCurrencyCode: Str,
      name: Str,
      symbol: Str,
      network: Str,
      ...PlainNameFields,
      decimals: Type.Integer(),
      amountExpected: Str,
      networkFee: Str,
      amountReceived: Str,
      amountPending: Str,
      amountRemaining: Type.String({ description: 'What the customer still has to send: expected less what is confirmed or on its way' }),
      address: Str,
      paymentUri: Str,
      qrCode: Str,
      rate: Type.String({ description: 'Fiat per one unit of the crypto currency, locked' }),
      lockedAt: Str,
      confirmationsRequired: Type.Integer(),
      sandbox: Type.Boolean(),
      payments: Type.Array(PaymentLineSchema, { description: 'Payments counted toward the quote, newest first (at most 10)' }),
    }),
  ]),
  currencies: Type.Array(
    // The common coins first (names.ts: pageOrder).
    Type.Object({
      cryptoCurrencyCode: Str,
      name: Str,
      symbol: Str,
      network: Str,
      ...PlainNameFields,
      icon: Str,
      available: Type.Boolean(),
      amountEstimate: NullableStr,
    }),
  ),
  outcome: Type.Union([
    Type.Null(),
    Type.Object({ kind: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Literal('return')]), url: NullableStr }),
  ]),
  mode: Type.Union([Type.Literal('sandbox'), Type.Literal('live')], { description: 'sandbox: a test payment, no real money moves' }),
  receipt: ReceiptOfferSchema,
});
