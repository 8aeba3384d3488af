import type { AppContext } from '../../context.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SandboxChain } from '../../chains/sandbox/sandbox-chain.ts';
import { confirmationsRequired } from '../payments/watcher.ts';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, ErrorBodySchema, type TypedApp } from '../../lib/http/schemas.ts';
import type { NetworkEnvName } from '../../config.ts';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { loadInvoice, quotePayments, type InvoiceView } from '../invoices/record.ts';
import { allocatorOf } from '../address-provision/allocator.ts';
import { logoRoute, pageTextRoute, payAssetRoute, payPageRoute } from './page-routes.ts';
import { isUuid } from '../../lib/db/search.ts';
import { payState } from './state.ts';
import { isLanguage, negotiateLanguage } from './i18n/index.ts';
import { rememberCustomerLanguage, selectCurrency } from '../invoices/select.ts';
import { receiptEmailRoute } from './receipt-email.ts';
import { PayStateSchema } from './schemas.ts';

const Str = Type.String();

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

/**
 * The hosted payment page: the page itself and its JSON calls, public and keyed only
 * by the invoice id. In sandbox mode the page can also simulate the customer's payment; a live
 * installation has no simulate routes at all (404).
 */
export const payRoutes: FastifyPluginAsyncTypebox = async (app) => {
  payPageRoute(app);
  payAssetRoute(app);
  logoRoute(app);
  pageTextRoute(app);
  payStateRoute(app);
  selectCurrencyRoute(app);
  receiptEmailRoute(app, { invoiceOf: (id) => invoiceOf(app.ctx, id), stateOf: (view) => payState(app.ctx, view) });
  // A live installation has no simulate routes at all (404).
  if (app.ctx.config.mode !== 'sandbox') return;
  simulatePaymentRoute(app);
  mineBlocksRoute(app);
};

/** The invoice a public page call names; a malformed or unknown id is the same 404. */
async function invoiceOf(ctx: AppContext, id: string): Promise<InvoiceView> {
  const view = isUuid(id) ? await loadInvoice(ctx.db, id.toLowerCase()) : undefined;
  if (!view) throw new AppError('exceptions.invoice.notFound');
  return view;
}

/** The chosen currency's sandbox network, or a clear refusal. */
function sandboxOf(view: InvoiceView): { network: NetworkEnvName; quote: NonNullable<InvoiceView['quote']> } {
  if (!view.quote) throw new AppError('exceptions.invoice.currencyNotSelected');
  return { network: view.quote.network as NetworkEnvName, quote: view.quote };
}

/** GET /pay/:id/state: the invoice as the customer may see it. */
function payStateRoute(app: TypedApp): void {
  const { ctx } = app;
  app.get(
    '/pay/:id/state',
    {
      config: { public: true },
      schema: {
        tags: ['payment page'],
        summary: 'The invoice as the customer may see it, with the currencies it can be paid in',
        params: Params,
        response: { 200: DataEnvelope(PayStateSchema), ...errors(404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await payState(ctx, await invoiceOf(ctx, request.params.id)) };
    },
  );
}

/** POST /pay/:id/select: the customer picks a currency. */
function selectCurrencyRoute(app: TypedApp): void {
  const { ctx } = app;
  app.post(
    '/pay/:id/select',
    {
      config: { public: true },
      schema: {
        tags: ['payment page'],
        summary: 'Locks the currency, rate, amount with network fee, and a fresh address',
        params: Params,
        body: Type.Object({
          cryptoCurrencyCode: CryptoCodeSchema,
          lang: Type.Optional(
            Type.String({ maxLength: 16, description: "The page's language: the customer's mails about the invoice are written in it" }),
          ),
        }),
        response: { 200: DataEnvelope(PayStateSchema), ...errors(400, 404, 429, 503) },
      },
    },
    async (request) => {
      const view = await invoiceOf(ctx, request.params.id);
      const selected = await selectCurrency(ctx, allocatorOf(ctx), view.row.id, request.body.cryptoCurrencyCode);
      const { lang } = isLanguage(request.body.lang)
        ? { lang: request.body.lang }
        : negotiateLanguage({ cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
      await rememberCustomerLanguage(ctx.db, view.row.id, lang);
      return { data: await payState(ctx, selected) };
    },
  );
}

/** POST /pay/:id/simulate: sandbox only, the customer pays. */
function simulatePaymentRoute(app: TypedApp): void {
  const { ctx } = app;
  app.post(
    '/pay/:id/simulate',
    {
      config: { public: true },
      schema: {
        tags: ['payment page'],
        summary: 'Sandbox only: the customer pays the exact amount, half of it, or 10 % more',
        params: Params,
        body: Type.Object({ amount: Type.Union([Type.Literal('exact'), Type.Literal('partial'), Type.Literal('over')]) }),
        response: { 200: DataEnvelope(Type.Object({ txHash: Str })), ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const view = await invoiceOf(ctx, request.params.id);
      const { network, quote } = sandboxOf(view);
      const expected = BigInt(quote.amount_expected);
      const paid = await quotePayments(ctx.db, quote);
      const left = expected - paid.confirmed - paid.pending;
      const due = left > 0n ? left : expected;
      const units =
        request.body.amount === 'exact' ? due : request.body.amount === 'partial' ? (due + 1n) / 2n : due + (expected + 9n) / 10n;
      const { txHash } = await new SandboxChain(network, ctx.db).inject({
        currencyCode: quote.currency_code as CryptoCode,
        to: quote.address,
        units,
      });
      return { data: { txHash } };
    },
  );
}

/** POST /pay/:id/simulate/mine: sandbox only, the blocks that confirm it. */
function mineBlocksRoute(app: TypedApp): void {
  const { ctx } = app;
  app.post(
    '/pay/:id/simulate/mine',
    {
      config: { public: true },
      schema: {
        tags: ['payment page'],
        summary: "Sandbox only: mines as many blocks as the invoice's network needs to confirm",
        params: Params,
        body: Type.Object({}),
        response: { 200: DataEnvelope(Type.Object({ network: Str, height: Type.Integer() })), ...errors(400, 404, 429) },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { network } = sandboxOf(await invoiceOf(ctx, request.params.id));
      const tip = await new SandboxChain(network, ctx.db).mine(confirmationsRequired(ctx.config, network));
      return { data: { network, height: tip.height } };
    },
  );
}
