import { Type } from '@sinclair/typebox';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toJsonNumber } from '../../lib/money.ts';
import { freshUsdPrices } from '../rates/service.ts';
import { Money, responses } from '../../lib/http/schemas.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { merchantBalances } from './service.ts';

const BalanceSchema = Type.Object(
  {
    cryptoCurrencyCode: CryptoCodeSchema,
    amount: Money('Available balance in the currency'),
    amountUsd: Type.Union([Money(), Type.Null()], {
      description: 'The balance in USD at the current rate (2 decimals, rounded down); null while no fresh rate exists',
    }),
  },
  { title: 'Balance' },
);

/** GET /balances (scope balances.list, beyond the API's core routes): the key's account balance per currency. */
export const balanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/balances',
    {
      config: { scope: 'balances.list' },
      schema: {
        operationId: 'listBalances',
        tags: ['balances'],
        summary: "The account's balance per currency, from the ledger",
        response: responses({ 200: Type.Object({ data: Type.Array(BalanceSchema) }) }),
      },
    },
    async (request) => {
      const [balances, prices] = await Promise.all([
        merchantBalances(app.ctx.db, request.principal.accountId),
        freshUsdPrices(app.ctx.db, app.ctx.config.rateMaxAgeS),
      ]);
      return {
        data: balances.flatMap((b) => {
          const currency = findCurrency(b.currency);
          if (!currency) return [];
          const price = prices.get(currency.symbol);
          // Rounded half up, as every USD figure is (ledger/settlement.ts usdValue).
          const scale = price ? price.den * 10n ** BigInt(currency.decimals) : 1n;
          const cents = price ? (2n * b.units * 100n * price.num + scale) / (2n * scale) : null;
          return [
            {
              cryptoCurrencyCode: currency.code,
              amount: toJsonNumber(b.units, currency.decimals),
              amountUsd: cents === null ? null : toJsonNumber(cents, 2),
            },
          ];
        }),
      };
    },
  );
};
