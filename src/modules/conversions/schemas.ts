import { Type } from '@sinclair/typebox';
import { DateTime, Money, MoneyInput, Nullable, Uuid } from '../../lib/http/schemas.ts';

// A plain string, not the currency enum: an unknown code is the route's own 400
// (exceptions.converting.currencyNotFound), not a generic validation failure.
const CurrencyCode = Type.String({ minLength: 1, maxLength: 32, description: 'A crypto currency code of GET /currencies' });
const PositiveAmount = (description: string) => MoneyInput({ exclusiveMinimum: 0, maximum: 1e15, description });

/** Body of POST /converting/preview and /converting/quote: a pair and exactly one of the amounts. */
export const ConversionRequestSchema = Type.Object({
  accountId: Type.Optional(Uuid),
  fromCryptoCurrencyCode: CurrencyCode,
  toCryptoCurrencyCode: CurrencyCode,
  fromAmount: Type.Optional(PositiveAmount('What leaves the source balance, commission included (give this or toAmount)')),
  toAmount: Type.Optional(PositiveAmount('What arrives on the target balance (give this or fromAmount)')),
});

const priceFields = {
  fromCryptoCurrencyCode: Type.String(),
  toCryptoCurrencyCode: Type.String(),
  fromAmount: Money('Everything debited from the source balance; the commission is inside it'),
  toAmount: Money('Everything credited to the target balance'),
  commission: Money('The part of fromAmount the house keeps (CONVERT_COMMISSION_USD at the source price); the rest converts at the rate'),
};

/** A conversion priced at the current rates (preview). */
export const ConversionPriceSchema = Type.Object(priceFields);

/** A conversion quote: the price fixed until expiresAt (CONVERT_QUOTE_TTL_S); nothing reserved. */
export const ConversionQuoteSchema = Type.Object({ quoteId: Uuid, ...priceFields, expiresAt: DateTime });

/** A booked conversion (commit, list, retrieve). */
export const ConversionRecordSchema = Type.Object({
  id: Uuid,
  quoteId: Nullable(Type.String({ format: 'uuid', description: "The committed quote; null for a withdrawal's auto-convert" })),
  ...priceFields,
  completedAt: DateTime,
});
