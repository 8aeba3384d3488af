import { Type } from '@sinclair/typebox';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, MoneyInput, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { MoneyFormatError, toUnits } from '../../lib/money.ts';
import { knownCurrency, networkOf } from '../../lib/currencies/catalogue.ts';
import { networkFromApi } from '../registry.ts';
import { SandboxChain } from './sandbox-chain.ts';

/**
 * Operator controls of the sandbox chains: incoming transfers and mining. Registered
 * only in sandbox mode: a live installation has no such routes at all (404).
 */
export const sandboxChainRoutes: FastifyPluginAsyncTypebox = async (app) => {
  postSandboxTransfersRoute(app);
  postSandboxMineRoute(app);
};

/** A transfer into a sandbox chain: a catalogue currency, or a token outside it by its contract and network. */
const SandboxTransferBody = Type.Object({
  cryptoCurrencyCode: Type.Optional(CryptoCodeSchema),
  contract: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'A token outside the catalogue, by its contract (instead of cryptoCurrencyCode); amount is then in its atomic units',
    }),
  ),
  network: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'With contract: Ethereum, BNB, Base or Tron' })),
  to: Type.String({ minLength: 1, maxLength: 128 }),
  amount: Type.Union([
    MoneyInput({ exclusiveMinimum: 0, maximum: 1e30 }),
    Type.String({ pattern: '^\\d{1,30}(\\.\\d{1,18})?$', maxLength: 49 }),
  ]),
  rbf: Type.Optional(Type.Boolean({ description: 'Signal replace-by-fee (BTC): not final before it confirms' })),
  from: Type.Optional(
    Type.String({ minLength: 1, maxLength: 128, description: 'Who pays it (an address of its network): what incoming screening looks at' }),
  ),
});

/** POST /sandbox/transfers: sandbox only: an incoming on-chain transfer, seen at once with 0 confirmations */
function postSandboxTransfersRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.post(
    '/sandbox/transfers',
    {
      config: { admin: true },
      schema: {
        tags: ['operator'],
        summary: 'Sandbox only: an incoming on-chain transfer, seen at once with 0 confirmations',
        body: SandboxTransferBody,
        response: adminResponses({ 201: DataEnvelope(Type.Object({ txHash: Type.String() })) }),
      },
    },
    async (request, reply) => {
      const { cryptoCurrencyCode, contract, to, amount, rbf, from } = request.body;
      const refuse = (field: string, message: string) =>
        new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message }] });
      if ((cryptoCurrencyCode === undefined) === (contract === undefined))
        throw refuse('cryptoCurrencyCode', 'name either cryptoCurrencyCode or contract');
      const currency = cryptoCurrencyCode === undefined ? undefined : knownCurrency(cryptoCurrencyCode);
      // A token outside the catalogue has no known decimals: its amount is in atomic units.
      const decimals = currency?.decimals ?? 0;
      const units = transferUnits(request, amount, decimals, refuse);
      const network = currency ? networkOf(currency).env : networkFromApi(request.body.network ?? '');
      if (!network) throw refuse('network', 'with contract, name the network: Ethereum, BNB, Base or Tron');
      try {
        const asset = currency ? { currencyCode: currency.code } : contract !== undefined ? { contract } : undefined;
        if (!asset) throw refuse('cryptoCurrencyCode', 'name either cryptoCurrencyCode or contract');
        const { txHash } = await new SandboxChain(network, db).inject({ ...asset, to, units, rbf, from });
        return reply.status(201).send({ data: { txHash } });
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
        const field = from !== undefined && err.message.startsWith(`"${from}"`) ? 'from' : 'to';
        throw new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message: err.message }] });
      }
    },
  );
}

/** The amount in atomic units, refused (as `refuse` words it) unless positive with at most `decimals` places. */
function transferUnits(
  request: object,
  amount: number | string,
  decimals: number,
  refuse: (field: string, message: string) => AppError,
): bigint {
  let units: bigint;
  try {
    // As written: an amount a double could not hold is checked exactly, not rounded.
    units = toUnits(typeof amount === 'number' ? exactNumber(request, 'amount', amount) : amount, decimals);
  } catch (err) {
    if (!(err instanceof MoneyFormatError)) throw err;
    throw refuse('amount', `must be positive with at most ${decimals} decimal places`);
  }
  if (units <= 0n) throw refuse('amount', 'must be positive');
  return units;
}

/** POST /sandbox/mine: sandbox only: add blocks, so seen transfers gain confirmations */
function postSandboxMineRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.post(
    '/sandbox/mine',
    {
      config: { admin: true },
      schema: {
        tags: ['operator'],
        summary: 'Sandbox only: add blocks, so seen transfers gain confirmations',
        body: Type.Object({
          network: Type.String({ minLength: 1, maxLength: 16, description: 'BTC, Ethereum, BNB, Base or Tron' }),
          blocks: Type.Integer({ minimum: 1, maximum: 1000 }),
        }),
        response: adminResponses({
          200: DataEnvelope(Type.Object({ network: Type.String(), height: Type.Integer(), hash: Type.String() })),
        }),
      },
    },
    async (request) => {
      const network = networkFromApi(request.body.network);
      if (!network) {
        throw new AppError('exceptions.validation.failed', {
          fields: [{ location: 'body', field: 'network', message: 'must be one of BTC, Ethereum, BNB, Base, Tron' }],
        });
      }
      const tip = await new SandboxChain(network, db).mine(request.body.blocks);
      return { data: { network: request.body.network, height: tip.height, hash: tip.hash } };
    },
  );
}
