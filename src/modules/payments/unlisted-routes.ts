import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NetworkEnvName } from '../../config.ts';
import { DataEnvelope, DateTime, Nullable, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { operatorBy } from '../audit/service.ts';
import { unlistedTokenMachine } from './status.ts';
import { actOnUnlisted, listUnlisted, type UnlistedAction } from './unlisted-ops.ts';

const UnlistedTokenSchema = Type.Object(
  {
    id: Uuid,
    network: Type.String(),
    address: Type.String({ description: 'Our address it reached' }),
    derivationPath: Type.String({ description: "The address's key, under the network's account key: to move it by hand" }),
    contract: Type.String({ description: 'The token contract (outside the catalogue)' }),
    amount: Type.String({ description: 'Atomic units of the token (its decimals are not known to the gateway)' }),
    transactionHash: Type.String(),
    outputIndex: Type.Integer(),
    blockHeight: Nullable(Type.Integer()),
    status: unlistedTokenMachine.schema,
    tenantId: Uuid,
    tenantName: Type.String(),
    ownerType: Type.String({ description: 'invoice or deposit: what the address was handed out for' }),
    ownerId: Uuid,
    moveTo: Nullable(Type.String({ description: 'Where a move goes; null: the hot wallet' })),
    moveTransactionHash: Nullable(Type.String()),
    note: Nullable(Type.String()),
    firstSeenAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'UnlistedToken' },
);

const Params = Type.Object({ id: Uuid });
const Answer = adminResponses({ 200: DataEnvelope(UnlistedTokenSchema) }, [404, 409]);

/**
 * Operator: tokens outside the catalogue that reached our addresses. They are never credited; the
 * operator moves them out (the EVM sweeper signs with the sweep key; elsewhere by hand, then
 * recorded) or dismisses them (spam airdrops are common).
 */
export const unlistedTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/unlisted-tokens',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminUnlistedTokens',
        tags: ['operator'],
        summary: 'Tokens outside the catalogue that reached our addresses, newest first: never credited',
        querystring: Type.Object({ ...PageQuery, status: Type.Optional(unlistedTokenMachine.schema), tenantId: Type.Optional(Uuid) }),
        response: adminResponses({ 200: PagedList(UnlistedTokenSchema) }),
      },
    },
    async (request) => listUnlisted(app.ctx.db, request.query),
  );
  action(app, 'move', 'Moves it to the hot wallet, or to `to` (an address of its network); a worker holding the sweep key signs', {
    to: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  });
  action(app, 'moved', 'Records a move made by hand (with the key at derivationPath)', {
    transactionHash: Type.String({ minLength: 1, maxLength: 128 }),
  });
  action(app, 'dismiss', 'Leaves it where it is (a spam token); it can be held again', {
    reason: Type.Optional(Type.String({ maxLength: 512 })),
  });
  action(app, 'hold', 'Holds a dismissed one again', {});
};

/** POST /admin/unlisted-tokens/{id}/<kind>: one operator action. */
function action(app: TypedApp, kind: UnlistedAction['kind'], summary: string, body: Parameters<typeof Type.Object>[0]): void {
  const { config, db } = app.ctx;
  // Moves are made by the sandbox at once, and on EVM networks by the sweeper; Tron's tokens are moved by hand.
  const movable = (network: NetworkEnvName) =>
    config.mode === 'sandbox' || network === 'ETHEREUM' || network === 'BNB' || network === 'BASE';
  app.post(
    `/unlisted-tokens/:id/${kind}`,
    // Sending tokens to an address the operator names moves money: an operator with 2FA confirms it.
    {
      config: { admin: true, stepUp: kind === 'move' },
      schema: { tags: ['operator'], summary, params: Params, body: Type.Object(body), response: Answer },
    },
    async (request) => ({
      data: await actOnUnlisted(
        db,
        request.params.id,
        { kind, ...(request.body as object) } as UnlistedAction,
        operatorBy(request),
        movable,
      ),
    }),
  );
}
