import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, PageQuery, PagedList, Uuid, responses, type TypedApp, Nullable } from '../../lib/http/schemas.ts';
import { type X402Facilitators, facilitatorsOf } from './networks.ts';
import { x402Machine } from './status.ts';
import { getSettlement, listSettlements, settledNetworks, settlementView } from './record.ts';
import { knownNetwork } from './known.ts';
import { Invalid, refusal } from './reasons.ts';
import { x402ResourceRoutes } from './resource-routes.ts';

/** What verify and settle answer on an installation without an x402 network. */
const NO_NETWORK = new Invalid('settlement_disabled', 'the x402 facilitator has no network configured');

const Str = Type.String();
// The x402 v2 body; every field is checked by the facilitator, which answers protocol failures as
// HTTP 200 with a reason (only malformed JSON, auth, scope and rate limits are HTTP errors).
const X402Body = Type.Unknown({
  description: 'x402 v2: { x402Version?, paymentPayload: { x402Version, resource?, accepted, payload, extensions? }, paymentRequirements }',
});
const VerifySchema = Type.Object({
  isValid: Type.Boolean(),
  invalidReason: Type.Optional(Str),
  invalidMessage: Type.Optional(Str),
  payer: Type.Optional(Str),
});
const SettleSchema = Type.Object({
  success: Type.Boolean(),
  errorReason: Type.Optional(Str),
  errorMessage: Type.Optional(Str),
  payer: Type.Optional(Str),
  transaction: Str,
  network: Str,
  amount: Type.Optional(Str),
});
const NullableInt = (description: string) => Nullable(Type.Integer({ minimum: 0, description }));
const SettlementSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: x402Machine.schema,
  network: Str,
  scheme: Type.Union([Type.Literal('exact'), Type.Literal('upto')], {
    description: 'upto: the payer signed a cap and was charged `amount`, at most the cap',
  }),
  asset: Str,
  amount: Type.String({ description: 'atomic units moved (upto: the amount the seller reported; 0 sends no transaction)' }),
  cap: Nullable(Type.String({ description: 'upto: the most the payer signed for, in atomic units; null for exact' })),
  payer: Str,
  payTo: Str,
  transaction: Str,
  errorReason: Nullable(Str),
  createdAt: Str,
  confirmedAt: Nullable(Str),
  gasCost: Nullable(
    Type.String({ description: "Atomic units of the network's coin (wei, lamports) the fee payer spent on it; null until known" }),
  ),
  networkName: Nullable(
    Type.String({
      description: 'The network as people name it (Base, BNB Smart Chain, Solana Devnet); null when the gateway does not know it',
    }),
  ),
  catalogueNetwork: Nullable(
    Type.String({
      description: 'The network as GET /v1/currencies names it (Base), on its main chain only; null on test and other networks',
    }),
  ),
  assetSymbol: Nullable(
    Type.String({ description: "The token's ticker (USDC) when the gateway knows the token on this network, else null" }),
  ),
  assetDecimals: NullableInt(
    "Decimals of the token's atomic unit (amount ÷ 10^assetDecimals is the token amount); null when the token is unknown",
  ),
  gasSymbol: Nullable(
    Type.String({ description: "The ticker of the network's coin gasCost is counted in (ETH, BNB, SOL); null when unknown" }),
  ),
  gasDecimals: NullableInt('Decimals of the coin gasCost is counted in; null when unknown'),
});
// EVM addresses and hashes are hex (any letter case); Solana's are base58, whose case is part of them.
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const Address = Type.String({ pattern: `^(0x[0-9a-fA-F]{40}|${BASE58}{32,44})$` });
const TxHash = Type.String({ pattern: `^(0x[0-9a-fA-F]{64}|${BASE58}{64,88})$` });
/** A CAIP-2 chain id: namespace, colon, reference. */
const Caip2 = Type.String({ pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$', description: 'CAIP-2 id, e.g. eip155:8453' });

/** The x402 facilitator under /v1/x402 (an unmodified x402 client can point at it). */
export const x402Routes: FastifyPluginAsyncTypebox = async (app) => {
  // No x402 network configured: no facilitator, and verify and settle answer settlement_disabled.
  // Otherwise one per network, picked by the requirements' network (networks.ts).
  const facilitator = facilitatorsOf(app.ctx);
  x402VerifyRoute(app, facilitator);
  x402SettleRoute(app, facilitator);
  x402SupportedRoute(app, facilitator);
  x402SettlementsRoute(app);
  x402SettlementRoute(app);
  x402NetworksRoute(app, facilitator);
  // The discovery catalog takes requirements on what this facilitator settles, as /supported lists it.
  x402ResourceRoutes(app, {
    db: app.ctx.db,
    sandbox: app.ctx.config.mode === 'sandbox',
    supported: () => facilitator?.supported().kinds ?? [],
  });
};

/** POST /x402/verify: verifies an x402 v2 payment (exact or upto) without broadcasting */
function x402VerifyRoute(app: TypedApp, facilitator: X402Facilitators | undefined): void {
  app.post(
    '/x402/verify',
    {
      config: { scope: 'x402.verify', tenantLevel: true },
      schema: {
        operationId: 'x402Verify',
        tags: ['x402'],
        summary: 'Verifies an x402 v2 payment (exact or upto) without broadcasting',
        body: X402Body,
        response: responses({ 200: VerifySchema }),
      },
    },
    async (request) =>
      facilitator
        ? facilitator.verify(request.body)
        : { isValid: false, invalidReason: NO_NETWORK.reason, invalidMessage: NO_NETWORK.message },
  );
}

/** POST /x402/settle: verifies, then settles on chain once (exact: the signed amount; upto: the requirements' amount, at most the signed cap) */
function x402SettleRoute(app: TypedApp, facilitator: X402Facilitators | undefined): void {
  app.post(
    '/x402/settle',
    {
      config: { scope: 'x402.settle', tenantLevel: true },
      schema: {
        operationId: 'x402Settle',
        tags: ['x402'],
        summary:
          "Verifies, then settles on chain once (exact: the signed amount; upto: the requirements' amount, at most the signed cap; a replay returns the original)",
        body: X402Body,
        response: responses({ 200: SettleSchema }),
      },
    },
    async (request) =>
      facilitator ? facilitator.settle(request.principal.tenantId, request.body) : refusal(NO_NETWORK, { network: '', transaction: '' }),
  );
}

/** GET /x402/supported: the scheme, networks and assets this facilitator settles */
function x402SupportedRoute(app: TypedApp, facilitator: X402Facilitators | undefined): void {
  app.get(
    '/x402/supported',
    {
      config: { scope: 'x402.verify', tenantLevel: true },
      schema: {
        operationId: 'x402Supported',
        tags: ['x402'],
        summary: 'The scheme, networks and assets this facilitator settles (one kind per network)',
        response: responses({
          200: Type.Object({
            kinds: Type.Array(
              Type.Object({
                x402Version: Type.Integer(),
                scheme: Str,
                network: Str,
                extra: Type.Optional(Type.Object({}, { additionalProperties: true })),
              }),
            ),
            extensions: Type.Array(Str),
            signers: Type.Record(Str, Type.Array(Str)),
          }),
        }),
      },
    },
    async () => facilitator?.supported() ?? { kinds: [], extensions: [], signers: {} },
  );
}

/** GET /x402/settlements: the tenant's settlements, newest first */
function x402SettlementsRoute(app: TypedApp): void {
  app.get(
    '/x402/settlements',
    {
      config: { scope: 'x402.list', tenantLevel: true },
      schema: {
        operationId: 'x402Settlements',
        tags: ['x402'],
        summary: "The tenant's settlements, newest first",
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(x402Machine.schema),
          network: Type.Optional(Caip2),
          from: Type.Optional(Type.String({ format: 'date-time' })),
          to: Type.Optional(Type.String({ format: 'date-time' })),
          payer: Type.Optional(Address),
          payTo: Type.Optional(Address),
          transaction: Type.Optional(TxHash),
        }),
        response: responses({ 200: PagedList(SettlementSchema) }),
      },
    },
    async (request) => listSettlements(app.ctx.db, request.principal.tenantId, request.query),
  );
}

