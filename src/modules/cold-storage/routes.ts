import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { ApiNetworkSchema } from '../../lib/currencies/schemas.ts';
import { DataEnvelope, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { operatorBy } from '../audit/service.ts';
import { requestColdMove } from './request.ts';
import { ColdMoveRequestSchema, HotWalletSchema } from './schemas.ts';
import { hotWalletsView } from './view.ts';

/** Operator: the hot wallets against their cold storage, and a move down to the target on request. */
export const coldStorageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  hotWalletsRoute(app);
  moveToColdRoute(app);
};

/** GET /admin/hot-wallets: each hot wallet's levels, what it lacks and what to refill from cold, and its moves to cold */
function hotWalletsRoute(app: TypedApp): void {
  app.get(
    '/hot-wallets',
    {
      config: { admin: true },
      schema: {
        tags: ['operator'],
        summary:
          'Hot wallets against cold storage: levels per currency, shortfalls, what to refill from cold, and the latest moves to cold',
        response: adminResponses({ 200: DataEnvelope(Type.Array(HotWalletSchema)) }),
      },
    },
    async () => ({ data: await hotWalletsView(app.ctx) }),
  );
}

/** POST /admin/hot-wallets/{network}/move-to-cold: bring the hot wallet down to its target at the next round */
function moveToColdRoute(app: TypedApp): void {
  app.post(
    '/hot-wallets/:network/move-to-cold',
    {
      config: { admin: true, operatorRoles: OPERATIONS },
      schema: {
        tags: ['operator'],
        summary:
          "Asks the next round of a worker holding the network's key to move what its hot wallet holds above the target (and the queue) to cold storage",
        params: Type.Object({ network: ApiNetworkSchema }),
        response: adminResponses({ 202: DataEnvelope(ColdMoveRequestSchema) }, [409]),
      },
    },
    async (request, reply) => {
      reply.code(202);
      return { data: await requestColdMove(app.ctx, request.params.network, operatorBy(request)) };
    },
  );
}
