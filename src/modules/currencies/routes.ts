import { Type } from '@sinclair/typebox';
import { CryptoCodeSchema, ApiNetworkSchema } from '../../lib/currencies/schemas.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { MoneyFormatError, MoneyPrecisionError, toJsonNumber, toUnits } from '../../lib/money.ts';
import type { FastifyReply } from 'fastify';
import { JsonMemo } from '../../lib/http/memo-json.ts';
import { DataEnvelope, Money, MoneyInput, adminResponses, responses } from '../../lib/http/schemas.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { knownCurrency } from '../../lib/currencies/catalogue.ts';
import { FEES_CHANGED, setFee } from './fees.ts';
import { CURRENCY_ICONS, NETWORK_ICONS } from './icons.ts';
import { CatalogueService, fiatRecords, type CurrencyRecord } from './service.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const CurrencyRecordSchema = Type.Object(
  {
    code: CryptoCodeSchema,
    name: Type.String(),
    network: ApiNetworkSchema,
    tokenType: Type.Optional(Type.Union([Type.Literal('erc20'), Type.Literal('trc20'), Type.Literal('bep20')])),
    decimalPlaces: Type.Integer(),
    minDepositAmount: Money('Smallest credited deposit: base minimum plus the live network fee'),
    depositNetworkFee: Type.Union([Type.Object({ amount: Money(), quotedAt: Type.String({ format: 'date-time' }) }), Type.Null()]),
    minWithdrawalAmount: Money(),
    depositCommission: Money("The calling tenant's rate (its override, else the default)"),
    contractAddress: Nullable(Type.String()),
    imageUrl: Nullable(Type.String()),
    networkIconUrl: Type.Optional(Nullable(Type.String())),
    addressMask: Nullable(Type.String({ description: 'Regex to pre-validate destination addresses' })),
  },
  { title: 'CryptoCurrency' },
);

const FiatRecordSchema = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    decimalPlaces: Type.Integer(),
    minInvoiceAmount: Money(),
  },
  { title: 'FiatCurrency' },
);

/** GET /currencies and GET /currencies/fiat (scope currencies.list). */
export const currencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = new CatalogueService(app.ctx);
  const bodies = new JsonMemo<CurrencyRecord[]>();

  app.get(
    '/currencies',
    {
      config: { scope: 'currencies.list', tenantLevel: true },
      schema: {
        operationId: 'listCurrencies',
        tags: ['currencies'],
        summary: 'Crypto currencies with networks, decimals, minimums, live fees and commission',
        querystring: Type.Object({ network: Type.Optional(ApiNetworkSchema) }),
        response: responses({ 200: Type.Object({ data: Type.Array(CurrencyRecordSchema) }) }),
      },
    },
    (request, reply) => {
      // The list is memoised per fee snapshot and commission rate, and so is its JSON; when its
      // inputs are cached it comes back at once, and the answer is sent without a wait.
      const send = (records: CurrencyRecord[]) => void bodies.send(reply as FastifyReply, records, (data) => ({ data }));
      const records = catalogue.list(request.principal.tenantId, request.query.network);
      if (!Array.isArray(records)) return records.then(send);
      send(records);
    },
  );

  const fiat = { data: fiatRecords() };
  app.get(
    '/currencies/fiat',
    {
      config: { scope: 'currencies.list', tenantLevel: true },
      schema: {
        operationId: 'listFiatCurrencies',
        tags: ['currencies'],
        summary: 'Fiat currencies invoices can be priced in, with their minimum invoice amounts',
        response: responses({ 200: Type.Object({ data: Type.Array(FiatRecordSchema) }) }),
      },
    },
    async () => fiat,
  );
};

/** Currency and network icons, drawn and served by the service (no external assets). */
export const currencyAssetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const serve = (icons: ReadonlyMap<string, string>) => async (request: { params: { name: string } }, reply: FastifyReply) => {
    const svg = icons.get(request.params.name.replace(/\.svg$/, ''));
    if (!svg) throw new AppError('exceptions.route.notFound');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(svg);
  };
  const opts = {
    config: { public: true, rateLimit: false },
    schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 40 }) }) },
  } as const;
  app.get('/assets/icons/:name', opts, serve(CURRENCY_ICONS));
  app.get('/assets/networks/:name', opts, serve(NETWORK_ICONS));
};

/**
 * PUT /admin/sandbox/network-fees: the operator sets a sandbox currency's live deposit network fee.
 * Registered only in sandbox mode.
 */
export const sandboxFeeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/sandbox/network-fees',
    {
      config: { admin: true },
      schema: {
        tags: ['operator'],
        summary: 'Sandbox only: set the live deposit network fee of a currency (null: unavailable)',
        body: Type.Object({
          cryptoCurrencyCode: CryptoCodeSchema,
          amount: Type.Union([MoneyInput({ minimum: 0, maximum: 1e15 }), Type.Null()]),
        }),
        response: adminResponses({
          200: DataEnvelope(
            Type.Object({ cryptoCurrencyCode: Type.String(), amount: Type.Union([Money('The fee set, as stored'), Type.Null()]) }),
          ),
        }),
      },
    },
    async (request) => {
      const { cryptoCurrencyCode, amount } = request.body;
      const currency = knownCurrency(cryptoCurrencyCode);
      let units: bigint | null = null;
      if (amount !== null) {
        try {
          units = toUnits(exactNumber(request, 'amount', amount), currency.decimals);
        } catch (err) {
          if (!(err instanceof MoneyFormatError || err instanceof MoneyPrecisionError)) throw err;
          throw new AppError('exceptions.validation.failed', {
            fields: [{ location: 'body', field: 'amount', message: `must have at most ${currency.decimals} decimal places` }],
          });
        }
      }
      await setFee(app.ctx.db, currency.code, units, 'operator');
      app.ctx.changes?.emitLocal(FEES_CHANGED);
      return { data: { cryptoCurrencyCode, amount: units === null ? null : toJsonNumber(units, currency.decimals) } };
    },
  );
};
