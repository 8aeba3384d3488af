import { Type } from '@sinclair/typebox';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toJsonNumber } from '../../lib/money.ts';
import { responses } from '../../lib/http/schemas.ts';
import { findCurrency } from '../../lib/currencies/catalogue.ts';
import { merchantBalances } from './service.ts';

const BalanceSchema = Type.Object(
  {
    cryptoCurrencyCode: CryptoCodeSchema,
    amount: Type.Number({ description: 'Available balance in the currency' }),
  },
  { title: 'Balance' },
);

/** GET /balances (scope balances.list, beyond the spec): the key's account balance per currency. */
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
      const balances = await merchantBalances(app.ctx.db, request.principal!.accountId);
      return {
        data: balances.flatMap((b) => {
          const currency = findCurrency(b.currency);
          return currency ? [{ cryptoCurrencyCode: currency.code, amount: toJsonNumber(b.units, currency.decimals) }] : [];
        }),
      };
    },
  );
};
