import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Money, responses } from '../../lib/http/schemas.ts';
import { volumeByDay } from './volume.ts';

const VolumeDay = Type.Object({
  date: Type.String({ format: 'date', description: 'The UTC day' }),
  invoices: Type.Integer({ description: 'Invoices paid that day (paid or overpaid)' }),
  invoicesVolumeUsd: Money('What they received, in USD at the rate locked on each invoice'),
  deposits: Type.Integer({ description: 'Deposits completed that day' }),
  depositsVolumeUsd: Money('What they received, in USD at the rate stored on each deposit'),
  volumeUsd: Money('invoicesVolumeUsd + depositsVolumeUsd'),
});

/** GET /stats/volume: the account's daily volume (dashboard home). */
export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/stats/volume',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'volumeStats',
        tags: ['stats'],
        summary: "The account's paid invoices and completed deposits per UTC day, with their USD volume; days without any are zeros",
        querystring: Type.Object({ days: Type.Integer({ minimum: 1, maximum: 366, default: 30 }) }),
        response: responses({
          200: DataEnvelope(
            Type.Object({ currency: Type.Literal('USD'), days: Type.Array(VolumeDay, { description: 'Oldest first, ending today' }) }),
          ),
        }),
      },
    },
    async (request) => ({
      data: { currency: 'USD' as const, days: await volumeByDay(app.ctx.db, request.principal.accountId, request.query.days) },
    }),
  );
};