/** GET /x402/settlements/:id: one settlement of the tenant */
function x402SettlementRoute(app: TypedApp): void {
  app.get(
    '/x402/settlements/:id',
    {
      config: { scope: 'x402.list', tenantLevel: true },
      schema: {
        operationId: 'x402Settlement',
        tags: ['x402'],
        summary: 'One settlement of the tenant',
        params: Type.Object({ id: Uuid }),
        response: responses({ 200: DataEnvelope(SettlementSchema) }, [404]),
      },
    },
    async (request) => ({ data: settlementView(await getSettlement(app.ctx.db, request.principal.tenantId, request.params.id)) }),
  );
}

/** GET /x402/networks: the networks this facilitator settles on and those the tenant has settlements on */
function x402NetworksRoute(app: TypedApp, facilitator: X402Facilitators | undefined): void {
  app.get(
    '/x402/networks',
    {
      config: { scope: 'x402.list', tenantLevel: true },
      schema: {
        operationId: 'x402Networks',
        tags: ['x402'],
        summary: "The networks this facilitator settles on and those the tenant has settlements on (a list filter's choices)",
        response: responses({
          200: DataEnvelope(
            Type.Array(
              Type.Object({
                network: Str,
                name: Nullable(Type.String({ description: 'The network as people name it; null when the gateway does not know it' })),
                served: Type.Boolean({ description: 'Whether this facilitator settles on it now' }),
              }),
            ),
          ),
        }),
      },
    },
    async (request) => {
      const served = new Set((facilitator?.supported().kinds ?? []).map((k) => k.network));
      const settled = await settledNetworks(app.ctx.db, request.principal.tenantId);
      const all = [...served, ...settled.filter((n) => !served.has(n))];
      return { data: all.map((network) => ({ network, name: knownNetwork(network)?.name ?? null, served: served.has(network) })) };
    },
  );
}
