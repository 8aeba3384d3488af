import { Type, type NumberOptions, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { JsonDecimal } from '../money.ts';

/** The API's error body. */
export const ErrorBodySchema = Type.Object(
  {
    code: Type.String({ description: 'Machine-readable code under `exceptions.`' }),
    message: Type.String(),
    extension: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'ErrorBody' },
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed or the operation is not allowed in the current state',
  401: 'Missing or invalid credentials',
  403: 'IP not allowed, scope missing, or account not allowed',
  404: 'Not found for this tenant',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Rate limit exceeded; wait extension.msBeforeNext milliseconds',
  500: 'Unexpected error',
  503: 'Temporarily unavailable',
};

function errorSchema(status: number) {
  return { ...ErrorBodySchema, description: ERROR_DESCRIPTIONS[status] ?? 'Error' } as TSchema;
}

/** Response schemas of a route: its successes plus the error statuses every operation can return. */
export function responses<T extends Record<number, TSchema>>(ok: T, extraErrors: number[] = []) {
  const out: Record<number, TSchema> = { ...ok };
  for (const status of [400, 401, 403, 429, 500, ...extraErrors]) out[status] = errorSchema(status);
  return out as T;
}

/**
 * Admin routes return the same error body; they have no IP checks, and only failed authentications
 * are limited (429 once an IP has spent its budget of them).
 */
export function adminResponses<T extends Record<number, TSchema>>(ok: T, extraErrors: number[] = []) {
  const out: Record<number, TSchema> = { ...ok };
  for (const status of [400, 401, 429, 500, ...extraErrors]) out[status] = errorSchema(status);
  return out as T;
}

/** `{ data: T }` */
export function DataEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema });
}

/**
 * Page and limit query parameters with the API's bounds. The API sets no largest page; one is
 * needed all the same, as `(page - 1) * limit` has to fit the database's OFFSET (a bigint).
 */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

export const Uuid = Type.String({ format: 'uuid' });
/** An ISO 8601 timestamp. */
export const DateTime = Type.String({ format: 'date-time' });
/** `T` or null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/**
 * How every amount leaves the API, said in the OpenAPI document's description; each money field
 * says it in short. docs/api-guide.md, "Amounts on the wire", gives the whole rule.
 */
export const AMOUNTS_RULE =
  'Amounts are exact decimals. In a JSON body an amount is a JSON number written with every digit (1.234567890123456789 ETH, ' +
  'never rounded through a double; `format: decimal`); read it with a parser that keeps big decimals (lossless-json, ' +
  "Python's `json.loads(text, parse_float=Decimal)`, Java's BigDecimal). The payment page's amounts and x402's atomic units " +
  'are decimal strings. An amount sent with more decimals than its currency has is refused, never rounded.';

const EXACT = 'Exact decimal (a JSON number with every digit)';

/**
 * A money field of a response: a JSON number written from its exact decimal (a JsonDecimal, from
 * `toJsonNumber`), every digit kept. OpenAPI says `number` with `format: decimal`; no JS number
 * may stand in for it (its static type is JsonDecimal).
 */
export function Money(description?: string) {
  return Type.Unsafe<JsonDecimal>({ type: 'number', format: 'decimal', description: description ? `${description}. ${EXACT}` : EXACT });
}

/**
 * A decimal of a request that is not money (an item's quantity): a JSON number read as written
 * (lib/http/json-body.ts `exactNumber`), documented as an exact decimal.
 */
export function DecimalInput(options: NumberOptions = {}) {
  const { description, ...rest } = options;
  return Type.Number({ ...rest, format: 'decimal', description: description ? `${description}. ${EXACT}` : EXACT });
}

/** A money field of a request: a decimal input the route checks against its currency's decimals. */
export function MoneyInput(options: NumberOptions = {}) {
  const refused = 'more decimals than the currency has is refused';
  return DecimalInput({ ...options, description: options.description ? `${options.description}; ${refused}` : refused });
}

/** `{ total, page, limit, hasMore, data }` */
export function PagedList<T extends TSchema>(item: T) {
  return Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    hasMore: Type.Boolean(),
    data: Type.Array(item),
  });
}

/** The Fastify instance a route plugin receives (TypeBox type provider): what a route's register function takes. */
export type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];
