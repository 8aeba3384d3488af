import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { ListSearchQuery } from '../../lib/http/list-filters.ts';
import { quoteAccount } from '../../lib/http/account-scope.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { commitConversion } from './commit.ts';
import { previewConversion, quoteConversion, type ConversionRequest } from './quote.ts';
import { conversionQuoteRecord, conversionRecord, findConversion, listConversions, priceRecord } from './record.ts';
import { ConversionPriceSchema, ConversionQuoteSchema, ConversionRecordSchema, ConversionRequestSchema } from './schemas.ts';

/**
 * POST /converting/preview, /converting/quote and /converting/commit (scope converting.create),
 * GET /converting and /converting/list (scope converting.list): conversions between two balances
 * of the key's account.
 */
export const conversionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  previewConversionRoute(app);
  quoteConversionRoute(app);
  commitConversionRoute(app);
  getConversionRoute(app);
  listConversionsRoute(app);
};

/** POST /converting/preview: the price of a conversion at the current rates; nothing is stored */
function previewConversionRoute(app: TypedApp): void {
  app.post(
    '/converting/preview',
    {
      config: { scope: 'converting.create' },
      schema: {
        operationId: 'previewConversion',
        tags: ['conversions'],
        summary: 'Prices a conversion at the current rates; nothing is stored',
        body: ConversionRequestSchema,
        response: responses({ 200: DataEnvelope(ConversionPriceSchema) }, [404, 503]),
      },
    },
    async (request) => ({ data: priceRecord(await previewConversion(app.ctx, exactAmounts(request, request.body))) }),
  );
}

/** POST /converting/quote: a conversion's price fixed for CONVERT_QUOTE_TTL_S; nothing reserved */
function quoteConversionRoute(app: TypedApp): void {
  app.post(
    '/converting/quote',
    {
      config: { scope: 'converting.create' },
      schema: {
        operationId: 'quoteConversion',
        tags: ['conversions'],
        summary: 'Quotes a conversion (amounts fixed for CONVERT_QUOTE_TTL_S, nothing reserved)',
        body: ConversionRequestSchema,
        response: responses({ 200: DataEnvelope(ConversionQuoteSchema) }, [404, 503]),
      },
    },
    async (request) => ({
      data: conversionQuoteRecord(await quoteConversion(app.ctx, request.principal, exactAmounts(request, request.body))),
    }),
  );
}

/** POST /converting/commit: books a quote's amounts, once, if the source balance covers fromAmount */
function commitConversionRoute(app: TypedApp): void {
  app.post(
    '/converting/commit',
    {
      // Money moves: a session with 2FA confirms it with a fresh code, as a withdrawal commit.
      // Clients send only quoteId: a tenant-wide caller acts on the quote's account.
      config: {
        scope: 'converting.create',
        stepUp: true,
        accountOf: quoteAccount('conversion_quotes', 'exceptions.converting.quoteNotFound'),
      },
      schema: {
        operationId: 'commitConversion',
        tags: ['conversions'],
        summary:
          'Commits a quote on its account: debits fromAmount, credits toAmount, once; 400 when the balance no longer covers it, 404 for an unknown quote. A session with 2FA confirms it with `x-totp-code`',
        body: Type.Object({ accountId: Type.Optional(Uuid), quoteId: Uuid }),
        response: responses({ 201: DataEnvelope(ConversionRecordSchema) }, [404, 503]),
      },
    },
    async (request, reply) => {
      const row = await commitConversion(app.ctx, request.principal, request.body.quoteId);
      return reply.status(201).send({ data: conversionRecord(row) });
    },
  );
}

/** GET /converting: one conversion of the account by id */
function getConversionRoute(app: TypedApp): void {
  app.get(
    '/converting',
    {
      config: { scope: 'converting.list' },
      schema: {
        operationId: 'getConversion',
        tags: ['conversions'],
        summary: 'One conversion of the account by id',
        querystring: Type.Object({ id: Uuid, accountId: Type.Optional(Uuid) }),
        response: responses({ 200: DataEnvelope(ConversionRecordSchema) }, [404]),
      },
    },
    async (request) => ({ data: conversionRecord(await findConversion(app.ctx.db, request.principal.accountId, request.query.id)) }),
  );
}

/** GET /converting/list: the account's conversions, newest first */
function listConversionsRoute(app: TypedApp): void {
  app.get(
    '/converting/list',
    {
      config: { scope: 'converting.list' },
      schema: {
        operationId: 'listConversions',
        tags: ['conversions'],
        summary: "The account's conversions (auto-converts of withdrawals included), newest first",
        querystring: Type.Object({ ...PageQuery, accountId: Type.Optional(Uuid), ...ListSearchQuery }),
        response: responses({ 200: PagedList(ConversionRecordSchema) }, [404]),
      },
    },
    async (request) => listConversions(app.ctx.db, request.principal.accountId, request.query),
  );
}

/** The request's amounts as the client wrote them: one a double could not hold is checked exactly, not rounded. */
function exactAmounts(request: object, body: Static<typeof ConversionRequestSchema>): ConversionRequest {
  const { fromAmount, toAmount, ...rest } = body;
  return {
    ...rest,
    ...(fromAmount !== undefined ? { fromAmount: exactNumber(request, 'fromAmount', fromAmount) } : {}),
    ...(toAmount !== undefined ? { toAmount: exactNumber(request, 'toAmount', toAmount) } : {}),
  };
}
